// The history commands of the CLI (profile, run, history, show, export) run
// in-process against a real SQLite file in a temp dir (--db) and real HTTP to
// the simulated provider. Keys go through a KeyStore: the in-memory double
// here, the real OS keychain in the last test (scripts/with-keyring.mjs
// prepares a throwaway one for `npm test`). The key string is searched for in
// everything the CLI writes: stdout, stderr, the database bytes, the CSVs.

import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main/cli/main';
import { csvNumber } from '../../src/main/export';
import {
  KEYCHAIN_SERVICE,
  KeychainUnavailableError,
  MemoryKeyStore,
  type KeyStore,
  type KeytarApi,
} from '../../src/main/secrets';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { Comparison } from '../../src/shared/comparisons';
import type { Profile, RunDetail, RunListItem } from '../../src/shared/run';
import { median } from '../../src/shared/stats';
import type { ModeSummary } from '../../src/shared/summary';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

interface CliOptions {
  keys?: KeyStore;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(raw: boolean): unknown };
  env?: Record<string, string>;
  interrupt?: AbortSignal;
  onStderr?: (text: string) => void;
  /** Leave out --db (the path comes from LASTTOKEN_DB, say). */
  noDb?: boolean;
}

/** Everything every command printed, searched for the key at the end. */
const printed: string[] = [];

let dir: string;
let sim: SimServer;
let db: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-cli-history-'));
  db = join(dir, 'history', 'lasttoken.db');
  sim = await startSimulator({ port: 0 });
});

afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `lasttoken ARGV --db <db>` in-process with the given key store. */
async function cli(argv: string[], options: CliOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    options.noDb ? argv : [...argv, '--db', db],
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: {
        write: (text: string) => {
          stderr += text;
          options.onStderr?.(text);
        },
      },
      env: options.env ?? {},
      stdin: options.stdin,
      interrupt: options.interrupt,
    },
    { keys: options.keys ?? new MemoryKeyStore() },
  );
  printed.push(stdout, stderr);
  return { code, stdout, stderr };
}

