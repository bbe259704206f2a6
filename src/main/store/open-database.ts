// Opens (creating if needed) a LastToken history database: folder, native
// module, migrations, connection settings, and the runs a dead process left
// `running`. Every failure becomes a StoreOpenError whose message says what to do.
//
// A history this process cannot write is refused at open, before a command
// does anything it would then fail to record; commands that only read may
// instead have it opened read-only, with nothing written at open.

import { mkdirSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { fileKind } from '../file-kind';
import { applyMigrations } from './migrate';
import { MIGRATIONS } from './migrations';
import { recoverInterruptedRuns } from './run-owner';
import { foreignWalReason } from './foreign-wal';
import { StoreOpenError, storeFileError } from './store-error';
import { isReadOnlyError, whyNotWritable, writeRefusal, type SqliteError } from './write-access';

export interface OpenDatabaseOptions {
  /**
   * Path to a better_sqlite3.node to load instead of the one in node_modules.
   * The Electron main process passes its Electron-ABI build (native-binding.ts);
   * plain Node (the CLI, tests) leaves it unset.
   */
  nativeBinding?: string;
  /**
   * A history this process cannot write: false (the default) refuses it with a
   * StoreOpenError `read_only`; true opens it read-only (`db.readonly`), for
   * commands that only read. Either way a writable one is opened for writing.
   */
  allowReadOnly?: boolean;
}

// How long a statement waits for the other process's write lock (the CLI and
// the app may share the file) before failing with SQLITE_BUSY. Writes here are
// single short transactions; a migration at open is the longest.
const BUSY_TIMEOUT_MS = 5_000;

const SQLITE_CANNOT_OPEN = new Set([
  'SQLITE_CANTOPEN',
  'SQLITE_PERM',
  'SQLITE_READONLY',
  'SQLITE_READONLY_DIRECTORY',
  'SQLITE_READONLY_DBMOVED',
  'SQLITE_AUTH',
]);

export function openDatabase(path: string, options: OpenDatabaseOptions = {}): Database.Database {
  refuseWhatIsNotAFile(path);
  refuseForeignWal(path);
  createFolder(path);
  const db = connect(path, options.nativeBinding, false);
  let refusal: SqliteError | null;
  try {
    refusal = writeRefusal(db);
    if (refusal === null) {
      // Migrations first, in the file's journal mode: a file that is refused
      // (newer, someone else's) must not even have its journal mode changed.
      applyMigrations(db, MIGRATIONS);
      configure(db, path);
      recoverInterruptedRuns(db);
      return db;
    }
  } catch (error) {
    db.close();
    throw asOpenError(error, path);
  }
  db.close();
  const reason = whyNotWritable(path, refusal);
  if (!options.allowReadOnly) {
    throw new StoreOpenError(
      'read_only',
      path,
      `the history database ${path} is read-only (${reason}): choose another with --db or LASTTOKEN_DB`,
      { cause: refusal },
    );
  }
  return openReadOnly(path, options.nativeBinding, reason);
}

/**
 * SQLite would open a device or a named pipe as a database (blocking on a
 * pipe; on /dev/null, creating /dev/null-journal beside it): say what is
 * there before it touches anything. A link to a file is followed, as SQLite does.
 */
function refuseWhatIsNotAFile(path: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    // Nothing there yet (created below), or a path SQLite explains better.
    return;
  }
  if (stats.isFile()) return;
  throw new StoreOpenError(
    'not_a_file',
    path,
    `${path} is ${fileKind(stats)}, not a history database file: choose another with --db or LASTTOKEN_DB`,
  );
}

/** SQLite would replay a log that is not the file's into it (foreign-wal.ts): refused before it can. */
function refuseForeignWal(path: string): void {
  const reason = foreignWalReason(path);
  if (reason === null) return;
  const name = basename(path);
  throw new StoreOpenError(
    'foreign_wal',
    path,
    `the write-ahead log ${path}-wal is not the one of the history database ${path} (${reason}): ` +
      `SQLite would replay it into the history and damage it, so neither file was opened. If ${name} ` +
      `was restored from a backup or copied here, move ${name}-wal and ${name}-shm out of its folder and try again; ` +
      'otherwise choose another file with --db or LASTTOKEN_DB',
  );
}

/**
 * The history as it is: no migration, no WAL switch, no recovery of
 * interrupted runs (all writes). A file that needs a migration first cannot be
 * read by this version, and says so.
 */
