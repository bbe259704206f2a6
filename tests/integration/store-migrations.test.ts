// Opening history files: new, at every earlier schema version, and the files
// that must be refused untouched (edited migration, newer schema, not ours).

import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations, migrationHash } from '../../src/main/store/migrate';
import { MIGRATIONS, SCHEMA_VERSION, type Migration } from '../../src/main/store/migrations';
import { openDatabase } from '../../src/main/store/open-database';
import { openStore } from '../../src/main/store/store';
import { StoreOpenError } from '../../src/main/store/store-error';
import { olderHistory } from '../support/older-history';
import {
  profileInput,
  runRecord,
  snapshot,
  storedTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';

let temp: TempDatabase;
beforeEach(() => {
  temp = tempDatabase();
});
afterEach(() => temp.remove());

/** A file brought to `version` by this build's first migrations only, as an older LastToken left it. */
function databaseAtVersion(path: string, migrations: readonly Migration[]): void {
  const db = openRaw(path);
  applyMigrations(db, migrations);
  db.close();
}

/** The file as plain SQLite opens it: no migration, no settings. */
function openRaw(path: string): Database.Database {
  mkdirSync(dirname(path), { recursive: true });
  return new Database(path);
}

function tables(db: Database.Database): string[] {
  return db
    .prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .pluck()
    .all();
}

function columnsOf(db: Database.Database, table: string): string[] {
  return db.prepare<[], string>(`SELECT name FROM pragma_table_info('${table}')`).pluck().all();
}

function expectOpenError(path: string, code: StoreOpenError['code'], message: RegExp): void {
  let caught: unknown;
  try {
    openDatabase(path).close();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(StoreOpenError);
  expect((caught as StoreOpenError).code).toBe(code);
  expect((caught as StoreOpenError).message).toMatch(message);
}

describe('migrations', () => {
  it('are numbered 1..N in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('create the whole schema in a new file, in its folder, with WAL and foreign keys', () => {
    const db = openDatabase(temp.path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(tables(db)).toEqual([
      'profile_checks',
      'profiles',
      'run_digests',
      'run_profiles',
      'runs',
      'schema_migrations',
      'settings',
      'trials',
    ]);
    const recorded = db.prepare('SELECT version, name, sha256 FROM schema_migrations').all();
    expect(recorded).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version, name: m.name, sha256: migrationHash(m.sql) })),
    );
    db.close();
  });

  for (let version = 0; version <= SCHEMA_VERSION; version++) {
    it(`bring a file at version ${version} to the current one, keeping its data`, () => {
      databaseAtVersion(temp.path, MIGRATIONS.slice(0, version));
      const store = openStore(temp.path);
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const profile = store.profiles.create(profileInput());
      store.close();

      // Opening again applies nothing and keeps everything.
      const again = openStore(temp.path);
      expect(again.profiles.list()).toEqual([profile]);
      expect(again.db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).toEqual({
        n: SCHEMA_VERSION,
      });
      again.close();
    });
  }

  it('apply every pending migration in one transaction: a failing one leaves the file as it was', () => {
    databaseAtVersion(temp.path, MIGRATIONS);
    const broken: Migration[] = [
      ...MIGRATIONS,
      { version: SCHEMA_VERSION + 1, name: 'good', sql: 'CREATE TABLE extra (x INTEGER) STRICT;' },
      {
        version: SCHEMA_VERSION + 2,
        name: 'bad',
        sql: 'ALTER TABLE no_such_table ADD COLUMN y TEXT;',
      },
    ];
    const db = new Database(temp.path);
    expect(() => applyMigrations(db, broken)).toThrow(/no_such_table/);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(tables(db)).not.toContain('extra');
    db.close();
  });

  it('carry data through a later migration (a new column with a default)', () => {
    const store = openStore(temp.path);
    const profile = store.profiles.create(profileInput());
    store.close();
    const next: Migration[] = [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        name: 'profile team',
        sql: "ALTER TABLE profiles ADD COLUMN team TEXT NOT NULL DEFAULT 'bench';",
      },
    ];
    const db = new Database(temp.path);
    applyMigrations(db, next);
    expect(db.prepare('SELECT id, team FROM profiles').all()).toEqual([
      { id: profile.id, team: 'bench' },
    ]);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION + 1);
    db.close();
  });
});

