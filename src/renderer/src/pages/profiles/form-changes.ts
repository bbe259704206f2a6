// Whether the form holds something saving would keep that is not saved yet:
// then leaving the screen asks first. Rows left blank count for nothing
// (saving drops them), and so does a key field left empty.

import type { HeaderRow, ProfileDraft } from './profile-draft';

const filled = (rows: readonly HeaderRow[]): HeaderRow[] =>
  rows.filter((row) => row.name.trim() !== '' || row.value.trim() !== '');

/** The same plain data (text, numbers, arrays, objects), whatever the order of keys. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every(
      (key) => key in bRecord && sameData((a as Record<string, unknown>)[key], bRecord[key]),
    )
  );
}

/** `draft` and `key` differ from what was last saved (or, for a new profile, from the empty form). */
export function hasUnsavedChanges(saved: ProfileDraft, draft: ProfileDraft, key: string): boolean {
  if (key !== '') return true;
  return !sameData(
    { ...saved, headers: filled(saved.headers), query: filled(saved.query) },
    { ...draft, headers: filled(draft.headers), query: filled(draft.query) },
  );
}
