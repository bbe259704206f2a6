// Secrets where untrusted input puts them (issue 15). A model list that
// echoes the key, raw and base64-encoded, through `lasttoken models` (text and
// --json, a flag-given endpoint and a saved profile) and the app's modelsList:
// no 8-character piece of the key, raw or decoded from base64, in anything
// printed or answered. And credentials written into a URL, refused by every
// front end that takes one, with a message that names what was found and
// never repeats it; the value is then nowhere: not printed, not in the
// database file, not in a profile export. In-process CLI and the app's
// services against a real SQLite file and small servers on 127.0.0.1.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { MemoryKeyStore } from '../../src/main/secrets';
import type { ModelList } from '../../src/shared/api';
import type { Profile } from '../../src/shared/run';
import { cliInProcess } from '../support/cli-in-process';
import { keyPiecesIn } from '../support/key-pieces';
import {
  startKeyEchoModelsServer,
  type KeyEchoModelsServer,
} from '../support/key-echo-models-server';
import { startRecordingServer, type RecordingServer } from '../support/recording-server';

// Random enough that no 8 characters of it occur in a path, a name or a message by chance.
const KEY = 'sk-echo-Vn4Qz8Lr2Xw6Tb0Mk5Hy9Jd3';
const ENV = { ECHO_KEY: KEY };
// What the URLs below carry: none of it may be kept or shown.
const URL_KEY = 'sk-inurl-Pq7Wm3Zc9Rt5Lx1Bn';
const URL_VALUE = 'plainvalue-Gh6Kd2Vs8Yf4';
const URL_PASSWORD = 'pass-Ue5Nb1Qj7Lw3';
const HIDDEN = [URL_KEY, URL_VALUE, URL_PASSWORD];

let dir: string;
let db: string;
let echo: KeyEchoModelsServer;
let recording: RecordingServer;
let app: AppServices;
const keys = new MemoryKeyStore();
/** Everything the CLI printed and the app answered. */
const outputs: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-untrusted-secrets-'));
  db = join(dir, 'history.db');
  [echo, recording] = await Promise.all([startKeyEchoModelsServer(), startRecordingServer()]);
  app = openApp(join(dir, 'app.db'));
});

