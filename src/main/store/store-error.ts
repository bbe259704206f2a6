// Why a history database could not be opened, with a message for people.
// Callers (CLI, app) show `message`; `code` lets them add their own advice.

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
  | 'native_module';

export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';

  constructor(
    readonly code: StoreOpenErrorCode,
    readonly path: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
