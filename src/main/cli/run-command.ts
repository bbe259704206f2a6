// `lasttoken run`: measures saved profiles side by side and keeps the run in
// the history. The plan (how many API calls) is said before the first one;
// each trial is saved as it ends; Ctrl-C cancels, keeping what finished. The
// built-in demo profile runs against a simulator started here for the run.

import { inputTokensOf } from '../../shared/input-lengths';
import { promptTexts, type RunPrompt } from '../prompts';
import { learningInto } from '../runs/profile-learning';
import {
  TIME_LIMITS,
  profileNameOf,
  type Profile,
  type RunConfig,
  type RunDetail,
  type RunOutcome,
  type RunPlan,
  type RunTags,
} from '../../shared/run';
import { DEFAULT_LIMITS, type Limits } from '../probe';
import { keyWouldBeRefused, usesBuiltinSimulator, withBuiltinEndpoint } from '../profiles';
import { planRun, RunConfigError, startRun, type KeySource } from '../runs';
import { KeychainUnavailableError } from '../secrets';
import { readerPaceSetting } from '../settings';
import { startSimulatorThread, type SimThread } from '../sim';
import { formatDuration } from '../../shared/duration';
import { jsonText, plural, printable } from './format';
import { complain, signalExitCode, type CliDeps, type CliIo } from './io';
import { PROBE_DEFAULTS, UsageError } from './options';
import { createRunProgress } from './run-progress';
import { runSeries } from './run-series';
import { failingOf, renderRunReport, runStatusWords } from './run-report';
import type { RunOptions, StoreCommand } from './store-args';
import { withStore, type CliStore } from './store-session';

type RunCommand = Extract<StoreCommand, { kind: 'run' }>;

export function runRunCommand(command: RunCommand, io: CliIo, deps: CliDeps): Promise<number> {
  return withStore(command.target, io, deps, async (session) => {
    const { options } = command;
    const chosen = options.profiles.map((ref) => session.profiles.find(ref));
    const config: RunConfig = {
      prompt: options.prompt,
      max_tokens: maxTokensFor(options, chosen),
      modes: options.modes,
      trials: options.trials,
      profile_ids: chosen.map((p) => p.id),
      limits: {
        ...limitsFor(options.limits, chosen),
        // The app's setting, shared through the history, unless --reader-pace says otherwise.
        reader_pace_tps:
          options.limits.reader_pace_tps ?? readerPaceSetting(session.store.settings.read()),
      },
      reuse_connection: options.reuseConnection,
      warmup: options.warmup,
      max_retry_wait_ms: options.maxRetryWaitMs,
      give_up_after: options.giveUpAfter,
      ...(options.params === undefined ? {} : { params: options.params }),
      ...inputTokensOf(options.inputTokens),
      cache: options.cache,
    };
    let plan: RunPlan;
    let prompts: RunPrompt[];
    try {
      plan = planRun(config, session.store.profiles);
      prompts = await promptTexts(config);
    } catch (error) {
      if (error instanceof RunConfigError) throw new UsageError(error.problems.join('; '));
      throw error;
    }
    if (!options.withoutKeys) await refuseKeysInTheClear(session, chosen, io.env);
    // Free tiers count requests: say up front what the run will spend.
    io.stderr.write(planLine(plan, config, chosen));

    const sim = chosen.some(usesBuiltinSimulator) ? await startSimulatorThread() : null;
    const json = command.target.json;
    try {
      if (options.repeat === 1) {
        return await execute(session, { config, prompts }, chosen, sim, options, io, json, {
          series_id: null,
          label: options.label,
        });
      }
      return await runSeries(
        (tags) => execute(session, { config, prompts }, chosen, sim, options, io, json, tags),
        {
          count: options.repeat,
          everyMs: options.everyMs,
          label: options.label,
          calls: plan.calls,
        },
        io,
      );
    } finally {
      await sim?.close();
    }
  });
}

