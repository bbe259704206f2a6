// What a profile says about its requests, from the command line to the wire:
// the key in the header the profile names (with its prefix), extra query
// parameters, a key taken from an environment variable, a proxy whose
// credentials go to the keychain, presets, and profile files. In-process CLI
// against a real SQLite file and a small server on 127.0.0.1 that records
// what each request carried. The key and the proxy password are searched for
// in everything the CLI printed, the database file and an exported CSV.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyCredentialsAccount } from '../../src/main/profiles';
import { MemoryKeyStore } from '../../src/main/secrets';
import { PROVIDER_PRESETS } from '../../src/shared/presets';
import type { Profile } from '../../src/shared/run';
import { cliInProcess } from '../support/cli-in-process';
import { startConnectProxy } from '../support/connect-proxy';
import { startRecordingServer, type RecordingServer } from '../support/recording-server';

const KEY = 'sk-shape-Q4m8Zt2Lw6Rc0Xv5';
const ENV_KEY = 'sk-env-N3b7Hd1Kp9Ys4Gf2';
const PROXY_PASSWORD = 'pw-Hk2Vb8Nq5Tz1';
const WRONG_PASSWORD = 'bad-pw-Zq93Lk7';

let dir: string;
let db: string;
let server: RecordingServer;
const keys = new MemoryKeyStore();
const printed: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-profile-requests-'));
  db = join(dir, 'history.db');
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Options {
  env?: Record<string, string>;
  stdin?: string;
  keys?: MemoryKeyStore;
  /** null: a command without a history (probe). */
  db?: string | null;
}

async function lasttoken(argv: string[], options: Options = {}) {
  const run = await cliInProcess(options.db === null ? argv : [...argv, '--db', options.db ?? db], {
    ...options,
    keys: options.keys ?? keys,
  });
  printed.push(run.stdout, run.stderr);
  return run;
}

