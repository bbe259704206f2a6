// Why a history database could not be opened, or failed a command once
// open, with a message for people: which file, what is wrong, what to do.
// Callers (CLI, app) show `message`; `code` lets them add their own advice.

import Database from 'better-sqlite3';
import { WordedError, type MessageText } from '../../shared/messages';

export type StoreOpenErrorCode =
  /** The file or its folder cannot be created, opened or written. */
  | 'cannot_open'
  /** Something other than a regular file is at the path: a device, a folder... */
  | 'not_a_file'
  /** The history can be read but not written, and writing was asked for (or a migration is due). */
  | 'read_only'
  /** The file exists but is not an SQLite database. */
  | 'not_a_database'
  /** An SQLite database that some other program made: left untouched. */
  | 'not_lasttoken'
  /** Written by a newer LastToken: this version does not know its schema. */
  | 'newer_schema'
  /** A migration already applied to the file differs from this build's. */
  | 'migration_changed'
  /** The recorded migrations do not match the schema version. */
  | 'inconsistent_schema'
  /** better-sqlite3's compiled module could not be loaded. */
  | 'native_module'
  /** A write-ahead log beside the file that is not its own: SQLite would replay it into the file. */
  | 'foreign_wal'
  | StoreFileProblem;

/**
 * What can go wrong with the file itself, at open or under any command:
 * `damaged` (cut short, bad pages), `disk_full`, `io_error` (the disk failed
 * to read or write it).
 */
export type StoreFileProblem = 'damaged' | 'disk_full' | 'io_error';

export class StoreOpenError extends WordedError {
  override readonly name = 'StoreOpenError';

  constructor(
    readonly code: StoreOpenErrorCode,
    readonly path: string,
    message: string | MessageText,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The history's file failed a command once open: damaged, or its disk full or failing. */
export class StoreFileError extends WordedError {
  override readonly name = 'StoreFileError';

  constructor(
    readonly code: StoreFileProblem,
    readonly path: string,
    message: MessageText,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * SQLite's error as what it says of the file at `path`, in one line; null for
 * any other error. A failed statement leaves what was committed before it,
 * and a failed transaction nothing of itself: so "what was saved before is kept".
 */
export function storeFileError(error: unknown, path: string): StoreFileError | null {
  if (!(error instanceof Database.SqliteError)) return null;
  const { code } = error;
  const sqlite = `SQLite: ${error.message}`;
  if (
    code.startsWith('SQLITE_CORRUPT') ||
    code === 'SQLITE_NOTADB' ||
    code === 'SQLITE_IOERR_SHORT_READ'
  ) {
    return new StoreFileError(
      'damaged',
      path,
      { key: 'store.damaged', values: { path, sqlite } },
      { cause: error },
    );
  }
  if (code === 'SQLITE_FULL') {
    return new StoreFileError(
      'disk_full',
      path,
      { key: 'store.disk_full', values: { path, sqlite } },
      { cause: error },
    );
  }
  if (code.startsWith('SQLITE_IOERR')) {
    return new StoreFileError(
      'io_error',
      path,
      { key: 'store.io_error', values: { path, sqlite, code } },
      { cause: error },
    );
  }
  return null;
}