/** The command succeeded; its stdout parsed as JSON. */
async function json<T>(argv: string[], options: CliOptions = {}): Promise<T> {
  const run = await cli([...argv, '--json'], options);
  expect(run.stderr).not.toMatch(/internal error/);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

const stdinOf = (text: string): Readable => Readable.from([Buffer.from(text)]);

/** A fast simulated endpoint: 20 tokens, 2 ms apart. */
const FAST = 'sim-steady:ttft=20,gap=2,tokens=20';

async function addSimProfile(name: string, model = FAST): Promise<Profile> {
  return json<Profile>([
    'profile',
    'add',
    '--name',
    name,
    '--base-url',
    `${sim.url}/v1`,
    '--model',
    model,
  ]);
}

/** The database file and its write-ahead log, as bytes on disk. */
function databaseBytes(): Buffer {
  const files = [db, `${db}-wal`].filter((f) => existsSync(f));
  return Buffer.concat(files.map((f) => readFileSync(f)));
}

type SummaryRow = ModeSummary & { profile_id: string; profile: string; model: string };
interface RunDocument {
  run_id: string;
  status: string;
  summary: SummaryRow[];
  failures: { profile_id: string; reason: string; message: string }[];
  errors: string[];
}
interface ShowDocument {
  run: RunDetail['run'];
  summary: SummaryRow[];
  trials: RunDetail['trials'];
  comparisons: Comparison[];
}

describe('profile add, list, edit, remove', () => {
  it('round-trips a profile through the database', async () => {
    const added = await cli([
      'profile',
      'add',
      '--name',
      'Round trip',
      '--base-url',
      'https://api.example.com/v1',
      '--model',
      'gpt-x',
      '--header',
      'OpenAI-Organization:org-1',
      '--max-tokens',
      '256',
      '--notes',
      'first',
    ]);
    expect(added.code).toBe(0);
    const id = added.stdout.trim();
    expect(added.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(added.stderr).toContain(`lasttoken profile set-key ${id}`);

    const table = await cli(['profile', 'list']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id +name +model +base_url +dialect +key$/);
    expect(lines[1]).toMatch(
      /^demo +Demo \(simulated\) +sim-jitter +builtin:simulator +openai-chat +not needed$/,
    );
    expect(table.stdout).toMatch(
      new RegExp(`^${id} +Round trip +gpt-x +https://api.example.com/v1 +openai-chat +no$`, 'm'),
    );

    // By name, case-insensitive; --header replaces the headers, the other defaults stay.
    const edited = await json<Profile>([
      'profile',
      'edit',
      'round TRIP',
      '--model',
      'gpt-y',
      '--dialect',
      'anthropic-messages',
      '--base-url',
      'https://api.example.com',
      '--header',
      'anthropic-beta:x',
      '--allow-insecure-key',
    ]);
    expect(edited).toMatchObject({
      id,
      name: 'Round trip',
      model: 'gpt-y',
      dialect: 'anthropic-messages',
      base_url: 'https://api.example.com',
      headers: { 'anthropic-beta': 'x' },
      defaults: { max_tokens: 256 },
      notes: 'first',
      allow_insecure_key: true,
      builtin: false,
    });
    const cleared = await json<Profile>([
      'profile',
      'edit',
      id,
      '--clear-headers',
      '--no-allow-insecure-key',
      '--max-tokens',
      '512',
      '--notes',
      '',
    ]);
    expect(cleared).toMatchObject({
      headers: {},
      allow_insecure_key: false,
      defaults: { max_tokens: 512 },
      notes: '',
    });

    const listed = await json<(Profile & { has_key: boolean | null })[]>(['profile', 'list']);
    expect(listed.find((p) => p.id === id)).toEqual({ ...cleared, has_key: false });
    expect(listed.find((p) => p.builtin)?.id).toBe('demo');

    const removed = await cli(['profile', 'remove', id]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`removed profile "Round trip" (${id})`);
    expect(removed.stderr).toBe('');
    const after = await json<Profile[]>(['profile', 'list']);
    expect(after.map((p) => p.id)).not.toContain(id);
  });

  it('reads the database named by LASTTOKEN_DB when there is no --db', async () => {
    const other = join(dir, 'env', 'other.db');
    const run = await cli(['profile', 'list', '--json'], {
      noDb: true,
      env: { LASTTOKEN_DB: other },
    });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as Profile[]).map((p) => p.id)).toEqual(['demo']);
    expect(existsSync(other)).toBe(true);
  });
});