async function execute(
  session: CliStore,
  { config, prompts }: { config: RunConfig; prompts: readonly RunPrompt[] },
  chosen: readonly Profile[],
  sim: SimThread | null,
  options: RunOptions,
  io: CliIo,
  json: boolean,
  tags: RunTags,
): Promise<number> {
  const keyless = new Set(chosen.filter((p) => p.builtin).map((p) => p.id));
  // The engine's request path: the only reader of keys. The demo needs none and
  // so runs even without a keychain; --without-keys never asks it, nor reads
  // the profiles' key variables.
  const keys: KeySource = {
    readKeyForRequest: (id) =>
      options.withoutKeys || keyless.has(id)
        ? Promise.resolve(undefined)
        : session.keys.readKeyForRequest(id),
  };
  const handle = startRun(
    {
      profiles: sim ? withBuiltinEndpoint(session.store.profiles, sim.url) : session.store.profiles,
      keys,
      env: options.withoutKeys ? {} : io.env,
      sink: session.store.runs,
      learned: learningInto(session.store.profiles),
    },
    config,
    tags,
    prompts,
  );
  const progress = createRunProgress(io.stderr, {
    total: handle.plan.calls,
    names: new Map(chosen.map((p) => [p.id, p.name])),
    trials: config.trials,
    warmup: config.warmup,
  });
  handle.subscribe((event) => progress.handle(event));
  const cancel = (): void => handle.cancel();
  io.interrupt?.addEventListener('abort', cancel, { once: true });
  if (io.interrupt?.aborted) cancel();
  const outcome = await handle.done.finally(() =>
    io.interrupt?.removeEventListener('abort', cancel),
  );
  progress.clear();

  const detail = session.store.history.getRun(outcome.run_id);
  if (!detail) throw new Error(`run ${outcome.run_id} was not found after it finished`);
  io.stdout.write(
    json
      ? `${jsonText({
          run_id: outcome.run_id,
          status: outcome.status,
          summary: summaryRows(detail),
          failures: outcome.failures,
          errors: outcome.errors,
        })}\n`
      : // Provider text in the report (errors) is escaped for the terminal.
        printable(
          `run ${outcome.run_id}: ${runStatusWords(detail)}\n\n${renderRunReport(detail, outcome.failures)}`,
        ),
  );
  return exitCode(outcome, detail, io, session.path);
}

/** Summary per profile × mode, with the profile it belongs to. */
export function summaryRows(detail: RunDetail) {
  return detail.run.profiles.flatMap((profile) =>
    (detail.summaries[profile.id] ?? []).map((summary) => ({
      profile_id: profile.id,
      profile: profile.name,
      model: profile.model,
      ...summary,
    })),
  );
}

function exitCode(outcome: RunOutcome, detail: RunDetail, io: CliIo, path: string): number {
  const id = outcome.run_id;
  const counted = detail.trials.filter((t) => !t.warmup);
  if (outcome.status === 'cancelled') {
    complain(
      io,
      `interrupted: run ${id} was cancelled; the ${plural(detail.trials.length, 'trial')} that finished ${detail.trials.length === 1 ? 'is' : 'are'} saved`,
    );
    return signalExitCode(io.interrupt?.reason);
  }
  if (outcome.status === 'interrupted') {
    complain(io, `run ${id} stopped: ${outcome.errors[0] ?? 'saving failed'}`);
    return 1;
  }
  io.stderr.write(
    `saved in ${path}: lasttoken show ${id}; CSV: lasttoken export ${id} --kind trials --out FILE\n`,
  );
  if (outcome.failures.length > 0) {
    const total = detail.run.profiles.length;
    const stopped = outcome.failures.filter((f) => f.reason === 'gave_up').length;
    const unmeasured = outcome.failures.length - stopped;
    const parts = [
      ...(unmeasured > 0
        ? [`${unmeasured} of ${plural(total, 'profile')} could not be measured`]
        : []),
      ...(stopped > 0
        ? [`${stopped} of ${plural(total, 'profile')} stopped early after failing repeatedly`]
        : []),
    ];
    complain(io, `${parts.join('; ')} (see above)`);
    return 1;
  }
  if (counted.length > 0 && !counted.some((t) => t.trial.status === 'ok')) {
    const first = counted[0]?.trial;
    complain(
      io,
      `all ${counted.length} trials failed (${first?.status}: ${first?.error ?? 'no detail'})`,
    );
    return 1;
  }
  // A completed run can still have measured nothing of one endpoint: a script must not read it as a success.
  const failing = failingOf(detail);
  if (failing.length > 0) {
    const names = failing.map(
      (f) => `${profileNameOf(detail.run, f.profile_id)} (${f.ok} of ${f.trials} ok; ${f.status})`,
    );
    complain(
      io,
      `${failing.length} of ${plural(detail.run.profiles.length, 'profile')} measured nothing or mostly failed: ${names.join(', ')} (see above)`,
    );
    return 1;
  }
  return 0;
}

