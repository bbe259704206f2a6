// A history the CLI's user may not write: commands that write refuse it in
// one line before they do anything (no API call, no key read), commands that
// only read serve it as it is and write nothing into it. And a --db path that
// is not a file at all is refused before SQLite opens it.
//
// The built CLI runs in a child process as a user who may not write the file:
// `nobody` when the tests run as root (root writes any file whatever its
// mode), else the test's own user with the file chmod 0444.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/main/store/migrate';
import { MIGRATIONS } from '../../src/main/store/migrations';
import { openStore } from '../../src/main/store/store';
import type { Profile, RunListItem } from '../../src/shared/run';
import { OTHER_USER, assertCliBuilt, spawnCli, type CliProcess } from '../support/spawn-cli';
import { profileInput, runRecord, snapshot, storedTrial } from '../support/store-fixtures';

let dir: string;
let server: Server;
let requests = 0;
/** Folders whose mode the tests changed: given back before they are removed. */
const folders: string[] = [];

beforeAll(async () => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-read-only-'));
  chmodSync(dir, 0o755); // the other user walks through it
  // The endpoint of the profiles below: any request it gets is an API call made.
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(500).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  for (const folder of folders) chmodSync(folder, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI as the user who may not write the histories. */
function lasttoken(args: string[], stdin?: string): Promise<CliProcess> {
  return spawnCli(args, { user: OTHER_USER, stdin });
}

/**
 * A history made by `fill` in a folder of its own, then made unwritable for
 * the CLI's user. `folderWritable`: that user may still create files beside
 * it (SQLite's -shm index, which reading needs).
 */
function readOnlyHistory(
  name: string,
  fill: (path: string) => void,
  folderWritable: boolean,
): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  folders.push(folder);
  const path = join(folder, 'lasttoken.db');
  fill(path);
  if (OTHER_USER) {
    chmodSync(path, 0o644);
    chmodSync(folder, folderWritable ? 0o777 : 0o755);
  } else {
    chmodSync(path, 0o444);
    chmodSync(folder, folderWritable ? 0o755 : 0o555);
  }
  return path;
}

/** The history's bytes: a read-only open must not change one. */
function digest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

const readOnlyLine = (path: string): string =>
  `lasttoken: the history database ${path} is read-only (you may not write to it): choose another with --db or LASTTOKEN_DB\n`;

describe('a history this user may not write', () => {
  let db: string;
  let profile: Profile;

  beforeAll(() => {
    db = readOnlyHistory(
      'history',
      (path) => {
        const store = openStore(path);
        const { port } = server.address() as AddressInfo;
        profile = store.profiles.create(
          profileInput({
            name: 'Counted',
            base_url: `http://127.0.0.1:${port}/v1`,
            headers: {},
            defaults: {},
          }),
        );
        const snap = snapshot(profile.id, { name: 'Counted' });
        store.runs.createRun(runRecord('run-done', [snap]));
        for (const k of [1, 2]) store.runs.saveTrial(storedTrial('run-done', profile.id, k));
        store.runs.finishRun('run-done', 'completed', '2026-03-01T10:01:00.000Z');
        // A run whose process died: opening for writing would mark it interrupted.
        store.runs.createRun(runRecord('run-dead', [snap]));
        const deadPid = spawnSync(process.execPath, ['-e', '0']).pid as number;
        store.db.prepare('UPDATE runs SET owner_pid = ? WHERE id = ?').run(deadPid, 'run-dead');
        store.close();
      },
      true,
    );
  });

  it('run refuses it in one line, before the plan and before any API call', async () => {
    const run = await lasttoken(['run', '--profiles', 'Counted', '--trials', '1', '--db', db]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: readOnlyLine(db) });
    expect(requests).toBe(0);
  });

  it('profile add, edit, remove, set-key and delete-key refuse it before anything', async () => {
    const commands = [
      ['profile', 'add', '--name', 'New', '--base-url', 'https://a.test/v1', '--model', 'm'],
      ['profile', 'edit', profile.id, '--model', 'other'],
      ['profile', 'remove', profile.id],
      ['profile', 'set-key', profile.id],
      ['profile', 'delete-key', profile.id],
    ];
    for (const argv of commands) {
      // set-key would read this key from stdin: it must not get that far.
      const result = await lasttoken([...argv, '--db', db], 'sk-read-only-0123456789');
      expect(result, argv.join(' ')).toEqual({ code: 1, stdout: '', stderr: readOnlyLine(db) });
    }
  });

  it('history, show, export and profile list read it as it is, writing nothing', async () => {
    const before = digest(db);
    const out = join(dir, 'exports');
    mkdirSync(out);
    chmodSync(out, 0o777);

    const history = await lasttoken(['history', '--json', '--db', db]);
    expect(history.stderr).toBe('');
    expect(history.code).toBe(0);
    const runs = JSON.parse(history.stdout) as RunListItem[];
    // Nothing recovered: the dead process's run is shown as the file has it.
    expect(runs.map((r) => [r.id, r.status]).sort()).toEqual([
      ['run-dead', 'running'],
      ['run-done', 'completed'],
    ]);

    const show = await lasttoken(['show', 'run-done', '--json', '--db', db]);
    expect(show.code, show.stderr).toBe(0);
    expect((JSON.parse(show.stdout) as { trials: unknown[] }).trials).toHaveLength(2);

    const file = join(out, 'trials.csv');
    const exported = await lasttoken([
      'export',
      'run-done',
      '--kind',
      'trials',
      '--out',
      file,
      '--db',
      db,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(
      /^wrote .*trials\.csv \(\d+ bytes, trials of run run-done\)\n$/,
    );
    expect(parse(readFileSync(file), { columns: true })).toHaveLength(2);

    const piped = await lasttoken([
      'export',
      'run-done',
      '--kind',
      'trials',
      '--out',
      '-',
      '--db',
      db,
    ]);
    expect(piped).toEqual({ code: 0, stdout: readFileSync(file, 'utf8'), stderr: '' });

    // No demo profile is created in it.
    const list = await lasttoken(['profile', 'list', '--json', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as Profile[]).map((p) => p.name)).toEqual(['Counted']);

    expect(digest(db)).toBe(before);
  });

  it('one that this version must migrate first says so', async () => {
    const older = readOnlyHistory(
      'older',
      (path) => {
        // As the previous schema version left it.
        const raw = new Database(path);
        applyMigrations(raw, MIGRATIONS.slice(0, -1));
        raw.close();
      },
      true,
    );
    const latest = MIGRATIONS.length;
    const history = await lasttoken(['history', '--db', older]);
    expect(history).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `lasttoken: the history database ${older} is read-only (you may not write to it) and must first be upgraded ` +
        `to schema version ${latest} (it is at ${latest - 1}) before this version of LastToken can read it: ` +
        'open it once where it can be written, or choose another with --db or LASTTOKEN_DB\n',
    });
  });

  it('one in a folder this user may not write either cannot be read, and says why', async () => {
    const locked = readOnlyHistory('locked', (path) => openStore(path).close(), false);
    const history = await lasttoken(['history', '--db', locked]);
    expect(history).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `lasttoken: cannot read the history database ${locked}: it is read-only (you may not write to it), ` +
        `and SQLite can only read it by creating lasttoken.db-shm in ${join(dir, 'locked')}, where you may not ` +
        'write either: copy it to a folder you may write to and use the copy with --db\n',
    });
    const run = await lasttoken(['run', '--profiles', 'demo', '--db', locked]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: readOnlyLine(locked) });
  });
});

describe('a --db that is not a file', () => {
  it('a named pipe is refused at once (SQLite would wait on it forever)', async () => {
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const command of [['history'], ['run', '--profiles', 'demo']]) {
      const result = await spawnCli([...command, '--db', fifo], { timeoutMs: 10_000 });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `lasttoken: ${fifo} is a named pipe (FIFO), not a history database file: choose another with --db or LASTTOKEN_DB\n`,
      });
    }
  });

  it('/dev/null is refused, and no /dev/null-journal appears', async () => {
    const journal = '/dev/null-journal';
    const journalBefore = existsSync(journal);
    try {
      const result = await spawnCli([
        'profile',
        'add',
        '--name',
        'x',
        '--base-url',
        'https://a.test',
        '--model',
        'm',
        '--db',
        '/dev/null',
      ]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'lasttoken: /dev/null is a device, not a history database file: choose another with --db or LASTTOKEN_DB\n',
      });
      expect(existsSync(journal)).toBe(journalBefore);
    } finally {
      if (!journalBefore) rmSync(journal, { force: true });
    }
  });
});