async function jsonOf<T>(argv: string[], options: Options = {}): Promise<T> {
  const run = await lasttoken([...argv, '--json'], options);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** `run` of one profile, one trial per mode. */
const trialRun = (profile: string, ...more: string[]): string[] => [
  'run',
  '--profiles',
  profile,
  '--trials',
  '1',
  ...more,
];

/** The completions requests the server saw since `from`. */
const completions = (from: number) =>
  server.requests.slice(from).filter((r) => r.path.endsWith('/chat/completions'));

describe('the key in the header a profile names, and its query parameters', () => {
  let profile: Profile;

  it('sends the key in --key-header as its whole value, with the --query parameters', async () => {
    profile = await jsonOf<Profile>([
      'profile',
      'add',
      '--name',
      'Azure-shaped',
      '--base-url',
      server.baseUrl,
      '--model',
      'm1',
      '--key-header',
      'api-key',
      '--query',
      'api-version=2024-10-21',
      '--query',
      'deployment=d=1',
    ]);
    expect(profile).toMatchObject({
      key_header: 'api-key',
      key_prefix: null,
      query: { 'api-version': '2024-10-21', deployment: 'd=1' },
      has_key: false,
    });
    const set = await lasttoken(['profile', 'set-key', profile.id], { stdin: KEY });
    expect(set.code, set.stderr).toBe(0);
    const from = server.requests.length;
    const run = await jsonOf<{ status: string }>(trialRun(profile.id));
    expect(run.status).toBe('completed');
    const seen = completions(from);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['api-key']).toBe(KEY);
      expect(request.headers.authorization).toBeUndefined();
      expect(request.query).toEqual({ 'api-version': '2024-10-21', deployment: 'd=1' });
    }
  });

  it('puts --key-prefix before the key, and goes back to the dialect’s Bearer when cleared', async () => {
    await jsonOf([
      'profile',
      'edit',
      profile.id,
      '--key-header',
      'Authorization',
      '--key-prefix',
      'Token ',
    ]);
    let from = server.requests.length;
    await jsonOf(trialRun(profile.id, '--modes', 'plain'));
    expect(completions(from)[0]?.headers.authorization).toBe(`Token ${KEY}`);

    const glued = await lasttoken(['profile', 'edit', profile.id, '--key-prefix', 'Token']);
    expect(glued.code).toBe(2);
    expect(glued.stderr).toMatch(/key prefix ends with a letter or digit.*"Bearer "/);

    const cleared = await jsonOf<Profile>([
      'profile',
      'edit',
      profile.id,
      '--clear-key-header',
      '--no-query',
    ]);
    expect(cleared).toMatchObject({ key_header: null, key_prefix: null, query: {} });
    from = server.requests.length;
    await jsonOf(trialRun(profile.id, '--modes', 'plain'));
    const request = completions(from)[0];
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.query).toEqual({});
  });

  it('lists models with the same header and query', async () => {
    await jsonOf([
      'profile',
      'edit',
      profile.id,
      '--key-header',
      'api-key',
      '--query',
      'api-version=v9',
    ]);
    const from = server.requests.length;
    const listed = await jsonOf<{ models: { id: string }[] }>(['models', profile.id]);
    expect(listed.models.map((m) => m.id)).toEqual(['recorded-model']);
    const request = server.requests.slice(from).find((r) => r.path.endsWith('/models'));
    expect(request?.headers['api-key']).toBe(KEY);
    expect(request?.query).toEqual({ 'api-version': 'v9' });
  });

  it('lists models of an endpoint given by flags, shaped by the same flags as probe', async () => {
    const from = server.requests.length;
    const argv = ['models', '--base-url', server.baseUrl, '--key-env', 'PROBE_KEY'];
    const listed = await lasttoken(
      [...argv, '--key-header', 'api-key', '--query', 'api-version=v9', '--no-proxy', '--json'],
      { env: { PROBE_KEY: KEY }, db: null },
    );
    expect(listed.code, listed.stderr).toBe(0);
    const request = server.requests.slice(from).find((r) => r.path.endsWith('/models'));
    expect(request?.headers['api-key']).toBe(KEY);
    expect(request?.query).toEqual({ 'api-version': 'v9' });
    const keyless = await lasttoken(['models', '--base-url', server.baseUrl, '--query', 'key=x'], {
      db: null,
    });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toMatch(/would carry a credential/);
  });

  it('refuses query parameters that would carry a credential, naming the parameter only', async () => {
    for (const query of ['api_key=abc', 'token=abc', 'sig=abc', `v=${KEY}`]) {
      const run = await lasttoken(['profile', 'edit', profile.id, '--query', query]);
      expect(run.code, query).toBe(2);
      expect(run.stderr).toMatch(/would carry a credential: never put keys in the URL/);
      expect(run.stderr).not.toContain(KEY);
    }
  });

  it('a provider that quotes the key back: the key is in no output, the database or a CSV', async () => {
    const refused = await jsonOf<Profile>([
      'profile',
      'add',
      '--name',
      'Refused',
      '--base-url',
      server.baseUrl,
      '--model',
      'refuse',
      '--key-header',
      'X-Custom-Auth',
      '--key-prefix',
      'Key=',
    ]);
    await lasttoken(['profile', 'set-key', refused.id], { stdin: KEY });
    const run = await lasttoken(trialRun(refused.id, '--json'));
    const doc = JSON.parse(run.stdout) as {
      run_id: string;
      summary: { ok: number; trials: number }[];
    };
    expect(doc.summary.map((s) => [s.trials, s.ok])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    const shown = await lasttoken(['show', doc.run_id, '--json']);
    expect(shown.stdout).toContain('Incorrect API key provided');
    expect(shown.stdout).toContain('[redacted]');
    const csv = join(dir, 'trials.csv');
    expect((await lasttoken(['export', doc.run_id, '--kind', 'trials', '--out', csv])).code).toBe(
      0,
    );
    expect(readFileSync(csv, 'utf8')).not.toContain(KEY);
    expect(readFileSync(db).includes(KEY)).toBe(false);
  });
});