function planLine(plan: RunPlan, config: RunConfig, chosen: readonly Profile[]): string {
  const perProfile = plan.per_profile
    .map((p) => `${chosen.find((c) => c.id === p.profile_id)?.name ?? p.profile_id}: ${p.calls}`)
    .join(', ');
  return (
    `${plural(plan.calls, 'API call')}: ${plural(config.trials, 'trial')} of ${config.modes.join(' and ')} per profile` +
    `${config.warmup ? ' after a warm-up per mode' : ''}; ${perProfile}\n${pacingLine(plan, chosen)}`
  );
}

/** How long pacing makes the run take at least, and which profiles it spaces. */
function pacingLine(plan: RunPlan, chosen: readonly Profile[]): string {
  const paced = chosen.filter((p) => p.defaults.max_rpm !== undefined);
  if (paced.length === 0) return '';
  const rates = paced.map((p) => `${p.name} at most ${p.defaults.max_rpm}/min`).join(', ');
  return `paced: ${rates}; the run takes at least ${formatDuration(plan.min_duration_ms)}\n`;
}

/**
 * One max_tokens for the whole run, so the profiles answer alike: the flag, or
 * the profiles' default when they agree, or the probe's default.
 */
function maxTokensFor(options: RunOptions, chosen: readonly Profile[]): number {
  if (options.maxTokens !== null) return options.maxTokens;
  const defaults = [
    ...new Set(
      chosen.flatMap((p) => (p.defaults.max_tokens === undefined ? [] : [p.defaults.max_tokens])),
    ),
  ];
  if (defaults.length > 1) {
    throw new UsageError(
      `the profiles' default max_tokens differ (${defaults.join(', ')}): a comparison needs one; choose it with --max-tokens N`,
    );
  }
  return defaults[0] ?? PROBE_DEFAULTS.maxTokens;
}

/**
 * Each limit: the flag, else (timeouts) the most lenient of the profiles'
 * defaults, so that no profile is cut short by another's, else the engine's.
 */
function limitsFor(flags: Partial<Limits>, chosen: readonly Profile[]): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS, ...flags };
  for (const name of TIME_LIMITS) {
    if (flags[name] !== undefined) continue;
    const own = chosen.flatMap((p) => {
      const value = p.defaults[name];
      return value === undefined ? [] : [value];
    });
    if (own.length > 0) limits[name] = Math.max(...own);
  }
  return limits;
}

/**
 * A profile whose key would go over plain http to another machine without the
 * profile's confirmation: refused before any API call, naming the flag that
 * confirms it. Only such profiles are asked about (whether a key is stored).
 */
async function refuseKeysInTheClear(
  session: CliStore,
  chosen: readonly Profile[],
  env: CliIo['env'],
): Promise<void> {
  for (const profile of chosen) {
    if (profile.builtin || !keyWouldBeRefused(profile)) continue;
    let hasKey: boolean;
    try {
      hasKey = await session.profiles.hasKey(profile.id);
    } catch (error) {
      // The run reports the unreachable keychain for this profile itself.
      if (error instanceof KeychainUnavailableError) continue;
      throw error;
    }
    if (hasKey || (profile.key_env !== null && Boolean(env[profile.key_env]))) {
      throw new UsageError(
        `refusing to send the key of "${profile.name}" unencrypted over http to ${profile.base_url}: ` +
          `use https, or confirm with lasttoken profile edit ${profile.id} --allow-insecure-key`,
      );
    }
  }
}
