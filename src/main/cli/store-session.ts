// The history database and the keychain as one command uses them: the file
// named by --db, else LASTTOKEN_DB, else the desktop app's own file; the OS
// keychain unless a test hands in another KeyStore; the demo profile created
// on first use, as the app does on first start.
//
// A command that writes (a run, a profile change) refuses a history it cannot
// write before it does anything: before a key is read, before an API call.
// A command that only reads serves a read-only history as it is. A damaged
// history or a full disk, at open or later, ends the command in one line.

import { homedir } from 'node:os';
import { ProfileService } from '../profiles';
import { KeytarKeyStore, type KeyStore } from '../secrets';
import {
  defaultDatabasePath,
  openStore,
  storeFileError,
  StoreOpenError,
  type Store,
} from '../store';
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

type Command<T> = (session: CliStore) => Promise<T>;

export function databasePath(target: StoreTarget, io: CliIo, deps: CliDeps): string {
  return (
    target.db ??
    defaultDatabasePath(deps.platform ?? process.platform, io.env, deps.homedir ?? homedir())
  );
}

/**
 * Opens the database for a command that writes it, runs the command, and
 * closes the database whatever happens. A history that cannot be written is
 * refused with a one-line message.
 */
export function withStore<T>(
  target: StoreTarget,
  io: CliIo,
  deps: CliDeps,
  command: Command<T>,
): Promise<T> {
  return withSession(target, io, deps, false, command);
}

/** As withStore, for a command that only reads: a history it cannot write is opened read-only. */
export function withStoreToRead<T>(
  target: StoreTarget,
  io: CliIo,
  deps: CliDeps,
  command: Command<T>,
): Promise<T> {
  return withSession(target, io, deps, true, command);
}

async function withSession<T>(
  target: StoreTarget,
  io: CliIo,
  deps: CliDeps,
  allowReadOnly: boolean,
  command: Command<T>,
): Promise<T> {
  const path = databasePath(target, io, deps);
  let store: Store;
  try {
    store = openStore(path, { allowReadOnly });
  } catch (error) {
    // Its message names the file and says what to do.
    if (error instanceof StoreOpenError) throw new CliFailure(error.message);
    throw error;
  }
  try {
    // keytar loads on first use: commands that need no key never touch the keychain.
    const keys = deps.keys ?? new KeytarKeyStore();
    const profiles = new ProfileService(store.profiles, keys);
    // A read-only history is shown as it is, with or without the demo profile.
    if (store.writable) profiles.ensureDemoProfile();
    return await command({ path, store, profiles, keys });
  } catch (error) {
    // A damaged page met by a query, a disk that fills under a write: one line naming the file.
    const failed = storeFileError(error, path);
    throw failed ? new CliFailure(failed.message) : error;
  } finally {
    store.close();
  }
}
