// `lasttoken run --repeat N --every D` and `history --series`: real runs
// against the simulated provider, a real SQLite file. The flaky endpoint is a
// small forwarding server that fails one request on purpose, so one repetition
// fails and the series must go on. Ctrl-C is a real SIGINT to the built CLI.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { Profile, RunListItem } from '../../src/shared/run';
import { cliInProcess, type CliRun } from '../support/cli-in-process';
import { assertCliBuilt, spawnCli } from '../support/spawn-cli';

let dir: string;
let sim: SimServer;
let flaky: Server;
/** Requests the flaky endpoint answered, and which one it fails. */
let requests = 0;
let failRequest = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-cli-series-'));
  sim = await startSimulator({ port: 0 });
  const upstream = new URL(sim.url);
  // Forwards every request to the simulator, except the one it is told to fail.
  flaky = createServer((req, res) => {
    requests++;
    if (requests === failRequest) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"down for maintenance"}}');
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((done) => flaky.listen(0, '127.0.0.1', done));
});

afterAll(async () => {
  await new Promise((done) => flaky.close(done));
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (db: string, argv: string[], interrupt?: AbortSignal): Promise<CliRun> =>
  cliInProcess([...argv, '--db', db], { interrupt });

async function history(db: string, ...argv: string[]): Promise<RunListItem[]> {
  const run = await cli(db, ['history', '--json', ...argv]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as RunListItem[];
}

describe('run --repeat --every', () => {
  it('runs a series of 3 tagged alike, start to start, through a failed repetition', async () => {
    const db = join(dir, 'series.db');
    const added = await cli(db, [
      'profile',
      'add',
      '--name',
      'flaky',
      '--base-url',
      `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/v1`,
      '--model',
      'sim-steady:ttft=20,gap=2,tokens=10',
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const profile = JSON.parse(added.stdout) as Profile;
    requests = 0;
    failRequest = 2; // one call per repetition: the second repetition fails

    const started = performance.now();
    const run = await cli(db, [
      'run',
      '--profiles',
      profile.id,
      '--modes',
      'stream',
      '--trials',
      '1',
      '--repeat',
      '3',
      '--every',
      '400ms',
      '--label',
      'lab-1',
      '--json',
    ]);
    const elapsed = performance.now() - started;

    // The failed repetition makes the exit code 1 but did not end the series.
    expect(run.code, run.stderr).toBe(1);
    expect(requests).toBe(3);
    // Start to start: the third run starts 2 × 400 ms after the first.
    expect(elapsed).toBeGreaterThanOrEqual(800);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    const documents = lines.map((line) => JSON.parse(line) as { run_id: string; status: string });
    expect(documents.map((d) => d.status)).toEqual(['completed', 'completed', 'completed']);
    expect(run.stderr).toMatch(
      /series [0-9a-f-]{36}: 3 runs, one every 400ms \(start to start\); 3 API calls in all/,
    );
    expect(run.stderr).toMatch(/repetition 1\/3, next at \d\d:\d\d:\d\d\n/);
    expect(run.stderr).toMatch(/repetition 3\/3\n/);
    expect(run.stderr).toMatch(/all 1 trials failed \(http_error: .*down for maintenance/);
    expect(run.stderr).toMatch(/3 runs saved, 1 with failures/);

    const runs = await history(db);
    expect(runs).toHaveLength(3);
    const seriesId = runs[0]?.series_id;
    expect(seriesId).toMatch(/^[0-9a-f-]{36}$/);
    expect(runs.every((r) => r.series_id === seriesId && r.label === 'lab-1')).toBe(true);
    // Newest first: the middle one is the one that failed.
    expect(runs.map((r) => [r.ok, r.failed])).toEqual([
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    expect(runs.map((r) => r.id).reverse()).toEqual(documents.map((d) => d.run_id));
    const starts = runs.map((r) => Date.parse(r.started_at)).reverse();
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(390);
    expect((starts[2] as number) - (starts[1] as number)).toBeGreaterThanOrEqual(390);

    // Another run, not of the series, so that the filter has something to leave out.
    const single = await cli(db, [
      'run',
      '--profiles',
      'demo',
      '--trials',
      '1',
      '--modes',
      'stream',
    ]);
    expect(single.code, single.stderr).toBe(0);
    expect(await history(db)).toHaveLength(4);
    const series = await history(db, '--series', (seriesId as string).slice(0, 8));
    expect(series.map((r) => r.id)).toEqual(runs.map((r) => r.id));

    const table = await cli(db, ['history', '--series', seriesId as string]);
    expect(table.code, table.stderr).toBe(0);
    const rows = table.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^id\s+started\s+status\s+series\s+label\s+profiles\s+ok\s+failed$/);
    expect(rows).toHaveLength(4);
    for (const row of rows.slice(1))
      expect(row).toContain(`${(seriesId as string).slice(0, 8)}  lab-1`);

    const unknown = await cli(db, ['history', '--series', 'abcdef12']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no series .*abcdef12.* in this history/);
  });

  it('says when a repetition took longer than --every and starts the next at once', async () => {
    const db = join(dir, 'overrun.db');
    const run = await cli(db, [
      'run',
      '--profiles',
      'demo',
      '--modes',
      'stream',
      '--trials',
      '1',
      '--max-tokens',
      '20',
      '--repeat',
      '2',
      '--every',
      '1ms',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /repetition 1\/2 took [\d.]+ s, longer than --every 1ms: repetition 2 starts now\n/,
    );
    expect(await history(db)).toHaveLength(2);
  });

  it('refuses --every without --repeat, and bad durations', async () => {
    const db = join(dir, 'usage.db');
    const lone = await cli(db, ['run', '--profiles', 'demo', '--every', '30m']);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain('--every spaces the repetitions of --repeat N');
    const bad = await cli(db, ['run', '--profiles', 'demo', '--repeat', '2', '--every', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--every takes a duration');
  });

  it('ends the series on Ctrl-C while waiting, keeping the runs that finished', async () => {
    const db = join(dir, 'interrupt-wait.db');
    const interrupt = new AbortController();
    const started = performance.now();
    const pending = cli(
      db,
      [
        'run',
        '--profiles',
        'demo',
        '--modes',
        'stream',
        '--trials',
        '1',
        '--max-tokens',
        '10',
        '--repeat',
        '5',
        '--every',
        '1h',
      ],
      interrupt.signal,
    );
    // The first repetition is saved, then the series waits an hour for the next.
    await expect
      .poll(async () => (await history(db)).map((r) => r.status), { timeout: 15_000 })
      .toEqual(['completed']);
    interrupt.abort('SIGINT');
    const run = await pending;
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(
      /interrupted: series [0-9a-f-]{36} ended after 1 finished repetition of 5/,
    );
    const runs = await history(db);
    expect(runs.map((r) => r.status)).toEqual(['completed']);
  });
});

describe('SIGINT to the built CLI mid-series', () => {
  beforeAll(() => assertCliBuilt());

  it('cancels the repetition in progress, keeps the finished ones and exits 130', async () => {
    const db = join(dir, 'sigint.db');
    let signalled = false;
    let seen = '';
    const result = await spawnCli(
      [
        'run',
        '--profiles',
        'demo',
        '--modes',
        'stream',
        '--trials',
        '3',
        '--repeat',
        '3',
        '--every',
        '50ms',
        '--label',
        'ctrl-c',
        '--db',
        db,
      ],
      {
        timeoutMs: 60_000,
        onStderr: (text, child) => {
          // Mid-way through repetition 2: its first trial has ended.
          seen += text;
          if (!signalled && /repetition 2\/3[\s\S]*\[1\/3\]/.test(seen)) {
            signalled = true;
            child.kill('SIGINT');
          }
        },
      },
    );
    expect(signalled).toBe(true);
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toMatch(
      /interrupted: run [0-9a-f-]{36} was cancelled; the 1 trial that finished is saved/,
    );
    expect(result.stderr).toMatch(/series [0-9a-f-]{36} ended after 1 finished repetition of 3/);
    const runs = await history(db);
    expect(runs.map((r) => [r.status, r.trials, r.label])).toEqual([
      ['cancelled', 1, 'ctrl-c'],
      ['completed', 3, 'ctrl-c'],
    ]);
    expect(runs[0]?.series_id).toBe(runs[1]?.series_id);
  });
});
