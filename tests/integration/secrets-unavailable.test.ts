// keytar's real failures, each produced in a child process with a broken or
// partial keychain (no D-Bus, a bus without a Secret Service, no login
// keyring, a locked one), and what the secrets module makes of them. The
// children call keytar directly and report its answers on stdout; every one
// runs with a throwaway HOME and no DISPLAY, so no real keyring is touched and
// no prompt can appear on a desktop.

import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimServer } from '../../src/main/sim';
import {
  KeychainUnavailableError,
  KeytarKeyStore,
  keychainFailure,
  keychainMessage,
  type KeychainFailureReason,
  type KeytarApi,
} from '../../src/main/secrets';
import { cliInProcess } from '../support/cli-in-process';

const run = promisify(execFile);
const KEYTAR_URL = pathToFileURL(createRequire(import.meta.url).resolve('keytar')).href;
const SERVICE = 'LastToken unavailable test';
const PASSWORD = 'unavailable-test';

type Op = ['get' | 'delete', string] | ['set', string, string];
type Answer =
  | { op: Op[0]; ok: true; value: string | boolean | null }
  | { op: Op[0]; ok: false; message: string };

/** The child: runs the operations through keytar and prints the answers as JSON. */
const PROGRAM = `
const keytar = (await import(process.env.KEYTAR_URL)).default;
const service = process.env.KEYTAR_SERVICE;
const answers = [];
for (const [op, account, password] of JSON.parse(process.env.KEYTAR_OPS)) {
  try {
    const value =
      op === 'get' ? await keytar.getPassword(service, account)
      : op === 'set' ? await keytar.setPassword(service, account, password)
      : await keytar.deletePassword(service, account);
    answers.push({ op, ok: true, value: value ?? null });
  } catch (error) {
    answers.push({ op, ok: false, message: error.message });
  }
}
process.stdout.write(JSON.stringify(answers));
`;

let base: string;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'lasttoken-unavailable-'));
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
});

