// A profile as the form edits it (text in the inputs, seconds for timeouts,
// header rows) and back to what profilesCreate/profilesUpdate take. The
// services check what the values mean; here only what the form itself turns
// into numbers and names: a timeout that is not a number never reaches them.
// The request parameters are the exception: their checker is pure
// (request-params.ts), so the form runs it too and shows every refusal next
// to its field before anything is sent.

import type { InputOf, IpcContract } from '../../../../shared/ipc-contract';
import {
  MAX_RPM,
  MAX_TOKENS,
  type Profile,
  type ProfileDefaults,
  type ProxyMode,
} from '../../../../shared/run';
import type { ProviderPreset } from '../../../../shared/presets';
import {
  checkRequestParams,
  checkSharedParams,
  dialectHas,
  SHARED_PARAMS,
  RequestParamsError,
  type ParamName,
  type ReasoningEffort,
  type RequestParams,
  type TokenParam,
} from '../../../../shared/request-params';
import type { Dialect } from '../../../../shared/trial';
import { needsInsecureKeyConfirmation } from './endpoint-url';
import { asSentence } from './form-errors';

export type ProfileInputOf = InputOf<IpcContract['profilesCreate']>;

export interface HeaderRow {
  name: string;
  value: string;
}

export const TIMEOUT_FIELDS = [
  'connect_timeout_ms',
  'idle_timeout_ms',
  'stall_ms',
  'deadline_ms',
] as const;
export type TimeoutField = (typeof TIMEOUT_FIELDS)[number];

/** The request parameters in the form's order; each dialect shows those it has (paramFieldsOf). */
export const PARAM_FIELDS = [
  'system',
  'temperature',
  'top_p',
  'seed',
  'stop',
  'reasoning_effort',
  'thinking_budget',
  'token_param',
  'extra_body',
] as const satisfies readonly ParamName[];

/** Where a parameter's problem is shown: next to its field, or (`params`) under the whole section. */
export type ParamField = ParamName | 'params';

/** The request parameters as typed. Empty: not sent (the endpoint's own default). */
export interface ParamsDraft {
  system: string;
  temperature: string;
  top_p: string;
  seed: string;
  /** One sequence per line; a line break inside one is written \n, a backslash \\. */
  stop: string;
  reasoning_effort: ReasoningEffort | '';
  thinking_budget: string;
  /** Empty: not said, so max_tokens until a 400 names it. */
  token_param: TokenParam | '';
  /** A JSON object as typed. */
  extra_body: string;
}

export interface ProfileDraft {
  name: string;
  /** A palette slot (Profile.color); null: the service picks the one fewest profiles have. */
  color: number | null;
  base_url: string;
  dialect: Dialect;
  model: string;
  headers: HeaderRow[];
  /** Text as typed; empty: the run's own setting applies. */
  max_tokens: string;
  /** Seconds as typed; empty: the run's own setting applies. */
  timeouts: Record<TimeoutField, string>;
  /** Calls per minute as typed; empty: not paced. */
  max_rpm: string;
  /** Kept for every dialect while the form is open; only the chosen dialect's are sent. */
  params: ParamsDraft;
  notes: string;
  allow_insecure_key: boolean;
  /** Empty: the dialect's own header (and prefix). */
  key_header: string;
  /** Verbatim, spaces included; empty: none. */
  key_prefix: string;
  query: HeaderRow[];
  /** A variable's name; empty: none. */
  key_env: string;
  proxy_mode: ProxyMode;
  proxy_url: string;
  /** Write-only: empty keeps what is stored. */
  proxy_username: string;
  proxy_password: string;
  /** Remove the credentials stored for the proxy. */
  proxy_forget: boolean;
}

/** The contract's bound for a timeout: one day. */
export const MAX_TIMEOUT_S = 86_400;

