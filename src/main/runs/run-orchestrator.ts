// Runs one configured run: every profile at once, each profile's trials one
// after another in the plan's order, every finished trial saved as soon as it
// ends, progress for the UI and the CLI, cancel at any time. In parts: the
// plan (plan.ts), the record saved at the start (run-record.ts), each
// profile's loop (profile-loop.ts), run by the measurer where the sockets are
// (../measuring: the measuring thread), and what is saved and said, with how
// the run ends (run-ledger.ts); this file puts them together.
//
// Decisions (the CLI and the UI rely on them):
// - Every run is measured on the process's measuring thread: this thread
//   plans, reads keys, saves and reports. A thread that dies cuts the run
//   short: status `interrupted`, a `run_error` saying so, the profiles still
//   measuring failed with reason `internal`, every trial finished before kept.
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
import { TOKEN_PARAMS, type TokenParam } from '../../shared/request-params';
import { sharedMeasuringThread, type Measurer } from '../measuring';
import {
  inputLengths,
  type ProfileLookup,
  type RunConfig,
  type RunEvent,
  type RunOutcome,
  type RunPlan,
  type RunRecord,
  type RunTags,
} from '../../shared/run';
import type { RunPrompt } from '../prompts';
import type { Listener } from './emitter';
import { planRun, trialSchedule } from './plan';
import { requestEndpoint, type Environment, type KeySource } from './profile-endpoint';
import { runEnvironment } from './run-environment';
import { createRunLedger, type RunSink } from './run-ledger';
import { newRunRecord } from './run-record';
import { offSocketQueue, type TurnQueue } from './turn-queue';

export type { KeySource } from './profile-endpoint';
export type { RunSink } from './run-ledger';

export interface RunDeps {
  profiles: ProfileLookup;
  keys: KeySource;
  /** Where profiles' key variables (key_env) are read. Default: process.env. */
  env?: Environment;
  sink: RunSink;
  /** Wall clock for started_at / ended_at (default: new Date()). */
  now?: () => Date;
  /** Run ids (default: randomUUID). */
  newId?: () => string;
  /** Where the run is measured. Default: the process's measuring thread. */
  measurer?: Measurer;
  /** Default: the process-wide queue shared by all runs. */
  queue?: TurnQueue;
  /** Count tokens while answers stream, for a live view (TrialOptions.liveTokens). */
  liveTokens?: boolean;
  /** Where a profile keeps what its endpoint taught a run; default: nowhere (the run's trials still say it). */
  learned?: ProfileLearning;
}

/** What a run learns about a saved profile's endpoint, for the profile to keep. */
export interface ProfileLearning {
  /** The endpoint refused the profile's token limit name and accepted `param`. */
  tokenParam(profile_id: string, param: TokenParam): void;
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

/**
 * Validates the configuration (throws RunConfigError), creates the run record
 * through the sink (a sink error is thrown here, before any API call) and
 * starts every profile.
 */
export function startRun(
  deps: RunDeps,
  config: RunConfig,
  tags: RunTags = { series_id: null, label: null },
  /** The user message each trial sends per input length: promptTexts(config), which a run of input_tokens needs. */
  prompts: readonly RunPrompt[] = [{ input_tokens: null, text: config.prompt }],
): RunHandle {
  const plan = planRun(config, deps.profiles);
  const missing = inputLengths(config).filter((n) => !prompts.some((p) => p.input_tokens === n));
  if (missing.length > 0) {
    throw new Error(
      `a run of input_tokens needs the synthetic prompts promptTexts(config) makes (none for ${missing.join(', ')})`,
    );
  }
  const now = deps.now ?? (() => new Date());
  const runId = (deps.newId ?? randomUUID)();
  const record = newRunRecord({
    id: runId,
    config,
    profiles: deps.profiles,
    plan,
    tags,
    started_at: now().toISOString(),
    environment: runEnvironment(),
  });
  deps.sink.createRun(structuredClone(record));

  const ledger = createRunLedger({
    runId,
    sink: deps.sink,
    queue: deps.queue ?? offSocketQueue,
    now,
  });
  const measurer = deps.measurer ?? sharedMeasuringThread();
  const job = {
    runId,
    config: record.config,
    prompts,
    schedule: trialSchedule(record.config),
    profiles: record.profiles,
    liveTokens: deps.liveTokens ?? false,
    abortAfterTokens: null,
  };

  if (deps.learned) rememberWhatTrialsLearn(ledger, record, deps.learned);
  ledger.emit({ type: 'run_started', run_id: runId, plan });
  void measurer
    .measure(job, {
      reports: ledger,
      signal: ledger.signal,
      endpoint: (profile) => requestEndpoint(profile, deps.keys, deps.env),
    })
    .then(({ broken }) => {
      if (broken !== null) ledger.broken(broken);
      ledger.finish();
    });

  return {
    runId,
    plan,
    // Copies: nobody outside can change what the run uses or what it saved.
    record: structuredClone(record),
    subscribe: (listener) => ledger.subscribe(listener),
    cancel: () => ledger.cancel(),
    done: ledger.done,
  };
}

/**
 * A trial that named its token limit otherwise than its profile says was sent
 * after the endpoint refused the profile's name and accepted this one
 * (probe-session.ts): the profile keeps it, so later runs need no retry.
 */
function rememberWhatTrialsLearn(
  ledger: { subscribe(listener: Listener<RunEvent>): () => void },
  record: RunRecord,
  learned: ProfileLearning,
): void {
  const told = new Set<string>();
  ledger.subscribe((event) => {
    if (event.type !== 'trial_finished' || told.has(event.profile_id)) return;
    const profile = record.profiles.find((p) => p.id === event.profile_id);
    const sent = TOKEN_PARAMS.find((name) => name === event.trial.token_param);
    if (!profile || profile.builtin || sent === undefined) return;
    if (sent === (profile.params.token_param ?? TOKEN_PARAMS[0])) return;
    told.add(profile.id);
    learned.tokenParam(profile.id, sent);
  });
}
