// The secrets module without a keychain: key and profile-id validation, the
// mapping of keytar's errors to one clear message per cause, and the keytar
// store's logic over a fake keytar (lazy loading, error mapping, Linux's
// "locked keyring reads as empty"). tests/integration/secrets-*.test.ts run
// the real keychain and keytar's real failures.

import { describe, expect, it, vi } from 'vitest';
import {
  InvalidKeyError,
  InvalidProfileIdError,
  KEYCHAIN_CHECK_SERVICE,
  KEYCHAIN_SERVICE,
  KeychainUnavailableError,
  KeytarKeyStore,
  MAX_KEY_BYTES,
  MemoryKeyStore,
  checkKey,
  checkProfileId,
  classifyKeychainError,
  keychainFailure,
  keychainMessage,
  type KeychainFailureReason,
  type KeytarApi,
} from '../../src/main/secrets';

/** A distinctive key: no error message may contain it or a recognisable part of it. */
const SECRET = 'sk-live-9f8e7d6c5b4a39281706';

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  throw new Error('expected an error');
}

function expectNoSecret(text: string, secret = SECRET): void {
  expect(text).not.toContain(secret);
  // Nor a part long enough to recognise the key by.
  for (let start = 0; start + 8 <= secret.length; start += 4) {
    expect(text).not.toContain(secret.slice(start, start + 8));
  }
}

describe('checkKey', () => {
  it('accepts real-looking keys, unicode included, up to the byte limit', () => {
    for (const key of [
      SECRET,
      'sk-ant-api03-AbC_dEf-123',
      'AIzaSyD-abc',
      '密钥-🔑-ключ',
      'x'.repeat(MAX_KEY_BYTES),
      '密'.repeat(Math.floor(MAX_KEY_BYTES / 3)),
    ]) {
      expect(() => checkKey(key), JSON.stringify(key.slice(0, 20))).not.toThrow();
    }
  });

  const rejected: [string, string, RegExp][] = [
    ['empty', '', /empty/],
    ['only whitespace', '   ', /only whitespace/],
    ['a trailing newline', `${SECRET}\n`, /line break \(U\+000A\)/],
    ['a CR LF', `${SECRET}\r\n`, /line break \(U\+000D\)/],
    ['a line separator', `${SECRET}\u2028`, /line break \(U\+2028\)/],
    ['a tab', `${SECRET}\tx`, /tab \(U\+0009\)/],
    ['a NUL', `${SECRET}\0`, /control character \(U\+0000\)/],
    ['an escape', `\u001b[31m${SECRET}`, /control character \(U\+001B\)/],
    ['DEL', `${SECRET}\u007f`, /control character \(U\+007F\)/],
    ['a C1 control', `${SECRET}\u0085`, /control character \(U\+0085\)/],
    ['a zero-width space', `${SECRET}\u200b`, /invisible formatting character \(U\+200B\)/],
    ['a byte order mark', `\ufeff${SECRET}`, /invisible formatting character \(U\+FEFF\)/],
    ['a lone surrogate', `${SECRET}\ud800`, /lone UTF-16 surrogate U\+D800/],
    ['a leading space', ` ${SECRET}`, /starts or ends with a space/],
    ['a trailing space', `${SECRET} `, /starts or ends with a space/],
    ['too many bytes', SECRET.repeat(100), /2800 bytes long; at most 2560/],
    ['too many bytes of CJK', '密'.repeat(854), /2562 bytes long; at most 2560/],
  ];
  it.each(rejected)('rejects a key with %s, saying why and not what', (_, key, why) => {
    const message = messageOf(() => checkKey(key));
    expect(message).toMatch(/^InvalidKeyError: /);
    expect(message).toMatch(why);
    expectNoSecret(message);
    expect(message).not.toContain('密');
  });

  it('rejects what is not text', () => {
    expect(() => checkKey(42)).toThrow(InvalidKeyError);
    expect(() => checkKey(undefined)).toThrow('The API key must be text.');
  });
});

describe('checkProfileId', () => {
  it('accepts ids and rejects empty, overlong or control-character ids', () => {
    expect(() => checkProfileId('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0')).not.toThrow();
    expect(() => checkProfileId('')).toThrow(InvalidProfileIdError);
    expect(() => checkProfileId(undefined)).toThrow(InvalidProfileIdError);
    expect(() => checkProfileId('x'.repeat(201))).toThrow(/at most 200/);
    expect(() => checkProfileId('a\nb')).toThrow(/control characters/);
    expect(() => checkProfileId(' a')).toThrow(/surrounding spaces/);
  });
});

