// CSV export to real files and large exports: the file appears whole or not at
// all, errors name the path and the reason, and a 120k-chunk export streams
// row by row instead of building one giant string.

import { spawnSync } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CsvWriteError,
  csvNumber,
  exportCsv,
  exportCsvStream,
  summariesByProfile,
  writeCsvFile,
} from '../../src/main/export';
import {
  DEFAULT_REQUEST_SHAPE,
  type ProfileSnapshot,
  type RunRecord,
  type StoredTrial,
} from '../../src/shared/run';
import type { ChunkRecord } from '../../src/shared/trial';
import { makeTrial } from '../unit/trial-fixture';

const profiles: ProfileSnapshot[] = [
  {
    id: 'p1',
    name: '通义千问, "free"',
    base_url: 'https://example.com/v1',
    model: 'qwen',
    dialect: 'openai-chat',
    headers: {},
    defaults: {},
    notes: '',
    allow_insecure_key: false,
    ...DEFAULT_REQUEST_SHAPE,
    query: {},
    has_key: false,
    proxy_auth: false,
    builtin: false,
    color: 0,
  },
];

const run: RunRecord = {
  id: 'run-big',
  config: {
    prompt: 'Count',
    max_tokens: 8000,
    modes: ['stream'],
    trials: 30,
    profile_ids: ['p1'],
    limits: {
      connect_timeout_ms: 1,
      idle_timeout_ms: 1,
      stall_ms: 1,
      deadline_ms: 1,
      max_event_bytes: 1,
      max_response_bytes: 1,
      max_text_chars: 1,
    },
    reuse_connection: false,
    warmup: false,
  },
  profiles,
  status: 'completed',
  started_at: '2025-03-01T10:00:00.000Z',
  ended_at: null,
  planned_calls: 30,
  series_id: null,
  label: null,
  imported_at: null,
  profile_failures: [],
  environment: null,
};

const smallTrials: StoredTrial[] = [1, 2, 3].map((trial_index) => ({
  run_id: 'run-big',
  profile_id: 'p1',
  trial_index,
  warmup: false,
  trial: makeTrial({ usage_diff: -trial_index, error: trial_index === 2 ? '=1+1' : null }),
}));

