// What a request says besides its prompt and its token limit: the sampling
// parameters, a system prompt, the reasoning effort, the name of the token
// limit, and an "extra body" merged into the JSON as the provider's own
// fields. One checker for every front end (CLI, API, profile form, run files),
// so a value refused in one is refused in all with the same words.

import { z } from 'zod';
import type { Dialect } from './trial';

/** OpenAI's reasoning_effort values, from gpt-5.1's `none` to `xhigh`. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/**
 * How openai-chat names the token limit. OpenAI's reasoning models refuse
 * `max_tokens` with a 400; some compatible servers refuse the newer name.
 */
export const TOKEN_PARAMS = ['max_tokens', 'max_completion_tokens'] as const;
export type TokenParam = (typeof TOKEN_PARAMS)[number];

/** OpenAI accepts up to 4 stop sequences; Anthropic more, but 4 covers what people send. */
export const MAX_STOP_SEQUENCES = 4;
export const MAX_SYSTEM_CHARS = 100_000;
const MAX_STOP_CHARS = 200;
/** An extra body as JSON: provider routing and options, not documents. */
export const MAX_EXTRA_BODY_CHARS = 16_384;
const MAX_EXTRA_BODY_DEPTH = 8;
/** Anthropic's smallest thinking budget. */
export const MIN_THINKING_BUDGET = 1024;
const MAX_THINKING_BUDGET = 1_000_000;

export interface RequestParams {
  /** Sent first, as the dialect sends a system prompt (a system message, `system`, `instructions`). */
  system?: string;
  temperature?: number;
  top_p?: number;
  seed?: number;
  stop?: string[];
  /** OpenAI dialects' `reasoning_effort`. */
  reasoning_effort?: ReasoningEffort;
  /** anthropic-messages: `thinking: {type: 'enabled', budget_tokens}`. */
  thinking_budget?: number;
  /** openai-chat: the token limit's name; absent: `max_tokens` until a 400 says otherwise. */
  token_param?: TokenParam;
  /** Merged into the request body last; it may not replace what LastToken sets itself. */
  extra_body?: Record<string, unknown>;
}

/** The parameters a run may set for all its profiles at once: they win over each profile's own. */
export const SHARED_PARAMS = ['system', 'temperature', 'top_p', 'seed', 'stop'] as const;
export type SharedParams = Pick<RequestParams, (typeof SHARED_PARAMS)[number]>;

export type ParamName = keyof RequestParams;

// A Record, so that a new RequestParams field fails to compile until it is listed.
const PARAM_NAMES = Object.keys({
  system: true,
  temperature: true,
  top_p: true,
  seed: true,
  stop: true,
  reasoning_effort: true,
  thinking_budget: true,
  token_param: true,
  extra_body: true,
} satisfies Record<ParamName, true>) as ParamName[];

/** Each parameter's name on the wire, per dialect; absent: the dialect has no such parameter. */
const WIRE_NAMES: Record<Dialect, Partial<Record<ParamName, string>>> = {
  'openai-chat': {
    temperature: 'temperature',
    top_p: 'top_p',
    seed: 'seed',
    stop: 'stop',
    reasoning_effort: 'reasoning_effort',
    system: 'messages',
    token_param: 'max_tokens',
  },
  'anthropic-messages': {
    temperature: 'temperature',
    top_p: 'top_p',
    stop: 'stop_sequences',
    thinking_budget: 'thinking',
    system: 'system',
  },
  // The Responses API has no seed and no stop sequences.
  'openai-responses': {
    temperature: 'temperature',
    top_p: 'top_p',
    reasoning_effort: 'reasoning',
    system: 'instructions',
  },
};

/** What the body carries that LastToken sets itself: the extra body may not replace it. */
const OWN_FIELDS: Record<Dialect, readonly string[]> = {
  'openai-chat': [
    'model',
    'messages',
    'stream',
    'stream_options',
    'max_tokens',
    'max_completion_tokens',
  ],
  'anthropic-messages': ['model', 'messages', 'system', 'stream', 'max_tokens'],
  'openai-responses': ['model', 'input', 'instructions', 'stream', 'max_output_tokens'],
};

/** Whether `dialect` has the parameter at all. */
export function dialectHas(dialect: Dialect, param: ParamName): boolean {
  return param === 'extra_body' || WIRE_NAMES[dialect][param] !== undefined;
}

/** A parameter is not acceptable: which one, and why, in words a user can act on. */
export class RequestParamsError extends Error {
  override name = 'RequestParamsError';
  constructor(
    /** `params`: the parameters as a whole. */
    readonly param: ParamName | 'params',
    message: string,
  ) {
    super(message);
  }
}

// A body field whose name says it carries a credential. Narrower than the
// header rule: `max_tokens` and `budget_tokens` are no credentials.
const CREDENTIAL_FIELD =
  /auth|api[-_]?key|^key$|secret|passw|cookie|signature|credential|(access|refresh|bearer|session|id)[-_]?token|^token$/i;
// A value shaped like a provider's key (sk-..., a bearer credential).
const CREDENTIAL_VALUE = /^\s*(bearer\s+\S|(sk|rk|pk|gsk|xai|sk-ant|sk-or)-[A-Za-z0-9_-]{16,})/i;

