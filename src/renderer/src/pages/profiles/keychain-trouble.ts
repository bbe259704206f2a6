// A key the OS keychain could not store, as the form says it: the cause in
// one sentence of the reader's language, and apart from it the details (what
// to do, commands included, and the keychain's own words) from main's
// catalogue message.

// From shared, not api/client: this module is pure (tested in Node, where there is no window).
import { ApiCallError } from '../../../../shared/api-client';
import type { MessageKey, MessageText } from '../../../../shared/messages';

export const KEYCHAIN_CAUSES = ['missing', 'locked', 'noKeyring', 'refused'] as const;
export type KeychainCause = (typeof KEYCHAIN_CAUSES)[number];

/** Main's message for each cause (keychain-errors.ts), as the one sentence names it. */
const CAUSES: Partial<Record<MessageKey, KeychainCause>> = {
  'profiles.keychain_linux_no_dbus': 'missing',
  'profiles.keychain_linux_no_secret_service': 'missing',
  'profiles.keychain_linux_module_unavailable': 'missing',
  'profiles.keychain_module_unavailable': 'missing',
  'profiles.keychain_linux_keyring_missing': 'noKeyring',
  'profiles.keychain_linux_keyring_locked': 'locked',
  'profiles.keychain_macos_locked': 'locked',
  'profiles.keychain_linux_error': 'refused',
  'profiles.keychain_macos_error': 'refused',
  'profiles.keychain_windows_error': 'refused',
};

export interface KeychainTrouble {
  cause: KeychainCause;
  /** Main's whole message: in English, and as a catalogue key when main gave one. */
  message: string;
  text: MessageText | undefined;
  /** The keychain's own words (a D-Bus error...), when main passed them on apart. */
  said: string | null;
}

/** The keychain's refusal in an error from the key service, or null for any other error. */
export function keychainTroubleOf(error: unknown): KeychainTrouble | null {
  if (!(error instanceof ApiCallError) || error.code !== 'keychain_unavailable') return null;
  const detail = error.text?.values?.['detail'];
  return {
    cause: (error.text && CAUSES[error.text.key]) ?? 'refused',
    message: error.message,
    text: error.text,
    said: typeof detail === 'string' ? detail : null,
  };
}
