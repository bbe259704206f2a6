// A profile as the form edits it (text in the inputs, seconds for timeouts,
// header rows) and back to what profilesCreate/profilesUpdate take. The
// services check what the values mean; here only what the form itself turns
// into numbers and names: a timeout that is not a number never reaches them.

import type { InputOf, IpcContract } from '../../../../shared/ipc-contract';
import {
  MAX_RPM,
  MAX_TOKENS,
  type Profile,
  type ProfileDefaults,
  type ProxyMode,
} from '../../../../shared/run';
import type { ProviderPreset } from '../../../../shared/presets';
import type { Dialect } from '../../../../shared/trial';
import { needsInsecureKeyConfirmation } from './endpoint-url';

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

export interface ProfileDraft {
  name: string;
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
  field: 'headers' | 'query' | 'max_tokens' | 'max_rpm' | TimeoutField;
  key: string;
  values?: Record<string, string | number>;
}

export type BuiltInput =
  { ok: true; input: ProfileInputOf } | { ok: false; problems: DraftProblem[] };

export function draftOf(profile: Profile | null): ProfileDraft {
  const seconds = (ms: number | undefined): string => (ms === undefined ? '' : String(ms / 1000));
  return {
    name: profile?.name ?? '',
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

/** The draft with what a preset fills in: where the endpoint is, its format and its key header. */
export function withPreset(draft: ProfileDraft, preset: ProviderPreset): ProfileDraft {
  return {
    ...draft,
    name: draft.name.trim() === '' ? preset.name : draft.name,
    base_url: preset.base_url,
    dialect: preset.dialect,
    key_header: preset.key_header?.name ?? '',
    key_prefix: preset.key_header?.prefix ?? '',
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
  if (!headers.ok || !query.ok || problems.length > 0) return { ok: false, problems };
  const credentials = proxyCredentialsOf(draft);
  return {
    ok: true,
    input: {
      name: draft.name,
      base_url: draft.base_url,
      model: draft.model,
      dialect: draft.dialect,
      headers: headers.pairs,
      defaults,
      notes: draft.notes,
      // Asked only where it matters: a confirmation hidden from the user is no confirmation.
      allow_insecure_key: draft.allow_insecure_key && needsInsecureKeyConfirmation(draft.base_url),
      key_header: orNull(draft.key_header),
      // Verbatim: its trailing space is what separates it from the key.
      key_prefix: draft.key_prefix === '' ? null : draft.key_prefix,
      query: query.pairs,
      key_env: orNull(draft.key_env),
      proxy_mode: draft.proxy_mode,
      proxy_url: draft.proxy_mode === 'url' ? draft.proxy_url.trim() : null,
      ...(credentials === undefined ? {} : { proxy_credentials: credentials }),
    },
  };
}
