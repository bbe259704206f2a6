// Runs one configured run: every profile at once, each profile's trials one
// after another in the plan's order, every finished trial saved as soon as it
// ends, progress for the UI and the CLI, cancel at any time.
//
// Decisions (the CLI and the UI rely on them):
// - Warm-ups: one per profile and mode, first (see trialSchedule), saved with
//   warmup = true and trial_index 0, not counted by summaries.
// - A profile whose key cannot be read (keychain unavailable) or whose
//   endpoint cannot be probed as configured makes no API calls at all: no
//   placeholder trials (a keychain error is not a measurement of the
//   endpoint). It is reported by a `profile_failed` event and in the outcome;
//   the other profiles go on and the run can still complete.
// - Cancel: trials in flight are aborted through their AbortSignal and are
//   dropped, not saved (like `lasttoken probe`: a trial cut short by the user
//   is not a measurement); `trial_finished` still reports them with
//   saved = false. Trials that ended before stay saved. A trial that ended on
//   its own while cancel came in is a measurement and is saved.
// - A trial the sink refuses is saved instead as an internal_error with the
//   sink's message (unsaved-trial.ts), reported so, and the run goes on: one
//   trial LastToken could not keep must not cost the other profiles theirs.
//   A sink that refuses that too cannot save anything: it stops the run (its
//   results would be lost; the remaining API calls would be spent for
//   nothing): a `run_error` event, status `interrupted`.
// - Free tiers: a paced profile (defaults.max_rpm) starts its calls 60/N s
//   apart, warm-ups included; a Retry-After holds its next call back, at most
//   config.max_retry_wait_ms (call-gate.ts). Either wait is announced by a
//   `profile_waiting` event. A 429 stays a measured trial like any other.
// - A profile that fails config.give_up_after trials in a row stops (the
//   provider refuses or is down, and every call costs quota): `profile_failed`
//   with reason `gave_up`, its remaining calls not made; the others go on.
// - Every profile_failed is saved with the run as it happens (the same
//   redacted message), so the history says later why a profile stopped, in
//   the words the live run used. A sink that cannot save it stops the run,
//   like one that cannot save a trial: the stored run would be incomplete.
// - The key (and the proxy's credentials) is read just before a profile's
//   first trial (requestEndpoint: a profile without any never asks the
//   keychain), goes into its probe session only, and never into a snapshot,
//   an event, an error or the outcome.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Clock } from '../clock';
import {
  createProbeSession,
  InsecureKeyError,
  type EndpointSpec,
  type ProbeSessionOptions,
  type RequestSpec,
  type TrialProgress,
  type TrialRunner,
} from '../probe';
import { redactSecrets } from '../probe/redact';
import {
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  type Profile,
  type ProfileFailure,
  type ProfileFailureReason,
  type ProfileLookup,
  type ProfileSnapshot,
  type RunConfig,
  type RunEvent,
  type RunOutcome,
  type RunPlan,
  type RunRecord,
  type RunStatus,
  type RunTags,
  type StoredTrial,
} from '../../shared/run';
import type { Mode, Trial } from '../../shared/trial';
import { callSpacingMs, processCallGates, type CallGates } from './call-gate';
import { createEmitter, type Listener } from './emitter';
import { planRun, trialSchedule, type PlannedTrial } from './plan';
import { requestEndpoint, type Environment } from './profile-endpoint';
import { offSocketQueue, type TurnQueue } from './turn-queue';
import { unsavedTrial } from './unsaved-trial';

export interface KeySource {
  /** The profile's API key for a request; undefined when none is stored. May throw (keychain unavailable). */
  readKeyForRequest(profileId: string): Promise<string | undefined>;
}

/** Where runs are kept. Synchronous, like better-sqlite3; always called off the socket path. */
export interface RunSink {
  createRun(record: RunRecord): void;
  saveTrial(stored: StoredTrial): void;
  /** Adds why a profile stopped to the run's record (RunRecord.profile_failures). */
  saveProfileFailure(runId: string, failure: ProfileFailure): void;
  finishRun(id: string, status: RunStatus, ended_at: string): void;
}

