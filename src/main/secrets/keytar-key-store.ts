// The KeyStore of the app and the CLI: the OS keychain through keytar (macOS
// Keychain, Windows Credential Manager, the Secret Service on Linux). keytar is
// a native module, loaded on first use: where it cannot load, everything that
// needs no key still runs, and anything that needs one gets a clear
// KeychainUnavailableError instead of a crash at startup.

import { KEYCHAIN_SERVICE, checkKey, checkProfileId, type KeyStore } from './key-store';
import { keychainFailure, keychainModuleUnavailable } from './keychain-errors';

/** The part of keytar this store uses. */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * Where the store checks that an empty answer is real: a dummy entry written and
 * removed again, in a service of its own so that no profile id can collide with it.
 */
export const KEYCHAIN_CHECK_SERVICE = 'LastToken keychain check';
const KEYCHAIN_CHECK_ACCOUNT = 'writable';

export interface KeytarKeyStoreOptions {
  /** Keychain service name; the account is the profile id. Default "LastToken". */
  service?: string;
  /** Loads keytar; tests pass a fake. Default: `import('keytar')` on first use. */
  loadKeytar?: () => Promise<KeytarApi>;
  /**
   * Confirm "no key" answers by writing a dummy entry. On Linux, libsecret answers a
   * read or delete in a locked or missing keyring as if no key existed (it cannot
   * show an unlock prompt and does not say so); only a write reports the cause.
   * Default: on Linux only.
   */
  confirmEmptyAnswers?: boolean;
  platform?: NodeJS.Platform;
}

async function importKeytar(): Promise<KeytarApi> {
  // keytar is CommonJS: its functions are on the default export (Node's named
  // export detection does not find them all).
  const module: Partial<KeytarApi> & { default?: KeytarApi } = await import('keytar');
  return module.default ?? (module as KeytarApi);
}

export class KeytarKeyStore implements KeyStore {
  private readonly service: string;
  private readonly loadKeytar: () => Promise<KeytarApi>;
  private readonly confirmEmptyAnswers: boolean;
  private readonly platform: NodeJS.Platform;
  private keytar: Promise<KeytarApi> | undefined;
  private emptinessCheck: Promise<void> | undefined;

  constructor(options: KeytarKeyStoreOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.loadKeytar = options.loadKeytar ?? importKeytar;
    this.platform = options.platform ?? process.platform;
    this.confirmEmptyAnswers = options.confirmEmptyAnswers ?? this.platform === 'linux';
  }

  async setKey(profileId: string, key: string): Promise<void> {
    checkProfileId(profileId);
    checkKey(key);
    const keytar = await this.keytarModule();
    try {
      await keytar.setPassword(this.service, profileId, key);
    } catch (error) {
      throw keychainFailure(error, { platform: this.platform, secret: key });
    }
  }

  async deleteKey(profileId: string): Promise<void> {
    checkProfileId(profileId);
    const keytar = await this.keytarModule();
    let deleted: boolean;
    try {
      deleted = await keytar.deletePassword(this.service, profileId);
    } catch (error) {
      throw keychainFailure(error, { platform: this.platform });
    }
    if (!deleted) await this.confirmEmpty(keytar);
  }

  async hasKey(profileId: string): Promise<boolean> {
    return (await this.lookUp(profileId)) !== undefined;
  }

  /** The engine's request path only: see {@link KeyStore.readKeyForRequest}. */
  async readKeyForRequest(profileId: string): Promise<string | undefined> {
    return this.lookUp(profileId);
  }

  private async lookUp(profileId: string): Promise<string | undefined> {
    checkProfileId(profileId);
    const keytar = await this.keytarModule();
    let key: string | null;
    try {
      key = await keytar.getPassword(this.service, profileId);
    } catch (error) {
      throw keychainFailure(error, { platform: this.platform });
    }
    if (key !== null) return key;
    await this.confirmEmpty(keytar);
    return undefined;
  }

  /** keytar, loaded once; a failed load is remembered and reported the same way each time. */
  private keytarModule(): Promise<KeytarApi> {
    this.keytar ??= this.loadKeytar().catch((error: unknown) => {
      throw keychainModuleUnavailable(error, this.platform);
    });
    return this.keytar;
  }

  /** Throws KeychainUnavailableError if "nothing stored" may really mean "keychain unusable". */
  private confirmEmpty(keytar: KeytarApi): Promise<void> {
    if (!this.confirmEmptyAnswers) return Promise.resolve();
    // Concurrent empty answers (many keyless profiles at the start of a run) share one check.
    this.emptinessCheck ??= (async () => {
      try {
        await keytar.setPassword(KEYCHAIN_CHECK_SERVICE, KEYCHAIN_CHECK_ACCOUNT, 'check');
        await keytar.deletePassword(KEYCHAIN_CHECK_SERVICE, KEYCHAIN_CHECK_ACCOUNT);
      } catch (error) {
        throw keychainFailure(error, { platform: this.platform });
      }
    })().finally(() => {
      this.emptinessCheck = undefined;
    });
    return this.emptinessCheck;
  }
}
