// A KeyStore in memory: the test double for modules that use keys (store,
// runs, CLI, IPC). It validates exactly like the keychain store and can play
// an unavailable keychain. It is never a fallback for the real one: keys live
// only in the OS keychain, and a keychain that cannot be used is reported.

import { checkKey, checkProfileId, type KeyStore } from './key-store';
import { KeychainUnavailableError, type KeychainFailureReason } from './keychain-errors';

/** What the double's unavailable keychain says, as keytar would on Linux. */
const SAMPLE_DETAIL: Record<KeychainFailureReason, string> = {
  'no-dbus': 'Cannot autolaunch D-Bus without X11 $DISPLAY',
  'no-secret-service': 'The name org.freedesktop.secrets was not provided by any .service files',
  'keyring-missing': 'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
  'keyring-locked': 'Cannot create an item in a locked collection',
  'module-unavailable': 'Cannot find module keytar',
  'keychain-error': 'simulated keychain failure',
};

export class MemoryKeyStore implements KeyStore {
  private readonly keys = new Map<string, string>();
  private unavailable: KeychainFailureReason | undefined;

  constructor(options: { unavailable?: KeychainFailureReason } = {}) {
    this.unavailable = options.unavailable;
  }

  /** From now on every call fails as an unavailable keychain would (undefined: works again). */
  setUnavailable(reason: KeychainFailureReason | undefined): void {
    this.unavailable = reason;
  }

  async setKey(profileId: string, key: string): Promise<void> {
    checkProfileId(profileId);
    checkKey(key);
    this.failIfUnavailable();
    this.keys.set(profileId, key);
  }

  async deleteKey(profileId: string): Promise<void> {
    checkProfileId(profileId);
    this.failIfUnavailable();
    this.keys.delete(profileId);
  }

  async hasKey(profileId: string): Promise<boolean> {
    checkProfileId(profileId);
    this.failIfUnavailable();
    return this.keys.has(profileId);
  }

  /** The engine's request path only: see {@link KeyStore.readKeyForRequest}. */
  async readKeyForRequest(profileId: string): Promise<string | undefined> {
    checkProfileId(profileId);
    this.failIfUnavailable();
    return this.keys.get(profileId);
  }

  /** Ids of the profiles that have a key, for assertions (never the keys). */
  profileIds(): string[] {
    return [...this.keys.keys()];
  }

  private failIfUnavailable(): void {
    if (this.unavailable === undefined) return;
    // Linux's message for the cause, as KeytarKeyStore builds it: the same text on every OS,
    // so callers' tests can compare it.
    throw new KeychainUnavailableError(this.unavailable, SAMPLE_DETAIL[this.unavailable], 'linux');
  }
}