describe('a key from stdin, then a run with it', () => {
  const key = `sk-cli-history-${randomUUID()}`;
  const keys = new MemoryKeyStore();
  let profile: Profile;
  let runId: string;

  it('stores the key from stdin, less one trailing newline, without printing it', async () => {
    profile = await addSimProfile('Keyed sim');
    const run = await cli(['profile', 'set-key', profile.id], {
      keys,
      stdin: stdinOf(`${key}\n`),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`stored the key of "Keyed sim" (${profile.id}) in the OS keychain\n`);
    expect(await keys.readKeyForRequest(profile.id)).toBe(key);
    const listed = await json<(Profile & { has_key: boolean })[]>(['profile', 'list'], { keys });
    expect(listed.find((p) => p.id === profile.id)?.has_key).toBe(true);
  });

  it('runs the profile with its key, says the plan first, and saves the run', async () => {
    const stderrLines: string[] = [];
    const doc = await json<RunDocument>(
      ['run', '--profiles', 'keyed sim', '--trials', '2', '--modes', 'stream,plain'],
      { keys, onStderr: (text) => stderrLines.push(text) },
    );
    runId = doc.run_id;
    expect(doc.status).toBe('completed');
    expect(doc.failures).toEqual([]);
    expect(doc.summary.map((s) => [s.profile_id, s.profile, s.mode, s.trials, s.ok])).toEqual([
      [profile.id, 'Keyed sim', 'stream', 2, 2],
      [profile.id, 'Keyed sim', 'plain', 2, 2],
    ]);
    expect(doc.summary[0]?.metrics.ttft_ms?.n).toBe(2);
    const stderr = stderrLines.join('');
    expect(stderr.split('\n')[0]).toBe(
      '4 API calls: 2 trials of stream and plain per profile; Keyed sim: 4',
    );
    expect(stderr).toMatch(/^\[1\/4\] Keyed sim {2}stream #1 {2}ok {2}TTFT /m);
    expect(stderr).toMatch(/^\[4\/4\] Keyed sim {2}plain #2 {2} ok {2}TTFB /m);
  });

  it('sends the stored key: a key the provider refuses fails the trials with HTTP 401', async () => {
    const refused = await addSimProfile('Refused sim');
    await cli(['profile', 'set-key', refused.id], { keys, stdin: stdinOf('sk-sim-invalid') });
    const run = await cli(['run', '--profiles', refused.id, '--trials', '1'], { keys });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/stream #1 {2}http_error {2}HTTP 401/);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/^lasttoken: all 2 trials failed/);
    expect(run.stdout + run.stderr).not.toContain('sk-sim-invalid');
  });

  it('says a profile that failed every trial first, in run and in show, before any figure', async () => {
    const run = await cli(
      ['run', '--profiles', 'keyed sim,refused sim', '--trials', '2', '--modes', 'stream'],
      { keys },
    );
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^run \S+: completed with failures$/);
    // A script reading the exit code learns it too.
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'lasttoken: 1 of 2 profiles measured nothing or mostly failed: Refused sim (0 of 2 ok; http_error) (see above)',
    );
    const failures = lines.indexOf('failures (their figures below leave every failed trial out):');
    expect(failures).toBe(2);
    expect(lines[failures + 1]).toMatch(
      /^ {2}Refused sim: no trial ended ok; 2 of 2 failed with http_error: HTTP 401/,
    );
    expect(lines.findIndex((line) => line.startsWith('--- stream'))).toBeGreaterThan(failures + 1);
    expect(run.stdout).not.toMatch(/Keyed sim: (no trial|only)/);

    const id = (lines[0] as string).split(' ')[1]?.replace(/:$/, '') as string;
    const shown = await cli(['show', id], { keys });
    expect(shown.stdout).toMatch(/^ {2}status +completed with failures$/m);
    expect(shown.stdout.indexOf('  Refused sim: no trial ended ok')).toBeLessThan(
      shown.stdout.indexOf('--- stream'),
    );
    // runId stays the first run's, which the next tests list and show.
  });

  it('lists the run in the history and shows it', async () => {
    const runs = await json<RunListItem[]>(['history'], { keys });
    const item = runs.find((r) => r.id === runId);
    expect(item).toMatchObject({ status: 'completed', trials: 4, ok: 4, failed: 0 });
    expect(item?.profiles).toEqual([{ id: profile.id, name: 'Keyed sim', model: FAST }]);

    const table = await cli(['history', '--profile', 'Keyed sim'], { keys });
    expect(table.stdout.split('\n')[0]).toMatch(
      /^id +started +status +series +label +profiles +ok +failed$/,
    );
    // A run on its own, measured without --label: no series, no label.
    expect(table.stdout).toMatch(
      new RegExp(
        `^${runId} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d +completed +- +- +Keyed sim +4 +0$`,
        'm',
      ),
    );

    const shown = await cli(['show', runId.slice(0, 8)], { keys });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^run ${runId}\n {2}status +completed\n`));
    expect(shown.stdout).toContain(`Keyed sim (${profile.id}): ${FAST} @ ${sim.url}/v1`);
    expect(shown.stdout).toMatch(/^ {2}saved +4 trials: 4 ok, 0 failed$/m);
    expect(shown.stdout).toContain(`Keyed sim: ${FAST} @ ${sim.url}/v1 (openai-chat)`);
    expect(shown.stdout).toContain('--- stream (2 trials: 2 ok) ---');
    expect(shown.stdout).toMatch(/^ {2}TTFB +\S+ ms +\S+ ms +2$/m);

    const doc = await json<ShowDocument>(['show', runId], { keys });
    expect(doc.run.config).toMatchObject({ trials: 2, modes: ['stream', 'plain'], warmup: false });
    expect(doc.trials).toHaveLength(4);
    expect(doc.summary).toHaveLength(2);
    // One profile: stream against plain, paired by round, each difference from the trials shown.
    expect(doc.comparisons.map((c) => [c.mode, c.metric, c.n_pairs, c.paired])).toEqual([
      ['stream_vs_plain', 'ttft_ms', 2, true],
      ['stream_vs_plain', 'total_ms', 2, true],
      ['stream_vs_plain', 'reader_done_ms', 2, true],
    ]);
    const ofRound = (mode: string, k: number) =>
      doc.trials.find((t) => t.trial.mode === mode && t.trial_index === k)?.trial;
    const firstDiffs = [1, 2].map(
      (k) => (ofRound('stream', k)?.ttft_ms ?? NaN) - (ofRound('plain', k)?.first_byte_ms ?? NaN),
    );
    expect(doc.comparisons[0]?.diff_ms).toBeCloseTo(median(firstDiffs) ?? NaN, 9);
  });

  it('exports all four kinds, which parse back as CSV', async () => {
    const files = {
      summary: join(dir, 'summary.csv'),
      trials: join(dir, 'trials.csv'),
      chunks: join(dir, 'chunks.csv'),
      comparisons: join(dir, 'comparisons.csv'),
    };
    const rows: Record<string, Record<string, string>[]> = {};
    for (const [kind, out] of Object.entries(files)) {
      const run = await cli(['export', runId, '--kind', kind, '--out', out], { keys });
      expect(run.code, run.stderr).toBe(0);
      const bytes = readFileSync(out);
      expect(run.stdout).toBe(`wrote ${out} (${bytes.length} bytes, ${kind} of run ${runId})\n`);
      rows[kind] = parse(bytes, { columns: true }) as Record<string, string>[];
    }
    expect(rows.summary?.map((r) => [r.profile, r.mode, r.trials, r.ok])).toEqual([
      ['Keyed sim', 'stream', '2', '2'],
      ['Keyed sim', 'plain', '2', '2'],
    ]);
    const trials = rows.trials ?? [];
    expect(trials.map((r) => [r.mode, r.trial_index, r.status])).toEqual([
      ['stream', '1', 'ok'],
      ['plain', '1', 'ok'],
      ['stream', '2', 'ok'],
      ['plain', '2', 'ok'],
    ]);
    const chunks = rows.chunks ?? [];
    const streamChunks = trials
      .filter((r) => r.mode === 'stream')
      .reduce((sum, r) => sum + Number(r.chunks), 0);
    expect(chunks.length).toBe(streamChunks);
    expect(chunks.every((r) => r.run_id === runId && r.profile === 'Keyed sim')).toBe(true);
    // The same comparisons as show --json, one per row, to the microsecond.
    const shown = await json<ShowDocument>(['show', runId], { keys });
    expect(rows.comparisons?.map((r) => [r.mode, r.metric, Number(r.diff_ms), r.verdict])).toEqual(
      shown.comparisons.map((c) => [c.mode, c.metric, csvNumber('diff_ms', c.diff_ms), c.verdict]),
    );

    const bom = await cli(
      ['export', runId, '--kind', 'summary', '--out', files.summary, '--bom', '--json'],
      { keys },
    );
    const result = JSON.parse(bom.stdout) as { path: string; bytes: number; kind: string };
    expect(result).toEqual({
      run_id: runId,
      kind: 'summary',
      path: files.summary,
      bytes: expect.any(Number),
    });
    expect(readFileSync(files.summary).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    for (const file of Object.values(files)) expect(readFileSync(file).includes(key)).toBe(false);
  });

  it('never shows the key: not in any output, the database or its log', async () => {
    expect(printed.join('\n')).not.toContain(key);
    expect(databaseBytes().includes(key)).toBe(false);
    expect(databaseBytes().includes(Buffer.from(key, 'utf16le'))).toBe(false);
  });

  it('deletes the key, and removes a profile with its key', async () => {
    const deleted = await cli(['profile', 'delete-key', profile.id], { keys });
    expect(deleted.stdout).toBe(
      `deleted the key of "Keyed sim" (${profile.id}) from the OS keychain\n`,
    );
    expect(await keys.hasKey(profile.id)).toBe(false);
    await cli(['profile', 'set-key', profile.id], { keys, stdin: stdinOf(key) });
    const removed = await json<{ key_removed: boolean }>(['profile', 'remove', profile.id], {
      keys,
    });
    expect(removed.key_removed).toBe(true);
    expect(keys.profileIds()).not.toContain(profile.id);
    // Its runs keep their copy of it.
    expect((await json<ShowDocument>(['show', runId], { keys })).run.profiles[0]?.name).toBe(
      'Keyed sim',
    );
  });
});

describe('set-key', () => {
  it('takes the key from the variable named by --from-env', async () => {
    const keys = new MemoryKeyStore();
    const profile = await addSimProfile('From env');
    const run = await cli(['profile', 'set-key', profile.id, '--from-env', 'MY_KEY'], {
      keys,
      env: { MY_KEY: 'sk-from-env-0123456789' },
    });
    expect(run.code).toBe(0);
    expect(await keys.readKeyForRequest(profile.id)).toBe('sk-from-env-0123456789');
    expect(run.stdout + run.stderr).not.toContain('sk-from-env');
  });

  it('reads a key typed on a terminal with echo off', async () => {
    const keys = new MemoryKeyStore();
    const profile = await addSimProfile('Typed');
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      modes: [] as boolean[],
      setRawMode(raw: boolean) {
        stdin.modes.push(raw);
      },
    });
    const run = cli(['profile', 'set-key', profile.id], {
      keys,
      stdin,
      // Type once the prompt is shown: a typo, a backspace, then Enter.
      onStderr: (text) => {
        if (text.includes('API key for')) stdin.write('sk-typed-key-12345x\u007f\r');
      },
    });
    const { code, stderr, stdout } = await run;
    expect(code, stderr).toBe(0);
    expect(stdin.modes).toEqual([true, false]);
    expect(stderr).toBe('API key for "Typed" (typing is not shown; Enter to finish): \n');
    expect(await keys.readKeyForRequest(profile.id)).toBe('sk-typed-key-12345');
    expect(stdout + stderr).not.toContain('sk-typed');
  });

  it('stores nothing when Ctrl-C is typed', async () => {
    const keys = new MemoryKeyStore();
    const profile = await addSimProfile('Cancelled typing');
    const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => true });
    const run = await cli(['profile', 'set-key', profile.id], {
      keys,
      stdin,
      onStderr: (text) => {
        if (text.includes('API key for')) stdin.write('sk-half\u0003');
      },
    });
    expect(run.code).toBe(130);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe('lasttoken: cancelled: no key stored');
    expect(keys.profileIds()).toEqual([]);
  });
});

describe('the demo profile', () => {
  it('runs without any key, even without a keychain, against the simulator started for it', async () => {
    const keys = new MemoryKeyStore({ unavailable: 'no-dbus' });
    const doc = await json<RunDocument>(['run', '--profiles', 'demo', '--trials', '1'], { keys });
    expect(doc.status).toBe('completed');
    expect(doc.summary.map((s) => [s.profile_id, s.profile, s.model, s.mode, s.ok])).toEqual([
      ['demo', 'Demo (simulated)', 'sim-jitter', 'stream', 1],
      ['demo', 'Demo (simulated)', 'sim-jitter', 'plain', 1],
    ]);
    // The run's snapshot has the URL the simulator really had.
    const shown = await json<ShowDocument>(['show', doc.run_id], { keys });
    expect(shown.run.profiles[0]).toMatchObject({ id: 'demo', builtin: true });
    expect(shown.run.profiles[0]?.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    // The saved profile keeps its marker.
    const listed = await json<Profile[]>(['profile', 'list'], { keys });
    expect(listed[0]?.base_url).toBe('builtin:simulator');
  });
});

describe('interrupt', () => {
  it('cancels the run on SIGINT, keeps the finished trials and exits 130', async () => {
    const slow = await addSimProfile('Slow sim', 'sim-steady:ttft=30,gap=10,tokens=40');
    const interrupt = new AbortController();
    const run = await cli(['run', '--profiles', slow.id, '--trials', '3'], {
      interrupt: interrupt.signal,
      onStderr: (text) => {
        if (text.startsWith('[1/6]')) setTimeout(() => interrupt.abort('SIGINT'), 20);
      },
    });
    expect(run.code).toBe(130);
    const id = /^run (\S+): cancelled$/m.exec(run.stdout)?.[1] ?? '';
    expect(run.stderr).toMatch(
      new RegExp(
        `lasttoken: interrupted: run ${id} was cancelled; the 1 trial that finished is saved`,
      ),
    );
    const history = await json<RunListItem[]>(['history', '--limit', '1']);
    expect(history[0]).toMatchObject({ id, status: 'cancelled', trials: 1, ok: 1 });
  });
});

describe('history filters', () => {
  it('filters by model and date, newest first, and limits', async () => {
    const all = await json<RunListItem[]>(['history', '--limit', '100']);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const starts = all.map((r) => r.started_at);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(await json<RunListItem[]>(['history', '--limit', '1'])).toHaveLength(1);
    const demo = await json<RunListItem[]>(['history', '--model', 'sim-jitter']);
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((r) => r.profiles.some((p) => p.model === 'sim-jitter'))).toBe(true);
    expect(await json<RunListItem[]>(['history', '--profile', 'demo'])).toEqual(demo);
    expect(await json<RunListItem[]>(['history', '--since', '2999-01-01'])).toEqual([]);
    expect(await json<RunListItem[]>(['history', '--until', '2000-01-01'])).toEqual([]);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(
      await json<RunListItem[]>(['history', '--since', day, '--until', day, '--limit', '100']),
    ).toEqual(all);
    const none = await cli(['history', '--model', 'no-such-model']);
    expect(none).toEqual({ code: 0, stdout: '', stderr: 'no runs match\n' });
  });
});

describe('bad arguments', () => {
  const secret = 'sk-never-on-the-command-line-0123';
  it.each([
    ['an unknown profile command', ['profile', 'frob']],
    ['profile add without --base-url', ['profile', 'add', '--name', 'x', '--model', 'm']],
    [
      'an unknown dialect',
      [
        'profile',
        'add',
        '--name',
        'x',
        '--base-url',
        'https://a.test',
        '--model',
        'm',
        '--dialect',
        'gemini',
      ],
    ],
    [
      'a URL that is not one',
      ['profile', 'add', '--name', 'x', '--base-url', 'not a url', '--model', 'm'],
    ],
    [
      'a credential header',
      [
        'profile',
        'add',
        '--name',
        'x',
        '--base-url',
        'https://a.test',
        '--model',
        'm',
        '--header',
        `Authorization:Bearer ${secret}`,
      ],
    ],
    ['a key flag on add', ['profile', 'add', '--api-key', secret]],
    ['a key flag on set-key', ['profile', 'set-key', 'demo', `--key=${secret}`]],
    ['a key as an argument', ['profile', 'set-key', 'demo', secret]],
    ['a key instead of the profile', ['profile', 'set-key', secret]],
    ['a key in --profiles', ['run', '--profiles', `demo,${secret}`]],
    ['set-key without a profile', ['profile', 'set-key']],
    ['a key for the demo profile', ['profile', 'set-key', 'demo', '--from-env', 'K']],
    ['editing the demo profile', ['profile', 'edit', 'demo', '--model', 'x']],
    ['removing the demo profile', ['profile', 'remove', 'demo']],
    ['an edit that changes nothing', ['profile', 'edit', 'demo']],
    ['an unknown profile', ['profile', 'remove', 'no-such-profile']],
    ['a run without --profiles', ['run']],
    ['a run of an unknown profile', ['run', '--profiles', 'demo,no-such-profile']],
    ['a profile twice', ['run', '--profiles', 'demo,demo']],
    ['an unknown mode', ['run', '--profiles', 'demo', '--modes', 'stream,fast']],
    ['zero trials', ['run', '--profiles', 'demo', '--trials', '0']],
    ['a key flag on run', ['run', '--profiles', 'demo', '--api-key', secret]],
    ['a date that is not one', ['history', '--since', 'yesterday']],
    ['an impossible day', ['history', '--until', '2025-02-30']],
    ['since after until', ['history', '--since', '2025-02-02', '--until', '2025-02-01']],
    ['an unknown run', ['show', 'no-such-run']],
    ['export without --kind', ['export', 'abcd', '--out', 'x.csv']],
    ['an unknown CSV kind', ['export', 'abcd', '--kind', 'xml', '--out', 'x.csv']],
    ['an empty --db', ['history', '--db=']],
  ])('%s: exit 2 and one line on stderr', async (_, argv) => {
    const run = await cli(argv, { env: { K: secret }, noDb: argv.includes('--db=') });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^lasttoken: [^\n]+\n$/);
    expect(run.stderr).not.toContain(secret);
  });

  it('points a key on the command line to stdin or --from-env', async () => {
    const run = await cli(['profile', 'set-key', 'demo', '--api-key', secret]);
    expect(run.stderr).toMatch(
      /^lasttoken: --api-key is not accepted: keys never go on the command line; set-key reads the key from stdin .* or from --from-env VAR\n$/,
    );
    const header = await cli([
      'profile',
      'add',
      '--name',
      'x',
      '--base-url',
      'https://a.test',
      '--model',
      'm',
      '--header',
      `X-Api-Key:${secret}`,
    ]);
    expect(header.stderr).toMatch(
      /--header X-Api-Key would carry a credential on the command line: store it in the OS keychain with lasttoken profile set-key ID/,
    );
  });

  it('refuses an empty key on stdin', async () => {
    const profile = await addSimProfile('Empty key');
    const run = await cli(['profile', 'set-key', profile.id], { stdin: stdinOf('\n') });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^lasttoken: no key on stdin: pipe it in .*--from-env VAR\n$/);
    const spaced = await cli(['profile', 'set-key', profile.id], { stdin: stdinOf(' sk-x \n') });
    expect(spaced.code).toBe(2);
    expect(spaced.stderr).toMatch(/^lasttoken: The API key starts or ends with a space/);
  });

  it('says a database file that is not one is not a history, exit 1', async () => {
    const notDb = join(dir, 'not-a-db.txt');
    await import('node:fs').then((fs) => fs.writeFileSync(notDb, 'hello, not sqlite'.repeat(100)));
    const run = await cli(['history', '--db', notDb], { noDb: true });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^lasttoken: .*not-a-db\.txt is not an SQLite database[^\n]*\n$/);
  });
});

describe('keychain unavailable', () => {
  const reason = 'no-dbus';
  const message = new KeychainUnavailableError(
    reason,
    'Cannot autolaunch D-Bus without X11 $DISPLAY',
    'linux',
  ).message;

  it('set-key prints the keychain message in one line and exits 1', async () => {
    const profile = await addSimProfile('No keychain');
    const keys = new MemoryKeyStore({ unavailable: reason });
    const run = await cli(['profile', 'set-key', profile.id], {
      keys,
      stdin: stdinOf('sk-unavailable-keychain-1'),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`lasttoken: ${message}\n`);
    expect(run.stderr).toMatch(
      /No keychain is available.*Profiles that keep no key in the keychain still work.*--key-env VAR/,
    );
    // The profile keeps that it has no key: deleting none needs no keychain.
    const deleted = await cli(['profile', 'delete-key', profile.id], { keys });
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`"No keychain" (${profile.id}) had no key in the OS keychain\n`);
  });

  it('profile list needs no keychain: whether a profile has a key is a flag it keeps', async () => {
    const keys = new MemoryKeyStore({ unavailable: reason });
    const run = await cli(['profile', 'list'], { keys });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^demo .* not needed$/m);
    expect(run.stdout).toMatch(/ No keychain .* no$/m);
    expect(run.stderr).toBe('');
    const doc = JSON.parse(
      (await cli(['profile', 'list', '--json'], { keys })).stdout,
    ) as (Profile & { has_key: boolean | null })[];
    expect(doc.find((p) => p.name === 'No keychain')?.has_key).toBe(false);
  });

  it('profile remove removes a profile without key without asking the keychain; one with a key warns that it may remain', async () => {
    const keyless = await addSimProfile('Removed without keychain');
    const keys = new MemoryKeyStore();
    const keyed = await addSimProfile('Removed with its key');
    await cli(['profile', 'set-key', keyed.id], { keys, stdin: stdinOf('sk-removed-key-1') });
    keys.setUnavailable(reason);
    const quiet = await cli(['profile', 'remove', keyless.id], { keys });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    const run = await cli(['profile', 'remove', keyed.id], { keys });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(
        `^lasttoken: warning: the profile was removed, but its API key or proxy credentials, if stored, may remain in the OS keychain \\(service "LastToken", accounts "${keyed.id}" and "${keyed.id}#proxy"\\)[^\\n]*No keychain is available[^\\n]*\\n$`,
      ),
    );
    const left = (await json<Profile[]>(['profile', 'list'])).map((p) => p.id);
    expect(left).not.toContain(keyless.id);
    expect(left).not.toContain(keyed.id);
  });

  it('a profile without a key runs where no keychain exists; one with a key says why it was not measured', async () => {
    const keyless = await addSimProfile('Keyless local');
    const keys = new MemoryKeyStore();
    const keyed = await addSimProfile('Keyed local');
    await cli(['profile', 'set-key', keyed.id], { keys, stdin: stdinOf('sk-keyed-local-1') });
    keys.setUnavailable(reason);
    const run = await cli(
      ['run', '--profiles', `${keyless.id},${keyed.id},demo`, '--trials', '1'],
      { keys },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^lasttoken: profile “Keyed local” was not measured: its API key could not be read from the OS keychain: No keychain is available/m,
    );
    expect(run.stderr).not.toMatch(/“Keyless local” was not measured/);
    expect(run.stdout).toMatch(/^Keyless local: /m);
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      'lasttoken: 1 of 3 profiles could not be measured (see above)',
    );

    const withoutKeys = await json<RunDocument>(
      ['run', '--profiles', keyed.id, '--trials', '1', '--without-keys'],
      { keys },
    );
    expect(withoutKeys.status).toBe('completed');
    expect(withoutKeys.summary.map((s) => s.ok)).toEqual([1, 1]);
  });
});

// The real OS keychain, as in secrets-keychain.test.ts: `npm test` prepares a
// throwaway one; without it this test fails and says why, it does not skip.
const realKeychain = process.env.LASTTOKEN_KEYCHAIN === 'real';

describe('the CLI on the real OS keychain', () => {
  const used: string[] = [];

  afterAll(async () => {
    if (!realKeychain) return;
    const keytar = createRequire(import.meta.url)('keytar') as KeytarApi;
    for (const id of used) await keytar.deletePassword(KEYCHAIN_SERVICE, id);
  });

  it('stores a key from stdin in the keychain, runs with it and removes it with the profile', async () => {
    if (!realKeychain) {
      throw new Error(
        'This test needs a real OS keychain and none was prepared. Run it through `node scripts/with-keyring.mjs npx vitest run` ' +
          '(a throwaway gnome-keyring in a private D-Bus session) or install gnome-keyring and dbus. ' +
          `Reason: ${process.env.LASTTOKEN_KEYCHAIN_UNAVAILABLE ?? 'not run through scripts/with-keyring.mjs'}.`,
      );
    }
    const key = `sk-real-keychain-${randomUUID()}`;
    const real = async (argv: string[], stdin?: Readable): Promise<CliRun> => {
      let stdout = '';
      let stderr = '';
      // No deps: the CLI's own KeytarKeyStore.
      const code = await main([...argv, '--db', db], {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: (t: string) => (stderr += t) },
        env: {},
        stdin,
      });
      printed.push(stdout, stderr);
      return { code, stdout, stderr };
    };
    const added = await real([
      'profile',
      'add',
      '--name',
      'Real keychain',
      '--base-url',
      `${sim.url}/v1`,
      '--model',
      FAST,
    ]);
    const id = added.stdout.trim();
    used.push(id);
    expect((await real(['profile', 'set-key', id], stdinOf(`${key}\n`))).code).toBe(0);
    const keytar = createRequire(import.meta.url)('keytar') as KeytarApi;
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBe(key);
    expect((await real(['profile', 'list'])).stdout).toMatch(
      new RegExp(`^${id} +Real keychain .* yes$`, 'm'),
    );

    const run = await real(['run', '--profiles', id, '--trials', '1', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as RunDocument).summary.map((s) => s.ok)).toEqual([1, 1]);

    expect((await real(['profile', 'remove', id])).code).toBe(0);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, id)).toBeNull();
    expect(printed.join('\n')).not.toContain(key);
    expect(databaseBytes().includes(key)).toBe(false);
  });
});
