// `lasttoken probe`: runs the trials of one endpoint on the measuring thread,
// as one profile of a job that is never saved, and prints the report or the
// JSON document. One session for the whole job, so --reuse-connection really
// carries one connection across both modes.

import { randomUUID } from 'node:crypto';
import { DEFAULT_REQUEST_SHAPE, type ProfileSnapshot, type RunConfig } from '../../shared/run';
import { summarize } from '../../shared/summary';
import type { Trial } from '../../shared/trial';
import { sharedMeasuringThread } from '../measuring';
import { checkEndpoint, InsecureKeyError, ProbeConfigError, TOKENIZER } from '../probe';
import { inputTokensOf } from '../../shared/input-lengths';
import { promptTexts, type RunPrompt } from '../prompts';
import { RunConfigError, trialSchedule } from '../runs/plan';
import { UsageError, type ProbeOptions } from './args';
import { jsonText, plural, printable } from './format';
import { complain, signalExitCode, type CliIo } from './io';
import { createProgress } from './progress';
import { waitText } from './run-progress';
import { isAbortExperiment, renderReport } from './report-table';

export async function runProbe(options: ProbeOptions, io: CliIo): Promise<number> {
  checkProbedEndpoint(options);
  const { trials, interrupted } = await runTrials(options, await probePrompts(options), io);

  const { base_url, model, dialect } = options.endpoint;
  const endpoint = { base_url, model, dialect };
  const summary = summarize(`${model} @ ${base_url}`, trials);
  io.stdout.write(
    options.json
      ? `${jsonText({ endpoint, tokenizer: TOKENIZER, interrupted, trials, summary })}\n`
      : // Provider text in the report (errors) is escaped for the terminal.
        printable(
          renderReport({
            endpoint,
            tokenizer: TOKENIZER,
            trials,
            summaries: summary,
            abortAfter: options.abortAfter,
            stallMs: options.limits.stall_ms,
          }),
        ),
  );

  if (interrupted) {
    complain(
      io,
      `interrupted: the results above cover the ${plural(trials.length, 'trial')} that finished`,
    );
    return signalExitCode(io.interrupt?.reason);
  }
  if (trials.length > 0 && !trials.some((t) => t.status === 'ok' || isAbortExperiment(t))) {
    complain(
      io,
      `all ${trials.length} trials failed (${trials[0]?.status}: ${trials[0]?.error ?? 'no detail'})`,
    );
    return 1;
  }
  return 0;
}

/** Refuses an endpoint that cannot be probed as configured, naming the flag that fixes it, before any call. */
function checkProbedEndpoint(options: ProbeOptions): void {
  try {
    checkEndpoint(options.endpoint);
  } catch (error) {
    if (!(error instanceof ProbeConfigError)) throw error;
    // The engine speaks to every front end; name the flag that confirms the risk.
    const hint = error instanceof InsecureKeyError ? ' (--allow-insecure-key)' : '';
    throw new UsageError(`${error.message}${hint}`);
  }
}

/** The probed endpoint as the one profile of a job: its name for messages, its pacing; never saved. */
function probedProfile(options: ProbeOptions): ProfileSnapshot {
  const { endpoint } = options;
  return {
    ...DEFAULT_REQUEST_SHAPE,
    id: randomUUID(),
    name: `${endpoint.model} @ ${endpoint.base_url}`,
    base_url: endpoint.base_url,
    model: endpoint.model,
    dialect: endpoint.dialect,
    headers: endpoint.headers ?? {},
    defaults: options.maxRpm === null ? {} : { max_rpm: options.maxRpm },
    params: options.params,
    notes: '',
    allow_insecure_key: endpoint.allow_insecure_key ?? false,
    query: endpoint.query ?? {},
    has_key: endpoint.api_key !== undefined,
    proxy_auth: false,
    builtin: false,
    // A probe draws no chart: the palette's first slot.
    color: 0,
  };
}

/** What each trial's user message says: the prompt, or the synthetic ones --input-tokens asks for. */
async function probePrompts(options: ProbeOptions): Promise<RunPrompt[]> {
  try {
    return await promptTexts({
      prompt: options.prompt,
      ...inputTokensOf(options.inputTokens),
    });
  } catch (error) {
    if (error instanceof RunConfigError) throw new UsageError(error.problems.join('; '));
    throw error;
  }
}

async function runTrials(
  options: ProbeOptions,
  prompts: readonly RunPrompt[],
  io: CliIo,
): Promise<{ trials: Trial[]; interrupted: boolean }> {
  const config: RunConfig = {
    prompt: options.prompt,
    ...inputTokensOf(options.inputTokens),
    cache: options.cache,
    max_tokens: options.maxTokens,
    // Round-robin (trialSchedule): trial 1 of each mode, then trial 2 of each... so drift over
    // the run affects the modes alike.
    modes: options.modes,
    trials: options.trials,
    profile_ids: [],
    limits: options.limits,
    reuse_connection: options.reuseConnection,
    // A warm cache is primed by the warm-ups, which the report leaves out.
    warmup: options.cache === 'warm',
    max_retry_wait_ms: options.maxRetryWaitMs,
    // Every trial is asked for: a probe reports failures, it does not stop at them.
    give_up_after: 0,
  };
  const schedule = trialSchedule(config);
  const total = schedule.length;
  const priming = schedule.filter((t) => t.warmup).length;
  const progress = createProgress(io.stderr, total);
  // Free tiers count requests: say up front what the run will spend.
  io.stderr.write(
    `${plural(total, 'request')}: ${plural(options.trials, 'trial')} of ${options.modes.join(' and ')}` +
      `${priming > 0 ? `, after ${plural(priming, 'call')} that prime the prompt cache` : ''}\n`,
  );
  const trials: Trial[] = [];
  let started = 0;
  let dropped = false;
  const failures: string[] = [];
  const signal = io.interrupt ?? new AbortController().signal;

  // Measured on the measuring thread, as a run is; pacing and Retry-After by the same gate.
  const { broken } = await sharedMeasuringThread().measure(
    {
      runId: randomUUID(),
      config,
      prompts,
      schedule,
      profiles: [probedProfile(options)],
      liveTokens: false,
      abortAfterTokens: options.abortAfter,
    },
    {
      signal,
      endpoint: () => Promise.resolve(options.endpoint),
      reports: {
        waiting: (wait) => progress.waiting(waitText(wait), wait.reason === 'rate_limit'),
        trialStarted: (place) => progress.start(++started, place.mode),
        progressOf: () => progress.update,
        trialEnded: (place, trial) => {
          progress.finish(trial);
          // A warm cache's priming call is not a measurement the report counts.
          if (!place.warmup) trials.push(trial);
        },
        // Cut short by the user: not a measurement of the endpoint.
        trialDropped: () => {
          dropped = true;
          progress.cancel();
        },
        profileFailed: (_, _reason, message) => void failures.push(message),
      },
    },
  );
  const failure = broken ?? failures[0];
  if (failure !== undefined) throw new Error(failure);
  return { trials, interrupted: dropped || signal.aborted };
}
