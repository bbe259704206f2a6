// The flags that set what a request says besides its prompt, alike on
// `probe` and `profile add/edit`, and the shared ones on `run`: --system,
// --temperature, --top-p, --seed, --stop, --reasoning-effort, --token-param,
// --body. What a value may be is request-params.ts' rule; here the command
// line's own form, and which flag a refusal is about.

import { readFileSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import {
  checkRequestParams,
  checkSharedParams,
  RequestParamsError,
  type ParamName,
  type RequestParams,
  type SharedParams,
} from '../../shared/request-params';
import type { Dialect } from '../../shared/trial';
import { shown, UsageError } from './options';

/** The flags every profile's parameters have, and a run sets for all its profiles. */
export const SHARED_PARAM_OPTIONS = {
  system: { type: 'string' },
  temperature: { type: 'string' },
  'top-p': { type: 'string' },
  seed: { type: 'string' },
  stop: { type: 'string', multiple: true },
} as const satisfies ParseArgsConfig['options'];

export const REQUEST_PARAM_OPTIONS = {
  ...SHARED_PARAM_OPTIONS,
  'reasoning-effort': { type: 'string' },
  'token-param': { type: 'string' },
  body: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

/** The flags as parseArgs returns them (with allowNegative, `--no-stop` arrives as a false). */
export interface RequestParamValues {
  system?: string | false;
  temperature?: string | false;
  'top-p'?: string | false;
  seed?: string | false;
  stop?: (string | false)[];
  'reasoning-effort'?: string | false;
  'token-param'?: string | false;
  body?: string | false;
}

const FLAG_OF: Record<ParamName | 'params', string> = {
  system: '--system',
  temperature: '--temperature',
  top_p: '--top-p',
  seed: '--seed',
  stop: '--stop',
  reasoning_effort: '--reasoning-effort',
  thinking_budget: '--reasoning-effort',
  token_param: '--token-param',
  extra_body: '--body',
  params: 'the request parameters',
};

/** What the flags change: the parameters given, and those an empty value clears (profile edit). */
export interface ParamsChange {
  set: Record<string, unknown>;
  clear: ParamName[];
}

function numberFlag(flag: string, value: string): number {
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(value.trim())) {
    throw new UsageError(`${flag} takes a number, got ${shown(value)}`);
  }
  return Number(value);
}

function wholeFlag(flag: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new UsageError(`${flag} takes a whole number, got ${shown(value)}`);
  }
  return Number(value);
}

/** `--body JSON` or `--body @FILE`: a JSON object either way. */
function bodyFlag(value: string): unknown {
  let text = value;
  if (value.startsWith('@')) {
    const path = value.slice(1);
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new UsageError(`--body @${path}: the file cannot be read (${code})`);
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Never the text: a body can hold what the user did not mean to show.
    throw new UsageError(
      `--body takes a JSON object ({"provider": {...}}) or @FILE holding one; this is not valid JSON`,
    );
  }
}

/**
 * `--reasoning-effort`: a word (OpenAI's reasoning_effort) or a number of
 * tokens (Anthropic's thinking budget); which one a dialect takes is the
 * parameters' check.
 */
function effortFlag(value: string): Record<string, unknown> {
  return /^\d+$/.test(value.trim())
    ? { thinking_budget: Number(value) }
    : { reasoning_effort: value.trim() };
}

/** Reads the flags given; an empty value (`--temperature ""`) or `--no-FLAG` asks to clear one. */
export function paramsChange(values: RequestParamValues): ParamsChange {
  const change: ParamsChange = { set: {}, clear: [] };
  const each = (
    flag: keyof RequestParamValues,
    params: ParamName[],
    read: (value: string) => Record<string, unknown>,
  ) => {
    const raw = values[flag];
    const given = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    if (given.length === 0) return;
    const texts = given.filter((v): v is string => v !== false && v.trim() !== '');
    if (texts.length === 0) {
      change.clear.push(...params);
      return;
    }
    Object.assign(change.set, read(texts[texts.length - 1] as string));
  };
  each('system', ['system'], (v) => ({ system: v }));
  each('temperature', ['temperature'], (v) => ({ temperature: numberFlag('--temperature', v) }));
  each('top-p', ['top_p'], (v) => ({ top_p: numberFlag('--top-p', v) }));
  each('seed', ['seed'], (v) => ({ seed: wholeFlag('--seed', v) }));
  const stops = (values.stop ?? []).filter((v): v is string => v !== false && v !== '');
  if (values.stop !== undefined) {
    if (stops.length === 0) change.clear.push('stop');
    else change.set.stop = stops.map(unescapeStop);
  }
  each('reasoning-effort', ['reasoning_effort', 'thinking_budget'], effortFlag);
  each('token-param', ['token_param'], (v) => ({ token_param: v.trim() }));
  each('body', ['extra_body'], (v) => ({ extra_body: bodyFlag(v) }));
  return change;
}

/** A stop sequence as typed in a shell: `\n` for a line break, as people write "\n\n". */
function unescapeStop(value: string): string {
  return value.replace(/\\([nt\\])/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : '\\',
  );
}

/** The refusal as a usage error about the flag that set the parameter. */
function withFlag<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof RequestParamsError)) throw error;
    throw new UsageError(`${FLAG_OF[error.param]}: ${error.message}`);
  }
}

/** The parameters of a probe or a new profile (over a preset's `base`), checked for its dialect. */
export function requestParamsFlags(
  values: RequestParamValues,
  dialect: Dialect,
  base: RequestParams = {},
): RequestParams {
  const change = paramsChange(values);
  return withFlag(() => checkRequestParams(editedParams(base, change), dialect));
}

/** A run's shared parameters; whether each profile takes them is checked when the run is planned. */
export function sharedParamsFlags(values: RequestParamValues): SharedParams | undefined {
  const change = paramsChange(values);
  const params = withFlag(() => checkSharedParams(change.set));
  return Object.keys(params).length > 0 ? params : undefined;
}

/** A profile's parameters after an edit: the given ones replace, the cleared ones go. */
export function editedParams(current: RequestParams, change: ParamsChange): RequestParams {
  const edited: Record<string, unknown> = { ...current, ...change.set };
  for (const name of change.clear) delete edited[name];
  return edited as RequestParams;
}