function openReadOnly(
  path: string,
  nativeBinding: string | undefined,
  reason: string,
): Database.Database {
  const db = connect(path, nativeBinding, true);
  try {
    let version: number;
    try {
      version = db.pragma('user_version', { simple: true }) as number;
    } catch (error) {
      if (!isReadOnlyError(error) && !isCannotOpen(error)) throw error;
      throw new StoreOpenError('read_only', path, cannotRead(path, reason, error), {
        cause: error,
      });
    }
    try {
      // Checks that this build knows the file's schema (not newer, not edited,
      // not another program's); only a pending migration would write, and fail.
      applyMigrations(db, MIGRATIONS);
    } catch (error) {
      if (!isReadOnlyError(error)) throw error;
      throw new StoreOpenError(
        'read_only',
        path,
        `the history database ${path} is read-only (${reason}) and must first be upgraded to schema version ` +
          `${MIGRATIONS.length} (it is at ${version}) before this version of LastToken can read it: ` +
          'open it once where it can be written, or choose another with --db or LASTTOKEN_DB',
        { cause: error },
      );
    }
    return db;
  } catch (error) {
    db.close();
    throw asOpenError(error, path);
  }
}

function cannotRead(path: string, reason: string, error: SqliteError): string {
  const start = `cannot read the history database ${path}: it is read-only (${reason})`;
  const advice = 'copy it to a folder you may write to and use the copy with --db';
  if (error.code === 'SQLITE_READONLY_DIRECTORY') {
    // SQLite reads a WAL database through its -shm index, which the first
    // reader creates when no writer left one.
    return (
      `${start}, and SQLite can only read it by creating ${basename(path)}-shm in ${dirname(path)}, ` +
      `where you may not write either: ${advice}`
    );
  }
  return `${start}, and SQLite cannot open it read-only either (${error.message}): ${advice}`;
}

function isCannotOpen(error: unknown): error is SqliteError {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CANTOPEN');
}

function createFolder(path: string): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new StoreOpenError(
      'cannot_open',
      path,
      `Cannot create the folder for the history database ${path}: ${(error as Error).message}. ` +
        'Check that the path is right and that you may write there.',
      { cause: error },
    );
  }
}

function connect(
  path: string,
  nativeBinding: string | undefined,
  readonly: boolean,
): Database.Database {
  try {
    return new Database(path, {
      timeout: BUSY_TIMEOUT_MS,
      nativeBinding,
      readonly,
      fileMustExist: readonly,
    });
  } catch (error) {
    if (error instanceof Database.SqliteError) throw asOpenError(error, path);
    // Anything else comes from loading the compiled module, before SQLite runs.
    const advice = nativeBinding
      ? `The Electron build of better-sqlite3 at ${nativeBinding} is missing or does not match this Electron. ` +
        'Build it with `node scripts/build-electron-sqlite.mjs` (`npm start` runs it first).'
      : 'better-sqlite3 is not built for this Node.js. Run `npm rebuild better-sqlite3`.';
    throw new StoreOpenError(
      'native_module',
      path,
      `Cannot load SQLite to open ${path}. ${advice} (${(error as Error).message})`,
      { cause: error },
    );
  }
}

function configure(db: Database.Database, path: string): void {
  // WAL: readers never block the writer nor the writer them, so the app can
  // show the history while the CLI records a run into the same file.
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') {
    throw new StoreOpenError(
      'cannot_open',
      path,
      `${path} cannot use SQLite's write-ahead log (journal mode stays "${String(mode)}"): ` +
        'put the history on a local disk, not a network share.',
    );
  }
  // NORMAL, not FULL: in WAL mode a commit is appended to the log and fsynced
  // only at checkpoints. A committed transaction survives the process being
  // killed (the log is in the OS's hands), which is the crash a history must
  // survive: kill -9, an app crash, a terminal closed mid-run. Only a power cut or
  // an OS crash can lose the last commits before a checkpoint, and never
  // corrupts the file. FULL would fsync at every saved trial: milliseconds of
  // blocking I/O on the main thread in the middle of a measurement.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
}

/** An error of opening `path` as a StoreOpenError when it is one a user can act on; others as they are. */
export function asOpenError(error: unknown, path: string): Error {
  if (error instanceof StoreOpenError) return error;
  if (!(error instanceof Database.SqliteError)) return error as Error;
  if (error.code === 'SQLITE_NOTADB') {
    return new StoreOpenError(
      'not_a_database',
      path,
      `${path} is not an SQLite database, so not a LastToken history. It was left untouched: choose another file.`,
      { cause: error },
    );
  }
  // Damaged (cut short, bad pages), or its disk full or failing.
  const failed = storeFileError(error, path);
  if (failed)
    return new StoreOpenError(failed.code, path, failed.text ?? failed.message, { cause: error });
  if (SQLITE_CANNOT_OPEN.has(error.code)) {
    return new StoreOpenError(
      'cannot_open',
      path,
      `Cannot open the history database ${path} for writing (${error.message}). ` +
        'Check that you may read and write it and its folder.',
      { cause: error },
    );
  }
  return error;
}