function bigTrial(trial_index: number, chunks: number): StoredTrial {
  const records: ChunkRecord[] = [];
  const gaps: number[] = [];
  let at = 180.123;
  for (let i = 0; i < chunks; i++) {
    const gap = 7 + ((i * 7919) % 13) / 1000;
    if (i > 0) gaps.push(gap);
    at += i > 0 ? gap : 0;
    records.push({ at_ms: at, kind: 'content', chars: 4 + (i % 3), bytes: 140, tokens: 1 });
  }
  return {
    run_id: 'run-big',
    profile_id: 'p1',
    trial_index,
    warmup: false,
    trial: makeTrial({
      chunks,
      gaps_ms: gaps,
      timeline: { t0_mono_ms: 0, chunks: records, pings: [] },
    }),
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lasttoken-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeCsvFile', () => {
  it('writes the export, BOM included when asked', async () => {
    const path = join(dir, 'trials.csv');
    const result = await writeCsvFile(path, 'trials', { run, trials: smallTrials }, { bom: true });
    const bytes = await readFile(path);
    expect(result).toEqual({ path, bytes: bytes.length });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(
      exportCsv('trials', { run, trials: smallTrials }, { bom: true }),
    );
  });

  it('writes each kind, relative paths resolved', async () => {
    const summaries = summariesByProfile(smallTrials);
    const sub = join(dir, 'kinds');
    await mkdir(sub);
    const cwd = process.cwd();
    process.chdir(sub);
    try {
      const result = await writeCsvFile('summary.csv', 'summary', { run, summaries });
      expect(result.path).toBe(join(sub, 'summary.csv'));
    } finally {
      process.chdir(cwd);
    }
    await writeCsvFile(join(sub, 'chunks.csv'), 'chunks', { run, trials: smallTrials });
    expect(await readFile(join(sub, 'summary.csv'), 'utf8')).toBe(
      exportCsv('summary', { run, summaries }),
    );
    expect(await readFile(join(sub, 'chunks.csv'), 'utf8')).toBe(
      exportCsv('chunks', { run, trials: smallTrials }),
    );
    expect((await readdir(sub)).sort()).toEqual(['chunks.csv', 'summary.csv']);
  });

  it('replaces an existing file and leaves no temporary file', async () => {
    const sub = join(dir, 'replace');
    await mkdir(sub);
    const path = join(sub, 'out.csv');
    await writeFile(path, 'old contents');
    await writeCsvFile(path, 'chunks', { run, trials: smallTrials });
    expect(await readFile(path, 'utf8')).toBe(exportCsv('chunks', { run, trials: smallTrials }));
    expect(await readdir(sub)).toEqual(['out.csv']);
  });

  it('a failing source leaves the previous file untouched and no temporary file', async () => {
    const sub = join(dir, 'failing');
    await mkdir(sub);
    const path = join(sub, 'out.csv');
    await writeFile(path, 'previous export');
    async function* failing() {
      // Enough rows that part of the CSV has reached the temporary file.
      yield bigTrial(1, 20_000);
      // With a code, like better-sqlite3's errors: still not the file's fault.
      throw Object.assign(new Error('database cursor failed'), { code: 'SQLITE_IOERR' });
    }
    const error = await writeCsvFile(path, 'chunks', { run, trials: failing() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(CsvWriteError);
    expect((error as Error).message).toBe('database cursor failed');
    expect(await readFile(path, 'utf8')).toBe('previous export');
    expect(await readdir(sub)).toEqual(['out.csv']);

    // No previous file: none appears.
    const fresh = join(sub, 'fresh.csv');
    await expect(writeCsvFile(fresh, 'chunks', { run, trials: failing() })).rejects.toThrow(
      'database cursor failed',
    );
    expect(await readdir(sub)).toEqual(['out.csv']);
  });

  it('a missing folder is named in the error', async () => {
    const path = join(dir, 'no-such-folder', 'out.csv');
    const error = await writeCsvFile(path, 'trials', { run, trials: smallTrials }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CsvWriteError);
    expect((error as CsvWriteError).message).toBe(
      `cannot write CSV to ${path}: the folder ${join(dir, 'no-such-folder')} does not exist`,
    );
    expect((error as CsvWriteError).code).toBe('ENOENT');
  });

  it('a folder as the target, or a file as the folder, is refused clearly', async () => {
    await expect(writeCsvFile(dir, 'trials', { run, trials: smallTrials })).rejects.toThrow(
      `cannot write CSV to ${dir}: it is a folder`,
    );
    const file = join(dir, 'plain-file');
    await writeFile(file, '');
    await expect(
      writeCsvFile(join(file, 'out.csv'), 'trials', { run, trials: smallTrials }),
    ).rejects.toThrow(`cannot write CSV to ${join(file, 'out.csv')}: ${file} is not a folder`);
  });

  // Root writes anywhere, so the permission check only means something for other users.
  it.skipIf(process.getuid?.() === 0)('a read-only folder: permission denied', async () => {
    const sub = join(dir, 'read-only');
    await mkdir(sub);
    await chmod(sub, 0o555);
    try {
      await expect(
        writeCsvFile(join(sub, 'out.csv'), 'trials', { run, trials: smallTrials }),
      ).rejects.toThrow(/: permission denied/);
    } finally {
      await chmod(sub, 0o755);
    }
  });
});

describe('writeCsvFile and what is at the path', () => {
  const trialsCsv = () => exportCsv('trials', { run, trials: smallTrials });
  const write = (path: string) => writeCsvFile(path, 'trials', { run, trials: smallTrials });

  async function freshFolder(name: string): Promise<string> {
    const sub = join(dir, name);
    await mkdir(sub);
    return sub;
  }

  it('keeps the permissions of the file it replaces', async () => {
    const sub = await freshFolder('modes');
    const path = join(sub, 'out.csv');
    await writeFile(path, 'old');
    await chmod(path, 0o640);
    await write(path);
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect(await readFile(path, 'utf8')).toBe(trialsCsv());
  });

  it('writes through a symbolic link to its file, and the link stays a link', async () => {
    const sub = await freshFolder('link');
    const file = join(sub, 'real.csv');
    await writeFile(file, 'old');
    await chmod(file, 0o600);
    const link = join(sub, 'link.csv');
    await symlink('real.csv', link); // relative: to the folder the link is in
    const result = await write(link);
    expect(result.path).toBe(link);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe('real.csv');
    expect(await readFile(file, 'utf8')).toBe(trialsCsv());
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(sub)).sort()).toEqual(['link.csv', 'real.csv']);
  });

  it("creates a dangling link's file, in the folder the link points to", async () => {
    const sub = await freshFolder('dangling');
    const other = await freshFolder('dangling-target');
    const link = join(sub, 'link.csv');
    await symlink(join(other, 'new.csv'), link);
    await write(link);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(join(other, 'new.csv'), 'utf8')).toBe(trialsCsv());
    expect(await readdir(other)).toEqual(['new.csv']);
  });

  it('refuses a named pipe, a socket or a device and leaves it as it was', async () => {
    const sub = await freshFolder('special');
    const fifo = join(sub, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    await expect(write(fifo)).rejects.toThrow(
      new CsvWriteError(fifo, 'it is a named pipe (FIFO), not a regular file', undefined),
    );
    expect((await lstat(fifo)).isFIFO()).toBe(true);

    const socket = join(sub, 'socket');
    const server = createServer();
    await new Promise<void>((done) => server.listen(socket, done));
    try {
      await expect(write(socket)).rejects.toThrow(`cannot write CSV to ${socket}: it is a socket`);
      expect((await lstat(socket)).isSocket()).toBe(true);
    } finally {
      server.close();
    }

    // Through a link: a device itself is not replaced even by root, but a test
    // must not risk /dev/full if this were broken.
    const device = join(sub, 'device');
    await symlink('/dev/null', device);
    await expect(write(device)).rejects.toThrow(
      `cannot write CSV to ${device}: it links to /dev/null, a device, not a regular file`,
    );
    expect(await readlink(device)).toBe('/dev/null');
    // No temporary file left behind (closing the server removed its socket).
    expect((await readdir(sub)).sort()).toEqual(['device', 'pipe']);
  });

  it('refuses links that loop', async () => {
    const sub = await freshFolder('loop');
    await symlink('b', join(sub, 'a'));
    await symlink('a', join(sub, 'b'));
    await expect(write(join(sub, 'a'))).rejects.toThrow(
      `cannot write CSV to ${join(sub, 'a')}: its symbolic links form a loop`,
    );
  });
});

