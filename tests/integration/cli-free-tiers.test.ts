// Free tiers from the command line, in-process against a real SQLite file in a
// temp dir and a small OpenRouter-shaped provider on 127.0.0.1: `models`
// (free ones marked, --free, --json, a saved profile or flags), pacing on
// profiles and probes, a rate limit's wait in the progress, and a profile
// that gives up while the others go on. The key is searched for in
// everything the CLI printed.

import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryKeyStore } from '../../src/main/secrets';
import type { ModelInfo } from '../../src/shared/api';
import type { Profile, ProfileFailure, RunDetail } from '../../src/shared/run';
import type { Trial } from '../../src/shared/trial';
import { cliInProcess, type CliRun } from '../support/cli-in-process';
import { gapsBetween, startFreeTierServer, type FreeTierServer } from '../support/free-tier-server';

const KEY = 'sk-or-v1-free-tier-key-0123456789abcdef';

const printed: string[] = [];
const keys = new MemoryKeyStore();
let dir: string;
let db: string;
let server: FreeTierServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-cli-free-tiers-'));
  db = join(dir, 'lasttoken.db');
  server = await startFreeTierServer();
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  // Not in any output: the table, JSON, progress, errors.
  expect(printed.join('\n')).not.toContain(KEY);
});

async function cli(argv: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const run = await cliInProcess(argv, { keys, env });
  printed.push(run.stdout, run.stderr);
  return run;
}

async function addProfile(name: string, model: string, ...extra: string[]): Promise<Profile> {
  const added = await cli([
    'profile',
    'add',
    '--name',
    name,
    '--base-url',
    server.baseUrl,
    '--model',
    model,
    ...extra,
    '--db',
    db,
    '--json',
  ]);
  expect(added.code, added.stderr).toBe(0);
  return JSON.parse(added.stdout) as Profile;
}

/**
 * The trials started at least `ms` apart, by their started_at (the moment the
 * engine began each call, to the millisecond: 1 ms of grain).
 */
function expectSpaced(trials: readonly Pick<Trial, 'started_at'>[], ms: number): void {
  const gaps = gapsBetween(trials.map((t) => Date.parse(t.started_at)));
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(ms - 1);
}

interface ModelsDocument {
  url: string;
  free_only: boolean;
  models: ModelInfo[];
}