describe('keychain error messages', () => {
  // keytar's texts as ENVIRONMENT.md lists them and as tests/integration/secrets-unavailable
  // records them from the real failures (libsecret quotes object paths with “ ”).
  const linux: [string, KeychainFailureReason, RegExp][] = [
    [
      'Cannot autolaunch D-Bus without X11 $DISPLAY',
      'no-dbus',
      /this session has no D-Bus session bus.*dbus-run-session/,
    ],
    ['Could not connect: No such file or directory', 'no-dbus', /no D-Bus session bus/],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      'no-secret-service',
      /no Secret Service \(GNOME Keyring or KWallet\) is running.*apt install gnome-keyring/,
    ],
    [
      'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
      'keyring-missing',
      /has no default keyring.*login keyring does not exist/,
    ],
    [
      "Object does not exist at path '/org/freedesktop/secrets/collection/login'",
      'keyring-missing',
      /has no default keyring/,
    ],
    [
      'Cannot create an item in a locked collection',
      'keyring-locked',
      /The keychain is locked.*gnome-keyring-daemon --replace --unlock/,
    ],
    ['Some new libsecret failure', 'keychain-error', /The keychain refused the request/],
  ];

  it.each(linux)('Linux: %j is %s, with one clear message', (text, reason, clear) => {
    expect(classifyKeychainError(text, 'linux')).toBe(reason);
    const error = keychainFailure(new Error(text), { platform: 'linux' });
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(clear);
    expect(error.message).toContain(
      'Profiles that keep no key in the keychain still work, and a profile can take its key from an environment variable instead',
    );
    // The cause, in the keychain's own words, closes the message.
    expect(error.message.endsWith(`(The keychain said: ${text})`)).toBe(true);
    expect(error.detail).toBe(text);
  });

  it('gives each Linux cause its own message', () => {
    const reasons: KeychainFailureReason[] = [
      'no-dbus',
      'no-secret-service',
      'keyring-missing',
      'keyring-locked',
      'module-unavailable',
      'keychain-error',
    ];
    const messages = new Set(reasons.map((reason) => keychainMessage(reason, 'linux')));
    expect(messages.size).toBe(reasons.length);
  });

  it('the no-D-Bus message says what LastToken needs and what to do', () => {
    expect(keychainMessage('no-dbus', 'linux')).toBe(
      'No keychain is available: LastToken stores API keys in the Secret Service ' +
        '(GNOME Keyring / KWallet) over D-Bus, and this session has no D-Bus session bus. ' +
        'Start a desktop session, or run with `dbus-run-session` and an unlocked gnome-keyring ' +
        '(`echo -n PASSWORD | gnome-keyring-daemon --unlock --components=secrets`). ' +
        'Profiles that keep no key in the keychain still work, and a profile can take its key ' +
        'from an environment variable instead (lasttoken profile edit ID --key-env VAR).',
    );
  });

  it("said of a proxy's credentials, the same cause ends with what works for a proxy", () => {
    const error = keychainFailure(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'), {
      platform: 'linux',
    }).forProxyCredentials();
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error.reason).toBe('no-dbus');
    expect(error.message).toBe(
      `${keychainMessage('no-dbus', 'linux', 'proxy-credentials')} (The keychain said: Cannot autolaunch D-Bus without X11 $DISPLAY)`,
    );
    expect(keychainMessage('no-dbus', 'linux', 'proxy-credentials')).toMatch(
      /^No keychain is available: .* A proxy's user name and password are kept in the keychain too, .* HTTPS_PROXY=http:\/\/USER:PASSWORD@HOST:PORT\.$/,
    );
    expect(error.message).not.toMatch(/--key-env/);
  });

  it('macOS and Windows get their own generic messages, never D-Bus advice', () => {
    const mac = keychainFailure(new Error('User interaction is not allowed.'), {
      platform: 'darwin',
    });
    expect(mac.reason).toBe('keyring-locked');
    expect(mac.message).toMatch(/macOS login keychain, which is locked/);
    const macOther = keychainFailure(new Error('The user name or passphrase is not correct.'), {
      platform: 'darwin',
    });
    expect(macOther.message).toMatch(/^The macOS Keychain refused the request/);
    const windows = keychainFailure(new Error('Element not found.'), { platform: 'win32' });
    expect(windows.message).toMatch(/^Windows Credential Manager refused the request/);
    expect(keychainMessage('no-dbus', 'darwin')).toBe(keychainMessage('keychain-error', 'darwin'));
    for (const error of [mac, macOther, windows]) expect(error.message).not.toMatch(/D-Bus/);
  });

  it('keeps only the first line of a long cause, and removes an echoed key', () => {
    const error = keychainFailure(new Error(`rejected secret ${SECRET}\nstack...\nmore`), {
      platform: 'linux',
      secret: SECRET,
    });
    expect(error.detail).toBe('rejected secret [redacted]');
    expectNoSecret(error.message);
  });

  it('passes a KeychainUnavailableError through unchanged', () => {
    const error = new KeychainUnavailableError('no-dbus', 'x', 'linux');
    expect(keychainFailure(error)).toBe(error);
  });
});