describe('probe takes the same flags', () => {
  it('--key-header, --query and --key-env shape the probe’s requests', async () => {
    const from = server.requests.length;
    const run = await lasttoken(
      [
        'probe',
        '--base-url',
        server.baseUrl,
        '--model',
        'm1',
        '--mode',
        'plain',
        '--trials',
        '1',
        '--key-header',
        'api-key',
        '--key-env',
        'PROBE_KEY',
        '--query',
        'api-version=1',
        '--no-proxy',
      ],
      { env: { PROBE_KEY: KEY }, db: null },
    );
    expect(run.code, run.stderr).toBe(0);
    const request = completions(from)[0];
    expect(request?.headers['api-key']).toBe(KEY);
    expect(request?.query).toEqual({ 'api-version': '1' });
    const both = await lasttoken(
      [
        'probe',
        '--base-url',
        server.baseUrl,
        '--model',
        'm',
        '--proxy',
        'http://127.0.0.1:9',
        '--no-proxy',
      ],
      { db: null },
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give one of them/);
  });
});

describe('a key from an environment variable, where no keychain exists', () => {
  const noKeychain = new MemoryKeyStore({ unavailable: 'no-dbus' });

  it('stores the variable’s name only and reads its value at run time, never asking the keychain', async () => {
    const profile = await jsonOf<Profile>(
      [
        'profile',
        'add',
        '--name',
        'From env',
        '--base-url',
        server.baseUrl,
        '--model',
        'm1',
        '--key-env',
        'REC_API_KEY',
      ],
      { keys: noKeychain },
    );
    expect(profile).toMatchObject({ key_env: 'REC_API_KEY', has_key: false });
    const from = server.requests.length;
    const run = await jsonOf<{ status: string; failures: unknown[] }>(
      trialRun(profile.id, '--modes', 'plain'),
      { keys: noKeychain, env: { REC_API_KEY: ENV_KEY } },
    );
    expect(run).toMatchObject({ status: 'completed', failures: [] });
    expect(completions(from)[0]?.headers.authorization).toBe(`Bearer ${ENV_KEY}`);
    expect(readFileSync(db).includes(ENV_KEY)).toBe(false);

    const unset = await lasttoken(trialRun(profile.id), {
      keys: noKeychain,
    });
    expect(unset.code).toBe(1);
    expect(unset.stderr).toMatch(
      /profile “From env” was not measured: its API key is taken from the environment variable REC_API_KEY, which is not set/,
    );
    const cleared = await jsonOf<Profile>(['profile', 'edit', profile.id, '--no-key-env'], {
      keys: noKeychain,
    });
    expect(cleared.key_env).toBeNull();
    await jsonOf(['profile', 'edit', profile.id, '--key-env', 'REC_API_KEY']);
  });

  it('refuses a key given where the variable’s name belongs, without saving or printing it', async () => {
    const run = await lasttoken([
      'profile',
      'add',
      '--name',
      'Oops',
      '--base-url',
      server.baseUrl,
      '--model',
      'm',
      '--key-env',
      KEY,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/NAME of an environment variable, not the key/);
    expect(run.stderr).not.toContain(KEY);
    expect(readFileSync(db).includes(KEY)).toBe(false);
  });
});

describe('a profile’s proxy', () => {
  it('keeps the URL without credentials and the credentials in the keychain, and forgets them with --no-proxy', async () => {
    const profile = await jsonOf<Profile>([
      'profile',
      'add',
      '--name',
      'Proxied',
      '--base-url',
      server.baseUrl,
      '--model',
      'm1',
      '--proxy',
      `http://alice:${PROXY_PASSWORD}@127.0.0.1:3128`,
    ]);
    expect(profile).toMatchObject({
      proxy_mode: 'url',
      proxy_url: 'http://127.0.0.1:3128',
      proxy_auth: true,
    });
    expect(keys.profileIds()).toContain(proxyCredentialsAccount(profile.id));
    expect(await keys.readKeyForRequest(proxyCredentialsAccount(profile.id))).toContain(
      PROXY_PASSWORD,
    );
    expect(readFileSync(db).includes(PROXY_PASSWORD)).toBe(false);

    const direct = await jsonOf<Profile>(['profile', 'edit', profile.id, '--no-proxy']);
    expect(direct).toMatchObject({ proxy_mode: 'direct', proxy_url: null, proxy_auth: false });
    expect(keys.profileIds()).not.toContain(proxyCredentialsAccount(profile.id));
    const env = await jsonOf<Profile>(['profile', 'edit', profile.id, '--env-proxy']);
    expect(env.proxy_mode).toBe('env');

    const bad = await lasttoken(['profile', 'edit', profile.id, '--proxy', 'ftp://127.0.0.1:21']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/use http:\/\/, https:\/\/, socks5:\/\/ or socks5h:\/\//);
  });

  it('runs through the proxy with the credentials from the keychain; a proxy that refuses them is named', async () => {
    const proxy = await startConnectProxy({
      credentials: { username: 'alice', password: PROXY_PASSWORD },
      hosts: { 'provider.test': '127.0.0.1' },
    });
    try {
      const base = server.baseUrl.replace('127.0.0.1', 'provider.test');
      const proxied = `http://alice:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}`;
      const profile = await jsonOf<Profile>([
        'profile',
        'add',
        '--name',
        'Via the proxy',
        '--base-url',
        base,
        '--model',
        'm1',
        '--proxy',
        proxied,
        '--allow-insecure-key',
      ]);
      await lasttoken(['profile', 'set-key', profile.id], { stdin: KEY });
      const from = server.requests.length;
      const run = await jsonOf<{ status: string; summary: { ok: number }[] }>(
        trialRun(profile.id, '--modes', 'plain'),
      );
      expect(run.summary.map((s) => s.ok)).toEqual([1]);
      expect(proxy.counts.destinations).toContain(`provider.test:${new URL(server.baseUrl).port}`);
      expect(completions(from)[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

      // Credentials the proxy refuses: the trial fails naming the proxy, and no password shows.
      await jsonOf([
        'profile',
        'edit',
        profile.id,
        '--proxy',
        `http://alice:${WRONG_PASSWORD}@127.0.0.1:${proxy.port}`,
      ]);
      const refused = await lasttoken(trialRun(profile.id, '--modes', 'plain', '--json'));
      const doc = JSON.parse(refused.stdout) as { run_id: string };
      const shown = await lasttoken(['show', doc.run_id, '--json']);
      expect(shown.stdout).toMatch(/127\.0\.0\.1:\d+/);
      expect(shown.stdout).toMatch(/407|credentials/i);
      expect(shown.stdout).not.toContain(WRONG_PASSWORD);
    } finally {
      await proxy.close();
    }
  });

  it('a keychain that fails while storing the credentials leaves the profile as it was', async () => {
    const failing = new MemoryKeyStore();
    const profile = await jsonOf<Profile>(
      ['profile', 'add', '--name', 'Kept as it was', '--base-url', server.baseUrl, '--model', 'm1'],
      { keys: failing },
    );
    failing.setUnavailable('keyring-locked');
    const run = await lasttoken(
      [
        'profile',
        'edit',
        profile.id,
        '--proxy',
        `socks5://bob:${PROXY_PASSWORD}@127.0.0.1:1080`,
        '--model',
        'm2',
      ],
      { keys: failing },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/keychain is locked/);
    const [after] = (await jsonOf<Profile[]>(['profile', 'list'])).filter(
      (p) => p.id === profile.id,
    );
    expect(after).toMatchObject({ model: 'm1', proxy_mode: 'env', proxy_auth: false });
  });
});

describe('presets', () => {
  it('lists every preset as a table and as JSON', async () => {
    const table = await lasttoken(['presets'], { db: null });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(
      /^openai +OpenAI +https:\/\/api\.openai\.com\/v1 +openai-chat +Authorization: Bearer KEY/m,
    );
    expect(table.stdout).toMatch(
      /^anthropic +Anthropic +https:\/\/api\.anthropic\.com +anthropic-messages +x-api-key: KEY/m,
    );
    expect(table.stdout).toMatch(
      /^ollama +Ollama +http:\/\/localhost:11434\/v1 +openai-chat +Authorization: Bearer KEY, if any /m,
    );
    const json = await jsonOf<typeof PROVIDER_PRESETS>(['presets'], { db: null });
    expect(json).toEqual(PROVIDER_PRESETS);
  });

  it('profile add --preset fills base URL and dialect; flags override', async () => {
    const groq = await jsonOf<Profile>([
      'profile',
      'add',
      '--preset',
      'groq',
      '--model',
      'llama-3.3-70b-versatile',
    ]);
    expect(groq).toMatchObject({
      name: 'Groq llama-3.3-70b-versatile',
      base_url: 'https://api.groq.com/openai/v1',
      dialect: 'openai-chat',
    });
    const claude = await jsonOf<Profile>([
      'profile',
      'add',
      '--preset',
      'Anthropic',
      '--model',
      'claude-x',
      '--name',
      'Mine',
      '--base-url',
      'https://gw.example/anthropic',
    ]);
    expect(claude).toMatchObject({
      name: 'Mine',
      base_url: 'https://gw.example/anthropic',
      dialect: 'anthropic-messages',
    });
    const unknown = await lasttoken(['profile', 'add', '--preset', 'nope', '--model', 'm']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /unknown preset "nope": use one of openai, openai-responses, anthropic, gemini/,
    );
  });
});

describe('profile files', () => {
  let file: string;
  let second: string;

  it('exports the profiles without keys or proxy credentials', async () => {
    file = join(dir, 'profiles.json');
    const wrote = await lasttoken(['profile', 'export', '--out', file]);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(wrote.stdout).toMatch(
      /profiles\.json \(\d+ profiles, without keys or proxy credentials/,
    );
    const text = readFileSync(file, 'utf8');
    const doc = JSON.parse(text) as { format: string; version: number; profiles: Profile[] };
    expect(doc).toMatchObject({ format: 'lasttoken-profiles', version: 1 });
    expect(doc.profiles.map((p) => p.name)).toContain('From env');
    expect(doc.profiles.map((p) => p.name)).not.toContain('Demo (simulated)');
    for (const secret of [KEY, ENV_KEY, PROXY_PASSWORD, 'has_key', 'proxy_auth', '"id"']) {
      expect(text).not.toContain(secret);
    }
  });

  it('imports them into another history; a second import adds nothing', async () => {
    second = join(dir, 'second.db');
    const first = await lasttoken(['profile', 'import', file], { db: second });
    expect(first.code, first.stderr).toBe(0);
    const exported = (JSON.parse(readFileSync(file, 'utf8')) as { profiles: Profile[] }).profiles;
    const imported = (await jsonOf<Profile[]>(['profile', 'list'], { db: second })).filter(
      (p) => !p.builtin,
    );
    const fields = (p: Profile) => ({
      ...p,
      id: undefined,
      created_at: undefined,
      updated_at: undefined,
      has_key: undefined,
      proxy_auth: undefined,
      builtin: undefined,
    });
    // What a file may not decide where it is imported is left out, and said.
    const withheld = (p: Profile) => ({
      ...fields(p),
      key_env: null,
      allow_insecure_key: false,
      proxy_mode: 'env',
      proxy_url: null,
    });
    expect(imported.map(fields).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      exported.map(withheld).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(imported.every((p) => p.has_key === false && !p.proxy_auth)).toBe(true);
    const fromEnv = imported.find((p) => p.name === 'From env') as Profile;
    expect(first.stdout).toContain(
      `added profile "From env" (${fromEnv.id})\n` +
        '  left out, as a file may not decide them (set again only if you trust it):\n' +
        `    its key from $REC_API_KEY: lasttoken profile edit ${fromEnv.id} --key-env REC_API_KEY\n`,
    );
    const again = await lasttoken(['profile', 'import', file], { db: second });
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('nothing imported: every profile was saved already\n');
    expect(again.stdout).toMatch(/^skipped "From env": the same profile is saved already/m);
    expect((await jsonOf<Profile[]>(['profile', 'list'], { db: second })).length).toBe(
      imported.length + 1,
    );
  });

  it('takes no instruction from a shared file: its key variable, insecure key and proxy are left out', async () => {
    const shared = join(dir, 'shared-profiles.json');
    const entry = {
      base_url: server.baseUrl,
      dialect: 'openai-chat',
      headers: {},
      defaults: {},
      notes: '',
      key_header: null,
      key_prefix: null,
      query: {},
    };
    writeFileSync(
      shared,
      JSON.stringify({
        format: 'lasttoken-profiles',
        version: 1,
        exported_at: '2026-03-01T10:00:00.000Z',
        profiles: [
          {
            ...entry,
            name: 'Shared',
            model: 'm-shared',
            // The run would read this machine's AWS secret and send it as the key, in the clear.
            key_env: 'AWS_SECRET_ACCESS_KEY',
            allow_insecure_key: true,
            proxy_mode: 'url',
            proxy_url: 'http://127.0.0.1:9',
          },
          {
            ...entry,
            name: 'Shared direct',
            model: 'm-direct',
            key_env: null,
            allow_insecure_key: false,
            proxy_mode: 'direct',
            proxy_url: null,
          },
        ],
      }),
    );
    const target = join(dir, 'shared.db');
    const run = await lasttoken(['profile', 'import', shared], { db: target });
    expect(run.code, run.stderr).toBe(0);
    const list = await jsonOf<Profile[]>(['profile', 'list'], { db: target });
    const byName = new Map(list.map((p) => [p.name, p]));
    const id = byName.get('Shared')?.id as string;
    const direct = byName.get('Shared direct')?.id as string;
    expect(run.stdout).toBe(
      `added profile "Shared" (${id})\n` +
        '  left out, as a file may not decide them (set again only if you trust it):\n' +
        `    its key from $AWS_SECRET_ACCESS_KEY: lasttoken profile edit ${id} --key-env AWS_SECRET_ACCESS_KEY\n` +
        `    its key sent over plain http: lasttoken profile edit ${id} --allow-insecure-key\n` +
        `    its proxy http://127.0.0.1:9: lasttoken profile edit ${id} --proxy http://127.0.0.1:9\n` +
        `added profile "Shared direct" (${direct})\n` +
        '  left out, as a file may not decide them (set again only if you trust it):\n' +
        `    no proxy whatever the environment says: lasttoken profile edit ${direct} --no-proxy\n`,
    );
    for (const profile of [byName.get('Shared'), byName.get('Shared direct')]) {
      expect(profile).toMatchObject({
        key_env: null,
        allow_insecure_key: false,
        proxy_mode: 'env',
        proxy_url: null,
        has_key: false,
      });
    }
    const json = JSON.parse(
      (await lasttoken(['profile', 'import', shared, '--json'], { db: join(dir, 'shared-2.db') }))
        .stdout,
    ) as { withheld: { name: string; settings: { setting: string }[] }[] };
    expect(json.withheld.map((w) => [w.name, w.settings.map((s) => s.setting)])).toEqual([
      ['Shared', ['key_env', 'allow_insecure_key', 'proxy_url']],
      ['Shared direct', ['direct']],
    ]);

    // The run sends no key, straight to the endpoint: the variable is not read.
    const AWS_SECRET = 'aws-secret-Jq7Xc2Vn9Lp4';
    const from = server.requests.length;
    const measured = await jsonOf<{ status: string }>(trialRun(id, '--modes', 'plain'), {
      db: target,
      env: { AWS_SECRET_ACCESS_KEY: AWS_SECRET },
    });
    expect(measured.status).toBe('completed');
    const sent = completions(from);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(sent[0]?.headers)).not.toContain(AWS_SECRET);
    expect(printed.join('\n')).not.toContain(AWS_SECRET);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a named pipe or a device at once, in one line',
    async () => {
      const fifo = join(dir, 'profiles.fifo');
      execFileSync('mkfifo', [fifo]);
      for (const [path, kind] of [
        [fifo, 'a named pipe (FIFO)'],
        ['/dev/zero', 'a device'],
      ] as const) {
        const started = performance.now();
        const run = await lasttoken(['profile', 'import', path], { db: join(dir, 'fifo.db') });
        expect(performance.now() - started, path).toBeLessThan(5000);
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(
          `lasttoken: cannot import ${path}: it is ${kind}, not a regular file; nothing was imported\n`,
        );
      }
    },
  );

  it('refuses a truncated, foreign or newer file with a clear message and writes nothing', async () => {
    const third = join(dir, 'third.db');
    const text = readFileSync(file, 'utf8');
    const cases: [string, string, RegExp][] = [
      [
        'truncated.json',
        text.slice(0, text.length / 2),
        /is not complete JSON: the file is cut short or damaged/,
      ],
      [
        'foreign.json',
        '{"hello": "world"}',
        /is not a LastToken profile file \(lasttoken profile export writes them\)/,
      ],
      [
        'run-file.json',
        '{"format": "lasttoken-run", "version": 1}',
        /is a LastToken run file, not a profile file/,
      ],
      [
        'newer.json',
        text.replace('"version": 1', '"version": 7'),
        /written by a newer LastToken \(profile file version 7; this one reads version 1\)/,
      ],
      [
        'bad-profile.json',
        text.replace('"key_env": "REC_API_KEY"', '"key_env": "not a name"'),
        /profile \d+ \("From env"\): the key variable must be the NAME/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const path = join(dir, name);
      writeFileSync(path, content);
      const run = await lasttoken(['profile', 'import', path], { db: third });
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toMatch(message);
      expect(run.stderr, name).toMatch(/nothing was imported\n$/);
    }
    expect((await jsonOf<Profile[]>(['profile', 'list'], { db: third })).map((p) => p.id)).toEqual([
      'demo',
    ]);
    const missing = await lasttoken(['profile', 'import', join(dir, 'missing.json')], {
      db: third,
    });
    expect(missing.stderr).toMatch(
      /cannot import .*missing\.json: no such file; nothing was imported/,
    );
    expect(existsSync(join(dir, 'missing.json'))).toBe(false);
  });
});

describe('a profile’s colour', () => {
  it('is chosen with --color on add and edit, and refused outside the palette', async () => {
    const added = await jsonOf<{ id: string }>([
      'profile',
      'add',
      '--name',
      'coloured',
      '--base-url',
      server.baseUrl,
      '--model',
      'm',
      '--color',
      '5',
    ]);
    const colorOf = async () =>
      (await jsonOf<Profile[]>(['profile', 'list'])).find((p) => p.id === added.id)?.color;
    expect(await colorOf()).toBe(5);
    expect((await lasttoken(['profile', 'edit', added.id, '--color', '2'])).code).toBe(0);
    expect(await colorOf()).toBe(2);
    const refused = await lasttoken(['profile', 'edit', added.id, '--color', '8']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--color must be a whole number from 0 to 7; got "?8/);
    expect(await colorOf()).toBe(2);
  });
});

describe('secrets', () => {
  it('no key, key variable value or proxy password in anything the CLI printed', () => {
    const everything = printed.join('\n');
    expect(everything.length).toBeGreaterThan(1000);
    for (const secret of [KEY, ENV_KEY, PROXY_PASSWORD, WRONG_PASSWORD]) {
      expect(everything).not.toContain(secret);
    }
  });
});