/** A fresh, empty home with its XDG folders, and an environment that points only there. */
function isolatedEnv(home = mkdtempSync(join(base, 'home-'))): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DBUS_SESSION_BUS_ADDRESS',
    'DISPLAY',
    'WAYLAND_DISPLAY',
    'GNOME_KEYRING_CONTROL',
    'LASTTOKEN_KEYCHAIN',
  ]) {
    delete env[name];
  }
  const dirs = {
    HOME: home,
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_RUNTIME_DIR: join(home, 'run'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { ...env, ...dirs, KEYTAR_URL, KEYTAR_SERVICE: SERVICE };
}

interface Session {
  /** dbus-daemon configuration file (default: the standard session bus, with its services). */
  configFile?: string;
  /** Start gnome-keyring unlocked (creating the login keyring) before the operations. */
  unlock?: boolean;
}

/** Runs the operations in a child; inside a private dbus-run-session when `session` is given. */
async function keytarChild(
  ops: Op[],
  env: NodeJS.ProcessEnv,
  session?: Session,
): Promise<Answer[]> {
  const childEnv = { ...env, KEYTAR_OPS: JSON.stringify(ops), KEYTAR_PROGRAM: PROGRAM };
  let file = process.execPath;
  let args = ['--input-type=module', '-e', PROGRAM];
  if (session) {
    const unlock = session.unlock
      ? `printf %s '${PASSWORD}' | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 97; `
      : '';
    file = 'dbus-run-session';
    args = [
      ...(session.configFile ? [`--config-file=${session.configFile}`] : []),
      '--',
      'sh',
      '-c',
      `${unlock}exec "$0" --input-type=module -e "$KEYTAR_PROGRAM"`,
      process.execPath,
    ];
  }
  const { stdout } = await run(file, args, { env: childEnv, timeout: 30_000 });
  return JSON.parse(stdout) as Answer[];
}

function failureOf(answer: Answer | undefined): string {
  if (!answer || answer.ok) throw new Error(`expected a failure, got ${JSON.stringify(answer)}`);
  return answer.message;
}

/** What the store makes of a real keytar message, checked as a user would read it. */
function expectClearMessage(real: string, reason: KeychainFailureReason): void {
  const error = keychainFailure(new Error(real), { platform: 'linux' });
  expect(error.reason).toBe(reason);
  expect(error.message).toBe(
    `${keychainMessage(reason, 'linux')} (The keychain said: ${real.split('\n')[0]})`,
  );
}

/** keytar that gives back, call by call, the answers a child recorded. */
function replay(recorded: (Answer | undefined)[]): KeytarApi {
  const answers = [...recorded];
  const next = async (op: Op[0]) => {
    const answer = answers.shift();
    if (!answer || answer.op !== op) {
      throw new Error(`replay: expected ${answer?.op ?? 'nothing'}, got ${op}`);
    }
    if (!answer.ok) throw new Error(answer.message);
    return answer.value;
  };
  return {
    getPassword: async () => (await next('get')) as string | null,
    setPassword: async () => {
      await next('set');
    },
    deletePassword: async () => (await next('delete')) as boolean,
  };
}

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function requireSessionTools(): void {
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((name) => !onPath(name));
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(' and ')} not found: these tests build broken Secret Service sessions ` +
        'with them (Debian/Ubuntu: apt install dbus gnome-keyring).',
    );
  }
}

// The Secret Service and D-Bus exist on Linux only; keytar talks to the OS directly elsewhere.
describe.runIf(process.platform === 'linux')("keytar's real failures on Linux", () => {
  it('no D-Bus session at all: "Cannot autolaunch D-Bus without X11 $DISPLAY"', async () => {
    const answers = await keytarChild(
      [
        ['get', 'a'],
        ['set', 'a', 'x'],
      ],
      isolatedEnv(),
    );
    for (const answer of answers) {
      expect(failureOf(answer)).toBe('Cannot autolaunch D-Bus without X11 $DISPLAY');
    }
    expectClearMessage(failureOf(answers[0]), 'no-dbus');
  });

  it('a session bus address that leads nowhere', async () => {
    const env = { ...isolatedEnv(), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
    const answers = await keytarChild([['set', 'a', 'x']], env);
    const message = failureOf(answers[0]);
    expect(message).toMatch(/^Could not connect: /);
    expectClearMessage(message, 'no-dbus');
  });

  describe('in a private D-Bus session', () => {
    beforeAll(requireSessionTools);

    it('with no Secret Service on the bus', async () => {
      const configFile = join(base, 'bus-without-services.conf');
      // A session bus that can start no service: nothing provides org.freedesktop.secrets.
      writeFileSync(
        configFile,
        `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${base}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
      );
      const answers = await keytarChild([['set', 'a', 'x']], isolatedEnv(), { configFile });
      const message = failureOf(answers[0]);
      expect(message).toBe(
        'The name org.freedesktop.secrets was not provided by any .service files',
      );
      expectClearMessage(message, 'no-secret-service');
    });

    it('with gnome-keyring but no login keyring: reads look empty, writes fail', async () => {
      // gnome-keyring starts on demand (D-Bus activation) without a keyring, and cannot
      // show the prompt that would create one.
      const answers = await keytarChild(
        [
          ['get', 'a'],
          ['delete', 'a'],
          ['set', 'a', 'x'],
        ],
        isolatedEnv(),
        {},
      );
      expect(answers.slice(0, 2)).toEqual([
        { op: 'get', ok: true, value: null },
        { op: 'delete', ok: true, value: false },
      ]);
      const message = failureOf(answers[2]);
      expect(message).toMatch(
        /^Object does not exist at path .\/org\/freedesktop\/secrets\/collection\/login.$/,
      );
      expectClearMessage(message, 'keyring-missing');

      // Replayed through the store (its read, then its check with a write): the empty read
      // is not taken for "no key".
      const [read, , write] = answers;
      const store = new KeytarKeyStore({
        loadKeytar: async () => replay([read, write]),
        platform: 'linux',
      });
      const error = await store.readKeyForRequest('a').catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      expect((error as KeychainUnavailableError).reason).toBe('keyring-missing');
    });

    it('with a locked login keyring: reads and deletes look empty, writes fail', async () => {
      const home = mkdtempSync(join(base, 'home-'));
      // First session: the login keyring is created, unlocked, and a key stored in it.
      const stored = await keytarChild(
        [
          ['set', 'a', 'secret-a'],
          ['get', 'a'],
        ],
        isolatedEnv(home),
        { unlock: true },
      );
      expect(stored).toEqual([
        { op: 'set', ok: true, value: null },
        { op: 'get', ok: true, value: 'secret-a' },
      ]);
      // Second session, as after a login that did not unlock it: the same keyring, locked.
      const locked = await keytarChild(
        [
          ['get', 'a'],
          ['delete', 'a'],
          ['set', 'b', 'x'],
        ],
        isolatedEnv(home),
        {},
      );
      expect(locked.slice(0, 2)).toEqual([
        { op: 'get', ok: true, value: null },
        { op: 'delete', ok: true, value: false },
      ]);
      const message = failureOf(locked[2]);
      expect(message).toBe('Cannot create an item in a locked collection');
      expectClearMessage(message, 'keyring-locked');

      // Replayed through the store: a locked keyring is reported, never read as "no key".
      const [read, remove, write] = locked;
      for (const call of ['hasKey', 'readKeyForRequest', 'deleteKey'] as const) {
        // The store's own call, then its check: a write, which fails.
        const store = new KeytarKeyStore({
          loadKeytar: async () => replay([call === 'deleteKey' ? remove : read, write]),
          platform: 'linux',
        });
        const error = await store[call]('a').catch((thrown: unknown) => thrown);
        expect(error, call).toBeInstanceOf(KeychainUnavailableError);
        expect((error as Error).message).toBe(
          `${keychainMessage('keyring-locked', 'linux')} (The keychain said: ${message})`,
        );
      }
    });
  });

  it('the wrapper script reports the real cause when it cannot find a keychain', async () => {
    const { stdout } = await run(process.execPath, ['scripts/with-keyring.mjs', '--check'], {
      env: isolatedEnv(),
      timeout: 30_000,
    }).catch((error: { stdout: string; code: number }) => {
      expect(error.code).toBe(1);
      return error;
    });
    expect(JSON.parse(stdout)).toEqual({
      usable: false,
      message: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
  });
});

