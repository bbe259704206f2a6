// The form as the user left it: coming back to New run (after watching a run,
// say, or after a reload) finds the same choices, not the defaults again.
// Kept in the window's session storage: a reload keeps it, a new window or
// session starts from the settings, which hold what a new session starts from.
// Three entries: the run's draft, how often to repeat it, and which earlier
// run it was filled in from ("Run again"), each read back as far as it goes.

import type { RepeatDraft } from './repeat-draft';
import type { RunDraft } from './run-draft';

/** The part of the Web Storage API used here (the module is also run in Node, by the tests). */
interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the draft is kept; absent (Node, storage refused): in memory only. */
function storage(): DraftStorage | null {
  try {
    return (globalThis as { sessionStorage?: DraftStorage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** One kept object under its storage key; this page's copy wins over a storage that refused it. */
function keeper<T extends object>(key: string) {
  let remembered: Partial<T> | null = null;
  return {
    remember: (value: T): void => {
      remembered = value;
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // A full or refused storage keeps the value for this page only.
      }
    },
    /** What was kept, as far as it goes: one kept by an older LastToken lacks the fields added since. */
    remembered: (): Partial<T> | null => {
      if (remembered !== null) return remembered;
      try {
        const text = storage()?.getItem(key);
        if (!text) return null;
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Partial<T>)
          : null;
      } catch {
        return null;
      }
    },
    forget: (): void => {
      remembered = null;
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing kept there to forget.
      }
    },
  };
}

const draftKeeper = keeper<RunDraft>('lasttoken.new-run-draft');
const repeatKeeper = keeper<RepeatDraft>('lasttoken.new-run-repeat');

export const rememberDraft = draftKeeper.remember;
export const rememberedDraft = draftKeeper.remembered;
export const rememberRepeat = repeatKeeper.remember;
export const rememberedRepeat = repeatKeeper.remembered;

/** The run the draft was filled in from, and its profiles that were left out because they no longer exist. */
export interface DraftOrigin {
  run_id: string;
  started_at: string;
  /** Their names as the run's snapshot kept them. */
  missing: string[];
}

const originKeeper = keeper<DraftOrigin>('lasttoken.new-run-origin');

export const rememberOrigin = originKeeper.remember;
export const forgetOrigin = originKeeper.forget;

/** The origin kept for this run, or null (none kept, another run's, or unreadable). */
export function rememberedOrigin(run_id: string): DraftOrigin | null {
  const kept = originKeeper.remembered();
  return kept?.run_id === run_id &&
    typeof kept.started_at === 'string' &&
    Array.isArray(kept.missing) &&
    kept.missing.every((name) => typeof name === 'string')
    ? (kept as DraftOrigin)
    : null;
}

/**
 * The kept draft over the defaults: a field kept by an older LastToken, or
 * edited by hand, whose kind is not the default's is the default's.
 */
export function withKept<T extends object>(defaults: T, kept: Partial<T> | null): T {
  if (kept === null) return defaults;
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [field, value] of Object.entries(kept)) {
    const base = (defaults as Record<string, unknown>)[field];
    const sameKind =
      Array.isArray(base) || Array.isArray(value)
        ? Array.isArray(base) && Array.isArray(value)
        : base === null || typeof base === typeof value;
    if (field in defaults && sameKind) merged[field] = value;
  }
  return merged as T;
}
