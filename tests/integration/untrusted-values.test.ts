// What a provider sends is untrusted (issue 15, the engine and saving): no
// value it sends fails a save or stops a run, a stream ends at its end
// marker, an answer is read as what it is whatever its headers say, a run
// with a very long stream stays viewable, and a certificate nobody trusts is
// explained with the way to trust it. Each case runs against a small server
// written for it (tests/support/hostile-server.ts), through the CLI in this
// process, and what was stored is read from the SQLite file itself.

import { inThreadMeasurer } from '../../src/main/measuring';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCharts } from '../../src/main/charts/run-charts';
import { summariesByProfile } from '../../src/main/export/csv';
import { DEFAULT_LIMITS } from '../../src/main/probe';
import { startRun, type SessionFactory } from '../../src/main/runs';
import { MemoryKeyStore } from '../../src/main/secrets';
import { openStore } from '../../src/main/store/store';
import type { StoredTrial } from '../../src/shared/run';
import type { Trial } from '../../src/shared/trial';
import { cliInProcess } from '../support/cli-in-process';
import { AFTER_END, startHostileServer, type HostileServer } from '../support/hostile-server';
import { makeProfile } from '../support/profile-fixture';
import { assertCliBuilt, ROOT, spawnCli } from '../support/spawn-cli';
import { testCertificate } from '../support/tls-front';
import { makeTrial } from '../unit/trial-fixture';

let server: HostileServer;
let dir: string;