const CONTROL = /[\p{Cc}\u2028\u2029]/u;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function numberIn(param: ParamName, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new RequestParamsError(param, `${param} must be a number from ${min} to ${max}`);
  }
  return value;
}

function wholeIn(param: ParamName, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RequestParamsError(param, `${param} must be a whole number from ${min} to ${max}`);
  }
  return value;
}

function systemPrompt(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    throw new RequestParamsError('system', 'the system prompt must be text');
  }
  if (value.length > MAX_SYSTEM_CHARS) {
    throw new RequestParamsError(
      'system',
      `the system prompt is longer than ${MAX_SYSTEM_CHARS} characters`,
    );
  }
  return value.trim() === '' ? undefined : value;
}

function stopSequences(value: unknown): string[] | undefined {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((s) => typeof s !== 'string' || s === '')) {
    throw new RequestParamsError('stop', 'each stop sequence must be non-empty text');
  }
  if (list.length > MAX_STOP_SEQUENCES) {
    throw new RequestParamsError('stop', `at most ${MAX_STOP_SEQUENCES} stop sequences`);
  }
  if (list.some((s: string) => s.length > MAX_STOP_CHARS)) {
    throw new RequestParamsError(
      'stop',
      `a stop sequence is longer than ${MAX_STOP_CHARS} characters`,
    );
  }
  // A line break is a common stop sequence; other control characters are slips.
  if (list.some((s: string) => CONTROL.test(s.replace(/[\n\r\t]/g, '')))) {
    throw new RequestParamsError('stop', 'a stop sequence contains a control character');
  }
  return list.length === 0 ? undefined : (list as string[]);
}

function oneOf<T extends string>(param: ParamName, value: unknown, allowed: readonly T[]): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) {
    throw new RequestParamsError(param, `${param} must be one of ${allowed.join(', ')}`);
  }
  return found;
}

/** Refuses a field or value anywhere in the extra body that would carry a credential. */
function checkNoCredential(value: unknown, path: string, depth: number): void {
  if (depth > MAX_EXTRA_BODY_DEPTH) {
    throw new RequestParamsError(
      'extra_body',
      `the extra body nests deeper than ${MAX_EXTRA_BODY_DEPTH} levels`,
    );
  }
  if (typeof value === 'string' && CREDENTIAL_VALUE.test(value)) {
    throw new RequestParamsError(
      'extra_body',
      `the extra body's ${path} looks like a credential: keys live in the keychain or an environment variable, never in a request's body`,
    );
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkNoCredential(item, `${path}[${i}]`, depth + 1));
    return;
  }
  if (!isObject(value)) return;
  for (const [name, inner] of Object.entries(value)) {
    const at = path === '' ? name : `${path}.${name}`;
    if (CREDENTIAL_FIELD.test(name)) {
      throw new RequestParamsError(
        'extra_body',
        `the extra body's field ${at} would carry a credential: keys live in the keychain or an environment variable, never in a request's body`,
      );
    }
    checkNoCredential(inner, at, depth + 1);
  }
}

function extraBody(value: unknown, dialect: Dialect, set: RequestParams): Record<string, unknown> {
  if (!isObject(value)) {
    throw new RequestParamsError('extra_body', 'the extra body must be a JSON object ({...})');
  }
  const json = JSON.stringify(value);
  if (json.length > MAX_EXTRA_BODY_CHARS) {
    throw new RequestParamsError(
      'extra_body',
      `the extra body is longer than ${MAX_EXTRA_BODY_CHARS} characters of JSON`,
    );
  }
  checkNoCredential(value, '', 0);
  for (const name of Object.keys(value)) {
    if (OWN_FIELDS[dialect].includes(name)) {
      throw new RequestParamsError(
        'extra_body',
        `the extra body may not set ${name}: LastToken sets it (the model, the prompt, streaming and the token limit are the run's)`,
      );
    }
    const twin = (Object.keys(set) as ParamName[]).find(
      (param) => param !== 'token_param' && WIRE_NAMES[dialect][param] === name,
    );
    if (twin !== undefined) {
      throw new RequestParamsError(
        'extra_body',
        `${name} is set twice, as ${twin} and in the extra body: keep one`,
      );
    }
  }
  // A copy through JSON: what is stored and sent is exactly what was checked.
  return JSON.parse(json) as Record<string, unknown>;
}