describe('lasttoken models', () => {
  it('lists the models with OpenRouter\'s free ones marked, and "not said" kept apart from paid', async () => {
    const run = await cli(['models', '--base-url', server.baseUrl, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const document = JSON.parse(run.stdout) as ModelsDocument;
    expect(document.url).toBe(`${server.baseUrl}/models`);
    expect(document.free_only).toBe(false);
    expect(document.models.map((m) => [m.id, m.free])).toEqual([
      ['anthropic/claude-sonnet-4', false],
      ['deepseek/deepseek-chat-v3-0324', true],
      ['meta-llama/llama-3.3-70b-instruct:free', true],
      ['openai/gpt-4o-mini', false],
      ['openrouter/auto', null],
      ['vendor/no-price', null],
    ]);
    expect(document.models[2]).toEqual({
      id: 'meta-llama/llama-3.3-70b-instruct:free',
      name: 'Meta: Llama 3.3 70B Instruct (free)',
      free: true,
      context_length: 131072,
      owner: null,
    });
    expect(document.models[5]?.owner).toBe('vendor');
  });

  it('keeps only the free ones with --free, as a table with their context', async () => {
    const run = await cli(['models', '--base-url', server.baseUrl, '--free']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(`6 models at ${server.baseUrl}/models, 2 free (shown)\n`);
    expect(run.stdout).toBe(
      [
        'model                                   free  context',
        'deepseek/deepseek-chat-v3-0324          yes    163840',
        'meta-llama/llama-3.3-70b-instruct:free  yes    131072',
        '',
      ].join('\n'),
    );
    const all = await cli(['models', '--base-url', server.baseUrl]);
    expect(all.stdout).toContain('openrouter/auto                         ?     2000000  -');
    expect(all.stdout).toContain('vendor/no-price                         ?           -  vendor');
    expect(all.stdout).toContain('anthropic/claude-sonnet-4               no     200000  -');
  });

  it('asks a saved profile with its key, and the flags describe an endpoint only without one', async () => {
    const saved = await addProfile('OpenRouter free', 'meta-llama/llama-3.3-70b-instruct:free');
    const stored = await cli(['profile', 'set-key', saved.id, '--from-env', 'OR_KEY', '--db', db], {
      OR_KEY: KEY,
    });
    expect(stored.code, stored.stderr).toBe(0);
    const run = await cli(['models', 'OpenRouter free', '--free', '--json', '--db', db]);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as ModelsDocument).models).toHaveLength(2);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const both = await cli(['models', 'OpenRouter free', '--base-url', server.baseUrl, '--db', db]);
    expect(both).toMatchObject({
      code: 2,
      stderr: 'lasttoken: give a saved profile or --base-url URL, not both\n',
    });
    const flag = await cli(['models', 'OpenRouter free', '--dialect', 'openai-chat', '--db', db]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--dialect describes an endpoint given with --base-url');
    const neither = await cli(['models']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('models needs a saved profile');
  });

  it('sends the key from --api-key-env in the header --key-header names, as its whole value', async () => {
    const run = await cli(
      [
        'models',
        '--base-url',
        server.baseUrl,
        '--api-key-env',
        'OR_KEY',
        '--key-header',
        'api-key',
        '--json',
      ],
      { OR_KEY: KEY },
    );
    expect(run.code, run.stderr).toBe(0);
    const asked = server.requests.at(-1);
    expect(asked?.headers['api-key']).toBe(KEY);
    expect(asked?.headers.authorization).toBeUndefined();
    const noKey = await cli(['models', '--base-url', server.baseUrl, '--key-header', 'api-key']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('--key-header names the header that carries the key');
  });

  it('says what the provider answered when it refuses, without the key', async () => {
    const run = await cli(
      ['models', '--base-url', `${server.baseUrl}/nowhere`, '--api-key-env', 'OR_KEY'],
      { OR_KEY: KEY },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^lasttoken: HTTP 404 from 127\.0\.0\.1:\d+/);
  });
});

describe('pacing', () => {
  it('is a profile field: --max-rpm on add and edit, 0 removes it, nonsense is refused', async () => {
    const paced = await addProfile('Paced', 'ok', '--max-rpm', '30');
    expect(paced.defaults).toEqual({ max_rpm: 30 });
    const edited = await cli([
      'profile',
      'edit',
      'Paced',
      '--max-rpm',
      '0',
      '--max-tokens',
      '50',
      '--db',
      db,
      '--json',
    ]);
    expect(edited.code, edited.stderr).toBe(0);
    expect((JSON.parse(edited.stdout) as Profile).defaults).toEqual({ max_tokens: 50 });
    const bad = await cli(['profile', 'edit', 'Paced', '--max-rpm', '1.5', '--db', db]);
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'lasttoken: --max-rpm must be a whole number from 0 to 60000; got "1.5"\n',
    });
  });

  it("spaces a run's calls and says up front how long that makes it", async () => {
    await addProfile('Paced run', 'ok:run-paced', '--max-rpm', '600');
    const run = await cli([
      'run',
      '--profiles',
      'Paced run',
      '--trials',
      '2',
      '--db',
      db,
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'paced: Paced run at most 600/min; the run takes at least 300ms\n',
    );
    const { run_id } = JSON.parse(run.stdout) as { run_id: string };
    const shown = await cli(['show', run_id, '--db', db, '--json']);
    const { trials } = JSON.parse(shown.stdout) as RunDetail;
    expect(trials).toHaveLength(4);
    expectSpaced(
      trials.map((t) => t.trial),
      100,
    );
  });

  it("spaces a probe's trials with --max-rpm", async () => {
    const run = await cli([
      'probe',
      '--base-url',
      server.baseUrl,
      '--model',
      'ok:probe-paced',
      '--trials',
      '2',
      '--max-rpm',
      '600',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const { trials } = JSON.parse(run.stdout) as { trials: Trial[] };
    expect(trials).toHaveLength(4);
    expectSpaced(trials, 100);
  });
});

describe('rate limits in a run', () => {
  it('waits as the Retry-After says and the progress says so', async () => {
    await addProfile('Limited', 'limited:n=1,after=1,cli');
    const run = await cli([
      'run',
      '--profiles',
      'Limited',
      '--trials',
      '2',
      '--modes',
      'stream',
      '--db',
      db,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Limited {2}rate limited: waiting 1 s\n/);
    expect(run.stdout).toContain('Rate limit exceeded');
  });

  it('keeps to --max-retry-wait and says the wait was capped; probe alike', async () => {
    await addProfile('Long limit', 'limited:n=1,after=30,cli');
    const run = await cli([
      'run',
      '--profiles',
      'Long limit',
      '--trials',
      '2',
      '--modes',
      'stream',
      '--max-retry-wait',
      '300ms',
      '--db',
      db,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'rate limited: waiting 0.3 s (Retry-After 30 s, capped by --max-retry-wait)\n',
    );
    const probe = await cli([
      'probe',
      '--base-url',
      server.baseUrl,
      '--model',
      'limited:n=1,after=30,probe',
      '--mode',
      'stream',
      '--trials',
      '2',
      '--max-retry-wait',
      '0.2',
    ]);
    expect(probe.code, probe.stderr).toBe(0);
    expect(probe.stderr).toContain(
      'rate limited: waiting 0.2 s (Retry-After 30 s, capped by --max-retry-wait)\n',
    );
    const bad = await cli([
      'run',
      '--profiles',
      'Long limit',
      '--max-retry-wait',
      'soon',
      '--db',
      db,
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-retry-wait takes a duration like 90s, 2m or 1h30m');
  });

  it('gives a failing profile up after --give-up-after failures; the others finish and the report says why', async () => {
    await addProfile('Down', 'down');
    await addProfile('Up', 'ok:cli-up');
    const argv = [
      'run',
      '--profiles',
      'Down,Up',
      '--trials',
      '3',
      '--give-up-after',
      '2',
      '--db',
      db,
    ];
    const run = await cli(argv);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '1 of 2 profiles stopped early after failing repeatedly (see above)',
    );
    const message =
      /profile “Down” stopped after 2 failed trials in a row \(the last: http_error: HTTP 503[^)]*\); its 4 remaining calls were not made/;
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toMatch(message);
    // The summary covers the trials it made.
    expect(run.stdout).toContain('--- stream (1 trial: 0 ok, 1 http_error) ---');
    expect(run.stdout).toContain('--- plain (3 trials: 3 ok) ---');

    // Later, from the history alone: why the profile stopped, in the words the run used, where its figures are.
    const runId = /^run ([0-9a-f-]{36}): completed with failures$/m.exec(run.stdout)?.[1] ?? '';
    const said = run.stdout.split('\n').find((line) => message.test(line)) ?? '';
    expect(said).toMatch(/^ {2}profile “Down” stopped/);
    const shown = await cli(['show', runId, '--db', db]);
    expect(shown.code, shown.stderr).toBe(0);
    // The report under show's header is the run's own, word for word.
    expect(shown.stdout.endsWith(run.stdout.slice(run.stdout.indexOf('\n\n') + 2))).toBe(true);
    expect(shown.stdout).toContain(`${said}\n`);
    expect(shown.stdout).not.toContain('stopped early: made');
    expect(shown.stdout).toMatch(/^ {2}stopped +Down \(gave_up\)$/m);
    expect(shown.stdout).toMatch(
      /rate limits +Retry-After waited for, at most 60 s; a profile gives up after 2 failed trials in a row/,
    );
    const shownJson = await cli(['show', runId, '--json', '--db', db]);
    const { run: stored } = JSON.parse(shownJson.stdout) as { run: RunDetail['run'] };
    expect(stored.profile_failures).toEqual([
      {
        profile_id: stored.profiles[0]?.id,
        reason: 'gave_up',
        message: said.trim(),
        text: expect.objectContaining({ key: 'runs.gave_up_other' }),
      },
    ]);

    const json = await cli([...argv, '--json']);
    const document = JSON.parse(json.stdout) as {
      status: string;
      failures: ProfileFailure[];
      summary: { profile: string; mode: string; trials: number; ok: number }[];
    };
    expect(document.status).toBe('completed');
    expect(document.failures.map((f) => [f.reason, f.message])).toEqual([
      ['gave_up', expect.stringMatching(message)],
    ]);
    expect(document.summary.map((s) => [s.profile, s.mode, s.trials, s.ok])).toEqual([
      ['Down', 'stream', 1, 0],
      ['Down', 'plain', 1, 0],
      ['Up', 'stream', 3, 3],
      ['Up', 'plain', 3, 3],
    ]);
  });

  it('keeps why a profile stopped with the run, without the key its provider echoed', async () => {
    const refused = await addProfile('Refused', 'refused');
    await addProfile('Fine', 'ok:cli-fine');
    const setKey = await cli(
      ['profile', 'set-key', refused.id, '--from-env', 'OR_KEY', '--db', db],
      {
        OR_KEY: KEY,
      },
    );
    expect(setKey.code, setKey.stderr).toBe(0);
    const argv = ['run', '--profiles', 'Refused,Fine', '--trials', '2', '--give-up-after', '2'];
    const run = await cli([...argv, '--db', db]);
    expect(run.code).toBe(1);
    expect(server.callsOf('refused').at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const runId = /^run ([0-9a-f-]{36}): completed with failures$/m.exec(run.stdout)?.[1] ?? '';

    const raw = new Database(db, { readonly: true });
    let stored: string;
    try {
      const row = raw.prepare('SELECT profile_failures FROM runs WHERE id = ?').get(runId) as {
        profile_failures: string;
      };
      stored = row.profile_failures;
    } finally {
      raw.close();
    }
    const failures = JSON.parse(stored) as ProfileFailure[];
    expect(failures).toEqual([
      {
        profile_id: refused.id,
        reason: 'gave_up',
        message: expect.stringMatching(
          /^profile “Refused” stopped after 2 failed trials in a row \(the last: http_error: HTTP 401.*Incorrect API key provided: Bearer .*\); its 2 remaining calls were not made$/,
        ),
        text: {
          key: 'runs.gave_up_other',
          values: expect.objectContaining({ name: 'Refused', failed: 2, left: 2 }),
        },
      },
    ]);
    expect(stored).not.toContain(KEY);
    // As the live report said it, and nowhere with the key: not in the database's files either.
    expect(run.stdout).toContain(`  ${failures[0]?.message}\n`);
    const shown = await cli(['show', runId, '--db', db]);
    expect(shown.stdout).toContain(`  ${failures[0]?.message}\n`);
    for (const file of [db, `${db}-wal`].filter((f) => existsSync(f))) {
      expect(readFileSync(file).includes(KEY)).toBe(false);
    }
  });
});
