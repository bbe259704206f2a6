// The key store against the real OS keychain (on Linux: a throwaway
// gnome-keyring that scripts/with-keyring.mjs starts for `npm test`), and the
// in-memory double against the same expectations, so the double other
// modules' tests rely on behaves like the real thing.
//
// No real keychain is not a reason to skip: these tests then fail and say why.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProfileService,
  decodeProxyCredentials,
  proxyCredentialsAccount,
} from '../../src/main/profiles';
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
import { openStore, type Store } from '../../src/main/store';

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

// A profile's key and its proxy's credentials, through the profile service,
// in the real keychain: each under its own account, the profile keeping only
// flags of what is there.
describe('a profile’s key and proxy credentials in the real keychain', () => {
  const PROXY_PASSWORD = 'proxy-secret-9Fq2Wd7Zk4';
  let dir: string;
  let store: Store;
  let profiles: ProfileService;

  beforeAll(() => {
    requireRealKeychain();
    dir = mkdtempSync(join(tmpdir(), 'lasttoken-keychain-profiles-'));
    store = openStore(join(dir, 'history.db'));
    profiles = new ProfileService(store.profiles, new KeytarKeyStore());
  });
  afterAll(() => {
    store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stores the proxy credentials apart from the key, keeps flags, and removes both with the profile', async () => {
    const keytar = rawKeytar();
    const profile = await profiles.add({
      name: 'Through a proxy',
      base_url: 'https://api.example.com/v1',
      model: 'm',
      proxy_mode: 'url',
      proxy_url: `http://alice:${encodeURIComponent(PROXY_PASSWORD)}@proxy.example:3128`,
    });
    const account = proxyCredentialsAccount(profile.id);
    expect(profile).toMatchObject({
      proxy_url: 'http://proxy.example:3128',
      proxy_auth: true,
      has_key: false,
    });
    expect(
      decodeProxyCredentials((await keytar.getPassword(KEYCHAIN_SERVICE, account)) ?? ''),
    ).toEqual({
      username: 'alice',
      password: PROXY_PASSWORD,
    });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile.id)).toBeNull();

    expect((await profiles.setKey(profile.id, SECRET)).has_key).toBe(true);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile.id)).toBe(SECRET);
    const edited = await profiles.edit(profile.id, {
      proxy_credentials: { username: 'bob', password: 'p:w@2' },
    });
    expect(edited.proxy_auth).toBe(true);
    expect(
      decodeProxyCredentials((await keytar.getPassword(KEYCHAIN_SERVICE, account)) ?? ''),
    ).toEqual({
      username: 'bob',
      password: 'p:w@2',
    });
    expect((await profiles.deleteKey(profile.id)).has_key).toBe(false);
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile.id)).toBeNull();
    await profiles.setKey(profile.id, SECRET);

    const removed = await profiles.remove(profile.id);
    expect(removed).toMatchObject({ key_removed: true, warning: null });
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, profile.id)).toBeNull();
    expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull();
    store.close();
    const bytes = readFileSync(join(dir, 'history.db'));
    expect(bytes.includes(PROXY_PASSWORD)).toBe(false);
    expect(bytes.includes(SECRET)).toBe(false);
    store = openStore(join(dir, 'history.db'));
  });
});