interface FakeKeytar extends KeytarApi {
  entries: Map<string, string>;
}

/** keytar over a Map; `fail` makes every call reject with that text, as the real one does. */
function fakeKeytar(fail?: string): FakeKeytar {
  const entries = new Map<string, string>();
  const at = (service: string, account: string) => `${service}\u0000${account}`;
  const guard = () => {
    if (fail !== undefined) throw new Error(fail);
  };
  return {
    entries,
    getPassword: vi.fn(async (service: string, account: string) => {
      guard();
      return entries.get(at(service, account)) ?? null;
    }),
    setPassword: vi.fn(async (service: string, account: string, password: string) => {
      guard();
      entries.set(at(service, account), password);
    }),
    deletePassword: vi.fn(async (service: string, account: string) => {
      guard();
      return entries.delete(at(service, account));
    }),
  };
}

/**
 * keytar in a locked (or missing) Linux keyring, as the integration test observes it:
 * reads and deletes answer "nothing there", writes fail.
 */
function lockedLinuxKeytar(writeError: string): KeytarApi {
  return {
    getPassword: async () => null,
    deletePassword: async () => false,
    setPassword: async () => {
      throw new Error(writeError);
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`, { cause: error });
  }
  throw new Error('expected a rejection');
}

describe('KeytarKeyStore over a fake keytar', () => {
  it('keeps each key under service "LastToken", account = profile id', async () => {
    const keytar = fakeKeytar();
    const store = new KeytarKeyStore({ loadKeytar: async () => keytar, platform: 'linux' });
    await store.setKey('p1', SECRET);
    expect(keytar.entries.get(`${KEYCHAIN_SERVICE}\u0000p1`)).toBe(SECRET);
    expect(await store.hasKey('p1')).toBe(true);
    expect(await store.readKeyForRequest('p1')).toBe(SECRET);
    expect(await store.hasKey('p2')).toBe(false);
    expect(await store.readKeyForRequest('p2')).toBeUndefined();
    await store.deleteKey('p1');
    await store.deleteKey('p1');
    expect(await store.hasKey('p1')).toBe(false);
    // The emptiness checks left nothing behind.
    expect([...keytar.entries.keys()]).toEqual([]);
  });

  it('loads keytar only when a key is first needed, and once', async () => {
    const keytar = fakeKeytar();
    const loadKeytar = vi.fn(async () => keytar);
    const store = new KeytarKeyStore({ loadKeytar });
    expect(loadKeytar).not.toHaveBeenCalled();
    // Invalid input is refused before the keychain is touched at all.
    await expect(store.setKey('p', '')).rejects.toThrow(InvalidKeyError);
    await expect(store.hasKey('')).rejects.toThrow(InvalidProfileIdError);
    expect(loadKeytar).not.toHaveBeenCalled();
    await store.hasKey('p');
    await store.setKey('p', SECRET);
    expect(loadKeytar).toHaveBeenCalledTimes(1);
  });

  it('reports a keytar that cannot load as an unavailable keychain, on every call', async () => {
    const loadKeytar = vi.fn(async (): Promise<KeytarApi> => {
      throw new Error(
        'libsecret-1.so.0: cannot open shared object file: No such file or directory\n' +
          '    at Module._extensions..node (node:internal/modules/cjs/loader:1460:18)',
      );
    });
    const store = new KeytarKeyStore({ loadKeytar, platform: 'linux' });
    for (const call of [
      () => store.setKey('p', SECRET),
      () => store.hasKey('p'),
      () => store.readKeyForRequest('p'),
      () => store.deleteKey('p'),
    ]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      expect((error as KeychainUnavailableError).reason).toBe('module-unavailable');
      expect(error.message).toMatch(/keychain module \(keytar\) could not be loaded/);
      expect(error.message).toMatch(
        /\(The keychain said: libsecret-1\.so\.0: cannot open shared object file: No such file or directory\)$/,
      );
      expectNoSecret(error.message);
    }
    expect(loadKeytar).toHaveBeenCalledTimes(1);
  });

  it('maps every keytar failure to the clear message, on every method', async () => {
    const text = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
    const store = new KeytarKeyStore({
      loadKeytar: async () => fakeKeytar(text),
      platform: 'linux',
    });
    for (const call of [
      () => store.setKey('p', SECRET),
      () => store.hasKey('p'),
      () => store.readKeyForRequest('p'),
      () => store.deleteKey('p'),
    ]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(KeychainUnavailableError);
      expect(error.message).toBe(
        `${keychainMessage('no-dbus', 'linux')} (The keychain said: ${text})`,
      );
    }
  });

  it('never lets a keychain that echoes the key put it in a message', async () => {
    const keytar: KeytarApi = {
      ...fakeKeytar(),
      setPassword: async (_service, _account, password) => {
        throw new Error(`refused password ${password} (bad)`);
      },
    };
    const store = new KeytarKeyStore({ loadKeytar: async () => keytar, platform: 'linux' });
    const error = await rejection(store.setKey('p', SECRET));
    expect(error.message).toMatch(/\(The keychain said: refused password \[redacted\] \(bad\)\)$/);
    expectNoSecret(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`);
  });

  it.each([
    ['Cannot create an item in a locked collection', 'keyring-locked'],
    [
      'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
      'keyring-missing',
    ],
  ] as const)(
    'Linux: a keyring where reads look empty but writes fail (%s) is reported, not taken for "no key"',
    async (writeError, reason) => {
      const store = new KeytarKeyStore({
        loadKeytar: async () => lockedLinuxKeytar(writeError),
        platform: 'linux',
      });
      for (const call of [
        () => store.hasKey('p'),
        () => store.readKeyForRequest('p'),
        () => store.deleteKey('p'),
      ]) {
        const error = await rejection(call());
        expect(error).toBeInstanceOf(KeychainUnavailableError);
        expect((error as KeychainUnavailableError).reason).toBe(reason);
      }
    },
  );

  it('does not check empty answers where the keychain reports its failures (macOS, Windows)', async () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const store = new KeytarKeyStore({
        loadKeytar: async () => lockedLinuxKeytar('never called'),
        platform,
      });
      expect(await store.readKeyForRequest('p')).toBeUndefined();
      expect(await store.hasKey('p')).toBe(false);
      await store.deleteKey('p');
    }
  });

  it('checks concurrent empty answers once, in a service of its own', async () => {
    const keytar = fakeKeytar();
    const store = new KeytarKeyStore({ loadKeytar: async () => keytar, platform: 'linux' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.readKeyForRequest(`p${i}`)),
    );
    expect(answers).toEqual(Array(10).fill(undefined));
    expect(keytar.setPassword).toHaveBeenCalledTimes(1);
    expect(keytar.setPassword).toHaveBeenCalledWith(
      KEYCHAIN_CHECK_SERVICE,
      expect.any(String),
      expect.any(String),
    );
    // A later empty answer checks again: a keyring can lock in the meantime.
    await store.hasKey('p0');
    expect(keytar.setPassword).toHaveBeenCalledTimes(2);
  });
});

