// What the live view draws, as plain immutable data taken from the model at
// most a few times a second: per-profile progress with what is left, the
// latest results, and the timeline's lines within a point budget. Pure, so
// that a render reads nothing that changes under it.

import type { ArrivalPoint, TrialPosition } from '../../../../../shared/api';
import {
  PROFILE_COLORS,
  type ProfileWait,
  type RunPlan,
  type RunRecord,
} from '../../../../../shared/run';
import type { FinishedEntry, LiveRunModel, ProfileFailureNote, RunEnd } from './live-run-model';

/** Points the whole live timeline may draw: the finished run's charts have every one. */
export const CHART_POINT_BUDGET = 8_000;
/** However many lines, each keeps at least this many points. */
const MIN_POINTS_PER_LINE = 30;

export type ProfileState = 'waiting' | 'running' | 'done' | 'failed';

export interface ProfileProgress {
  id: string;
  /** As stored: say it with displayName. */
  name: string;
  /** The built-in demo, whose default name is said in the reader's language. */
  builtin: boolean;
  model: string;
  /** The profile's colour: its palette slot (Profile.color). */
  color: number;
  planned: number;
  done: number;
  ok: number;
  failed: number;
  state: ProfileState;
  /** The trial it is running now, with the tokens counted so far. */
  current: (TrialPosition & { tokens: number }) | null;
  failure: ProfileFailureNote | null;
  /** Waiting before its next call (pacing, a rate limit), with the time left as of the snapshot. */
  wait: (Pick<ProfileWait, 'reason' | 'retry_after_s' | 'capped'> & { leftMs: number }) | null;
  /**
   * A rough estimate from its pace so far, never less than its wait and its
   * pacing still impose; null before its first trial ends.
   */
  leftMs: number | null;
}

export interface ChartLine {
  id: string;
  profileId: string;
  color: number;
  position: TrialPosition;
  points: readonly ArrivalPoint[];
  failed: boolean;
}

export interface LiveSnapshot {
  record: RunRecord;
  plan: RunPlan;
  /** Wall-clock time since the run started. */
  elapsedMs: number;
  done: number;
  planned: number;
  profiles: ProfileProgress[];
  /** Newest first. */
  results: FinishedEntry[];
  lines: readonly ChartLine[];
  /** The model's linesVersion that `lines` show. */
  linesVersion: number;
  failures: readonly ProfileFailureNote[];
  errors: readonly string[];
  end: RunEnd | null;
}

/** Every `step`-th point and the last one: enough for a line of a few hundred pixels. */
export function thinPoints(points: readonly ArrivalPoint[], max: number): readonly ArrivalPoint[] {
  if (points.length <= max) return points;
  const step = Math.ceil(points.length / max);
  const thinned = points.filter((_, i) => i % step === 0);
  const last = points[points.length - 1] as ArrivalPoint;
  if (thinned[thinned.length - 1] !== last) thinned.push(last);
  return thinned;
}

/** A finished line thinned once per budget, not at every refresh. */
const thinnedFinished = new WeakMap<
  FinishedEntry,
  { max: number; points: readonly ArrivalPoint[] }
>();

function finishedPoints(entry: FinishedEntry, max: number): readonly ArrivalPoint[] {
  const cached = thinnedFinished.get(entry);
  if (cached?.max === max) return cached.points;
  const points = thinPoints(entry.points, max);
  thinnedFinished.set(entry, { max, points });
  return points;
}

/** The model replaces its results list when one is added: each list is reversed once. */
const reversed = new WeakMap<readonly FinishedEntry[], FinishedEntry[]>();

function newestFirst(results: readonly FinishedEntry[]): FinishedEntry[] {
  let list = reversed.get(results);
  if (!list) {
    list = results.toReversed();
    reversed.set(results, list);
  }
  return list;
}

/**
 * The model as of `now`. What has not changed since `previous` (the timeline,
 * the results) is the same object, so what draws it is not redrawn.
 */