export type SessionFactory = (endpoint: EndpointSpec, options: ProbeSessionOptions) => TrialRunner;

export interface RunDeps {
  profiles: ProfileLookup;
  keys: KeySource;
  /** Where profiles' key variables (key_env) are read. Default: process.env. */
  env?: Environment;
  sink: RunSink;
  /** Wall clock for started_at / ended_at (default: new Date()). */
  now?: () => Date;
  /** Monotonic clock for the probe sessions (default: the engine's). */
  clock?: Clock;
  /** Run ids (default: randomUUID). */
  newId?: () => string;
  /** Default: createProbeSession. */
  createSession?: SessionFactory;
  /** Default: the process-wide queue shared by all runs. */
  queue?: TurnQueue;
  /** When each profile's calls may start (pacing, Retry-After). Default: the process-wide gates. */
  gates?: CallGates;
  /** Count tokens while answers stream, for a live view (TrialOptions.liveTokens). */
  liveTokens?: boolean;
}

export interface RunHandle {
  runId: string;
  plan: RunPlan;
  /** The record handed to sink.createRun (status `running`). */
  record: RunRecord;
  /**
   * Events from `run_started` to `run_finished`, delivered off the socket path.
   * Subscribe right after startRun returns to receive all of them. Returns the
   * function that unsubscribes.
   */
  subscribe(listener: Listener<RunEvent>): () => void;
  /** Stops the run: idempotent, safe at any time, also after it finished. */
  cancel(): void;
  /** Resolves once the run is finished and saved; never rejects. */
  done: Promise<RunOutcome>;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

function giveUpText(name: string, failed: number, last: Trial, left: number): string {
  const why = last.error === null ? last.status : `${last.status}: ${last.error}`;
  return (
    `profile “${name}” stopped after ${failed} failed trials in a row (the last: ${why}); ` +
    `its ${left} remaining ${left === 1 ? 'call was' : 'calls were'} not made`
  );
}

/** The profile as it is now, without anything that is not a field of a profile (a key, say). */
function snapshotOf(profile: Profile): ProfileSnapshot {
  return {
    id: profile.id,
    name: profile.name,
    base_url: profile.base_url,
    model: profile.model,
    dialect: profile.dialect,
    headers: { ...profile.headers },
    defaults: { ...profile.defaults },
    notes: profile.notes,
    allow_insecure_key: profile.allow_insecure_key,
    key_header: profile.key_header,
    key_prefix: profile.key_prefix,
    query: { ...profile.query },
    key_env: profile.key_env,
    has_key: profile.has_key,
    proxy_mode: profile.proxy_mode,
    proxy_url: profile.proxy_url,
    proxy_auth: profile.proxy_auth,
    builtin: profile.builtin,
  };
}

const ABORTED = Symbol('aborted');

/** `promise`, or ABORTED as soon as the signal fires (a keychain prompt must not hold up cancel). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  if (signal.aborted) return Promise.resolve(ABORTED);
  let onAbort = (): void => {};
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() =>
    signal.removeEventListener('abort', onAbort),
  );
}

/**
 * Validates the configuration (throws RunConfigError), creates the run record
 * through the sink (a sink error is thrown here, before any API call) and
 * starts every profile.
 */
export function startRun(
  deps: RunDeps,
  config: RunConfig,
  tags: RunTags = { series_id: null, label: null },
): RunHandle {
  const plan = planRun(config, deps.profiles);
  const now = deps.now ?? (() => new Date());
  const createSession = deps.createSession ?? createProbeSession;
  const queue = deps.queue ?? offSocketQueue;
  const gates = deps.gates ?? processCallGates;
  const { sink } = deps;

  const runId = (deps.newId ?? randomUUID)();
  const snapshots = config.profile_ids.map((id) => {
    const profile = deps.profiles.get(id);
    // planRun checked that every id exists.
    if (!profile) throw new Error(`profile ${id} disappeared`);
    return snapshotOf(profile);
  });
  const runConfig = structuredClone(config);
  const record: RunRecord = {
    id: runId,
    config: runConfig,
    profiles: snapshots,
    status: 'running',
    started_at: now().toISOString(),
    ended_at: null,
    planned_calls: plan.calls,
    series_id: tags.series_id,
    label: tags.label,
    imported_at: null,
    profile_failures: [],
  };
  sink.createRun(structuredClone(record));

  const failures: ProfileFailure[] = [];
  const errors: string[] = [];
  let savedTrials = 0;
  let droppedTrials = 0;
  let stopReason: 'user' | 'sink' | null = null;
  let trialsOver = false;
  const stop = new AbortController();
  const { signal } = stop;
  // Every trial in flight listens to it, one per profile: many profiles are not a leak.
  setMaxListeners(0, signal);

  const emitter = createEmitter<RunEvent>();
  /** Fan-out, off the socket path (see turn-queue.ts). */
  const emit = (event: RunEvent): void => queue.push(() => emitter.emit(event));

  const sinkFailed = (what: string, error: unknown): void => {
    const message = `${what}: ${messageOf(error)}`;
    errors.push(message);
    emitter.emit({ type: 'run_error', run_id: runId, message });
    // Saving failed: the run's results are incomplete, even if the user also cancelled.
    stopReason = 'sink';
    stop.abort();
  };

  const failProfile = (profile_id: string, reason: ProfileFailureReason, message: string): void => {
    const failure: ProfileFailure = { profile_id, reason, message };
    failures.push(failure);
    // Saved, then told, off the socket path: the run_finished that follows finds it stored.
    queue.push(() => {
      try {
        sink.saveProfileFailure(runId, failure);
      } catch (error) {
        sinkFailed(`saving why profile ${profile_id} stopped failed`, error);
      }
      emitter.emit({ type: 'profile_failed', run_id: runId, ...failure });
    });
  };

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

  const request = (mode: Mode): RequestSpec => ({
    messages: [{ role: 'user', content: runConfig.prompt }],
    max_tokens: runConfig.max_tokens,
    mode,
  });
  const schedule = trialSchedule(runConfig);

  /** The profile's endpoint with its secrets, or null when it cannot be measured (reported) or the run stopped. */
  async function readEndpoint(profile: ProfileSnapshot): Promise<EndpointSpec | null> {
    try {
      const read = await unlessAborted(requestEndpoint(profile, deps.keys, deps.env), signal);
      return read === ABORTED ? null : read;
    } catch (error) {
      if (signal.aborted) return null;
      failProfile(
        profile.id,
        'key_unavailable',
        `profile “${profile.name}” was not measured: ${messageOf(error)}`,
      );
      return null;
    }
  }

  async function runProfile(profile: ProfileSnapshot): Promise<void> {
    const endpoint = await readEndpoint(profile);
    if (!endpoint || signal.aborted) return;
    const proxy = endpoint.proxy?.kind === 'url' ? endpoint.proxy : null;
    const secrets = [endpoint.api_key, proxy?.username, proxy?.password];
    let session: TrialRunner;
    try {
      session = createSession(endpoint, {
        reuse_connection: runConfig.reuse_connection,
        clock: deps.clock,
      });
    } catch (error) {
      const hint =
        error instanceof InsecureKeyError
          ? ' (confirm sending the key in the clear in the profile)'
          : '';
      failProfile(
        profile.id,
        'profile_config',
        redactSecrets(
          `profile “${profile.name}” was not measured: ${messageOf(error)}${hint}`,
          secrets,
        ),
      );
      return;
    }
    try {
      await runSchedule(profile, session, secrets);
    } catch (error) {
      // A bug in one profile's loop must not take the others (or the process) down.
      failProfile(
        profile.id,
        'internal',
        redactSecrets(`profile “${profile.name}” stopped: ${messageOf(error)}`, secrets),
      );
    } finally {
      session.close();
    }
  }

  /** The profile's trials in order, each when its gate lets it start, until it gives up. */
  async function runSchedule(
    profile: ProfileSnapshot,
    session: TrialRunner,
    secrets: (string | undefined)[],
  ): Promise<void> {
    const gate = gates.get(profile.id);
    const spacing = callSpacingMs(profile.defaults.max_rpm);
    const maxRetryWait = runConfig.max_retry_wait_ms ?? DEFAULT_MAX_RETRY_WAIT_MS;
    const giveUpAfter = runConfig.give_up_after ?? DEFAULT_GIVE_UP_AFTER;
    let failedInRow = 0;
    for (const [done, planned] of schedule.entries()) {
      const mayStart = await gate.acquire(spacing, signal, (wait) =>
        emit({ type: 'profile_waiting', run_id: runId, profile_id: profile.id, ...wait }),
      );
      if (!mayStart || signal.aborted) return;
      const trial = await runOneTrial(profile.id, session, planned);
      if (trial === null) return;
      gate.ended(trial, maxRetryWait);
      failedInRow = trial.status === 'ok' ? 0 : failedInRow + 1;
      const left = schedule.length - done - 1;
      if (giveUpAfter > 0 && failedInRow >= giveUpAfter && left > 0) {
        const message = giveUpText(profile.name, failedInRow, trial, left);
        failProfile(profile.id, 'gave_up', redactSecrets(message, secrets));
        return;
      }
    }
  }

  /** The trial, or null when cancel cut it short (not a measurement). */
  async function runOneTrial(
    profile_id: string,
    session: TrialRunner,
    planned: PlannedTrial,
  ): Promise<Trial | null> {
    const where = { run_id: runId, profile_id, ...planned };
    emit({ type: 'trial_started', ...where });

    // Progress is coalesced: at most one pending event per trial, carrying the
    // latest figures and every arrival point reported since the last event.
    let latest: TrialProgress = { chunks: 0, chars: 0, tokens: null, points: [] };
    let progressQueued = false;
    const onProgress = (progress: TrialProgress): void => {
      latest = { ...progress, points: [...latest.points, ...progress.points] };
      if (progressQueued) return;
      progressQueued = true;
      queue.push(() => {
        progressQueued = false;
        const reported = latest;
        latest = { ...latest, points: [] };
        emitter.emit({ type: 'trial_progress', ...where, ...reported });
      });
    };

    const trial = await session.runTrial(request(planned.mode), runConfig.limits, {
      signal,
      onProgress,
      liveTokens: deps.liveTokens,
    });

    if (signal.aborted && trial.status === 'aborted') {
      droppedTrials++;
      emit({ type: 'trial_finished', ...where, status: trial.status, trial, saved: false });
      return null;
    }
    const stored: StoredTrial = {
      run_id: runId,
      profile_id,
      trial_index: planned.trial_index,
      warmup: planned.warmup,
      trial,
    };
    queue.push(() => {
      const what = `trial ${planned.trial_index} (${planned.mode}) of profile ${profile_id}`;
      const saved = saveTrial(stored, what);
      if (saved) savedTrials++;
      const reported = saved?.trial ?? trial;
      emitter.emit({
        type: 'trial_finished',
        ...where,
        status: reported.status,
        trial: reported,
        saved: saved !== null,
      });
    });
    return trial;
  }

  let resolveDone: (outcome: RunOutcome) => void = () => {};
  const done = new Promise<RunOutcome>((resolve) => {
    resolveDone = resolve;
  });

  const finish = (): void => {
    trialsOver = true;
    // After every save queued before it: the run is finished once its trials are saved.
    queue.push(() => {
      const status: RunStatus =
        stopReason === 'sink' ? 'interrupted' : stopReason === 'user' ? 'cancelled' : 'completed';
      const ended_at = now().toISOString();
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
  };

  emit({ type: 'run_started', run_id: runId, plan });
  // runProfile reports its own failures; the catch is a last resort so that done always resolves.
  void Promise.all(
    snapshots.map((profile) =>
      runProfile(profile).catch((error: unknown) =>
        failProfile(profile.id, 'internal', `profile “${profile.name}”: ${messageOf(error)}`),
      ),
    ),
  ).then(finish);

  return {
    runId,
    plan,
    // Copies: nobody outside can change what the run uses or what it saved.
    record: structuredClone(record),
    subscribe: (listener) => emitter.subscribe(listener),
    cancel() {
      if (trialsOver || signal.aborted) return;
      stopReason = 'user';
      stop.abort();
    },
    done,
  };
}
