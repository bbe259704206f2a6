// What a run keeps and says, off the socket path, and how it ends: every
// finished trial saved (or, when the store refuses it, what unsavedTrial
// keeps of it), why a profile stopped, every event fanned out, and the run
// finished once all of that is saved. It hears all of it from the run's
// measurer (it is the run's MeasureReports). Each step runs on the turn queue
// after the report that caused it (turn-queue.ts): one save or fan-out per
// loop turn, and none of them inside the callback that reported it. It also
// holds the run's stop switch: the user's cancel, or a sink that can save
// nothing more; that, or a measurer that broke, decides the run's status.

import { setMaxListeners } from 'node:events';
import type { MeasureReports, TrialPlace } from '../measuring/measurer';
import type { TrialProgress } from '../probe';
import type {
  ProfileFailure,
  RunEvent,
  RunOutcome,
  RunRecord,
  RunStatus,
  StoredTrial,
} from '../../shared/run';
import type { Trial } from '../../shared/trial';
import { createEmitter, type Listener } from './emitter';
import type { TurnQueue } from './turn-queue';
import { unsavedTrial } from './unsaved-trial';
import { messageOf } from './message-of';

/** Where runs are kept. Synchronous, like better-sqlite3; always called off the socket path. */
export interface RunSink {
  createRun(record: RunRecord): void;
  saveTrial(stored: StoredTrial): void;
  /** Adds why a profile stopped to the run's record (RunRecord.profile_failures). */
  saveProfileFailure(runId: string, failure: ProfileFailure): void;
  finishRun(id: string, status: RunStatus, ended_at: string): void;
}

export type { TrialPlace } from '../measuring/measurer';

export interface RunLedger extends MeasureReports {
  /** Fires on cancel, when the sink can save nothing more, or when the measurer broke. */
  readonly signal: AbortSignal;
  /** Fans the event out, off the socket path. */
  emit(event: RunEvent): void;
  subscribe(listener: Listener<RunEvent>): () => void;
  /**
   * A trial's progress listener. Progress is coalesced: at most one pending
   * event per trial, carrying the latest figures and every arrival point
   * reported since the last event.
   */
  progressOf(place: TrialPlace): (progress: TrialProgress) => void;
  /** A measured trial: saved, then reported with what was saved. */
  trialEnded(place: TrialPlace, trial: Trial): void;
  /** A trial cancel cut short: not a measurement, reported and not saved. */
  trialDropped(place: TrialPlace, trial: Trial): void;
  /** The user's cancel: idempotent, and nothing once the trials are over. */
  cancel(): void;
  /** The measurer broke (`why`): the run ends `interrupted`, with what it saved before. */
  broken(why: string): void;
  /** Every profile is done: the run is finished after the saves queued before. */
  finish(): void;
  /** Resolves once the run is finished and saved; never rejects. */
  readonly done: Promise<RunOutcome>;
}