/** A problem the form finds itself: the field it belongs to and its message's i18n key. */
export interface DraftProblem {
  field: 'headers' | 'query' | 'max_tokens' | 'max_rpm' | TimeoutField | ParamField;
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The input to send, or the form's own problems and what it could build
 * without the values it refused (for main to check the rest at the same time).
 */
export type BuiltInput =
  | { ok: true; input: ProfileInputOf }
  | { ok: false; problems: DraftProblem[]; input: ProfileInputOf };

/** The form for `profile`, or for a new one in `suggestedColor` (null: the service's choice). */
export function draftOf(
  profile: Profile | null,
  suggestedColor: number | null = null,
): ProfileDraft {
  const seconds = (ms: number | undefined): string => (ms === undefined ? '' : String(ms / 1000));
  return {
    name: profile?.name ?? '',
    color: profile?.color ?? suggestedColor,
    base_url: profile?.base_url ?? '',
    dialect: profile?.dialect ?? 'openai-chat',
    model: profile?.model ?? '',
    headers: Object.entries(profile?.headers ?? {}).map(([name, value]) => ({ name, value })),
    max_tokens:
      profile?.defaults.max_tokens === undefined ? '' : String(profile.defaults.max_tokens),
    timeouts: {
      connect_timeout_ms: seconds(profile?.defaults.connect_timeout_ms),
      idle_timeout_ms: seconds(profile?.defaults.idle_timeout_ms),
      stall_ms: seconds(profile?.defaults.stall_ms),
      deadline_ms: seconds(profile?.defaults.deadline_ms),
    },
    max_rpm: profile?.defaults.max_rpm === undefined ? '' : String(profile.defaults.max_rpm),
    params: paramsDraftOf(profile?.params ?? {}),
    notes: profile?.notes ?? '',
    allow_insecure_key: profile?.allow_insecure_key ?? false,
    key_header: profile?.key_header ?? '',
    key_prefix: profile?.key_prefix ?? '',
    query: Object.entries(profile?.query ?? {}).map(([name, value]) => ({ name, value })),
    key_env: profile?.key_env ?? '',
    proxy_mode: profile?.proxy_mode ?? 'env',
    proxy_url: profile?.proxy_url ?? '',
    proxy_username: '',
    proxy_password: '',
    proxy_forget: false,
  };
}

/** The draft with what a preset fills in: where the endpoint is, its format, its key header and its token limit's name. */
export function withPreset(draft: ProfileDraft, preset: ProviderPreset): ProfileDraft {
  return {
    ...draft,
    name: draft.name.trim() === '' ? preset.name : draft.name,
    base_url: preset.base_url,
    dialect: preset.dialect,
    key_header: preset.key_header?.name ?? '',
    key_prefix: preset.key_header?.prefix ?? '',
    // The provider's token limit name where the preset knows it; another provider's would not apply.
    params: { ...draft.params, token_param: preset.params.token_param ?? '' },
  };
}

/** Milliseconds from seconds as typed (whole ms: a finer timeout means nothing), or a problem. */
export function secondsToMs(text: string): number | 'invalid' | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const seconds = Number(trimmed);
  if (!Number.isFinite(seconds)) return 'invalid';
  const ms = Math.round(seconds * 1000);
  return ms >= 1 && seconds <= MAX_TIMEOUT_S ? ms : 'invalid';
}

/** A whole number from 1 to `max` as typed; empty: not given. */
function parseCount(text: string, max: number): number | 'invalid' | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 && value <= max ? value : 'invalid';
}

export function parseMaxTokens(text: string): number | 'invalid' | undefined {
  return parseCount(text, MAX_TOKENS);
}

type Pairs = { ok: true; pairs: Record<string, string> } | { ok: false; problem: DraftProblem };

/**
 * Rows to a record. Rows left blank are dropped; a name given twice is a
 * problem here, because a record would silently keep one. Everything else (an
 * invalid name, a credential) is the service's to refuse.
 */
function pairsOf(rows: readonly HeaderRow[], field: 'headers' | 'query', caseless: boolean): Pairs {
  const pairs: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value.trim() === '') continue;
    const same = caseless ? name.toLowerCase() : name;
    if (seen.has(same)) {
      const key = field === 'headers' ? 'headerTwice' : 'queryTwice';
      return {
        ok: false,
        problem: { field, key: `profiles.form.errors.${key}`, values: { name } },
      };
    }
    seen.add(same);
    pairs[name] = row.value;
  }
  return { ok: true, pairs };
}

/** Header rows to headers: names in any case are the same header. */
export const headersOf = (rows: readonly HeaderRow[]): Pairs => pairsOf(rows, 'headers', true);

/** Query rows to parameters: names are case-sensitive in a URL. */
export const queryOf = (rows: readonly HeaderRow[]): Pairs => pairsOf(rows, 'query', false);

/** The proxy credentials to send: new ones typed, null to remove the stored ones, undefined to keep them. */
function proxyCredentialsOf(draft: ProfileDraft): ProfileInputOf['proxy_credentials'] {
  if (draft.proxy_mode !== 'url') return undefined;
  if (draft.proxy_username.trim() !== '') {
    return { username: draft.proxy_username.trim(), password: draft.proxy_password };
  }
  return draft.proxy_forget ? null : undefined;
}

