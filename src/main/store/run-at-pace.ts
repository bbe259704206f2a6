// A stored run seen at another reading pace than its trials were measured at
// (the app's setting, --reader-pace): the reader metrics are recomputed from
// the timelines and the summaries with them. Nothing is written: what was
// measured stays as it was stored.

import { atReaderPace } from '../../shared/reader';
import { summariesByProfile } from '../../shared/run-digest';
import type { RunDetail } from '../../shared/run';
import type { Trial } from '../../shared/trial';
import {
  fromTrialFiguresRow,
  fromTrialRow,
  type StoredTrialFigures,
  type TrialFigures,
  type TrialFiguresRow,
} from './trial-row';

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
 * A trial's row read for its figures at a pace (TIMELINE_UNLESS_AT_PACE): its
 * timeline, the heavy column, only when they must be computed again.
 */
export type FiguresRowAtPace = TrialFiguresRow & { timeline: Buffer | null };

/**
 * The timeline column of `trials t` when a row's reader metrics are not at
 * @pace (or were never computed, before schema 7); NULL otherwise.
 */
export const TIMELINE_UNLESS_AT_PACE =
  'CASE WHEN t.reader_pace_tps = @pace THEN NULL ELSE t.timeline END AS timeline';

/** The trial's figures with its reader metrics at `pace`, its timeline left behind. */
export function figuresAtPace(row: FiguresRowAtPace, pace: number): StoredTrialFigures {
  if (row.timeline === null) return fromTrialFiguresRow(row);
  const stored = fromTrialRow({ ...row, timeline: row.timeline });
  return { ...stored, trial: figuresOf(atReaderPace(stored.trial, pace)) };
}

function figuresOf(trial: Trial): TrialFigures {
  const figures: Partial<Trial> = { ...trial };
  delete figures.timeline;
  delete figures.gaps_ms;
  return figures as TrialFigures;
}
