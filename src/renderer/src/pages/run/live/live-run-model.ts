// One run's state as the page follows it: started from runsLive (a page
// opened mid-run, or coming back to it), then kept by the run's events.
// Events and snapshots may overlap (a snapshot taken while events were in
// flight, a stream that reconnected), so every change is idempotent: a trial
// finishes once, a point is added once. Memory stays bounded whatever the
// run's size: lines are thinned, only the latest results and chart lines
// are kept, and per-profile counts stand for the rest.

import { isFailing } from '../../../../../shared/failing-profiles';
import {
  trialKey,
  type AppEvent,
  type ArrivalPoint,
  type FinishedTrial,
  type LiveRun,
  type LiveTrial,
  type LiveWait,
  type TrialBrief,
  type TrialPosition,
} from '../../../../../shared/api';
import type {
  ProfileFailureReason,
  RunOutcome,
  RunPlan,
  RunRecord,
  RunStatus,
} from '../../../../../shared/run';

/** A running trial's line keeps at most this many points (halved when it fills). */
export const MAX_RUNNING_POINTS = 2000;
/** The results list keeps the latest trials; the results page has them all. */
export const MAX_RESULTS = 200;
/** Finished stream trials whose lines stay on the live timeline. */
export const MAX_FINISHED_LINES = 240;

export interface RunningTrial extends TrialPosition {
  key: string;
  chunks: number;
  tokens: number;
  points: ArrivalPoint[];
}

/** A finished trial as the page keeps it: never changed once made. */
export interface FinishedEntry extends TrialPosition {
  key: string;
  /** Order of arrival on this page. */
  seq: number;
  brief: TrialBrief;
  saved: boolean;
  points: readonly ArrivalPoint[];
}

export interface ProfileTally {
  /** Finished trials, warm-ups and failures included. */
  done: number;
  ok: number;
  failed: number;
}

export interface ProfileFailureNote {
  profile_id: string;
  reason: ProfileFailureReason;
  message: string;
}

/** How the run ended; `outcome` is null when it was found gone rather than seen ending. */
export interface RunEnd {
  status: RunStatus | null;
  outcome: RunOutcome | null;
  /** Trials seen failing on this page, and the profiles with no ok trial or mostly failed. */
  failed_trials: number;
  failing_profiles: number;
}

/** Every other point, the last one kept, until the line fits. */
export function halvePoints(points: ArrivalPoint[], max: number): ArrivalPoint[] {
  let line = points;
  while (line.length > max) {
    const last = line[line.length - 1] as ArrivalPoint;
    line = line.filter((_, i) => i % 2 === 0);
    if (line[line.length - 1] !== last) line.push(last);
  }
  return line;
}

export class LiveRunModel {
  readonly record: RunRecord;
  readonly plan: RunPlan;
  readonly running = new Map<string, RunningTrial>();
  /** Newest last, at most MAX_RESULTS. */
  results: FinishedEntry[] = [];
  /** Finished stream trials with their points, newest last, at most MAX_FINISHED_LINES. */
  lines: FinishedEntry[] = [];
  readonly tallies = new Map<string, ProfileTally>();
  readonly failures: ProfileFailureNote[] = [];
  /** By profile: the wait before its next call, until its trial starts. */
  readonly waits = new Map<string, LiveWait>();
  readonly errors: string[] = [];
  end: RunEnd | null = null;
  /** Moves on whenever a timeline line changes, so an unchanged timeline is not redrawn. */
  linesVersion = 0;
  private readonly finishedKeys = new Set<string>();
  private seq = 0;

  constructor(snapshot: LiveRun) {
    this.record = snapshot.record;
    this.plan = snapshot.plan;
    for (const { profile_id } of snapshot.plan.per_profile) {
      this.tallies.set(profile_id, { done: 0, ok: 0, failed: 0 });
    }
    this.applySnapshot(snapshot);
  }

  get runId(): string {
    return this.record.id;
  }

  /** The run as runsLive has it now: what it lists is where the run is. */
  applySnapshot(snapshot: LiveRun): void {
    for (const trial of snapshot.finished) this.finish(trial);
    this.running.clear();
    for (const trial of snapshot.running) {
      if (this.finishedKeys.has(trialKey(trial))) continue;
      this.running.set(trialKey(trial), {
        ...position(trial),
        key: trialKey(trial),
        chunks: trial.chunks,
        tokens: trial.tokens,
        points: halvePoints(trial.points.slice(), MAX_RUNNING_POINTS),
      });
    }
    for (const failure of snapshot.failures) this.fail(failure);
    this.waits.clear();
    for (const wait of snapshot.waits) this.waits.set(wait.profile_id, wait);
    for (const message of snapshot.errors) this.error(message);
    this.linesVersion++;
  }

