// A profile as the form edits it (text in the inputs, seconds for timeouts,
// header rows) and back to what profilesCreate/profilesUpdate take. The
// services check what the values mean; here only what the form itself turns
// into numbers and names: a timeout that is not a number never reaches them.

import type { InputOf, IpcContract } from '../../../../shared/ipc-contract';
import { MAX_TOKENS, type Profile, type ProfileDefaults } from '../../../../shared/run';
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
  notes: string;
  allow_insecure_key: boolean;
}

/** The contract's bound for a timeout: one day. */
export const MAX_TIMEOUT_S = 86_400;

/** A problem the form finds itself: the field it belongs to and its message's i18n key. */
export interface DraftProblem {
  field: 'headers' | 'max_tokens' | TimeoutField;
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
    notes: profile?.notes ?? '',
    allow_insecure_key: profile?.allow_insecure_key ?? false,
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

export function parseMaxTokens(text: string): number | 'invalid' | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_TOKENS ? value : 'invalid';
}

/**
 * Rows to a header record. Rows left blank are dropped; a name given twice
 * (in any case) is a problem here, because a record would silently keep one.
 * Everything else (an invalid name, a credential header) is the service's to refuse.
 */
export function headersOf(
  rows: readonly HeaderRow[],
): { ok: true; headers: Record<string, string> } | { ok: false; problem: DraftProblem } {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.name.trim();
    if (name === '' && row.value.trim() === '') continue;
    const lower = name.toLowerCase();
    if (seen.has(lower)) {
      return {
        ok: false,
        problem: { field: 'headers', key: 'profiles.form.errors.headerTwice', values: { name } },
      };
    }
    seen.add(lower);
    headers[name] = row.value;
  }
  return { ok: true, headers };
}

export function inputOfDraft(draft: ProfileDraft): BuiltInput {
  const problems: DraftProblem[] = [];
  const defaults: ProfileDefaults = {};
  const maxTokens = parseMaxTokens(draft.max_tokens);
  if (maxTokens === 'invalid') {
    problems.push({
      field: 'max_tokens',
      key: 'profiles.form.errors.maxTokens',
      values: { max: MAX_TOKENS },
    });
  } else if (maxTokens !== undefined) {
    defaults.max_tokens = maxTokens;
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
  if (!headers.ok || problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    input: {
      name: draft.name,
      base_url: draft.base_url,
      model: draft.model,
      dialect: draft.dialect,
      headers: headers.headers,
      defaults,
      notes: draft.notes,
      // Asked only where it matters: a confirmation hidden from the user is no confirmation.
      allow_insecure_key: draft.allow_insecure_key && needsInsecureKeyConfirmation(draft.base_url),
    },
  };
}
