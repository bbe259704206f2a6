// The form as the user left it: coming back to New run (after watching a run,
// say, or after a reload) finds the same choices, not the defaults again.
// Kept in the window's session storage: a reload keeps it, a new window or
// session starts from the settings, which hold what a new session starts from.

import type { RunDraft } from './run-draft';

const KEY = 'lasttoken.new-run-draft';

/** The part of the Web Storage API used here (the module is also run in Node, by the tests). */
interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Where the draft is kept; absent (Node, storage refused): in memory only. */
function storage(): DraftStorage | null {
  try {
    return (globalThis as { sessionStorage?: DraftStorage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

let remembered: Partial<RunDraft> | null = null;

export function rememberDraft(draft: RunDraft): void {
  remembered = draft;
  try {
    storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // A full or refused storage keeps the draft for this page only.
  }
}

/**
 * The draft kept earlier, as far as it goes: one kept by an older LastToken
 * lacks the fields added since, which the caller fills from the defaults.
 */
export function rememberedDraft(): Partial<RunDraft> | null {
  if (remembered !== null) return remembered;
  try {
    const text = storage()?.getItem(KEY);
    if (!text) return null;
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Partial<RunDraft>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The kept draft over the defaults: a field kept by an older LastToken, or
 * edited by hand, whose kind is not the default's is the default's.
 */
export function withKept(defaults: RunDraft, kept: Partial<RunDraft> | null): RunDraft {
  if (kept === null) return defaults;
  const merged: Record<string, unknown> = { ...defaults };
  for (const [field, value] of Object.entries(kept)) {
    const base = (defaults as unknown as Record<string, unknown>)[field];
    const sameKind =
      Array.isArray(base) || Array.isArray(value)
        ? Array.isArray(base) && Array.isArray(value)
        : base === null || typeof base === typeof value;
    if (field in defaults && sameKind) merged[field] = value;
  }
  return merged as unknown as RunDraft;
}
