// What the desktop app's main process holds for its lifetime: the history (the
// same SQLite file the CLI uses), keys in the OS keychain, and the profiles
// with the built-in demo profile, created on first start so that a new user
// can run something without any key. Plain Node: index.ts passes in what only
// Electron knows (where the Electron build of better-sqlite3 is).

import { ProfileService } from './profiles';
import { KeytarKeyStore, type KeyStore } from './secrets';
import { openStore, type Store } from './store';

export interface AppServices {
  store: Store;
  /** For the engine's request path only; everything that faces the renderer goes through `profiles`. */
  keys: KeyStore;
  profiles: ProfileService;
  close(): void;
}

export interface AppServicesOptions {
  databasePath: string;
  /** better-sqlite3 built for Electron's ABI (see src/main/store/native-binding.ts). */
  nativeBinding?: string;
  keys?: KeyStore;
}

export function openAppServices(options: AppServicesOptions): AppServices {
  const store = openStore(options.databasePath, { nativeBinding: options.nativeBinding });
  const keys = options.keys ?? new KeytarKeyStore();
  const profiles = new ProfileService(store.profiles, keys);
  profiles.ensureDemoProfile();
  return { store, keys, profiles, close: () => store.close() };
}