  /** runsLive no longer lists the run: it ended while this page was not told. */
  markGone(): void {
    this.end ??= { status: null, outcome: null, ...this.failureCounts() };
  }

  /** What failed, by the tallies of the trials this page saw end (warm-ups among them). */
  private failureCounts(): Pick<RunEnd, 'failed_trials' | 'failing_profiles'> {
    const tallies = [...this.tallies.values()];
    return {
      failed_trials: tallies.reduce((sum, t) => sum + t.failed, 0),
      failing_profiles: tallies.filter((t) => isFailing(t.done, t.ok)).length,
    };
  }

  /** Applies an event of this run; false for another run's. */
  apply(event: AppEvent): boolean {
    if (event.run_id !== this.runId) return false;
    switch (event.type) {
      case 'run_started':
        return true;
      case 'trial_started': {
        this.waits.delete(event.profile_id);
        const key = trialKey(event);
        if (!this.finishedKeys.has(key) && !this.running.has(key)) {
          this.running.set(key, { ...position(event), key, chunks: 0, tokens: 0, points: [] });
          this.linesVersion++;
        }
        return true;
      }
      case 'run_progress':
        for (const trial of event.trials) this.progress(trial);
        return true;
      case 'trial_finished':
        this.finish(event);
        return true;
      case 'profile_failed':
        this.waits.delete(event.profile_id);
        this.fail(event);
        return true;
      case 'profile_waiting':
        this.waits.set(event.profile_id, {
          profile_id: event.profile_id,
          reason: event.reason,
          wait_ms: event.wait_ms,
          retry_after_s: event.retry_after_s,
          capped: event.capped,
          until: event.until,
        });
        return true;
      case 'run_error':
        this.error(event.message);
        return true;
      case 'run_finished':
        this.running.clear();
        this.waits.clear();
        this.linesVersion++;
        this.end = { status: event.status, outcome: event.outcome, ...this.failureCounts() };
        return true;
      case 'series_progress':
        // The series' own view (SeriesBanner) follows it; the run is told by its own events.
        return false;
    }
  }

  private progress(trial: LiveTrial): void {
    const key = trialKey(trial);
    if (this.finishedKeys.has(key)) return;
    const line = this.running.get(key) ?? {
      ...position(trial),
      key,
      chunks: 0,
      tokens: 0,
      points: [],
    };
    line.chunks = Math.max(line.chunks, trial.chunks);
    line.tokens = Math.max(line.tokens, trial.tokens);
    // Points the line has already (a snapshot overlapping an event) are not added twice.
    const lastAt = line.points[line.points.length - 1]?.[0] ?? -Infinity;
    const fresh = trial.points.filter(([at]) => at > lastAt);
    if (fresh.length > 0) {
      line.points = halvePoints(line.points.concat(fresh), MAX_RUNNING_POINTS);
      this.linesVersion++;
    }
    this.running.set(key, line);
  }

  private finish(trial: FinishedTrial): void {
    const key = trialKey(trial);
    if (this.running.delete(key)) this.linesVersion++;
    if (this.finishedKeys.has(key)) return;
    this.finishedKeys.add(key);
    const entry: FinishedEntry = {
      ...position(trial),
      key,
      seq: this.seq++,
      brief: trial.brief,
      saved: trial.saved,
      points: trial.mode === 'stream' ? trial.points : [],
    };
    const tally = this.tallies.get(trial.profile_id) ?? { done: 0, ok: 0, failed: 0 };
    this.tallies.set(trial.profile_id, {
      done: tally.done + 1,
      ok: tally.ok + (trial.brief.status === 'ok' ? 1 : 0),
      failed: tally.failed + (trial.brief.status === 'ok' ? 0 : 1),
    });
    this.results = keepLatest([...this.results, { ...entry, points: [] }], MAX_RESULTS);
    if (entry.points.length > 0) {
      this.lines = keepLatest([...this.lines, entry], MAX_FINISHED_LINES);
      this.linesVersion++;
    }
  }

  private fail(failure: ProfileFailureNote): void {
    const known = this.failures.some(
      (f) => f.profile_id === failure.profile_id && f.message === failure.message,
    );
    if (!known) {
      this.failures.push({
        profile_id: failure.profile_id,
        reason: failure.reason,
        message: failure.message,
      });
    }
  }

  private error(message: string): void {
    if (!this.errors.includes(message)) this.errors.push(message);
  }
}

function keepLatest<T>(items: T[], max: number): T[] {
  return items.length > max ? items.slice(items.length - max) : items;
}

function position(t: TrialPosition): TrialPosition {
  return { profile_id: t.profile_id, mode: t.mode, trial_index: t.trial_index, warmup: t.warmup };
}
