// Whether this process can write a history database, asked of SQLite itself.
//
// SQLite does not refuse a file it may not write: it silently opens it
// read-only and fails at the first write, which for the CLI would be halfway
// through a command (a run's first saved trial, after API calls were paid
// for). Nor does `BEGIN IMMEDIATE` tell: on a read-only file it quietly starts
// a read transaction. Permission bits would be a guess (root writes a 0444
// file; a read-only mount, ACLs, or a -shm file left by another user decide
// too), so the probe is a real write, rolled back: it needs everything a
// commit needs (the file opened for writing, the write lock, the WAL and its
// -shm index writable) and changes nothing on disk.

import { accessSync, constants, existsSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteError = InstanceType<typeof Database.SqliteError>;

/** SQLITE_READONLY and its extended codes (_DIRECTORY, _CANTINIT, _RECOVERY...). */
export function isReadOnlyError(error: unknown): error is SqliteError {
  return error instanceof Database.SqliteError && error.code.startsWith('SQLITE_READONLY');
}

/**
 * Null when `db` can be written, else SQLite's refusal. Other errors (not a
 * database, busy past the timeout) are thrown.
 */
export function writeRefusal(db: Database.Database): SqliteError | null {
  try {
    db.exec('BEGIN IMMEDIATE');
    // Rewrites the header's user_version with its own value: a page made dirty,
    // so SQLite must be ready to journal and commit it.
    const version = db.pragma('user_version', { simple: true }) as number;
    db.pragma(`user_version = ${version}`);
    return null;
  } catch (error) {
    if (isReadOnlyError(error)) return error;
    throw error;
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
  }
}

/**
 * Why SQLite may not write `path`, in words a user can act on. Only the wording:
 * whether it can be written is SQLite's answer (writeRefusal).
 */
export function whyNotWritable(path: string, refusal: SqliteError): string {
  const name = basename(path);
  const denied = (file: string): NodeJS.ErrnoException | null => {
    try {
      accessSync(file, constants.W_OK);
      return null;
    } catch (error) {
      return error as NodeJS.ErrnoException;
    }
  };
  const own = denied(path);
  if (own?.code === 'EROFS') return 'its file system is mounted read-only';
  if (own) return 'you may not write to it';
  // In WAL mode SQLite writes through two files beside the database.
  for (const suffix of ['-wal', '-shm']) {
    const companion = `${path}${suffix}`;
    if (existsSync(companion) && denied(companion)) {
      return `you may not write to ${name}${suffix} beside it`;
    }
  }
  if (denied(dirname(path))) {
    return `you may not write to its folder ${dirname(path)}, where SQLite keeps ${name}-wal and ${name}-shm`;
  }
  return `SQLite: ${refusal.message}`;
}