describe('120k chunks', () => {
  const TRIALS = 30;
  const CHUNKS = 4_000; // 120k rows

  /** Node's gc(), exposed at run time (vitest does not start workers with --expose-gc). */
  function exposeGc(): () => void {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  }

  it('streams row by row with bounded memory', async () => {
    const gc = exposeGc();
    let produced = 0;
    // Like a database cursor: each trial is read when the stream needs it.
    function* cursor() {
      for (let i = 1; i <= TRIALS; i++) {
        produced = i;
        yield bigTrial(i, CHUNKS);
      }
    }

    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peakDelta = 0;
    let bytes = 0;
    let records = 0;
    let largestPart = 0;
    let producedAtFirstPart = -1;
    let parts = 0;
    let head = '';
    for await (const part of exportCsvStream('chunks', { run, trials: cursor() })) {
      const buffer = part as Buffer;
      if (producedAtFirstPart < 0) producedAtFirstPart = produced;
      if (head.length < 2000) head += buffer.toString('utf8');
      bytes += buffer.length;
      largestPart = Math.max(largestPart, buffer.length);
      for (const byte of buffer) if (byte === 0x0a) records++;
      if (++parts % 100 === 0) {
        gc();
        peakDelta = Math.max(peakDelta, process.memoryUsage().heapUsed - baseline);
      }
    }
    gc();
    const afterDelta = process.memoryUsage().heapUsed - baseline;

    expect(records).toBe(TRIALS * CHUNKS + 1); // rows + header, all CRLF-terminated
    // The stream began before the source was read to its end...
    expect(producedAtFirstPart).toBeLessThan(TRIALS);
    // ...and came in small pieces, never one giant string.
    expect(largestPart).toBeLessThan(64 * 1024);
    // Live memory while streaming stays far below the CSV's size (~12 MB here):
    // about one trial's rows and the stream buffers. Rough, GC-dependent: a
    // generous bound, no timing.
    expect(bytes).toBeGreaterThan(10_000_000);
    expect(peakDelta).toBeLessThan(bytes / 2);
    expect(afterDelta).toBeLessThan(bytes / 4);

    const rows = parse(head.slice(0, head.lastIndexOf('\r\n')), {
      columns: true,
      cast: true,
    }) as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({ profile: '通义千问, "free"', chunk_index: 1, gap_ms: '' });
    const first = bigTrial(1, CHUNKS).trial;
    expect(rows[1]).toMatchObject({
      chunk_index: 2,
      at_ms: first.timeline.chunks[1]?.at_ms,
      gap_ms: first.gaps_ms[0],
    });
  }, 60_000);

  it('writes a 120k-chunk file that parses back row for row', async () => {
    const trials = Array.from({ length: TRIALS }, (_, i) => bigTrial(i + 1, CHUNKS));
    const path = join(dir, 'chunks-120k.csv');
    const { bytes } = await writeCsvFile(path, 'chunks', { run, trials }, { bom: true });
    const content = await readFile(path);
    expect(content.length).toBe(bytes);
    const rows = parse(content, { columns: true, cast: true, bom: true }) as Record<
      string,
      unknown
    >[];
    expect(rows).toHaveLength(TRIALS * CHUNKS);
    const last = rows[rows.length - 1];
    const lastTrial = trials[TRIALS - 1]?.trial;
    expect(last).toMatchObject({
      trial_index: TRIALS,
      chunk_index: CHUNKS,
      at_ms: csvNumber('at_ms', lastTrial?.timeline.chunks[CHUNKS - 1]?.at_ms ?? NaN),
      gap_ms: csvNumber('gap_ms', lastTrial?.gaps_ms[CHUNKS - 2] ?? NaN),
    });
  }, 60_000);
});
