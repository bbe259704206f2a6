// An error in the reader's language, as ErrorMessage shows it and as places
// that need it inside a sentence word it: main's catalogue messages in the
// reader's words, anything else in main's English.

// From shared, not api/client: this module is pure (tested in Node, where there is no window).
import { ApiCallError } from '../../../shared/api-client';
import type { MessageText } from '../../../shared/messages';

/** The part of i18next's `t` this needs: a translation by key. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** Main's message in the reader's language: its catalogue words, else main's English. */
export function mainMessage(t: Translate, message: string, text: MessageText | undefined): string {
  return text === undefined ? message : t(`messages.${text.key}`, text.values);
}

export function errorText(t: Translate, error: unknown): string {
  if (error instanceof ApiCallError)
    return t(`common.errors.${error.code}`, { message: mainMessage(t, error.message, error.text) });
  return t('common.state.failed', {
    message: error instanceof Error ? error.message : String(error),
  });
}
