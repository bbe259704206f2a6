// A stored run seen at another reading pace than its trials were measured at
// (the app's setting, --reader-pace): the reader metrics are recomputed from
// the timelines and the summaries with them. Nothing is written: what was
// measured stays as it was stored.

import { atReaderPace } from '../../shared/reader';
import type { RunDetail } from '../../shared/run';
import type { Trial } from '../../shared/trial';
import { summariesByProfile, type HistoryQueries, type RunFigures } from './history-queries';
import type { TrialFigures } from './trial-row';

const atPace = (trials: readonly { trial: { reader_pace_tps: number } }[], pace: number) =>
  trials.every((t) => t.trial.reader_pace_tps === pace);

/** The run with its reader metrics at `pace`: itself when they are at it already. */
export function detailAtPace(detail: RunDetail, pace: number): RunDetail {
  if (atPace(detail.trials, pace)) return detail;
  const trials = detail.trials.map((stored) => ({
    ...stored,
    trial: atReaderPace(stored.trial, pace),
  }));
  return { ...detail, trials, summaries: summariesByProfile(detail.run.profiles, trials) };
}

/**
 * getRunFigures at `pace`. Figures have no timelines to recompute from: a run
 * stored at another pace is read whole, recomputed, and its timelines left out.
 */
export function figuresAtPace(
  history: HistoryQueries,
  run_id: string,
  pace: number,
): RunFigures | null {
  const figures = history.getRunFigures(run_id);
  if (figures === null || atPace(figures.trials, pace)) return figures;
  const detail = history.getRun(run_id);
  if (detail === null) return null;
  const { run, trials, summaries } = detailAtPace(detail, pace);
  return {
    run,
    trials: trials.map((stored) => ({ ...stored, trial: figuresOf(stored.trial) })),
    summaries,
  };
}

/** A trial as getRunFigures gives it: its timeline and gaps left behind, the heavy part. */
function figuresOf(trial: Trial): TrialFigures {
  const figures: Partial<Trial> = { ...trial };
  delete figures.timeline;
  delete figures.gaps_ms;
  return figures as TrialFigures;
}