const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export function inputOfDraft(draft: ProfileDraft): BuiltInput {
  const problems: DraftProblem[] = [];
  const defaults: ProfileDefaults = {};
  const counts = [
    { field: 'max_tokens', max: MAX_TOKENS, key: 'profiles.form.errors.maxTokens' },
    { field: 'max_rpm', max: MAX_RPM, key: 'profiles.form.errors.maxRpm' },
  ] as const;
  for (const { field, max, key } of counts) {
    const value = parseCount(draft[field], max);
    if (value === 'invalid') problems.push({ field, key, values: { max } });
    else if (value !== undefined) defaults[field] = value;
  }
  for (const field of TIMEOUT_FIELDS) {
    const ms = secondsToMs(draft.timeouts[field]);
    if (ms === 'invalid') {
      problems.push({ field, key: 'profiles.form.errors.seconds', values: { max: MAX_TIMEOUT_S } });
    } else if (ms !== undefined) {
      defaults[field] = ms;
    }
  }
  const headers = headersOf(draft.headers);
  if (!headers.ok) problems.push(headers.problem);
  const query = queryOf(draft.query);
  if (!query.ok) problems.push(query.problem);
  const params = paramsOfDraft(draft.params, draft.dialect);
  if (!params.ok) problems.push(...params.problems);
  const credentials = proxyCredentialsOf(draft);
  const input: ProfileInputOf = {
    name: draft.name,
    ...(draft.color !== null && { color: draft.color }),
    base_url: draft.base_url,
    model: draft.model,
    dialect: draft.dialect,
    headers: headers.ok ? headers.pairs : {},
    defaults,
    // Always sent: clearing every field is how a profile stops sending its parameters.
    params: params.ok ? params.params : {},
    notes: draft.notes,
    // Asked only where it matters: a confirmation hidden from the user is no confirmation.
    allow_insecure_key: draft.allow_insecure_key && needsInsecureKeyConfirmation(draft.base_url),
    key_header: orNull(draft.key_header),
    // Verbatim: its trailing space is what separates it from the key.
    key_prefix: draft.key_prefix === '' ? null : draft.key_prefix,
    query: query.ok ? query.pairs : {},
    key_env: orNull(draft.key_env),
    proxy_mode: draft.proxy_mode,
    proxy_url: draft.proxy_mode === 'url' ? draft.proxy_url.trim() : null,
    ...(credentials === undefined ? {} : { proxy_credentials: credentials }),
  };
  return problems.length > 0 ? { ok: false, problems, input } : { ok: true, input };
}

/** The fields the form shows for `dialect`, in order: Anthropic has no seed, OpenAI no thinking budget. */
export function paramFieldsOf(dialect: Dialect): (typeof PARAM_FIELDS)[number][] {
  return PARAM_FIELDS.filter((field) => dialectHas(dialect, field));
}

/** The fields a run sets for all its profiles (SHARED_PARAMS), in the form's order. */
export const SHARED_PARAM_FIELDS = PARAM_FIELDS.filter((field) =>
  (SHARED_PARAMS as readonly string[]).includes(field),
);

/** How many of the shown fields the draft sets: the section's summary says it. */
export function paramsSetCount(draft: ParamsDraft, fields: readonly ParamName[]): number {
  return PARAM_FIELDS.filter((field) => fields.includes(field) && draft[field].trim() !== '')
    .length;
}

// A stop sequence on one line: a line break, a tab or a backslash in it is escaped.
const STOP_ESCAPES: Record<string, string> = { '\\': '\\', n: '\n', r: '\r', t: '\t' };

function escapeStop(stop: string): string {
  return stop.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

function unescapeStop(line: string): string {
  return line.replace(/\\([\\nrt])/g, (_, c: string) => STOP_ESCAPES[c] ?? c);
}

/** Stop sequences as the textarea holds them, one per line. */
export function stopText(stop: readonly string[]): string {
  return stop.map(escapeStop).join('\n');
}

/** The textarea's lines as stop sequences; blank lines are none (a stray space would stop every answer). */
export function stopOfText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map(unescapeStop);
}

