// What a run will do before it does it: the order of each profile's trials
// and how many API calls that makes (free tiers count requests). The
// orchestrator executes exactly `trialSchedule`, so the announced number and
// the calls made cannot drift apart. A paced profile (defaults.max_rpm) takes
// at least its calls' spacing, which the plan says too.
import {
  checkRequestParams,
  describeParam,
  effectiveParams,
  RequestParamsError,
  sharedParamsRefused,
} from '../../shared/request-params';
import {
  MAX_RETRY_WAIT_MS,
  MAX_RPM,
  SIZE_LIMITS,
  TIME_LIMITS,
  type ProfileLookup,
  type RunConfig,
  type RunPlan,
  CACHE_POLICIES,
  MAX_INPUT_LENGTHS,
  MAX_INPUT_TOKENS,
  inputLengths,
} from '../../shared/run';
import { MODES, type Mode } from '../../shared/trial';
import { callSpacingMs } from './call-gate';

/** One trial of a profile's schedule. */
export interface PlannedTrial {
  mode: Mode;
  /** 1-based within the profile's trials of this mode; 0 is the warm-up. */
  trial_index: number;
  warmup: boolean;
  /** The synthetic prompt's length it sends (RunConfig.input_tokens); null: the prompt as it is. */
  input_tokens: number | null;
}

