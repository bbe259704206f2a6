// The key store against the real OS keychain (on Linux: a throwaway
// gnome-keyring that scripts/with-keyring.mjs starts for `npm test`), and the
// in-memory double against the same expectations, so the double other
// modules' tests rely on behaves like the real thing.
//
// No real keychain is not a reason to skip: these tests then fail and say why.

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidKeyError,
  InvalidProfileIdError,
  KEYCHAIN_CHECK_SERVICE,
  KEYCHAIN_SERVICE,
  KeytarKeyStore,
  MemoryKeyStore,
  type KeyStore,
  type KeytarApi,
} from '../../src/main/secrets';

const keychainAvailable = process.env.LASTTOKEN_KEYCHAIN === 'real';

function requireRealKeychain(): void {
  if (keychainAvailable) return;
  throw new Error(
    'These tests need a real OS keychain and none was prepared. Run them through `npm test` ' +
      '(scripts/with-keyring.mjs starts a throwaway gnome-keyring in a private D-Bus session) ' +
      'or install gnome-keyring and dbus (Debian/Ubuntu: apt install gnome-keyring dbus). ' +
      `Reason: ${process.env.LASTTOKEN_KEYCHAIN_UNAVAILABLE ?? 'not run through scripts/with-keyring.mjs'}.`,
  );
}

/** keytar itself, to see what the store really put in the keychain. */
function rawKeytar(): KeytarApi {
  return createRequire(import.meta.url)('keytar') as KeytarApi;
}

const SECRET = 'sk-live-3c1f09a7b2e84d5f6a01';

interface Subject {
  name: string;
  real: boolean;
  make: () => KeyStore;
}

const subjects: Subject[] = [
  { name: 'KeytarKeyStore on the real keychain', real: true, make: () => new KeytarKeyStore() },
  { name: 'MemoryKeyStore (the double)', real: false, make: () => new MemoryKeyStore() },
];

describe.each(subjects)('$name', ({ real, make }) => {
  let store: KeyStore;
  const used: string[] = [];

  /** A fresh profile id, removed from the keychain after the tests. */
  function profileId(): string {
    const id = `test-${randomUUID()}`;
    used.push(id);
    return id;
  }

  beforeAll(() => {
    if (real) requireRealKeychain();
    store = make();
  });

  afterAll(async () => {
    if (!real || !keychainAvailable) return;
    const keytar = rawKeytar();
    for (const id of used) await keytar.deletePassword(KEYCHAIN_SERVICE, id);
  });

  it('sets, finds, reads back and deletes a key', async () => {
    const id = profileId();
    expect(await store.hasKey(id)).toBe(false);
    expect(await store.readKeyForRequest(id)).toBeUndefined();
    await store.setKey(id, SECRET);
    expect(await store.hasKey(id)).toBe(true);
    expect(await store.readKeyForRequest(id)).toBe(SECRET);
    if (real) {
      // In the OS keychain, where other tools see it: service "LastToken", account = profile id.
      expect(await rawKeytar().getPassword(KEYCHAIN_SERVICE, id)).toBe(SECRET);
    }
    await store.deleteKey(id);
    expect(await store.hasKey(id)).toBe(false);
    expect(await store.readKeyForRequest(id)).toBeUndefined();
    if (real) expect(await rawKeytar().getPassword(KEYCHAIN_SERVICE, id)).toBeNull();
  });

  it('replaces a key that is set again', async () => {
    const id = profileId();
    await store.setKey(id, 'sk-first-key-0001');
    await store.setKey(id, 'sk-second-key-0002');
    expect(await store.readKeyForRequest(id)).toBe('sk-second-key-0002');
  });

  it('deletes a key that is not there without complaint', async () => {
    const id = profileId();
    await expect(store.deleteKey(id)).resolves.toBeUndefined();
    await store.setKey(id, SECRET);
    await store.deleteKey(id);
    await expect(store.deleteKey(id)).resolves.toBeUndefined();
  });

  it('keeps a unicode key intact', async () => {
    const id = profileId();
    const key = 'ключ-密钥-🔑-clé-ﷺ-𝒜';
    await store.setKey(id, key);
    expect(await store.readKeyForRequest(id)).toBe(key);
  });

  it('keeps each profile to its own key', async () => {
    const a = profileId();
    const b = profileId();
    await store.setKey(a, 'sk-key-of-profile-a');
    await store.setKey(b, 'sk-key-of-profile-b');
    expect(await store.readKeyForRequest(a)).toBe('sk-key-of-profile-a');
    expect(await store.readKeyForRequest(b)).toBe('sk-key-of-profile-b');
    await store.deleteKey(a);
    expect(await store.hasKey(a)).toBe(false);
    expect(await store.readKeyForRequest(b)).toBe('sk-key-of-profile-b');
    expect(await store.hasKey(profileId())).toBe(false);
  });

  it('never puts the key in an error message, and stores nothing it refuses', async () => {
    const id = profileId();
    const invalid = [
      `${SECRET}\n`,
      `${SECRET}\r\n`,
      ` ${SECRET}`,
      `${SECRET}\u0000`,
      `${SECRET}\u200b`,
      `${SECRET}\ud800`,
      SECRET.repeat(200),
    ];
    for (const key of invalid) {
      const error = await store.setKey(id, key).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(InvalidKeyError);
      const everything = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
      expect(everything).not.toContain(SECRET);
      expect(everything).not.toContain(SECRET.slice(8, 20));
    }
    await expect(store.setKey('', SECRET)).rejects.toThrow(InvalidProfileIdError);
    await expect(store.setKey('', SECRET)).rejects.not.toThrow(SECRET);
    expect(await store.hasKey(id)).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('KeytarKeyStore on the Secret Service', () => {
  beforeAll(requireRealKeychain);

  it('checks an empty answer (a locked keyring reads as empty there) and leaves no entry behind', async () => {
    const store = new KeytarKeyStore();
    expect(await store.readKeyForRequest(`test-${randomUUID()}`)).toBeUndefined();
    const keytar = createRequire(import.meta.url)('keytar') as {
      findCredentials(service: string): Promise<{ account: string }[]>;
    };
    expect(await keytar.findCredentials(KEYCHAIN_CHECK_SERVICE)).toEqual([]);
  });
});
