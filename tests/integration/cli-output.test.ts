// Where the CLI's output goes: a CSV export streamed to stdout (--out -), and
// what happens when stdout or stderr cannot be written. These run the built
// CLI in a child process, its stdout a real pipe, file or device.

import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main/cli/main';
import { MemoryKeyStore } from '../../src/main/secrets';
import { openStore } from '../../src/main/store/store';
import type { Profile } from '../../src/shared/run';
import { assertCliBuilt, spawnCli, type SpawnCliOptions } from '../support/spawn-cli';
import { runRecord, snapshot, storedTrial } from '../support/store-fixtures';

let dir: string;
let db: string;
/** A run of 4 trials × 3000 chunks: its chunks CSV is far larger than a pipe's buffer. */
const RUN = 'run-output';
const TRIALS = 4;
const CHUNKS = 3000;

beforeAll(() => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-output-'));
  db = join(dir, 'lasttoken.db');
  const store = openStore(db);
  store.runs.createRun(runRecord(RUN, [snapshot('p-1', { name: '通义千问' })]));
  for (let k = 1; k <= TRIALS; k++) store.runs.saveTrial(storedTrial(RUN, 'p-1', k, CHUNKS));
  store.runs.finishRun(RUN, 'completed', '2026-03-01T10:01:00.000Z');
  store.close();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lasttoken = (args: string[], options?: SpawnCliOptions) =>
  spawnCli([...args, '--db', db], options);

/** Runs the command with the given file (a device) as its stdout or stderr. */
async function withFile<T>(path: string, use: (fd: number) => Promise<T>): Promise<T> {
  const fd = openSync(path, 'w');
  try {
    return await use(fd);
  } finally {
    closeSync(fd);
  }
}

describe('export --out -', () => {
  it('streams the CSV to stdout, the same bytes as the file, and nothing else', async () => {
    const file = join(dir, 'chunks.csv');
    const written = await lasttoken(['export', RUN, '--kind', 'chunks', '--out', file, '--bom']);
    expect(written.code, written.stderr).toBe(0);

    const piped = await lasttoken(['export', RUN, '--kind', 'chunks', '--out', '-', '--bom']);
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    const csv = readFileSync(file);
    expect(csv.length).toBeGreaterThan(500_000);
    expect(Buffer.from(piped.stdout)).toEqual(csv);
    const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(TRIALS * CHUNKS);
    expect(rows[0]?.profile).toBe('通义千问');
  });

  it('with --json is a usage error: stdout carries the CSV', async () => {
    let stdout = '';
    let stderr = '';
    const code = await main(['export', RUN, '--kind', 'summary', '--out', '-', '--json'], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: {},
    });
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lasttoken: --json cannot go with --out -: standard output carries the CSV (leave out --json, or write to a file)\n',
    });
  });

  it('stops quietly when the reader closes the pipe early', async () => {
    const result = await lasttoken(['export', RUN, '--kind', 'chunks', '--out', '-'], {
      stdoutLimit: 1000,
    });
    expect(result.stdout.startsWith('run_id,')).toBe(true);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  });
});

// /dev/full takes no byte: every write fails with ENOSPC, as on a full disk.
describe.skipIf(!existsSync('/dev/full'))('a stdout that cannot be written', () => {
  const fullDisk = 'lasttoken: cannot write to standard output: no space left on the device\n';

  it.each([
    ['history --json', ['history', '--json']],
    ['show', ['show', RUN]],
    ['export --out -', ['export', RUN, '--kind', 'chunks', '--out', '-']],
  ])('%s: one line on stderr, exit 1', async (_, args) => {
    const result = await withFile('/dev/full', (fd) => lasttoken(args, { stdoutFd: fd }));
    expect(result).toEqual({ code: 1, stdout: '', stderr: fullDisk });
  });

  it('with stderr failing too, just exits 1', async () => {
    const result = await withFile('/dev/full', (fd) =>
      lasttoken(['history', '--json'], { stdoutFd: fd, stderrFd: fd }),
    );
    expect(result.code).toBe(1);
  });

  it('a failing stderr alone does not stop the command', async () => {
    // profile add prints a hint on stderr; the profile is saved all the same.
    const result = await withFile('/dev/full', (fd) =>
      lasttoken(
        ['profile', 'add', '--name', 'Quiet', '--base-url', 'https://a.test/v1', '--model', 'm'],
        { stderrFd: fd },
      ),
    );
    expect(result.code).toBe(0);
    const id = result.stdout.trim();
    let listed = '';
    await main(
      ['profile', 'list', '--json', '--db', db],
      {
        stdout: { write: (text: string) => (listed += text) },
        stderr: { write: () => true },
        env: {},
      },
      { keys: new MemoryKeyStore() },
    );
    expect((JSON.parse(listed) as Profile[]).find((p) => p.id === id)?.name).toBe('Quiet');
  });
});
