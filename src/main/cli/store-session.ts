// The history database and the keychain as one command uses them: the file
// named by --db, else LASTTOKEN_DB, else the desktop app's own file; the OS
// keychain unless a test hands in another KeyStore; the demo profile created
// on first use, as the app does on first start.

import { homedir } from 'node:os';
import { ProfileService } from '../profiles';
import { KeytarKeyStore, type KeyStore } from '../secrets';
import { defaultDatabasePath, openStore, StoreOpenError, type Store } from '../store';
import type { StoreTarget } from './store-args';
import { CliFailure, type CliDeps, type CliIo } from './io';

export interface CliStore {
  /** Where the database is. */
  path: string;
  store: Store;
  profiles: ProfileService;
  /** For the engine's request path only (a run): everything else goes through `profiles`. */
  keys: KeyStore;
}

export function databasePath(target: StoreTarget, io: CliIo, deps: CliDeps): string {
  return (
    target.db ??
    defaultDatabasePath(deps.platform ?? process.platform, io.env, deps.homedir ?? homedir())
  );
}

/** Opens the database for one command, runs it, and closes the database whatever happens. */
export async function withStore<T>(
  target: StoreTarget,
  io: CliIo,
  deps: CliDeps,
  command: (session: CliStore) => Promise<T>,
): Promise<T> {
  const path = databasePath(target, io, deps);
  let store: Store;
  try {
    store = openStore(path);
  } catch (error) {
    // Its message names the file and says what to do.
    if (error instanceof StoreOpenError) throw new CliFailure(error.message);
    throw error;
  }
  try {
    // keytar loads on first use: commands that need no key never touch the keychain.
    const keys = deps.keys ?? new KeytarKeyStore();
    const profiles = new ProfileService(store.profiles, keys);
    profiles.ensureDemoProfile();
    return await command({ path, store, profiles, keys });
  } finally {
    store.close();
  }
}
