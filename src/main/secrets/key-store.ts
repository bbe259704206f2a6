// Where profiles' API keys live. The key of a profile is stored in the OS
// keychain under the profile's id and nowhere else: not in SQLite, logs, CSV,
// error messages or the renderer. Callers hold a KeyStore and never learn
// which backend keeps the key (the OS keychain through keytar in the app and
// the CLI, an in-memory double in other modules' tests).

import { englishOf, type MessageText, type Worded } from '../../shared/messages';

/** Service name of every LastToken entry in the OS keychain; the account is the profile id. */
export const KEYCHAIN_SERVICE = 'LastToken';

/**
 * The most a key may take, in UTF-8 bytes: Windows Credential Manager stores at most
 * 2560 bytes per credential (CRED_MAX_CREDENTIAL_BLOB_SIZE), so a longer key could be
 * saved on one OS and not on another. Real API keys are well under 300.
 */
export const MAX_KEY_BYTES = 2560;

/** The most a profile id (the keychain's account name) may take, in characters. */
export const MAX_PROFILE_ID_LENGTH = 200;

export interface KeyStore {
  /** Stores (or replaces) the profile's key. Throws InvalidKeyError before touching the keychain. */
  setKey(profileId: string, key: string): Promise<void>;
  /** Removes the profile's key; a profile without key is fine. */
  deleteKey(profileId: string): Promise<void>;
  /** Whether a key is stored for the profile, without handing it out. */
  hasKey(profileId: string): Promise<boolean>;
  /**
   * The profile's key, or undefined when none is stored, for the engine's request
   * path only: the one place a key leaves the keychain is the header of the request
   * it authenticates. Nothing else may call it; the IPC layer and anything that
   * faces the renderer take a {@link KeyManager}, which has no way to read a key.
   * Throws KeychainUnavailableError (a clear, key-free message) when the keychain
   * cannot be used.
   */
  readKeyForRequest(profileId: string): Promise<string | undefined>;
}

/** A KeyStore without its read: what the IPC layer, the UI's services and the CLI's key commands get. */
export type KeyManager = Pick<KeyStore, 'setKey' | 'deleteKey' | 'hasKey'>;

/** A key the keychain should not store. The message says why, never what the key is. */
export class InvalidKeyError extends Error implements Worded {
  override name = 'InvalidKeyError';
  constructor(readonly text: MessageText) {
    super(englishOf(text));
  }
}

export class InvalidProfileIdError extends Error implements Worded {
  override name = 'InvalidProfileIdError';
  constructor(readonly text: MessageText) {
    super(englishOf(text));
  }
}

/** What an unwanted character is, each said in its own message. */
const UNWANTED_MESSAGES = {
  lineBreak: 'profiles.key_line_break',
  tab: 'profiles.key_tab',
  surrogate: 'profiles.key_surrogate',
  invisible: 'profiles.key_invisible',
  control: 'profiles.key_control',
} as const;

/** Characters that are never part of an API key and usually come from a sloppy paste. */
function unwantedCharacter(text: string): MessageText | undefined {
  const match = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/u.exec(text);
  if (!match) return undefined;
  const char = match[0];
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const kind: keyof typeof UNWANTED_MESSAGES =
    char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029'
      ? 'lineBreak'
      : char === '\t'
        ? 'tab'
        : /\p{Cs}/u.test(char)
          ? 'surrogate'
          : /\p{Cf}/u.test(char)
            ? 'invisible'
            : 'control';
  return { key: UNWANTED_MESSAGES[kind], values: { code: hex } };
}

/**
 * Throws InvalidKeyError unless `key` can be stored as it is. The message names the
 * problem (empty, line break, length...) and never contains the key or a part of it.
 */
export function checkKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw new InvalidKeyError({ key: 'profiles.key_not_text' });
  if (key.length === 0) throw new InvalidKeyError({ key: 'profiles.key_empty' });
  if (key.trim().length === 0) throw new InvalidKeyError({ key: 'profiles.key_whitespace' });
  const unwanted = unwantedCharacter(key);
  if (unwanted) throw new InvalidKeyError(unwanted);
  if (key.trim() !== key) throw new InvalidKeyError({ key: 'profiles.key_spaces' });
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes > MAX_KEY_BYTES) {
    throw new InvalidKeyError({
      key: 'profiles.key_too_long',
      values: { bytes, max: MAX_KEY_BYTES },
    });
  }
}

/** Throws InvalidProfileIdError unless `profileId` can name a keychain entry. */
export function checkProfileId(profileId: unknown): asserts profileId is string {
  if (typeof profileId !== 'string' || profileId.length === 0) {
    throw new InvalidProfileIdError({ key: 'profiles.profile_id_missing' });
  }
  if (profileId.length > MAX_PROFILE_ID_LENGTH) {
    throw new InvalidProfileIdError({
      key: 'profiles.profile_id_too_long',
      values: { max: MAX_PROFILE_ID_LENGTH },
    });
  }
  if (unwantedCharacter(profileId) || profileId.trim() !== profileId) {
    throw new InvalidProfileIdError({ key: 'profiles.profile_id_characters' });
  }
}