describe('schema 9: bytes after the end-of-stream marker', () => {
  it('adds the column to a schema-8 history: its trials read back as not counted, new ones keep theirs', () => {
    const source = tempDatabase();
    try {
      const measured = openStore(source.path);
      measured.runs.importRuns([
        {
          record: runRecord('before-v9', [snapshot('a')], {
            status: 'completed',
            ended_at: '2026-03-01T10:05:00.000Z',
          }),
          trials: [storedTrial('before-v9', 'a', 1), storedTrial('before-v9', 'a', 2)],
        },
      ]);
      measured.close();
      olderHistory(temp.path, 8, source.path);
    } finally {
      source.remove();
    }
    const before = new Database(temp.path);
    expect(before.pragma('user_version', { simple: true })).toBe(8);
    expect(columnsOf(before, 'trials')).not.toContain('bytes_after_end');
    before.close();

    const store = openStore(temp.path);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(columnsOf(store.db, 'trials')).toContain('bytes_after_end');
    expect(
      store.db
        .prepare('SELECT trial_index, bytes_after_end FROM trials ORDER BY trial_index')
        .all(),
    ).toEqual([
      { trial_index: 1, bytes_after_end: null },
      { trial_index: 2, bytes_after_end: null },
    ]);
    expect(store.history.getRun('before-v9')?.trials.map((t) => t.trial.bytes_after_end)).toEqual([
      null,
      null,
    ]);
    const record = runRecord('after-v9', [snapshot('a')]);
    store.runs.createRun(record);
    const later = storedTrial('after-v9', 'a', 1);
    store.runs.saveTrial({ ...later, trial: { ...later.trial, bytes_after_end: 57 } });
    store.runs.finishRun('after-v9', 'completed', '2026-03-01T11:00:00.000Z');
    expect(store.history.getRun('after-v9')?.trials[0]?.trial.bytes_after_end).toBe(57);
    store.close();
  });
});

describe('schema 16: a profile keeps its colour', () => {
  it('gives saved profiles the palette in the order they were made, and each run its profiles’ colours', () => {
    const source = tempDatabase();
    try {
      const measured = openStore(source.path);
      const made = ['first', 'second', 'third'].map((name) =>
        measured.profiles.create(profileInput({ name })),
      );
      const gone = snapshot('gone', { name: 'Removed since' });
      measured.runs.importRuns([
        {
          // The removed profile first: its colour is its position's, 0; the saved ones keep theirs.
          record: runRecord(
            'before-v16',
            [
              gone,
              ...made
                .slice()
                .reverse()
                .map((p) => snapshot(p.id, { name: p.name })),
            ],
            {
              status: 'completed',
              ended_at: '2026-03-01T10:05:00.000Z',
            },
          ),
          trials: [],
        },
      ]);
      measured.close();
      olderHistory(temp.path, 15, source.path);
    } finally {
      source.remove();
    }
    const before = new Database(temp.path);
    expect(columnsOf(before, 'profiles')).not.toContain('color');
    before.close();

    const store = openStore(temp.path);
    const colors = Object.fromEntries(store.profiles.list().map((p) => [p.name, p.color]));
    expect(colors).toEqual({ first: 0, second: 1, third: 2 });
    const run = store.history.runRecord('before-v16');
    expect(run?.profiles.map((p) => [p.name, p.color])).toEqual([
      ['Removed since', 0],
      ['third', 2],
      ['second', 1],
      ['first', 0],
    ]);
    // A new profile takes the slot fewest have; recoloured, it is drawn so in its old runs too.
    const fourth = store.profiles.create(profileInput({ name: 'fourth' }));
    expect(fourth.color).toBe(3);
    const second = store.profiles.list().find((p) => p.name === 'second');
    store.profiles.update(second?.id ?? '', { color: 6 });
    expect(store.history.runRecord('before-v16')?.profiles.map((p) => p.color)).toEqual([
      0, 2, 6, 0,
    ]);
    store.close();
  });
});

