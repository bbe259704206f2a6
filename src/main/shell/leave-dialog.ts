// The question Electron leaves to main when the page holds back its unload (a
// form with unsaved edits, the renderer's beforeunload): without an answer the
// window would not close and say nothing. Asked in the app's language; Stay is
// the default and what Esc answers.

import type { Language } from '../../shared/api';
import { wordsOf } from '../../shared/messages';

const LEAVE = 0;
const STAY = 1;

export function leaveDialogOptions(language: Language) {
  const words = (name: 'leave_question' | 'leave_detail' | 'leave_go' | 'leave_stay') =>
    wordsOf({ key: `app.${name}` }, language);
  return {
    type: 'question' as const,
    buttons: [words('leave_go'), words('leave_stay')],
    defaultId: STAY,
    cancelId: STAY,
    message: words('leave_question'),
    detail: words('leave_detail'),
  };
}

/** Whether the answer was to leave: the unload then goes ahead. */
export function choseToLeave(response: number): boolean {
  return response === LEAVE;
}
