// One profile's part of a run: its endpoint and secrets asked for just before
// its first call, then its trials one after another in the schedule's order,
// each when its call gate lets it start, until the schedule is done, the run
// stops or the profile gives up. It runs where the sockets are (the measuring
// thread); everything it learns goes to the run's reports, which the main
// thread saves and fans out.

import { randomUUID } from 'node:crypto';
import type { MessageText } from '../../shared/messages';
import { effectiveParams } from '../../shared/request-params';
import type { Clock } from '../clock';
import type { MeasureReports, TrialPlace } from '../measuring/measurer';
import {
  InsecureKeyError,
  type EndpointSpec,
  type ProbeSessionOptions,
  type RequestSpec,
  type TrialRunner,
} from '../probe';
import {
  DEFAULT_GIVE_UP_AFTER,
  DEFAULT_MAX_RETRY_WAIT_MS,
  type ProfileSnapshot,
  type RunConfig,
} from '../../shared/run';
import type { Trial } from '../../shared/trial';
import { callSpacingMs, type CallGates } from './call-gate';
import type { PlannedTrial } from './plan';
import { failureWords, reasonOf } from './failure-words';
import { promptFor, type RunPrompt } from '../prompts';

export type SessionFactory = (endpoint: EndpointSpec, options: ProbeSessionOptions) => TrialRunner;

/** What every profile of one run shares. */
export interface ProfileLoopContext {
  runId: string;
  config: RunConfig;
  /** The user message's text per input length (MeasureJob.prompts). */
  prompts: readonly RunPrompt[];
  schedule: readonly PlannedTrial[];
  reports: MeasureReports;
  signal: AbortSignal;
  endpoint(profile: ProfileSnapshot): Promise<EndpointSpec>;
  createSession: SessionFactory;
  clock: Clock | undefined;
  gates: CallGates;
  liveTokens: boolean | undefined;
  /** Stream trials hang up after this many content tokens (the abort experiment); null: never. */
  abortAfterTokens: number | null;
}

