// Applies numbered migrations: every pending one in a single transaction, each
// recorded in schema_migrations with a hash of its SQL, the version in
// PRAGMA user_version. A file this build cannot vouch for (newer, edited
// history, someone else's database) is refused before anything is written.

import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations';
import { StoreOpenError } from './store-error';

interface AppliedMigration {
  version: number;
  name: string;
  sha256: string;
}

export function migrationHash(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/**
 * Brings the database to the last of `migrations` (version k = k-th entry).
 * The whole check-and-apply is one IMMEDIATE transaction, so two processes
 * opening the same new file at once cannot both migrate it: the second waits
 * for the write lock, then finds nothing left to do.
 */
export function applyMigrations(db: Database, migrations: readonly Migration[]): void {
  // A migration that rebuilds a table (SQLite's way to alter a constraint)
  // needs foreign keys off, and they cannot be switched inside a transaction:
  // off for the transaction, checked before it commits, on again afterwards.
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => migrate(db, migrations)).immediate();
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

function migrate(db: Database, migrations: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw newerSchema(db.name, current, latest);
  if (current === 0) refuseForeignDatabase(db);

  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = db
    .prepare<[], AppliedMigration>(
      'SELECT version, name, sha256 FROM schema_migrations ORDER BY version',
    )
    .all();
  verifyApplied(db.name, applied, migrations, current);

  const pending = migrations.slice(current);
  if (pending.length === 0) return;
  const record = db.prepare<[number, string, string, string]>(
    'INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)',
  );
  const appliedAt = new Date().toISOString();
  for (const migration of pending) {
    db.exec(migration.sql);
    record.run(migration.version, migration.name, migrationHash(migration.sql), appliedAt);
  }
  const violations = db.pragma('foreign_key_check') as unknown[];
  if (violations.length > 0) {
    throw new Error(
      `migration to version ${latest} left ${violations.length} foreign key violations`,
    );
  }
  // A pragma takes no bound parameters; latest is an integer we computed.
  db.pragma(`user_version = ${latest}`);
}

/** Version 0 is a new, empty file: one with tables of its own belongs to another program. */
function refuseForeignDatabase(db: Database): void {
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'schema_migrations'",
    )
    .pluck()
    .all();
  if (tables.length === 0) return;
  throw new StoreOpenError(
    'not_lasttoken',
    db.name,
    `${db.name} is an SQLite database of another program (it has tables ${tables
      .slice(0, 5)
      .join(', ')}), not a LastToken history. It was left untouched: choose another file.`,
  );
}

/** The file's recorded migrations must be exactly this build's first `current` ones. */
function verifyApplied(
  path: string,
  applied: readonly AppliedMigration[],
  migrations: readonly Migration[],
  current: number,
): void {
  const beyond = applied.find((row) => row.version > migrations.length);
  if (beyond) throw newerSchema(path, beyond.version, migrations.length);

  for (const migration of migrations.slice(0, current)) {
    const row = applied.find((r) => r.version === migration.version);
    if (!row) {
      throw new StoreOpenError(
        'inconsistent_schema',
        path,
        `${path} says it is at schema version ${current} but has no record of migration ${migration.version} (${migration.name}). It was left untouched.`,
      );
    }
    if (row.sha256 !== migrationHash(migration.sql)) {
      throw new StoreOpenError(
        'migration_changed',
        path,
        `Migration ${migration.version} (${migration.name}) applied to ${path} differs from the one in this build of LastToken: ` +
          'its SQL was changed after it had been applied, so the schema of the file is not what this version expects. ' +
          'The file was left untouched. This is a LastToken bug: please report it, and keep the file.',
      );
    }
  }
  const unexpected = applied.find((row) => row.version > current);
  if (unexpected) {
    throw new StoreOpenError(
      'inconsistent_schema',
      path,
      `${path} records migration ${unexpected.version} but says it is at schema version ${current}. It was left untouched.`,
    );
  }
}

function newerSchema(path: string, version: number, known: number): StoreOpenError {
  return new StoreOpenError(
    'newer_schema',
    path,
    `${path} was written by a newer version of LastToken (schema version ${version}; this version knows up to ${known}). ` +
      'It was left untouched: update LastToken to open it, or choose another file (--db or LASTTOKEN_DB).',
  );
}
