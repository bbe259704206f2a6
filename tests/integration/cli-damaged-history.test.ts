// A history file that is damaged, on a full disk, or beside a write-ahead log
// that is not its own: every command says so in one line (which file, what is
// wrong, what to do), never with a stack trace, and leaves the files as they
// were. In-process CLI against real SQLite files written for each case; the
// full disk is a small tmpfs mounted by the test (root only).

import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  closeSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppServices } from '../../src/main/app-services';
import { runFileStream } from '../../src/main/export';
import { MemoryKeyStore } from '../../src/main/secrets';
import { openStore, type Store } from '../../src/main/store/store';
import type { RunDetail } from '../../src/shared/run';
import { cliInProcess, type CliRun } from '../support/cli-in-process';
import { importableTrial, runRecord, snapshot, storedTrial } from '../support/store-fixtures';

let dir: string;
/** A run file of a long run, for imports. */
let runFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-damaged-'));
  const source = join(dir, 'source.db');
  const store = openStore(source);
  record(store, 'run-long', 6, 4000);
  runFile = join(dir, 'long.json');
  writeFileSync(runFile, await text(runFileStream(store.history.getRun('run-long') as RunDetail)));
  store.close();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A finished run of one profile: `trials` stream trials of `chunks` chunks. */
function record(store: Store, id: string, trials: number, chunks: number): void {
  const base = runRecord(id, [snapshot('p-1')], { status: 'completed' });
  store.runs.createRun({
    ...base,
    status: 'running',
    config: { ...base.config, modes: ['stream'], trials },
  });
  for (let k = 1; k <= trials; k++) store.runs.saveTrial(importableTrial(id, 'p-1', k, chunks));
  store.runs.finishRun(id, 'completed', '2026-03-01T10:02:00.000Z');
}

/** A closed history (its log checkpointed into it) of `runs` runs. */
function history(name: string, runs: number): string {
  const path = join(dir, name);
  const store = openStore(path);
  for (let r = 0; r < runs; r++) record(store, `run-${r}`, 3, 2000);
  store.close();
  return path;
}

const cli = (db: string, argv: string[]): Promise<CliRun> => cliInProcess([...argv, '--db', db]);

/** The bytes of a file and its companions, for "left as it was". */
function bytesOf(path: string): Buffer[] {
  return ['', '-wal', '-shm'].map((s) =>
    existsSync(path + s) ? readFileSync(path + s) : Buffer.alloc(0),
  );
}

/** One line on stderr, no stack trace, nothing on stdout, exit 1. */
function refusedInOneLine(run: CliRun, line: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toMatch(/^lasttoken: [^\n]+\n$/);
  expect(run.stderr).toMatch(line);
  expect(run.stdout).toBe('');
  for (const output of [run.stdout, run.stderr]) {
    expect(output).not.toContain('    at ');
    expect(output).not.toContain('internal error');
  }
}

const damaged = (db: string): RegExp =>
  new RegExp(
    `^lasttoken: the history database ${db} is damaged \\(SQLite: database disk image is malformed\\): ` +
      'restore it from a backup, or choose another file with --db or LASTTOKEN_DB',
  );

