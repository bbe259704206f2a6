// How a connection test's outcome is worded: who spoke (the provider, or
// nobody: the connection itself failed) and what the outcome says of the
// profile. An ok test proves the key only when one was sent.

import type { ConnectionTest } from '../../../../shared/api';

export interface ConnectionTestText {
  /** The i18n key of the line before the message. */
  messageLabel: string;
  /** The i18n key of what the outcome means. */
  meaning: string;
}

/** Statuses with no HTTP status that are not the connection's doing. */
const NOT_THE_CONNECTION = new Set<ConnectionTest['status']>(['internal_error', 'aborted']);

export function connectionTestText(result: ConnectionTest): ConnectionTestText {
  if (result.status === 'ok') {
    return {
      messageLabel: 'profiles.test.providerSaid',
      meaning: result.key_sent ? 'profiles.test.okMeaning' : 'profiles.test.okWithoutKey',
    };
  }
  if (result.http_status !== null) {
    return { messageLabel: 'profiles.test.providerSaid', meaning: 'profiles.test.failedMeaning' };
  }
  // Nothing answered (refused, no such host, a timeout): no provider spoke, and no key was judged.
  return NOT_THE_CONNECTION.has(result.status)
    ? { messageLabel: 'profiles.test.whatHappened', meaning: 'profiles.test.failedMeaning' }
    : {
        messageLabel: 'profiles.test.connectionFailed',
        meaning: 'profiles.test.connectionFailedMeaning',
      };
}