export function createRunLedger(run: {
  runId: string;
  sink: RunSink;
  queue: TurnQueue;
  now: () => Date;
}): RunLedger {
  const { runId, sink, queue } = run;
  const failures: ProfileFailure[] = [];
  const errors: string[] = [];
  let savedTrials = 0;
  let droppedTrials = 0;
  let stopReason: 'user' | 'failure' | null = null;
  let trialsOver = false;
  const stop = new AbortController();
  // Every trial in flight listens to it, one per profile: many profiles are not a leak.
  setMaxListeners(0, stop.signal);

  const emitter = createEmitter<RunEvent>();
  const emit = (event: RunEvent): void => queue.push(() => emitter.emit(event));

  /** The run cannot go on as planned: its results are incomplete, even if the user also cancelled. */
  const failed = (message: string): void => {
    errors.push(message);
    emitter.emit({ type: 'run_error', run_id: runId, message });
    stopReason = 'failure';
    stop.abort();
  };
  const sinkFailed = (what: string, error: unknown): void => failed(`${what}: ${messageOf(error)}`);

  /** Saves the trial, or what unsavedTrial keeps of it; answers what was saved (null: nothing could be). */
  const saveTrial = (stored: StoredTrial, what: string): StoredTrial | null => {
    try {
      sink.saveTrial(stored);
      return stored;
    } catch (refused) {
      const kept = { ...stored, trial: unsavedTrial(stored.trial, messageOf(refused)) };
      try {
        sink.saveTrial(kept);
        return kept;
      } catch (error) {
        sinkFailed(`saving ${what} failed`, error);
        return null;
      }
    }
  };

  let resolveDone: (outcome: RunOutcome) => void = () => {};
  const done = new Promise<RunOutcome>((resolve) => {
    resolveDone = resolve;
  });

  return {
    signal: stop.signal,
    emit,
    subscribe: (listener) => emitter.subscribe(listener),

    waiting(wait) {
      emit({ type: 'profile_waiting', run_id: runId, ...wait });
    },

    trialStarted(place) {
      emit({ type: 'trial_started', ...place });
    },

    progressOf(place) {
      let latest: TrialProgress = { chunks: 0, chars: 0, tokens: null, points: [] };
      let progressQueued = false;
      return (progress) => {
        latest = { ...progress, points: [...latest.points, ...progress.points] };
        if (progressQueued) return;
        progressQueued = true;
        queue.push(() => {
          progressQueued = false;
          const reported = latest;
          latest = { ...latest, points: [] };
          emitter.emit({ type: 'trial_progress', ...place, ...reported });
        });
      };
    },

    profileFailed(profile_id, reason, message, text) {
      const failure: ProfileFailure = { profile_id, reason, message, ...(text && { text }) };
      failures.push(failure);
      // Saved, then told: the run_finished that follows finds it stored.
      queue.push(() => {
        try {
          sink.saveProfileFailure(runId, failure);
        } catch (error) {
          sinkFailed(`saving why profile ${profile_id} stopped failed`, error);
        }
        emitter.emit({ type: 'profile_failed', run_id: runId, ...failure });
      });
    },

    trialEnded(place, trial) {
      const stored: StoredTrial = {
        run_id: runId,
        profile_id: place.profile_id,
        trial_index: place.trial_index,
        warmup: place.warmup,
        trial,
      };
      queue.push(() => {
        const what = `trial ${place.trial_index} (${place.mode}) of profile ${place.profile_id}`;
        const saved = saveTrial(stored, what);
        if (saved) savedTrials++;
        const reported = saved?.trial ?? trial;
        emitter.emit({
          type: 'trial_finished',
          ...place,
          status: reported.status,
          trial: reported,
          saved: saved !== null,
        });
      });
    },

    trialDropped(place, trial) {
      droppedTrials++;
      emit({ type: 'trial_finished', ...place, status: trial.status, trial, saved: false });
    },

    cancel() {
      if (trialsOver || stop.signal.aborted) return;
      stopReason = 'user';
      stop.abort();
    },

    broken(why) {
      // After the saves the measurer's last reports queued.
      queue.push(() =>
        failed(`${why}: the run was cut short; the trials it finished before are saved`),
      );
    },

    finish() {
      trialsOver = true;
      // After every save queued before it: the run is finished once its trials are saved.
      queue.push(() => {
        const status: RunStatus =
          stopReason === 'failure'
            ? 'interrupted'
            : stopReason === 'user'
              ? 'cancelled'
              : 'completed';
        const ended_at = run.now().toISOString();
        try {
          sink.finishRun(runId, status, ended_at);
        } catch (error) {
          errors.push(`finishing the run failed: ${messageOf(error)}`);
        }
        const outcome: RunOutcome = {
          run_id: runId,
          status,
          ended_at,
          saved_trials: savedTrials,
          dropped_trials: droppedTrials,
          failures: [...failures],
          errors: [...errors],
        };
        try {
          emitter.emit({ type: 'run_finished', run_id: runId, status, outcome });
        } finally {
          resolveDone(outcome);
        }
      });
    },

    done,
  };
}
