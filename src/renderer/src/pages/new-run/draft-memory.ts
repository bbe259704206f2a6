// The form as the user left it: coming back to New run (after watching a run,
// say) finds the same choices, not the defaults again. Kept for the page's
// lifetime only: the settings hold what a new session starts from.

import type { RunDraft } from './run-draft';

let remembered: RunDraft | null = null;

export function rememberDraft(draft: RunDraft): void {
  remembered = draft;
}

export function rememberedDraft(): RunDraft | null {
  return remembered;
}