/** The run cannot start as configured; `problems` lists every reason. */
export class RunConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? `cannot start the run: ${problems[0]}`
        : `cannot start the run:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'RunConfigError';
    this.problems = problems;
  }
}

/**
 * The trials of one profile, in order. Warm-ups first, one per mode (the
 * stream and plain paths of a provider can differ: routing, caches, the
 * engine's one-time stream_options probe), then interleaved rounds: round 1
 * runs each mode once, in the configured order, then round 2... so drift over
 * time affects every mode alike. Every profile has the same schedule.
 *
 * A sweep of input lengths runs each round once per length, in the order
 * given, every mode at each (the same drift for every length, and one round
 * index means one length for every profile, which pairing relies on). Its
 * warm-ups send the first length: they warm the connection, and a warm cache,
 * which would prime one prompt only, is refused for a sweep.
 */
export function trialSchedule(
  config: Pick<RunConfig, 'modes' | 'trials' | 'warmup' | 'input_tokens'>,
): PlannedTrial[] {
  const given = inputLengths(config);
  // No lengths: one group, the prompt as it is.
  const lengths: readonly (number | null)[] = given.length > 0 ? given : [null];
  const schedule: PlannedTrial[] = [];
  if (config.warmup) {
    for (const mode of config.modes) {
      schedule.push({ mode, trial_index: 0, warmup: true, input_tokens: lengths[0] ?? null });
    }
  }
  let index = 0;
  for (let round = 1; round <= config.trials; round++) {
    for (const input_tokens of lengths) {
      index++;
      for (const mode of config.modes) {
        schedule.push({ mode, trial_index: index, warmup: false, input_tokens });
      }
    }
  }
  return schedule;
}

const isPositiveInteger = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;

/**
 * What each profile would send that it cannot: a run's shared parameter its
 * dialect has no field for (Anthropic has no seed), or one out of range.
 */
function paramsProblems(
  config: RunConfig,
  ids: readonly string[],
  profiles: ProfileLookup,
): string[] {
  const problems: string[] = [];
  for (const id of new Set(ids)) {
    const profile = profiles.get(id);
    if (profile == null) continue;
    const refused = sharedParamsRefused(profile.dialect, config.params);
    if (refused.length > 0) {
      problems.push(
        `profile “${profile.name}” (${profile.dialect}) has no ${refused.map(describeParam).join(' or ')} parameter: ` +
          'run it without that parameter, or set it on the profiles that take it',
      );
      continue;
    }
    try {
      checkRequestParams(effectiveParams(profile.params, config.params), profile.dialect);
    } catch (error) {
      if (!(error instanceof RequestParamsError)) throw error;
      problems.push(`profile “${profile.name}”: ${error.message}`);
    }
  }
  return problems;
}

/** What is wrong with the run's input lengths: each a whole number in range, a sweep of distinct ones. */
function inputLengthProblems(config: RunConfig): string[] {
  const given = config.input_tokens;
  if (given === undefined) return [];
  if (Array.isArray(given) && given.length === 0) {
    return ['input_tokens is an empty list: give at least one length, or leave it out'];
  }
  const lengths = inputLengths(config);
  const problems: string[] = [];
  const bad = lengths.filter((n) => !(isPositiveInteger(n) && n <= MAX_INPUT_TOKENS));
  if (bad.length > 0) {
    problems.push(
      `input_tokens must be whole numbers from 1 to ${MAX_INPUT_TOKENS}, got ${bad.join(', ')}`,
    );
  }
  if (lengths.length > MAX_INPUT_LENGTHS) {
    problems.push(
      `a sweep takes at most ${MAX_INPUT_LENGTHS} input lengths, got ${lengths.length}`,
    );
  }
  const repeated = lengths.filter((n, i) => lengths.indexOf(n) !== i);
  if (repeated.length > 0) {
    problems.push(`input length ${[...new Set(repeated)].join(', ')} is listed more than once`);
  }
  if (lengths.length > 1 && config.cache === 'warm') {
    problems.push(
      'a warm cache is primed by one warm-up prompt, and a sweep sends several: ' +
        'sweep with a cold cache, or measure each length as its own warm run',
    );
  }
  return problems;
}

/** Every reason the run cannot start, in words for the user; empty when it can. */
export function runConfigProblems(config: RunConfig, profiles: ProfileLookup): string[] {
  const problems: string[] = [];
  if (typeof config.prompt !== 'string' || config.prompt.trim() === '') {
    problems.push('the prompt is empty');
  }
  if (!isPositiveInteger(config.max_tokens)) {
    problems.push(`max_tokens must be a whole number of at least 1, got ${config.max_tokens}`);
  }
  if (!isPositiveInteger(config.trials)) {
    problems.push(`trials must be a whole number of at least 1, got ${config.trials}`);
  }

  const modes = Array.isArray(config.modes) ? config.modes : [];
  if (modes.length === 0) problems.push(`choose at least one mode (${MODES.join(', ')})`);
  const unknownModes = modes.filter((m) => !MODES.includes(m));
  if (unknownModes.length > 0) {
    problems.push(`unknown mode ${unknownModes.join(', ')} (modes: ${MODES.join(', ')})`);
  }
  const repeatedModes = modes.filter((m, i) => modes.indexOf(m) !== i);
  if (repeatedModes.length > 0) {
    problems.push(`mode ${[...new Set(repeatedModes)].join(', ')} is listed more than once`);
  }

  const ids = Array.isArray(config.profile_ids) ? config.profile_ids : [];
  if (ids.length === 0) problems.push('choose at least one profile');
  const repeatedIds = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (repeatedIds.length > 0) {
    problems.push(`profile ${[...new Set(repeatedIds)].join(', ')} is listed more than once`);
  }
  const unknownIds = [...new Set(ids)].filter((id) => profiles.get(id) == null);
  if (unknownIds.length > 0) {
    const noun = unknownIds.length === 1 ? 'profile' : 'profiles';
    problems.push(`no saved ${noun} with id ${unknownIds.join(', ')}`);
  }

  for (const name of TIME_LIMITS) {
    const value = config.limits?.[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      problems.push(`limits.${name} must be a positive number of milliseconds, got ${value}`);
    }
  }
  for (const name of SIZE_LIMITS) {
    const value = config.limits?.[name];
    if (!isPositiveInteger(value)) {
      problems.push(`limits.${name} must be a whole number of at least 1, got ${value}`);
    }
  }
  if (typeof config.reuse_connection !== 'boolean') {
    problems.push('reuse_connection must be true or false');
  }
  if (typeof config.warmup !== 'boolean') problems.push('warmup must be true or false');
  const maxRetryWait = config.max_retry_wait_ms;
  if (
    maxRetryWait !== undefined &&
    !(typeof maxRetryWait === 'number' && maxRetryWait >= 0 && maxRetryWait <= MAX_RETRY_WAIT_MS)
  ) {
    problems.push(
      `max_retry_wait_ms must be from 0 to ${MAX_RETRY_WAIT_MS} milliseconds, got ${maxRetryWait}`,
    );
  }
  const giveUp = config.give_up_after;
  if (giveUp !== undefined && !(giveUp === 0 || isPositiveInteger(giveUp))) {
    problems.push(`give_up_after must be a whole number (0: never give up), got ${giveUp}`);
  }
  problems.push(...paramsProblems(config, ids, profiles));
  if (config.cache !== undefined && !CACHE_POLICIES.includes(config.cache)) {
    problems.push(`cache must be one of ${CACHE_POLICIES.join(', ')}, got ${String(config.cache)}`);
  }
  if (config.cache === 'warm' && config.warmup !== true) {
    problems.push('a warm cache is primed by the warm-ups: turn warm-up on (warmup: true)');
  }
  problems.push(...inputLengthProblems(config));
  for (const id of ids) {
    const rpm = profiles.get(id)?.defaults.max_rpm;
    if (rpm !== undefined && !(isPositiveInteger(rpm) && rpm <= MAX_RPM)) {
      problems.push(
        `profile ${id}: max_rpm must be a whole number from 1 to ${MAX_RPM}, got ${rpm}`,
      );
    }
  }
  return problems;
}

/**
 * Validates the configuration and says how many API calls the run will make:
 * per profile, (trials × input lengths + warm-up) × modes, and the least time pacing makes
 * them take. Throws RunConfigError listing every problem.
 */
export function planRun(config: RunConfig, profiles: ProfileLookup): RunPlan {
  const problems = runConfigProblems(config, profiles);
  if (problems.length > 0) throw new RunConfigError(problems);
  const schedule = trialSchedule(config);
  const perProfile = schedule.length;
  const warmups = schedule.filter((t) => t.warmup).length;
  const per_profile = config.profile_ids.map((profile_id) => ({
    profile_id,
    calls: perProfile,
    // The first call starts at once; each further one waits its spacing.
    min_ms: (perProfile - 1) * callSpacingMs(profiles.get(profile_id)?.defaults.max_rpm),
  }));
  return {
    calls: perProfile * config.profile_ids.length,
    warmup_calls: warmups * config.profile_ids.length,
    per_profile,
    min_duration_ms: Math.max(0, ...per_profile.map((p) => p.min_ms)),
  };
}
