// The new-run form as the user edits it, and the run configuration it makes.
// Numbers stay the text the user typed until they parse, so that clearing a
// field to type another value is not an error, and a value that cannot be
// sent is named next to its field instead of failing the whole request.
// The run's parameters for all its profiles are read by the profile form's
// own reader (profile-draft.ts), so that both refuse alike.

import type { RunDefaults } from '../../../../shared/api';
import {
  inputTokensOf,
  parseInputLengths,
  type InputLengthsProblem,
} from '../../../../shared/input-lengths';
import type { InputOf, IpcContract } from '../../../../shared/ipc-contract';
import {
  DEFAULT_CACHE_POLICY,
  MAX_RETRY_WAIT_MS,
  MAX_TOKENS,
  MAX_TRIALS,
  TIME_LIMITS,
  type CachePolicy,
  type Profile,
} from '../../../../shared/run';
import type { Mode } from '../../../../shared/trial';
import {
  paramsDraftOf,
  sharedParamsOfDraft,
  type DraftProblem,
  type ParamsDraft,
} from '../profiles/profile-draft';

export type RunConfigInput = InputOf<IpcContract['runsStart']>;

/** "both" interleaves the two modes round by round, as the orchestrator schedules them. */
export const MODE_CHOICES = ['stream', 'plain', 'both'] as const;
export type ModeChoice = (typeof MODE_CHOICES)[number];

export type TimeLimit = (typeof TIME_LIMITS)[number];

export interface RunDraft {
  /** In the order the profiles are listed. */
  profileIds: string[];
  prompt: string;
  modes: ModeChoice;
  trials: string;
  maxTokens: string;
  /** Seconds, as typed. */
  timeouts: Record<TimeLimit, string>;
  warmup: boolean;
  reuseConnection: boolean;
  /** Seconds, as typed: the longest wait a Retry-After may impose (0: never wait). */
  maxRetryWait: string;
  /** Failed trials in a row after which a profile stops (0: never), as typed. */
  giveUpAfter: string;
  /** Empty: the prompt as it is; "8k": a synthetic prompt of 8,000 tokens; "1k, 8k": a sweep. */
  inputTokens: string;
  cache: CachePolicy;
  /** For all the run's profiles, winning over their own; only the shared fields are read. */
  params: ParamsDraft;
}

export type DraftField =
  'trials' | 'max_tokens' | TimeLimit | 'max_retry_wait_ms' | 'give_up_after' | 'input_tokens';

/** Why a field's text cannot be sent; the form words it. `min` 0: zero is allowed. */
export type FieldError =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'seconds'; min: 0 | 1; max: number }
  | { kind: 'input_tokens'; problem: InputLengthsProblem };

/** The contract's bound on every time limit: one day. */
const MAX_SECONDS = 86_400;
const SECOND = 1000;

export function modesOf(choice: ModeChoice): Mode[] {
  return choice === 'both' ? ['stream', 'plain'] : [choice];
}

/** Seconds without float noise (0.1 s, not 0.10000000000000001 s). */
export function secondsText(ms: number): string {
  return String(Math.round(ms) / SECOND);
}

/**
 * What the form starts from: the user's defaults, and the built-in demo
 * chosen when it is the only profile, so that a newcomer can start at once.
 */
export function draftFromDefaults(defaults: RunDefaults, profiles: readonly Profile[]): RunDraft {
  const onlyDemo = profiles.length > 0 && profiles.every((p) => p.builtin);
  return {
    profileIds: onlyDemo ? profiles.map((p) => p.id) : [],
    prompt: defaults.prompt,
    modes: 'both',
    trials: String(defaults.trials),
    maxTokens: String(defaults.max_tokens),
    timeouts: {
      connect_timeout_ms: secondsText(defaults.connect_timeout_ms),
      idle_timeout_ms: secondsText(defaults.idle_timeout_ms),
      stall_ms: secondsText(defaults.stall_ms),
      deadline_ms: secondsText(defaults.deadline_ms),
    },
    warmup: defaults.warmup,
    reuseConnection: false,
    maxRetryWait: secondsText(defaults.max_retry_wait_ms),
    giveUpAfter: String(defaults.give_up_after),
    inputTokens: '',
    cache: DEFAULT_CACHE_POLICY,
    params: paramsDraftOf({}),
  };
}