/** Every kind of command: reading, writing, importing, exporting. */
const COMMANDS = (): string[][] => [
  ['history'],
  ['show', 'run-1'],
  ['profile', 'list'],
  ['export', 'run-1', '--kind', 'trials', '--out', '-'],
  ['import', runFile],
  ['profile', 'add', '--name', 'n', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'],
];

describe('a damaged history', () => {
  it('cut short: every command says which file is damaged and what to do, and changes nothing', async () => {
    const db = history('truncated.db', 4);
    truncateSync(db, Math.floor(readFileSync(db).length / 2));
    const before = bytesOf(db);
    for (const argv of COMMANDS()) {
      const run = await cli(db, argv);
      refusedInOneLine(run, damaged(db));
    }
    expect(bytesOf(db)).toEqual(before);
  });

  it('with bad pages where the trials are: the same line from the query that meets them, the rest still read', async () => {
    const db = history('bad-pages.db', 4);
    const pages = (() => {
      const reader = new Database(db, { readonly: true });
      try {
        return reader
          .prepare<[], { pageno: number }>("SELECT pageno FROM dbstat WHERE name = 'trials'")
          .all()
          .map((p) => p.pageno);
      } finally {
        reader.close();
      }
    })();
    expect(pages.length).toBeGreaterThan(10);
    const fd = openSync(db, 'r+');
    for (const page of pages) writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, (page - 1) * 4096);
    closeSync(fd);
    // What does not meet them still works: the runs and the profiles are listed.
    const listed = await cli(db, ['history', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(4);
    const before = bytesOf(db);
    expect((await cli(db, ['profile', 'list'])).code).toBe(0);
    for (const argv of [
      ['show', 'run-1'],
      ['export', 'run-1', '--kind', 'chunks', '--out', '-'],
      ['import', runFile],
    ]) {
      const run = await cli(db, argv);
      refusedInOneLine(run, damaged(db));
      if (argv[0] === 'import') expect(run.stderr).toMatch(/; nothing was imported\n$/);
    }
    expect(bytesOf(db)).toEqual(before);

    // The app says the same of it, with the file named.
    const services = openAppServices({
      databasePath: db,
      keys: new MemoryKeyStore(),
      identity: { name: 'LastToken', version: 'test', electron: null, transport: 'http' },
      systemLocale: 'en-US',
    });
    try {
      const answer = await services.dispatch('historyRun', { run_id: 'run-1' });
      expect(answer.ok).toBe(false);
      if (!answer.ok) {
        expect(answer.error.code).toBe('storage');
        expect(`lasttoken: ${answer.error.message}`).toMatch(damaged(db));
      }
    } finally {
      await services.close();
    }
  });
});

describe('a write-ahead log that is not the history’s own', () => {
  /** A small history's log, copied while its writer still has it open (so it holds commits). */
  function foreignLog(): Buffer {
    const small = join(dir, `small-${Math.random().toString(36).slice(2)}.db`);
    const store = openStore(small);
    store.runs.createRun(runRecord('run-small', [snapshot('p-1')]));
    store.runs.saveTrial(storedTrial('run-small', 'p-1', 1, 10));
    const log = readFileSync(`${small}-wal`);
    store.close();
    expect(log.length).toBeGreaterThan(32);
    return log;
  }

  const foreign = (db: string, why: string): RegExp =>
    new RegExp(
      `^lasttoken: the write-ahead log ${db}-wal is not the one of the history database ${db} \\(${why}\\): ` +
        'SQLite would replay it into the history and damage it, so neither file was opened\\. ' +
        'If \\S+ was restored from a backup or copied here, move \\S+-wal and \\S+-shm out of its folder and try again',
    );

  it('beside another, larger history: refused before SQLite opens either file, both left as they were', async () => {
    const db = history('larger.db', 3);
    writeFileSync(`${db}-wal`, foreignLog());
    const before = bytesOf(db);
    for (const argv of COMMANDS()) {
      refusedInOneLine(
        await cli(db, argv),
        foreign(db, 'it is the log of a database of \\d+ pages, and this one has \\d+'),
      );
    }
    expect(bytesOf(db)).toEqual(before);
    expect(existsSync(`${db}-shm`)).toBe(false);
    // Moved away, the history opens as it was.
    rmSync(`${db}-wal`);
    const listed = await cli(db, ['history', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(3);
  });

  it('beside a database that is absent or empty: refused, and no database is created', async () => {
    const log = foreignLog();
    const absent = join(dir, 'absent', 'lasttoken.db');
    mkdirSync(join(dir, 'absent'));
    writeFileSync(`${absent}-wal`, log);
    refusedInOneLine(
      await cli(absent, ['profile', 'list']),
      foreign(absent, 'it holds commits, and the database is absent'),
    );
    expect(existsSync(absent)).toBe(false);
    expect(readFileSync(`${absent}-wal`)).toEqual(log);

    const empty = join(dir, 'empty.db');
    writeFileSync(empty, '');
    writeFileSync(`${empty}-wal`, log);
    refusedInOneLine(
      await cli(empty, ['history']),
      foreign(empty, 'it holds commits, and the database is empty'),
    );
    expect(readFileSync(empty).length).toBe(0);
    expect(readFileSync(`${empty}-wal`)).toEqual(log);
  });

  it('beside a database of another page size: refused', async () => {
    const other = join(dir, 'pages-8k.db');
    const db = new Database(other);
    db.pragma('page_size = 8192');
    db.exec('CREATE TABLE t (x)');
    db.close();
    writeFileSync(`${other}-wal`, foreignLog());
    const before = bytesOf(other);
    refusedInOneLine(
      await cli(other, ['history']),
      foreign(other, "its pages are of 4096 bytes, the database's of 8192"),
    );
    expect(bytesOf(other)).toEqual(before);
  });

  it('its own log, copied with it while its writer was live: opened and replayed as before', async () => {
    const db = join(dir, 'own.db');
    copyFileSync(history('own-source.db', 1), db);
    // The pair as a crash leaves it (store-crash.test.ts kills a real writer): the run in the log is kept.
    const store = openStore(db);
    store.runs.createRun(runRecord('run-live', [snapshot('p-1')]));
    store.runs.saveTrial(storedTrial('run-live', 'p-1', 1, 10));
    const copy = join(dir, 'own-copy.db');
    copyFileSync(db, copy);
    copyFileSync(`${db}-wal`, `${copy}-wal`);
    store.close();
    const listed = await cli(copy, ['history', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const runs = JSON.parse(listed.stdout) as { id: string; status: string }[];
    expect(runs.map((r) => [r.id, r.status]).sort()).toEqual([
      ['run-0', 'completed'],
      // Its process is this one, still alive: left running, as any live run is.
      ['run-live', 'running'],
    ]);
  });
});

// Mounting needs root; elsewhere the same code path is the one a failing write takes.
const root = process.platform === 'linux' && process.getuid?.() === 0;

describe.skipIf(!root)('a full disk (a small tmpfs)', () => {
  let mount: string;

  beforeAll(() => {
    mount = join(dir, 'full');
    mkdirSync(mount);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount]);
  });

  afterAll(() => {
    execFileSync('umount', [mount]);
  });

  it('import: one line, nothing imported, the history as it was', async () => {
    const db = join(mount, 'history.db');
    const listed = await cli(db, ['history', '--json']);
    expect(listed.stdout).toBe('[]\n');
    expect(readFileSync(runFile).length).toBeGreaterThan(1.5 * 1024 * 1024);
    const run = await cli(db, ['import', runFile]);
    refusedInOneLine(
      run,
      new RegExp(
        `^lasttoken: cannot write the history database ${db}: the disk is full \\(SQLite: database or disk is full\\); ` +
          'what was saved before is kept: free some space, or choose another file with --db or LASTTOKEN_DB; nothing was imported\\n$',
      ),
    );
    const after = await cli(db, ['history', '--json']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toBe('[]\n');
  });

  it('a new history where no space is left: one line at open', async () => {
    const filler = join(mount, 'filler');
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' });
    } catch {
      // dd stops with an error when the disk is full: that is the point.
    }
    const db = join(mount, 'new.db');
    const run = await cli(db, ['profile', 'list']);
    refusedInOneLine(
      run,
      new RegExp(`^lasttoken: cannot write the history database ${db}: the disk is full`),
    );
    rmSync(filler);
  });
});