// A machine whose keychain cannot be used at all (here keytar's native module
// cannot load, as where libsecret is missing): a profile that keeps no key in
// the keychain runs, with its key from a variable or none, and never asks it.
describe('profiles on a machine without a usable keychain', () => {
  let sim: SimServer;
  let dir: string;
  const noKeychain = (): KeytarKeyStore =>
    new KeytarKeyStore({
      loadKeytar: () =>
        Promise.reject(
          new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory'),
        ),
    });

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'lasttoken-bare-machine-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cli = (argv: string[], env: Record<string, string> = {}) =>
    cliInProcess([...argv, '--db', join(dir, 'history.db')], { env, keys: noKeychain() });

  it('runs profiles without a key, or with one from a variable, without --without-keys', async () => {
    const add = async (name: string, ...more: string[]) => {
      const added = await cli([
        'profile',
        'add',
        '--name',
        name,
        '--base-url',
        `${sim.url}/v1`,
        '--model',
        'sim-steady',
        ...more,
      ]);
      expect(added.code, added.stderr).toBe(0);
      return added.stdout.trim();
    };
    const keyless = await add('Keyless');
    const fromEnv = await add('From a variable', '--key-env', 'SIM_KEY');
    const run = await cli(
      ['run', '--profiles', `${keyless},${fromEnv},demo`, '--trials', '1', '--json'],
      {
        SIM_KEY: 'sk-sim-variable-1',
      },
    );
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as { status: string; failures: unknown[] };
    expect(doc).toMatchObject({ status: 'completed', failures: [] });
    expect(run.stderr).not.toMatch(/keychain/i);
    const listed = await cli(['profile', 'list']);
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toMatch(/ Keyless .* no$/m);
    expect(listed.stdout).toMatch(/ From a variable .* \$SIM_KEY$/m);
  });

  it('setting a key says why it cannot, with what to do instead', async () => {
    const set = await cli(['profile', 'set-key', 'Keyless', '--from-env', 'K'], {
      K: 'sk-x-123456789',
    });
    expect(set.code).toBe(1);
    expect(set.stderr).toMatch(/keychain module \(keytar\) could not be loaded/);
    expect(set.stderr).toMatch(/--key-env/);
  });
});