/** A draft kept from earlier, less the profiles that no longer exist, in the list's order. */
export function draftForProfiles(draft: RunDraft, profiles: readonly Profile[]): RunDraft {
  const chosen = new Set(draft.profileIds);
  return { ...draft, profileIds: profiles.filter((p) => chosen.has(p.id)).map((p) => p.id) };
}

function parseInteger(text: string, max: number, min = 1): number | FieldError {
  const value = Number(text.trim());
  const valid = text.trim() !== '' && Number.isSafeInteger(value) && value >= min && value <= max;
  return valid ? value : { kind: 'integer', min, max };
}

function parseSeconds(text: string, min: 0 | 1 = 1, max = MAX_SECONDS): number | FieldError {
  const seconds = Number(text.trim());
  const ms = Math.round(seconds * SECOND);
  const valid = text.trim() !== '' && Number.isFinite(seconds) && ms >= min && seconds <= max;
  return valid ? ms : { kind: 'seconds', min, max };
}

export interface ParsedDraft {
  /** Null while a field cannot be sent. */
  config: RunConfigInput | null;
  errors: Partial<Record<DraftField, FieldError>>;
  /** The shared parameters' problems, each next to its field (profile-draft's words). */
  paramProblems: DraftProblem[];
  /** The input lengths typed, whatever the other fields say; none while they cannot be read. */
  inputLengths: number[];
}

/**
 * The configuration to plan and start. What only the service can judge (an
 * empty prompt, no profile chosen) is left to its plan, which says why.
 */
export function parseDraft(draft: RunDraft): ParsedDraft {
  const errors: Partial<Record<DraftField, FieldError>> = {};
  const number = (field: DraftField, parsed: number | FieldError): number => {
    if (typeof parsed === 'number') return parsed;
    errors[field] = parsed;
    return 0;
  };
  const trials = number('trials', parseInteger(draft.trials, MAX_TRIALS));
  const maxTokens = number('max_tokens', parseInteger(draft.maxTokens, MAX_TOKENS));
  const limits = Object.fromEntries(
    TIME_LIMITS.map((name) => [name, number(name, parseSeconds(draft.timeouts[name]))]),
  ) as Record<TimeLimit, number>;
  const maxRetryWait = number(
    'max_retry_wait_ms',
    parseSeconds(draft.maxRetryWait, 0, MAX_RETRY_WAIT_MS / SECOND),
  );
  const giveUpAfter = number('give_up_after', parseInteger(draft.giveUpAfter, MAX_TRIALS, 0));
  const lengths = parseInputLengths(draft.inputTokens);
  if (!lengths.ok) errors.input_tokens = { kind: 'input_tokens', problem: lengths.problem };
  const params = sharedParamsOfDraft(draft.params);
  const paramProblems = params.ok ? [] : params.problems;
  const inputLengths = lengths.ok ? lengths.lengths : [];
  if (Object.keys(errors).length > 0 || !params.ok || !lengths.ok) {
    return { config: null, errors, paramProblems, inputLengths };
  }
  return {
    config: {
      prompt: draft.prompt,
      max_tokens: maxTokens,
      modes: modesOf(draft.modes),
      trials,
      profile_ids: draft.profileIds,
      limits,
      reuse_connection: draft.reuseConnection,
      warmup: draft.warmup,
      max_retry_wait_ms: maxRetryWait,
      give_up_after: giveUpAfter,
      ...inputTokensOf(inputLengths),
      cache: draft.cache,
      ...(Object.keys(params.params).length > 0 && { params: params.params }),
    },
    errors,
    paramProblems,
    inputLengths,
  };
}
