// An error in the reader's language, as ErrorMessage shows it and as places
// that need it inside a sentence word it: main's catalogue messages in the
// reader's words, anything else in main's English.

// From shared, not api/client: this module is pure (tested in Node, where there is no window).
import { ApiCallError } from '../../../shared/api-client';
import { mainMessage } from '../../../shared/i18n/main-message';

import type { Translate } from '../../../shared/i18n/format';

export type { Translate };

/** Main's message about `field`, in the reader's language; null when the error is not about it. */
export function fieldMessage(t: Translate, error: unknown, field: string): string | null {
  return error instanceof ApiCallError && error.field === field
    ? mainMessage(t, error.message, error.text)
    : null;
}

export function errorText(t: Translate, error: unknown): string {
  if (error instanceof ApiCallError)
    return t(`common.errors.${error.code}`, { message: mainMessage(t, error.message, error.text) });
  return t('common.state.failed', {
    message: error instanceof Error ? error.message : String(error),
  });
}