/** Each given parameter checked on its own (range, form), before any dialect is known. */
function checkedValues(input: Record<string, unknown>): RequestParams {
  const unknown = Object.keys(input).find((name) => !PARAM_NAMES.includes(name as ParamName));
  if (unknown !== undefined) {
    throw new RequestParamsError('params', `there is no request parameter ${unknown}`);
  }
  const params: RequestParams = {};
  const given = (name: ParamName) => input[name] !== undefined && input[name] !== null;
  if (given('system')) {
    const system = systemPrompt(input.system);
    if (system !== undefined) params.system = system;
  }
  if (given('temperature')) params.temperature = numberIn('temperature', input.temperature, 0, 2);
  if (given('top_p')) params.top_p = numberIn('top_p', input.top_p, 0, 1);
  if (given('seed')) params.seed = wholeIn('seed', input.seed, 0, Number.MAX_SAFE_INTEGER);
  if (given('stop')) {
    const stop = stopSequences(input.stop);
    if (stop !== undefined) params.stop = stop;
  }
  if (given('reasoning_effort')) {
    params.reasoning_effort = oneOf('reasoning_effort', input.reasoning_effort, REASONING_EFFORTS);
  }
  if (given('thinking_budget')) {
    params.thinking_budget = wholeIn(
      'thinking_budget',
      input.thinking_budget,
      MIN_THINKING_BUDGET,
      MAX_THINKING_BUDGET,
    );
  }
  if (given('token_param')) {
    params.token_param = oneOf('token_param', input.token_param, TOKEN_PARAMS);
  }
  return params;
}

function asObject(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    throw new RequestParamsError('params', 'the request parameters must be an object');
  }
  return value;
}

/** Why a dialect cannot take a parameter, and what it takes instead where it has a twin. */
function missingText(dialect: Dialect, param: ParamName): string {
  if (param === 'reasoning_effort' && dialectHas(dialect, 'thinking_budget')) {
    return `${dialect} takes no reasoning effort but a thinking budget in tokens (at least ${MIN_THINKING_BUDGET})`;
  }
  if (param === 'thinking_budget' && dialectHas(dialect, 'reasoning_effort')) {
    return `${dialect} takes no thinking budget but a reasoning effort (${REASONING_EFFORTS.join(', ')})`;
  }
  return `${dialect} has no ${describeParam(param)} parameter`;
}

/**
 * The parameters as they will be stored and sent, or a RequestParamsError
 * for the first that is not acceptable for `dialect`: out of range, or one
 * the dialect has no parameter for (Anthropic has no seed), or an extra body
 * that would replace the request's own fields or carry a credential.
 * Blank texts and empty lists are no parameter.
 */
export function checkRequestParams(value: unknown, dialect: Dialect): RequestParams {
  const input = asObject(value);
  const params = checkedValues(input);
  for (const param of Object.keys(params) as ParamName[]) {
    if (!dialectHas(dialect, param))
      throw new RequestParamsError(param, missingText(dialect, param));
  }
  if (input.extra_body !== undefined && input.extra_body !== null) {
    const body = extraBody(input.extra_body, dialect, params);
    if (Object.keys(body).length > 0) params.extra_body = body;
  }
  return params;
}

/** A run's shared parameters, checked on their own; whether each profile's dialect takes them is the run's check. */
export function checkSharedParams(value: unknown): SharedParams {
  const input = asObject(value);
  const other = Object.keys(input).find(
    (name) => !(SHARED_PARAMS as readonly string[]).includes(name),
  );
  if (other !== undefined) {
    throw new RequestParamsError(
      'params',
      `a run sets only ${SHARED_PARAMS.join(', ')} for all its profiles; ${other} is a profile's own`,
    );
  }
  return checkedValues(input);
}

/** The parameter as people call it, for messages. */
export function describeParam(param: ParamName): string {
  switch (param) {
    case 'system':
      return 'system prompt';
    case 'thinking_budget':
      return 'thinking budget (thinking.budget_tokens)';
    case 'token_param':
      return 'choice of token limit name';
    case 'extra_body':
      return 'extra body';
    default:
      return param;
  }
}

/**
 * What a profile's requests carry in a run: the run's shared parameters win
 * over the profile's own (a run's `--temperature 0` holds for every profile).
 */
export function effectiveParams(
  profile: RequestParams,
  run: SharedParams | undefined,
): RequestParams {
  const merged: RequestParams = { ...profile };
  for (const name of SHARED_PARAMS) {
    const value = run?.[name];
    if (value !== undefined) Object.assign(merged, { [name]: value });
  }
  return merged;
}

/** The run's shared parameters a profile's dialect cannot take: the run is refused for them. */
export function sharedParamsRefused(dialect: Dialect, run: SharedParams | undefined): ParamName[] {
  return SHARED_PARAMS.filter((name) => run?.[name] !== undefined && !dialectHas(dialect, name));
}

/**
 * The parameters' shape, for inputs that cross a boundary (the API, run and
 * profile files). What they mean for a dialect is checkRequestParams'.
 */
export const requestParamsSchema = z.strictObject({
  system: z.string().max(MAX_SYSTEM_CHARS).optional(),
  temperature: z.number().optional(),
  top_p: z.number().optional(),
  seed: z.int().optional(),
  stop: z.array(z.string().max(MAX_STOP_CHARS)).max(MAX_STOP_SEQUENCES).optional(),
  reasoning_effort: z.enum(REASONING_EFFORTS).optional(),
  thinking_budget: z.int().optional(),
  token_param: z.enum(TOKEN_PARAMS).optional(),
  extra_body: z.record(z.string(), z.unknown()).optional(),
});

export const sharedParamsSchema = requestParamsSchema.pick({
  system: true,
  temperature: true,
  top_p: true,
  seed: true,
  stop: true,
});