function giveUpText(name: string, failed: number, last: Trial, left: number): MessageText {
  const why = last.error === null ? last.status : `${last.status}: ${last.error}`;
  return {
    key: left === 1 ? 'runs.gave_up_one' : 'runs.gave_up_other',
    values: { name, failed, why, left },
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

/** Measures one profile; reports its own failures. */
export async function measureProfile(
  profile: ProfileSnapshot,
  ctx: ProfileLoopContext,
): Promise<void> {
  const endpoint = await readEndpoint(profile, ctx);
  if (!endpoint || ctx.signal.aborted) return;
  const proxy = endpoint.proxy?.kind === 'url' ? endpoint.proxy : null;
  const secrets = [endpoint.api_key, proxy?.username, proxy?.password];
  let session: TrialRunner;
  try {
    session = ctx.createSession(endpoint, {
      reuse_connection: ctx.config.reuse_connection,
      clock: ctx.clock,
    });
  } catch (error) {
    const key =
      error instanceof InsecureKeyError ? 'runs.not_measured_insecure' : 'runs.not_measured';
    const words = failureWords(
      { key, values: { name: profile.name, reason: reasonOf(error) } },
      secrets,
    );
    ctx.reports.profileFailed(profile.id, 'profile_config', words.message, words.text);
    return;
  }
  try {
    await runSchedule(profile, session, secrets, ctx);
  } catch (error) {
    // A bug in one profile's loop must not take the others (or the process) down.
    const words = failureWords(
      { key: 'runs.profile_stopped', values: { name: profile.name, reason: reasonOf(error) } },
      secrets,
    );
    ctx.reports.profileFailed(profile.id, 'internal', words.message, words.text);
  } finally {
    session.close();
  }
}

/** The profile's endpoint with its secrets, or null when it cannot be measured (reported) or the run stopped. */
async function readEndpoint(
  profile: ProfileSnapshot,
  ctx: ProfileLoopContext,
): Promise<EndpointSpec | null> {
  const { signal } = ctx;
  try {
    const read = await unlessAborted(ctx.endpoint(profile), signal);
    return read === ABORTED ? null : read;
  } catch (error) {
    if (signal.aborted) return null;
    const words = failureWords({
      key: 'runs.not_measured',
      values: { name: profile.name, reason: reasonOf(error) },
    });
    ctx.reports.profileFailed(profile.id, 'key_unavailable', words.message, words.text);
    return null;
  }
}

/** The profile's trials in order, each when its gate lets it start, until it gives up. */
async function runSchedule(
  profile: ProfileSnapshot,
  session: TrialRunner,
  secrets: (string | undefined)[],
  ctx: ProfileLoopContext,
): Promise<void> {
  const { reports, signal, schedule, config } = ctx;
  const gate = ctx.gates.get(profile.id);
  const spacing = callSpacingMs(profile.defaults.max_rpm);
  const maxRetryWait = config.max_retry_wait_ms ?? DEFAULT_MAX_RETRY_WAIT_MS;
  const giveUpAfter = config.give_up_after ?? DEFAULT_GIVE_UP_AFTER;
  let failedInRow = 0;
  for (const [done, planned] of schedule.entries()) {
    const mayStart = await gate.acquire(spacing, signal, (wait) =>
      reports.waiting({ profile_id: profile.id, ...wait }),
    );
    if (!mayStart || signal.aborted) return;
    const trial = await runOneTrial(profile, session, planned, ctx);
    if (trial === null) return;
    gate.ended(trial, maxRetryWait);
    failedInRow = trial.status === 'ok' ? 0 : failedInRow + 1;
    const left = schedule.length - done - 1;
    if (giveUpAfter > 0 && failedInRow >= giveUpAfter && left > 0) {
      const words = failureWords(giveUpText(profile.name, failedInRow, trial, left), secrets);
      reports.profileFailed(profile.id, 'gave_up', words.message, words.text);
      return;
    }
  }
}

/** The trial, or null when cancel cut it short (not a measurement). */
async function runOneTrial(
  profile: ProfileSnapshot,
  session: TrialRunner,
  planned: PlannedTrial,
  ctx: ProfileLoopContext,
): Promise<Trial | null> {
  const { reports, signal } = ctx;
  const place: TrialPlace = { run_id: ctx.runId, profile_id: profile.id, ...planned };
  reports.trialStarted(place);
  const trial = await session.runTrial(request(ctx, profile, planned), ctx.config.limits, {
    signal,
    onProgress: reports.progressOf(place),
    liveTokens: ctx.liveTokens,
    // Plain mode has no token stream to hang up on: its trials are the full answer to compare with.
    abort_after_tokens: planned.mode === 'stream' ? (ctx.abortAfterTokens ?? undefined) : undefined,
  });
  // An abort experiment's hang-up is a measurement even when cancel came meanwhile.
  if (signal.aborted && trial.status === 'aborted' && trial.abort === null) {
    reports.trialDropped(place, trial);
    return null;
  }
  reports.trialEnded(place, trial);
  return trial;
}

function request(
  { config, prompts }: Pick<ProfileLoopContext, 'config' | 'prompts'>,
  profile: ProfileSnapshot,
  { mode, input_tokens }: Pick<PlannedTrial, 'mode' | 'input_tokens'>,
): RequestSpec {
  const params = effectiveParams(profile.params, config.params);
  const prompt = promptFor(prompts, input_tokens);
  const shape = { max_tokens: config.max_tokens, mode, input_tokens };
  if (config.cache !== 'cold') {
    return { messages: [{ role: 'user', content: prompt }], params, ...shape };
  }
  // At the very start of what is sent first, so not even the system prompt is a shared prefix.
  const marker = coldMarker();
  return params.system === undefined
    ? { messages: [{ role: 'user', content: `${marker}${prompt}` }], params, ...shape }
    : {
        messages: [{ role: 'user', content: prompt }],
        params: { ...params, system: `${marker}${params.system}` },
        ...shape,
      };
}

/** A trial's own beginning: 8 hex digits no other trial's prompt starts with, whatever the run. */
function coldMarker(): string {
  return `[${randomUUID().slice(0, 8)}]\n`;
}