export function paramsDraftOf(params: RequestParams): ParamsDraft {
  const text = (value: number | undefined): string => (value === undefined ? '' : String(value));
  return {
    system: params.system ?? '',
    temperature: text(params.temperature),
    top_p: text(params.top_p),
    seed: text(params.seed),
    stop: stopText(params.stop ?? []),
    reasoning_effort: params.reasoning_effort ?? '',
    thinking_budget: text(params.thinking_budget),
    token_param: params.token_param ?? '',
    extra_body: params.extra_body === undefined ? '' : extraBodyText(params.extra_body),
  };
}

/** An extra body as the textarea shows it: on one line when it is short, else indented. */
function extraBodyText(body: Record<string, unknown>): string {
  const line = JSON.stringify(body);
  return line.length <= EXTRA_BODY_LINE ? line : JSON.stringify(body, null, 2);
}

// About the textarea's width at 1024 px: longer bodies read better indented.
const EXTRA_BODY_LINE = 72;

type ParsedParams = { ok: true; params: RequestParams } | { ok: false; problems: DraftProblem[] };

const NUMBER_FIELDS = ['temperature', 'top_p', 'seed', 'thinking_budget'] as const;

function problemOf(error: unknown): DraftProblem {
  if (!(error instanceof RequestParamsError)) throw error;
  // The checker's own words, the same in every front end (the CLI, the API, run files).
  return {
    field: error.param,
    key: 'profiles.params.errors.refused',
    values: { message: asSentence(error.message) },
  };
}

/**
 * The draft's parameters for `dialect` (the others are kept in the draft, not
 * sent), or every problem at once: what is not a number or not JSON, then
 * what the checker refuses, each parameter on its own so that one refusal
 * hides no other.
 */
export function paramsOfDraft(draft: ParamsDraft, dialect: Dialect): ParsedParams {
  return parsedParams(draft, paramFieldsOf(dialect), (input) => checkRequestParams(input, dialect));
}

/** A run's parameters for all its profiles: whether each profile's API format takes them is the run's plan to say. */
export function sharedParamsOfDraft(draft: ParamsDraft): ParsedParams {
  return parsedParams(draft, SHARED_PARAM_FIELDS, checkSharedParams);
}

function parsedParams(
  draft: ParamsDraft,
  fields: readonly ParamName[],
  check: (input: Record<string, unknown>) => RequestParams,
): ParsedParams {
  const shown = new Set<ParamName>(fields);
  const problems: DraftProblem[] = [];
  const given: Partial<Record<ParamName, unknown>> = {};
  if (shown.has('system') && draft.system.trim() !== '') given.system = draft.system;
  for (const field of NUMBER_FIELDS) {
    const typed = draft[field].trim();
    if (!shown.has(field) || typed === '') continue;
    const value = Number(typed);
    if (Number.isFinite(value)) given[field] = value;
    else problems.push({ field, key: 'profiles.params.errors.number' });
  }
  if (shown.has('stop')) {
    const stop = stopOfText(draft.stop);
    if (stop.length > 0) given.stop = stop;
  }
  if (shown.has('reasoning_effort') && draft.reasoning_effort !== '') {
    given.reasoning_effort = draft.reasoning_effort;
  }
  if (shown.has('token_param') && draft.token_param !== '') given.token_param = draft.token_param;

  const accepted: Partial<Record<ParamName, unknown>> = {};
  for (const [name, value] of Object.entries(given)) {
    try {
      check({ [name]: value });
      accepted[name as ParamName] = value;
    } catch (error) {
      problems.push(problemOf(error));
    }
  }

  let input: Record<string, unknown> = accepted;
  if (shown.has('extra_body') && draft.extra_body.trim() !== '') {
    const body = parseJson(draft.extra_body);
    if (!body.ok) {
      problems.push({ field: 'extra_body', key: body.key, values: body.values });
    } else {
      // With the accepted others: a field set twice (temperature here and in the body) is refused.
      input = { ...accepted, extra_body: body.value };
      try {
        check(input);
      } catch (error) {
        problems.push(problemOf(error));
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  try {
    return { ok: true, params: check(input) };
  } catch (error) {
    return { ok: false, problems: [problemOf(error)] };
  }
}

type ParsedJson =
  { ok: true; value: unknown } | { ok: false; key: string; values?: Record<string, string> };

function parseJson(text: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      key: 'profiles.params.errors.json',
      values: { detail: error instanceof Error ? error.message : String(error) },
    };
  }
  // The checker says it too, in English; the form says it in the user's language.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, key: 'profiles.params.errors.object' };
  }
  return { ok: true, value };
}