describe('MemoryKeyStore (the test double)', () => {
  it('validates like the keychain store', async () => {
    const store = new MemoryKeyStore();
    const error = await rejection(store.setKey('p', `${SECRET}\n`));
    expect(error).toBeInstanceOf(InvalidKeyError);
    expectNoSecret(error.message);
    await expect(store.hasKey('')).rejects.toThrow(InvalidProfileIdError);
  });

  it('plays an unavailable keychain with the real message, and recovers', async () => {
    const store = new MemoryKeyStore();
    await store.setKey('p', SECRET);
    store.setUnavailable('no-dbus');
    const error = await rejection(store.readKeyForRequest('p'));
    expect(error).toBeInstanceOf(KeychainUnavailableError);
    expect(error.message).toBe(
      `${keychainMessage('no-dbus', 'linux')} (The keychain said: Cannot autolaunch D-Bus without X11 $DISPLAY)`,
    );
    await expect(store.setKey('q', SECRET)).rejects.toThrow(KeychainUnavailableError);
    store.setUnavailable(undefined);
    expect(await store.readKeyForRequest('p')).toBe(SECRET);
    expect(store.profileIds()).toEqual(['p']);
    const locked = new MemoryKeyStore({ unavailable: 'keyring-locked' });
    await expect(locked.hasKey('p')).rejects.toThrow(/The keychain is locked/);
  });
});