afterAll(async () => {
  await app.close();
  await Promise.all([echo.close(), recording.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** The app's services on this history file, as browser mode opens them. */
function openApp(databasePath: string): AppServices {
  return openAppServices({
    databasePath,
    keys,
    identity: { name: 'LastToken', version: 'test', electron: null, transport: 'http' },
  });
}

async function lasttoken(argv: string[]) {
  const run = await cliInProcess(argv, { keys, env: ENV });
  outputs.push(run.stdout, run.stderr);
  return run;
}

/** `profile add` into the history, as the CLI prints it with --json. */
async function addProfile(name: string, baseUrl: string, model: string): Promise<Profile> {
  const argv = ['profile', 'add', '--name', name, '--base-url', baseUrl, '--model', model];
  const added = await lasttoken([...argv, '--db', db, '--json']);
  expect(added.code, added.stderr).toBe(0);
  return JSON.parse(added.stdout) as Profile;
}

/** One call of the app's contract, as both transports reach it. */
async function call(method: string, input: unknown) {
  const result = await app.dispatch(method as never, input);
  outputs.push(JSON.stringify(result));
  return result;
}

async function value<T>(method: string, input: unknown): Promise<T> {
  const result = await call(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value as T;
}

describe('a model list that echoes the key', () => {
  const listed = () => `${echo.origin}/v1`;
  const endpointFlags = (base: string) => ['--base-url', base, '--api-key-env', 'ECHO_KEY'];
  let profile: Profile;

  beforeAll(async () => {
    profile = await addProfile('Echo', listed(), 'harmless-model');
    const stored = await lasttoken([
      'profile',
      'set-key',
      profile.id,
      '--from-env',
      'ECHO_KEY',
      '--db',
      db,
    ]);
    expect(stored.code, stored.stderr).toBe(0);
  });

  it('lasttoken models shows every model, none of the key: text and --json, flags and a profile', async () => {
    for (const source of [endpointFlags(listed()), [profile.id, '--db', db]]) {
      const table = await lasttoken(['models', ...source]);
      expect(table.code, table.stderr).toBe(0);
      expect(table.stderr).toMatch(/^4 models at http:\/\/127\.0\.0\.1:\d+\/v1\/models/);
      expect(table.stdout).toMatch(/^harmless-model +\? +8192 +acme$/m);
      expect(table.stdout).toContain('echo-[redacted]');
      expect(keyPiecesIn(table.stdout + table.stderr, KEY)).toEqual([]);

      const json = await lasttoken(['models', ...source, '--json']);
      expect(json.code, json.stderr).toBe(0);
      const list = JSON.parse(json.stdout) as ModelList;
      expect(list.models).toHaveLength(4);
      expect(list.models).toContainEqual({
        id: 'echo-[redacted]',
        name: 'Made for [redacted]',
        free: null,
        context_length: null,
        owner: '[redacted]',
      });
      expect(keyPiecesIn(json.stdout + json.stderr, KEY)).toEqual([]);
    }
  });

  it('lasttoken models says why a listing failed, without the key', async () => {
    const refused = await lasttoken(['models', ...endpointFlags(`${echo.origin}/refuse/v1`)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /HTTP 401 from 127\.0\.0\.1:\d+: Bad key \[redacted\] \(QmVhcmVy\S*\[redacted\]/,
    );
    const encoded = await lasttoken(['models', ...endpointFlags(`${echo.origin}/encoded/v1`)]);
    expect(encoded.code).toBe(1);
    expect(encoded.stderr).toContain('the answer is compressed as "[redacted]"');
    for (const run of [refused, encoded]) {
      expect(keyPiecesIn(run.stdout + run.stderr, KEY)).toEqual([]);
      // Nor lower-cased, as a header value's comparison would write it.
      expect(keyPiecesIn((run.stdout + run.stderr).toLowerCase(), KEY.toLowerCase())).toEqual([]);
    }
  });

  it("the app's modelsList answers the models, none of the key, and fails without it", async () => {
    const saved = await value<Profile>('profilesCreate', {
      name: 'Echo',
      base_url: listed(),
      model: 'harmless-model',
    });
    await value('keysSet', { profile_id: saved.id, key: KEY });
    const list = await value<ModelList>('modelsList', { profile_id: saved.id });
    expect(list.models.map((m) => m.id)).toContain('harmless-model');
    expect(list.models.map((m) => m.id)).toContain('echo-[redacted]');
    expect(keyPiecesIn(JSON.stringify(list), KEY)).toEqual([]);

    const refusing = await value<Profile>('profilesCreate', {
      name: 'Echo refusing',
      base_url: `${echo.origin}/refuse/v1`,
      model: 'harmless-model',
    });
    await value('keysSet', { profile_id: refusing.id, key: KEY });
    const failed = await call('modelsList', { profile_id: refusing.id });
    expect(failed.ok).toBe(false);
    expect(JSON.stringify(failed)).toContain('Bad key [redacted]');
    expect(keyPiecesIn(JSON.stringify(failed), KEY)).toEqual([]);
  });

  it('and nothing printed or answered so far shows it', () => {
    expect(keyPiecesIn(outputs.join('\n'), KEY)).toEqual([]);
  });
});

describe('credentials in a URL', () => {
  const base = () => recording.baseUrl;
  const withCredential = (): [url: string, says: RegExp][] => [
    [`${base()}?api_key=${URL_KEY}`, /query parameter api_key would carry a credential/],
    [`${base()}?key=${URL_VALUE}`, /query parameter key would carry a credential/],
    [`${base()}?token=`, /query parameter token would carry a credential/],
    [
      base().replace('http://', `http://user:${URL_PASSWORD}@`),
      /the URL contains credentials \(user:pass@ before the host\)/,
    ],
  ];
  const ADVICE = /never put keys in the URL.*keychain or an environment variable \(--key-env\)/;
  const HARMLESS = () => `${base()}?api-version=2024-10-21`;
  let profile: Profile;

  beforeAll(async () => {
    profile = await addProfile('Plain', base(), 'm');
  });

  it('every command that takes a URL refuses it, saying what and why, sending nothing', async () => {
    const exported = join(dir, 'exported.json');
    expect((await lasttoken(['profile', 'export', '--out', exported, '--db', db])).code).toBe(0);
    const valid = JSON.parse(readFileSync(exported, 'utf8')) as { profiles: Profile[] };
    const file = join(dir, 'with-credential.json');
    for (const [url, says] of withCredential()) {
      const profiles = valid.profiles.map((p) => ({ ...p, base_url: url }));
      writeFileSync(file, JSON.stringify({ ...valid, profiles }));
      const sentBefore = recording.requests.length;
      const commands = [
        ['probe', '--base-url', url, '--model', 'm', '--trials', '1', '--api-key-env', 'ECHO_KEY'],
        ['models', '--base-url', url, '--api-key-env', 'ECHO_KEY'],
        ['profile', 'add', '--name', 'Keyed', '--base-url', url, '--model', 'm', '--db', db],
        ['profile', 'edit', profile.id, '--base-url', url, '--db', db],
        ['profile', 'import', file, '--db', db],
      ];
      for (const argv of commands) {
        const run = await lasttoken(argv);
        expect(run.code, `${argv.join(' ')}: ${run.stderr}`).not.toBe(0);
        expect(run.stderr, argv.join(' ')).toMatch(says);
        expect(run.stderr, argv.join(' ')).toMatch(ADVICE);
      }
      expect(recording.requests.length).toBe(sentBefore);
    }
  });

  it("the app's profile service and model list refuse it too", async () => {
    const saved = await value<Profile>('profilesCreate', {
      name: 'Plain',
      base_url: base(),
      model: 'm',
    });
    for (const [url, says] of withCredential()) {
      const attempts = [
        await call('profilesCreate', { name: 'Keyed', base_url: url, model: 'm' }),
        await call('profilesUpdate', { id: saved.id, patch: { base_url: url } }),
        await call('modelsList', { base_url: url, dialect: 'openai-chat' }),
      ];
      for (const attempt of attempts) {
        expect(attempt.ok).toBe(false);
        if (attempt.ok) continue;
        expect(attempt.error.message).toMatch(says);
        expect(attempt.error.message).toMatch(ADVICE);
      }
    }
  });

  it('a profile saved with one by an older LastToken is refused at its connection test and model list', async () => {
    const older = openApp(join(dir, 'older.db'));
    try {
      const [[url, says]] = withCredential() as [[string, RegExp]];
      const saved = older.profiles.create({ name: 'Older', base_url: base(), model: 'm' });
      // Straight into the database, as no check of this LastToken would let it.
      const legacy = older.store.profiles.update(saved.id, { base_url: url }) as Profile;
      const sentBefore = recording.requests.length;
      for (const method of ['profilesTest', 'modelsList'] as const) {
        const input = method === 'profilesTest' ? { id: legacy.id } : { profile_id: legacy.id };
        const result = await older.dispatch(method, input as never);
        outputs.push(JSON.stringify(result));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.message).toMatch(says);
      }
      expect(recording.requests.length).toBe(sentBefore);
    } finally {
      await older.close();
    }
  });

  it('a harmless query parameter still works everywhere', async () => {
    const sentBefore = recording.requests.length;
    const probe = await lasttoken([
      'probe',
      '--base-url',
      HARMLESS(),
      '--model',
      'm',
      '--trials',
      '1',
      '--mode',
      'stream',
    ]);
    expect(probe.code, probe.stderr).toBe(0);
    const models = await lasttoken(['models', '--base-url', HARMLESS()]);
    expect(models.code, models.stderr).toBe(0);
    expect(models.stdout).toContain('recorded-model');
    const added = await lasttoken([
      'profile',
      'edit',
      profile.id,
      '--base-url',
      HARMLESS(),
      '--db',
      db,
    ]);
    expect(added.code, added.stderr).toBe(0);
    const listed = await lasttoken(['models', profile.id, '--db', db]);
    expect(listed.code, listed.stderr).toBe(0);
    const saved = await value<Profile>('profilesCreate', {
      name: 'Azure-like',
      base_url: HARMLESS(),
      model: 'm',
    });
    expect(saved.base_url).toBe(HARMLESS());
    await value('modelsList', { profile_id: saved.id });
    const sent = recording.requests.slice(sentBefore);
    expect(sent.map((r) => r.path)).toEqual([
      '/v1/chat/completions',
      '/v1/models',
      '/v1/models',
      '/v1/models',
    ]);
    expect(sent.every((r) => r.query['api-version'] === '2024-10-21')).toBe(true);
  });

  it('what the refused URLs carried is nowhere: output, database files, a profile export', async () => {
    const exported = join(dir, 'profiles.json');
    const wrote = await lasttoken(['profile', 'export', '--out', exported, '--db', db]);
    expect(wrote.code, wrote.stderr).toBe(0);
    const files = readdirSync(dir)
      .filter((name) => /^(history|app)\.db/.test(name) || name === 'profiles.json')
      .map((name) => readFileSync(join(dir, name)).toString('latin1'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    const everything = [...outputs, ...files].join('\n');
    for (const hidden of HIDDEN) expect(everything).not.toContain(hidden);
  });
});