beforeAll(async () => {
  server = await startHostileServer();
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-untrusted-'));
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function probe(model: string, mode: string, ...extra: string[]): Promise<Trial[]> {
  const run = await cliInProcess([
    'probe',
    '--base-url',
    server.baseUrl,
    '--model',
    model,
    '--mode',
    mode,
    '--trials',
    '1',
    '--json',
    ...extra,
  ]);
  return (JSON.parse(run.stdout) as { trials: Trial[] }).trials;
}

async function addProfile(db: string, model: string, ...extra: string[]): Promise<string> {
  const added = await cliInProcess([
    'profile',
    'add',
    '--name',
    model,
    '--base-url',
    server.baseUrl,
    '--model',
    model,
    '--db',
    db,
    ...extra,
  ]);
  expect(added.code, added.stderr).toBe(0);
  return added.stdout.trim();
}

/** Runs the profiles; answers the run's id and what the CLI printed. */
async function runProfiles(db: string, ids: string[], ...extra: string[]) {
  const run = await cliInProcess(['run', '--profiles', ids.join(','), '--db', db, ...extra]);
  const runId = /^run (\S+):/m.exec(run.stdout)?.[1] ?? '';
  expect(runId, run.stderr).not.toBe('');
  return { ...run, runId };
}

/** `lasttoken export RUN --kind K --out OUT`; answers what it printed (with `--out -`, the CSV). */
async function exportRun(db: string, runId: string, kind: string, out: string): Promise<string> {
  const exported = await cliInProcess(['export', runId, '--kind', kind, '--out', out, '--db', db]);
  expect(exported.code, exported.stderr).toBe(0);
  return exported.stdout;
}

/** The trials table's rows of a run, as SQLite holds them. */
function storedRows(db: string, runId: string): Record<string, unknown>[] {
  const raw = new Database(db, { readonly: true });
  try {
    return raw
      .prepare(
        `SELECT profile_id, mode, status, usage_completion_tokens, usage_prompt_tokens,
                usage_diff, error, bytes_after_end, chunks, last_token_ms, total_ms
         FROM trials WHERE run_id = ? ORDER BY profile_id, mode, trial_index`,
      )
      .all(runId) as Record<string, unknown>[];
  } finally {
    raw.close();
  }
}

const notACount = (value: string): string =>
  `usage.completion_tokens was ${value}, not a count of tokens: usage_completion_tokens is left empty`;

describe('a usage figure that is not a count', () => {
  const odd: [sent: string, shown: string][] = [
    ['2.5', '2.5'],
    ['-1', '-1'],
    ['1e300', '1e+300'],
    ['"12"', '"12"'],
  ];
  for (const [sent, shown] of odd) {
    it(`${sent}: kept as received in the trial's note, not as a count`, async () => {
      const trials = await probe(`odd-usage:${sent}`, 'both');
      expect(trials).toHaveLength(2);
      for (const trial of trials) {
        expect(trial).toMatchObject({
          status: 'ok',
          usage_completion_tokens: null,
          usage_diff: null,
          usage_prompt_tokens: 5,
          error: notACount(shown),
        });
      }
    });
  }

  it('fails no save: a run of three profiles, one sending 2.5, saves every trial and completes', async () => {
    const db = join(dir, 'odd-usage.db');
    const odd = await addProfile(db, 'odd-usage:2.5');
    const others = [await addProfile(db, 'bom'), await addProfile(db, 'json-as-sse')];
    const run = await runProfiles(db, [odd, ...others], '--trials', '2');
    expect(run.stderr).not.toMatch(/saving|failed/);
    const raw = new Database(db, { readonly: true });
    expect(raw.prepare('SELECT status FROM runs WHERE id = ?').get(run.runId)).toEqual({
      status: 'completed',
    });
    raw.close();
    const rows = storedRows(db, run.runId);
    expect(rows).toHaveLength(3 * 2 * 2);
    const of = (id: string) => rows.filter((r) => r.profile_id === id);
    expect(
      of(odd).map((r) => [r.status, r.usage_completion_tokens, r.usage_diff, r.error]),
    ).toEqual(Array(4).fill(['ok', null, null, notACount('2.5')]));
    expect(of(others[0] as string).map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(of(others[1] as string).map((r) => r.status)).toEqual([
      'ok',
      'ok',
      'stream_ignored',
      'stream_ignored',
    ]);
  });
});

describe('a trial the history refuses anyway', () => {
  it("is saved as an internal_error in SQLite's words, and the other profiles' trials all are", async () => {
    const db = join(dir, 'refused.db');
    const store = openStore(db);
    const profiles = ['a', 'b', 'c'].map((id) => makeProfile(id, { has_key: false }));
    // A bug's worth of value: what the engine no longer lets through, given straight to the store.
    const sessions: SessionFactory = (endpoint) => ({
      runTrial: (request) =>
        Promise.resolve(
          makeTrial({
            mode: request.mode,
            ...(endpoint.model === 'model-b' ? { usage_completion_tokens: 2.5 } : {}),
          }),
        ),
      close: () => {},
    });
    const run = startRun(
      {
        profiles: { get: (id) => profiles.find((p) => p.id === id) },
        keys: { readKeyForRequest: () => Promise.resolve(undefined) },
        sink: store.runs,
        measurer: inThreadMeasurer({ createSession: sessions }),
      },
      {
        prompt: 'Hi',
        max_tokens: 16,
        modes: ['stream', 'plain'],
        trials: 3,
        profile_ids: ['a', 'b', 'c'],
        limits: DEFAULT_LIMITS,
        reuse_connection: false,
        warmup: false,
      },
    );
    const outcome = await run.done;
    store.close();
    expect(outcome).toMatchObject({ status: 'completed', saved_trials: 18, errors: [] });
    const rows = storedRows(db, run.runId);
    expect(rows).toHaveLength(18);
    for (const row of rows) {
      expect(row).toMatchObject(
        row.profile_id === 'b'
          ? {
              status: 'internal_error',
              usage_completion_tokens: null,
              error:
                'LastToken could not save this trial as measured (please report it): ' +
                'cannot store REAL value in INTEGER column trials.usage_completion_tokens',
            }
          : { status: 'ok', usage_completion_tokens: 8, error: null },
      );
    }
  });
});

describe('the stream ends at its end marker', () => {
  const after = Buffer.byteLength(AFTER_END.withMarker + AFTER_END.later);

  const expectEndedAtMarker = (trial: Trial, text: string, chunks: number): void => {
    expect(trial).toMatchObject({ status: 'ok', text, chunks, pings: 0, bytes_after_end: after });
    expect(trial.error).toBeNull();
    expect(trial.last_token_ms).not.toBeNull();
    expect(trial.last_token_ms as number).toBeLessThanOrEqual(trial.total_ms as number);
    // Complete at the marker, in the first write; what came 300 ms later is not part of it.
    expect((trial.total_ms as number) - (trial.first_byte_ms as number)).toBeLessThan(
      AFTER_END.laterDelayMs / 2,
    );
  };

  it('[DONE] (openai-chat): the text, comments and events after it are not taken, only counted', async () => {
    const [trial] = await probe('after-done', 'stream');
    expectEndedAtMarker(trial as Trial, ' Done here', 2);
  });

  it('message_stop (anthropic-messages): the same, and the usage it reported before is kept', async () => {
    const run = await cliInProcess([
      'probe',
      '--base-url',
      `http://127.0.0.1:${server.port}`,
      '--dialect',
      'anthropic-messages',
      '--model',
      'after-message-stop',
      '--mode',
      'stream',
      '--trials',
      '1',
      '--json',
    ]);
    const [trial] = (JSON.parse(run.stdout) as { trials: Trial[] }).trials;
    expectEndedAtMarker(trial as Trial, 'Stopped here', 1);
    expect(trial?.usage_completion_tokens).toBe(2);
  });

  it('stores bytes_after_end, and exports it in the trials CSV and the run file', async () => {
    const db = join(dir, 'after-done.db');
    const id = await addProfile(db, 'after-done');
    const run = await runProfiles(db, [id], '--modes', 'stream', '--trials', '1');
    const rows = storedRows(db, run.runId);
    expect(rows.map((r) => [r.status, r.bytes_after_end, r.chunks])).toEqual([['ok', after, 2]]);
    const stream = rows[0] as { last_token_ms: number; total_ms: number };
    expect(stream.last_token_ms).toBeLessThanOrEqual(stream.total_ms);

    const csv = await exportRun(db, run.runId, 'trials', '-');
    const [header, ...lines] = csv.trim().split('\n');
    const column = header?.split(',').indexOf('bytes_after_end') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(lines.map((l) => l.split(',')[column])).toEqual([String(after)]);

    const file = join(dir, 'after-done.run.json');
    await exportRun(db, run.runId, 'json', file);
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      trials: { trial: Trial }[];
    };
    expect(written.trials.map((t) => t.trial.bytes_after_end)).toEqual([after]);
  });

  it('reads a run file written before bytes_after_end existed as not counted', async () => {
    const db = join(dir, 'after-done.db');
    const file = join(dir, 'after-done.run.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as {
      run: { id: string };
      trials: { trial: Partial<Trial> }[];
    };
    written.run.id = 'from-an-older-lasttoken';
    for (const { trial } of written.trials) delete trial.bytes_after_end;
    const older = join(dir, 'older.run.json');
    writeFileSync(older, JSON.stringify(written));
    const imported = await cliInProcess(['import', older, '--db', db]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(storedRows(db, 'from-an-older-lasttoken').map((r) => r.bytes_after_end)).toEqual([null]);
  });
});

describe('an answer is read as what it is', () => {
  it('one JSON completion sent as text/event-stream is stream_ignored, its text and usage kept', async () => {
    const [stream, plain] = await probe('json-as-sse', 'both');
    expect(stream).toMatchObject({
      status: 'stream_ignored',
      error: 'asked to stream, but the server answered with one JSON body',
      text: 'Not a stream.',
      usage_completion_tokens: 4,
      chunks: 0,
      bytes_after_end: null,
    });
    expect(stream?.tokens).toBeGreaterThan(0);
    expect(plain).toMatchObject({
      status: 'ok',
      text: 'Not a stream.',
      usage_completion_tokens: 4,
    });
  });

  it('a body starting with a UTF-8 byte order mark is read past it, plain and stream', async () => {
    const [stream, plain] = await probe('bom', 'both');
    expect(stream).toMatchObject({ status: 'ok', text: ' With a BOM', chunks: 3, error: null });
    expect(plain).toMatchObject({
      status: 'ok',
      text: 'With a BOM',
      usage_completion_tokens: 3,
      // A plain answer has no end marker: nothing is counted after one.
      bytes_after_end: null,
    });
  });
});

describe('a long stream inside every limit', () => {
  // One character an event: the text limit (max_text_chars, 1,000,000) allows a million.
  for (const events of [150_000, 1_000_000]) {
    const count = events.toLocaleString('en');
    it(`${count} one-character events: stored, then shown, charted, summarised, exported and imported`, async () => {
      const db = join(dir, `many-${events}.db`);
      const id = await addProfile(db, `many-events:${events}`);
      const run = await runProfiles(db, [id], '--modes', 'stream', '--trials', '1');
      expect(run.code, run.stderr).toBe(0);
      const store = openStore(db);
      try {
        const detail = store.history.getRun(run.runId);
        const trial = detail?.trials[0]?.trial;
        expect(trial).toMatchObject({ status: 'ok', chunks: events, bytes_after_end: 0 });
        expect(trial?.timeline.chunks).toHaveLength(events);

        const started = performance.now();
        const charts = runCharts(detail as NonNullable<typeof detail>);
        const chartsMs = performance.now() - started;
        expect(charts.histograms[0]?.chunks).toBe(events);
        expect(charts.arrivals[0]?.points.length).toBeLessThanOrEqual(2000);
        const summaries = summariesByProfile(detail?.trials ?? []);
        expect(summaries.get(id)?.[0]?.metrics.chunks?.median).toBe(events);
        console.log(`chartsRun of one ${count}-event trial: ${chartsMs.toFixed(0)} ms`);
      } finally {
        store.close();
      }

      const shown = await cliInProcess(['show', run.runId, '--json', '--db', db]);
      const shownTrial = (JSON.parse(shown.stdout) as { trials: StoredTrial[] }).trials[0];
      expect(shownTrial?.trial.chunks).toBe(events);
      const chunks = join(dir, `many-${events}.chunks.csv`);
      await exportRun(db, run.runId, 'chunks', chunks);
      expect(readFileSync(chunks, 'utf8').trim().split('\n')).toHaveLength(events + 1);
      const file = join(dir, `many-${events}.run.json`);
      await exportRun(db, run.runId, 'json', file);
      const imported = await cliInProcess([
        'import',
        file,
        '--db',
        join(dir, `many-${events}-imported.db`),
      ]);
      expect(imported.code, imported.stderr).toBe(0);
    }, 180_000);
  }
});

describe('a certificate nobody here trusts', () => {
  let https: Server;
  let url: string;
  beforeAll(async () => {
    https = createServer(testCertificate(), (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: 'Trusted.' }, finish_reason: 'stop' }],
        }),
      );
    });
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    const address = https.address();
    url = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => https.close(() => resolve())));

  const probeArgs = () => [
    'probe',
    '--base-url',
    url,
    '--model',
    'm',
    '--mode',
    'plain',
    '--trials',
    '1',
    '--json',
  ];

  it('says how to trust it (NODE_EXTRA_CA_CERTS), never to turn verification off', async () => {
    const run = await cliInProcess(probeArgs());
    const [trial] = (JSON.parse(run.stdout) as { trials: Trial[] }).trials;
    expect(trial?.status).toBe('network_error');
    expect(trial?.error).toBe(
      'TLS: the server certificate is self-signed; to trust it, give LastToken the certificate of ' +
        'the authority that issued it: NODE_EXTRA_CA_CERTS=/path/to/ca.pem lasttoken …, or ' +
        `NODE_EXTRA_CA_CERTS=/path/to/ca.pem npm start (${new URL(url).host})`,
    );
    expect(trial?.error).not.toMatch(/REJECT_UNAUTHORIZED|rejectUnauthorized|insecure/i);
  });

  it('and the hint works: the built CLI started with NODE_EXTRA_CA_CERTS trusts it', async () => {
    assertCliBuilt();
    const run = await spawnCli(probeArgs(), {
      env: { NODE_EXTRA_CA_CERTS: join(ROOT, 'tests', 'support', 'tls', 'localhost-cert.pem') },
    });
    const [trial] = (JSON.parse(run.stdout) as { trials: Trial[] }).trials;
    expect([trial?.status, trial?.text]).toEqual(['ok', 'Trusted.']);
  });
});

describe('proxy credentials without a keychain', () => {
  it('profile add --proxy user:pass@… says they need the keychain too, and what to do instead', async () => {
    const db = join(dir, 'proxy-keychain.db');
    const added = await cliInProcess(
      [
        'profile',
        'add',
        '--name',
        'behind a proxy',
        '--base-url',
        server.baseUrl,
        '--model',
        'bom',
        '--proxy',
        'http://alice:s3cret-pw@127.0.0.1:3128',
        '--db',
        db,
      ],
      { keys: new MemoryKeyStore({ unavailable: 'no-dbus' }) },
    );
    expect(added.code).toBe(1);
    expect(added.stderr).toMatch(
      /^lasttoken: No keychain is available: .* A proxy's user name and password are kept in the keychain too, like API keys, so the profile was not saved with them\. To use this proxy without a keychain, leave --proxy out .* HTTPS_PROXY=http:\/\/USER:PASSWORD@HOST:PORT\. \(The keychain said: .*\)\n$/,
    );
    expect(added.stderr).not.toMatch(/--key-env|s3cret-pw/);
    const list = await cliInProcess(['profile', 'list', '--json', '--db', db]);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((p) => p.name)).not.toContain(
      'behind a proxy',
    );
  });
});
