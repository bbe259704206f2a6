// `lasttoken probe`: runs the trials of one endpoint and prints the report or
// the JSON document. One session for the whole run, so --reuse-connection
// really carries one connection across both modes.

import { summarize } from '../../shared/summary';
import type { Mode, Trial } from '../../shared/trial';
import {
  createProbeSession,
  InsecureKeyError,
  ProbeConfigError,
  TOKENIZER,
  type RequestSpec,
  type TrialRunner,
} from '../probe';
import { UsageError, type ProbeOptions } from './args';
import { jsonText, plural, printable } from './format';
import { complain, signalExitCode, type CliIo } from './io';
import { callSpacingMs, createCallGate, realTimers } from '../runs/call-gate';
import { createProgress } from './progress';
import { waitText } from './run-progress';
import { isAbortExperiment, renderReport } from './report-table';

export async function runProbe(options: ProbeOptions, io: CliIo): Promise<number> {
  const session = openSession(options);
  const { trials, interrupted } = await runTrials(session, options, io).finally(() =>
    session.close(),
  );

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

function openSession(options: ProbeOptions): TrialRunner {
  try {
    return createProbeSession(options.endpoint, { reuse_connection: options.reuseConnection });
  } catch (error) {
    if (!(error instanceof ProbeConfigError)) throw error;
    // The engine speaks to every front end; name the flag that confirms the risk.
    const hint = error instanceof InsecureKeyError ? ' (--allow-insecure-key)' : '';
    throw new UsageError(`${error.message}${hint}`);
  }
}

async function runTrials(
  session: TrialRunner,
  options: ProbeOptions,
  io: CliIo,
): Promise<{ trials: Trial[]; interrupted: boolean }> {
  const signal = io.interrupt;
  const total = options.trials * options.modes.length;
  const progress = createProgress(io.stderr, total);
  // Free tiers count requests: say up front what the run will spend.
  io.stderr.write(
    `${plural(total, 'request')}: ${plural(options.trials, 'trial')} of ${options.modes.join(' and ')}\n`,
  );
  const trials: Trial[] = [];
  const request = (mode: Mode): RequestSpec => ({
    messages: [{ role: 'user', content: options.prompt }],
    max_tokens: options.maxTokens,
    mode,
  });

  // Pacing and Retry-After as in a run: the same gate, for this probe alone.
  const gate = createCallGate(realTimers);
  const spacing = callSpacingMs(options.maxRpm ?? undefined);
  const never = new AbortController().signal;

  // Round-robin: trial 1 of each mode, then trial 2 of each... so drift over
  // the run affects the modes alike.
  for (let round = 0; round < options.trials; round++) {
    for (const mode of options.modes) {
      if (signal?.aborted) return { trials, interrupted: true };
      const mayStart = await gate.acquire(spacing, signal ?? never, (wait) =>
        progress.waiting(waitText(wait), wait.reason === 'rate_limit'),
      );
      if (!mayStart) return { trials, interrupted: true };
      progress.start(trials.length + 1, mode);
      const trial = await session.runTrial(request(mode), options.limits, {
        signal,
        onProgress: progress.update,
        // Plain mode has no token stream to hang up on; its trials are the full answer to compare with.
        abort_after_tokens: mode === 'stream' ? (options.abortAfter ?? undefined) : undefined,
      });
      if (signal?.aborted && trial.status === 'aborted' && !isAbortExperiment(trial)) {
        // Cut short by the user: not a measurement of the endpoint.
        progress.cancel();
        return { trials, interrupted: true };
      }
      progress.finish(trial);
      trials.push(trial);
      gate.ended(trial, options.maxRetryWaitMs);
    }
  }
  return { trials, interrupted: false };
}