export function liveSnapshot(
  model: LiveRunModel,
  now: number,
  previous: LiveSnapshot | null = null,
): LiveSnapshot {
  const { record, plan } = model;
  const elapsedMs = Math.max(0, now - Date.parse(record.started_at));
  const snapshotOf = new Map(record.profiles.map((p) => [p.id, p]));
  const runningByProfile = new Map([...model.running.values()].map((t) => [t.profile_id, t]));

  const profiles = plan.per_profile.map(({ profile_id, calls, min_ms }): ProfileProgress => {
    const tally = model.tallies.get(profile_id) ?? { done: 0, ok: 0, failed: 0 };
    const running = runningByProfile.get(profile_id);
    const failure = model.failures.find((f) => f.profile_id === profile_id) ?? null;
    const wait = model.waits.get(profile_id);
    const waitLeftMs = wait ? Math.max(0, wait.until - now) : 0;
    // The calls after the next one each wait at least the pacing's spacing.
    const spacingMs = calls > 1 ? min_ms / (calls - 1) : 0;
    const imposedMs = waitLeftMs + spacingMs * Math.max(0, calls - tally.done - 1);
    const state: ProfileState = failure
      ? 'failed'
      : tally.done >= calls
        ? 'done'
        : running || tally.done > 0
          ? 'running'
          : 'waiting';
    return {
      id: profile_id,
      name: snapshotOf.get(profile_id)?.name ?? profile_id,
      builtin: snapshotOf.get(profile_id)?.builtin ?? false,
      model: snapshotOf.get(profile_id)?.model ?? '',
      color: colorOf(record, profile_id),
      planned: calls,
      ...tally,
      state,
      current: running
        ? {
            profile_id,
            mode: running.mode,
            trial_index: running.trial_index,
            warmup: running.warmup,
            tokens: running.tokens,
          }
        : null,
      failure,
      wait:
        wait && !failure
          ? {
              reason: wait.reason,
              retry_after_s: wait.retry_after_s,
              capped: wait.capped,
              leftMs: waitLeftMs,
            }
          : null,
      leftMs:
        state === 'running' && tally.done > 0
          ? Math.max((elapsedMs / tally.done) * (calls - tally.done), imposedMs)
          : null,
    };
  });

  const results = newestFirst(model.results);
  const lines =
    previous && previous.linesVersion === model.linesVersion ? previous.lines : chartLines(model);

  return {
    record,
    plan,
    elapsedMs,
    done: profiles.reduce((sum, p) => sum + p.done, 0),
    planned: plan.calls,
    profiles,
    results,
    lines,
    linesVersion: model.linesVersion,
    failures: model.failures.slice(),
    errors: model.errors.slice(),
    end: model.end,
  };
}

/** Finished lines (older first), then the running ones on top, within the point budget. */
function chartLines(model: LiveRunModel): ChartLine[] {
  const running = [...model.running.values()].filter((t) => t.mode === 'stream');
  const lineCount = model.lines.length + running.length;
  const perLine = Math.max(
    MIN_POINTS_PER_LINE,
    Math.floor(CHART_POINT_BUDGET / Math.max(1, lineCount)),
  );
  return [
    ...model.lines.map((entry) => ({
      id: entry.key,
      profileId: entry.profile_id,
      color: colorOf(model.record, entry.profile_id),
      position: entry,
      points: finishedPoints(entry, perLine),
      failed: entry.brief.status !== 'ok',
    })),
    ...running.map((trial) => ({
      id: trial.key,
      profileId: trial.profile_id,
      color: colorOf(model.record, trial.profile_id),
      position: trial,
      // A copy: the model keeps appending to its own line.
      points: thinPoints(trial.points, perLine).slice(),
      failed: false,
    })),
  ];
}

/** A profile's colour as its run's snapshot keeps it; one it lacks (it should not happen) takes its place's. */
function colorOf(record: RunRecord, profile_id: string): number {
  const snapshot = record.profiles.find((p) => p.id === profile_id);
  return (
    snapshot?.color ?? Math.max(0, record.config.profile_ids.indexOf(profile_id)) % PROFILE_COLORS
  );
}