describe('files that are refused, untouched', () => {
  it('an applied migration whose SQL changed', () => {
    const edited = MIGRATIONS.map((m, i) =>
      i === 0 ? { ...m, sql: m.sql.replace('name TEXT NOT NULL', 'name TEXT') } : m,
    );
    databaseAtVersion(temp.path, edited);
    expectOpenError(
      temp.path,
      'migration_changed',
      /Migration 1 \(initial\).*changed after it had been applied/,
    );
  });

  it('a file written by a newer LastToken', () => {
    databaseAtVersion(temp.path, [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        name: 'future',
        sql: 'CREATE TABLE future (x INTEGER) STRICT;',
      },
    ]);
    const before = readFileSync(temp.path);
    expectOpenError(
      temp.path,
      'newer_schema',
      new RegExp(
        `newer version of LastToken \\(schema version ${SCHEMA_VERSION + 1}; this version knows up to ${SCHEMA_VERSION}\\)`,
      ),
    );
    expect(readFileSync(temp.path).equals(before)).toBe(true);
  });

  it('an SQLite database of another program', () => {
    const db = openRaw(temp.path);
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY)');
    db.close();
    expectOpenError(temp.path, 'not_lasttoken', /another program \(it has tables invoices\)/);
    const check = new Database(temp.path, { readonly: true });
    expect(tables(check)).toEqual(['invoices']);
    check.close();
  });

  it('a file that is not a database', () => {
    mkdirSync(dirname(temp.path), { recursive: true });
    writeFileSync(temp.path, 'these are not the bytes of an SQLite file\n'.repeat(200));
    expectOpenError(temp.path, 'not_a_database', /is not an SQLite database/);
  });

  it('a folder where the file should be, or a file where its folder should be', () => {
    openDatabase(temp.path).close();
    expectOpenError(
      temp.dir,
      'not_a_file',
      new RegExp(`^${temp.dir} is a folder, not a history database file: choose another`),
    );
    expectOpenError(`${temp.path}/inside.db`, 'cannot_open', /Cannot create the folder/);
  });

  it('a device or a socket, refused before SQLite touches it', async () => {
    // SQLite would take /dev/null for an empty database and create /dev/null-journal.
    const journal = '/dev/null-journal';
    const journalBefore = existsSync(journal);
    try {
      expectOpenError(
        '/dev/null',
        'not_a_file',
        /^\/dev\/null is a device, not a history database file: choose another with --db or LASTTOKEN_DB$/,
      );
      expect(existsSync(journal)).toBe(journalBefore);
    } finally {
      if (!journalBefore) rmSync(journal, { force: true });
    }

    mkdirSync(temp.dir, { recursive: true });
    const socket = join(temp.dir, 'socket');
    const server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      expectOpenError(socket, 'not_a_file', /socket is a socket, not a history database file/);
    } finally {
      server.close();
    }
  });

  it('a native module that cannot be loaded (but one in its own folder loads)', () => {
    // As the Electron main process loads its own build: a copy outside node_modules.
    const own = join(temp.dir, 'native', 'electron', 'better_sqlite3.node');
    mkdirSync(dirname(own), { recursive: true });
    copyFileSync(
      createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node'),
      own,
    );
    openDatabase(temp.path, { nativeBinding: own }).close();

    let caught: unknown;
    try {
      openDatabase(temp.path, { nativeBinding: `${temp.dir}/missing/better_sqlite3.node` });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StoreOpenError);
    expect((caught as StoreOpenError).code).toBe('native_module');
    expect((caught as StoreOpenError).message).toMatch(/scripts\/build-electron-sqlite\.mjs/);
  });
});
