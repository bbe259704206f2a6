// The profile service on a real SQLite file with the in-memory key store:
// validation, names, the built-in demo profile, keys and proxy credentials
// kept to the keychain with flags of what it holds (a profile without a key
// never asks it), and removal when the keychain cannot be reached.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AmbiguousProfileError,
  BUILTIN_SIMULATOR_URL,
  BuiltinProfileError,
  DEMO_PROFILE_ID,
  HeaderError,
  ProfileError,
  ProfileInputError,
  ProfileNotFoundError,
  ProfileService,
  keyWouldBeRefused,
  proxyCredentialsAccount,
  parseHeaderSpec,
  resolveBuiltinEndpoint,
  usesBuiltinSimulator,
  validateProfileInput,
  withBuiltinEndpoint,
  type ProfileDraft,
} from '../../src/main/profiles';
import { InvalidKeyError, KeychainUnavailableError, MemoryKeyStore } from '../../src/main/secrets';
import { openStore, type Store } from '../../src/main/store';
import { DEFAULT_REQUEST_SHAPE, type ProfileInput } from '../../src/shared/run';
import { tempDatabase, type TempDatabase } from '../support/store-fixtures';

const SECRET = 'sk-profile-unit-7f3a9c2e1b';

const draft = (overrides: Partial<ProfileDraft> = {}): ProfileDraft => ({
  name: 'Local',
  base_url: 'http://127.0.0.1:8787/v1',
  model: 'sim-steady',
  ...overrides,
});

const input = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Local',
  base_url: 'https://api.example.com/v1',
  model: 'm',
  dialect: 'openai-chat',
  headers: {},
  defaults: {},
  notes: '',
  allow_insecure_key: false,
  ...DEFAULT_REQUEST_SHAPE,
  query: {},
  ...overrides,
});

function errorOf(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('validateProfileInput', () => {
  it('trims names, model and URL, and keeps the rest', () => {
    const checked = validateProfileInput(
      input({ name: '  A  ', model: ' m ', base_url: ' https://x.test/v1 ', notes: ' n ' }),
    );
    expect(checked).toMatchObject({
      name: 'A',
      model: 'm',
      base_url: 'https://x.test/v1',
      notes: ' n ',
    });
  });

  it.each<[string, Partial<ProfileInput>, keyof ProfileInput, RegExp]>([
    ['an empty name', { name: ' ' }, 'name', /name is empty/],
    ['a name with a line break', { name: 'a\nb' }, 'name', /line break/],
    ['an empty model', { model: '' }, 'model', /model is empty/],
    ['an unknown dialect', { dialect: 'gemini' as never }, 'dialect', /openai-chat/],
    ['a URL that is not one', { base_url: 'not a url' }, 'base_url', /base URL.*not a valid URL/],
    ['another protocol', { base_url: 'ftp://x.test' }, 'base_url', /unsupported protocol/],
    ['credentials in the URL', { base_url: 'https://u:p@x.test' }, 'base_url', /credentials/],
    ['the demo marker', { base_url: BUILTIN_SIMULATOR_URL }, 'base_url', /base URL/],
    [
      'an Authorization header',
      { headers: { Authorization: `Bearer ${SECRET}` } },
      'headers',
      /Authorization would carry a credential.*keychain/,
    ],
    ['an X-Api-Key header', { headers: { 'X-Api-Key': SECRET } }, 'headers', /credential/],
    ['a header with a line break', { headers: { 'X-Org': `a\r\nb` } }, 'headers', /line break/],
    ['a header name with a space', { headers: { 'X Org': 'a' } }, 'headers', /header/],
    ['the same header twice', { headers: { 'X-A': '1', 'x-a': '2' } }, 'headers', /more than once/],
    ['max_tokens 0', { defaults: { max_tokens: 0 } }, 'defaults', /max_tokens/],
    ['a negative timeout', { defaults: { stall_ms: -1 } }, 'defaults', /stall_ms/],
  ])('refuses %s, naming the field', (_, overrides, field, message) => {
    const error = errorOf(() => validateProfileInput(input(overrides)));
    expect(error).toBeInstanceOf(ProfileInputError);
    expect((error as ProfileInputError).field).toBe(field);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(SECRET);
  });

  it('accepts the demo marker for the built-in profile only', () => {
    expect(
      validateProfileInput(input({ base_url: BUILTIN_SIMULATOR_URL }), { builtin: true }).base_url,
    ).toBe(BUILTIN_SIMULATOR_URL);
  });
});

describe('parseHeaderSpec', () => {
  it('splits at the first colon and trims', () => {
    expect(parseHeaderSpec(' OpenAI-Organization : org:1 ')).toEqual([
      'OpenAI-Organization',
      'org:1',
    ]);
  });

  it.each([
    ['X-Org', 'format'],
    [':value', 'format'],
    [`Authorization:Bearer ${SECRET}`, 'credential'],
    [`Cookie:${SECRET}`, 'credential'],
  ])('%s is refused (%s), without its value in the message', (spec, kind) => {
    const error = errorOf(() => parseHeaderSpec(spec));
    expect(error).toBeInstanceOf(HeaderError);
    expect((error as HeaderError).problem.kind).toBe(kind);
    expect(error.message).not.toContain(SECRET);
  });
});

describe('keyWouldBeRefused', () => {
  it.each([
    ['http://api.example.com/v1', false, true],
    ['http://api.example.com/v1', true, false],
    ['https://api.example.com/v1', false, false],
    ['http://127.0.0.1:8787/v1', false, false],
    ['http://localhost:8787/v1', false, false],
    [BUILTIN_SIMULATOR_URL, false, false],
  ])('%s (confirmed: %s) → %s', (base_url, allow_insecure_key, refused) => {
    expect(keyWouldBeRefused({ base_url, dialect: 'openai-chat', allow_insecure_key })).toBe(
      refused,
    );
  });
});

describe('ProfileService', () => {
  let temp: TempDatabase;
  let store: Store;
  let keys: MemoryKeyStore;
  let service: ProfileService;

  beforeEach(() => {
    temp = tempDatabase();
    store = openStore(temp.path);
    keys = new MemoryKeyStore();
    service = new ProfileService(store.profiles, keys);
  });

  afterEach(() => {
    store.close();
    temp.remove();
  });

  it('a new profile has no key and answers so without the keychain', async () => {
    const profile = service.create({ name: 'A', base_url: 'https://x.test/v1', model: 'm' });
    expect(profile.has_key).toBe(false);
    keys.setUnavailable('no-dbus');
    expect(await service.hasKey(profile.id)).toBe(false);
    expect((await service.deleteKey(profile.id)).has_key).toBe(false);
    expect(await service.remove(profile.id)).toMatchObject({ key_removed: true, warning: null });
  });

  it('a profile saved before the flag existed asks the keychain once, and keeps its answer', async () => {
    const profile = service.create({ name: 'Old', base_url: 'https://x.test/v1', model: 'm' });
    store.profiles.update(profile.id, { has_key: null });
    await keys.setKey(profile.id, 'sk-old-profile-key-1');
    expect(await service.hasKey(profile.id)).toBe(true);
    keys.setUnavailable('no-dbus');
    expect(service.get(profile.id)?.has_key).toBe(true);
    expect(await service.hasKey(profile.id)).toBe(true);
  });

  it('edit: credentials given apart, twice, or without the profile’s own proxy', async () => {
    const profile = await service.add({ name: 'B', base_url: 'https://x.test/v1', model: 'm' });
    await expect(
      service.edit(profile.id, { proxy_credentials: { username: 'u', password: 'p' } }),
    ).rejects.toThrow(/need the profile’s own proxy/);
    await expect(
      service.edit(profile.id, {
        proxy_mode: 'url',
        proxy_url: 'http://u:p@proxy.example:8080',
        proxy_credentials: { username: 'v', password: 'q' },
      }),
    ).rejects.toThrow(/given twice/);
    const edited = await service.edit(profile.id, {
      proxy_mode: 'url',
      proxy_url: 'http://proxy.example:8080',
      proxy_credentials: { username: 'v', password: 'q' },
    });
    expect(edited).toMatchObject({ proxy_auth: true, proxy_url: 'http://proxy.example:8080' });
    // A new URL alone keeps the stored credentials; null removes them.
    expect(
      (await service.edit(profile.id, { proxy_url: 'http://proxy.example:9090' })).proxy_auth,
    ).toBe(true);
    expect((await service.edit(profile.id, { proxy_credentials: null })).proxy_auth).toBe(false);
    expect(keys.profileIds()).not.toContain(proxyCredentialsAccount(profile.id));
  });

  it('creates a profile with defaults, lists and finds it by id or name', () => {
    const created = service.create(draft({ name: 'Ollama 本地' }));
    expect(created).toMatchObject({
      name: 'Ollama 本地',
      dialect: 'openai-chat',
      headers: {},
      defaults: {},
      notes: '',
      allow_insecure_key: false,
      builtin: false,
    });
    expect(service.list().map((p) => p.id)).toEqual([created.id]);
    expect(service.find(created.id)).toEqual(created);
    expect(service.find(' ollama 本地 ')).toEqual(created);
    expect(() => service.find('nope')).toThrow(ProfileNotFoundError);
  });

  it('refuses a second profile of the same name, whatever its case', () => {
    const first = service.create(draft({ name: 'Fast' }));
    const error = errorOf(() => service.create(draft({ name: 'fast' })));
    expect(error).toBeInstanceOf(ProfileError);
    // The other profile by the name the user sees, not by its id.
    expect(error.message).toBe('a profile named "Fast" exists already: choose another name');
    expect(error.message).not.toContain(first.id);
  });

  it('reports a name that several profiles have (saved by another program) as ambiguous', () => {
    const a = store.profiles.create(input({ name: 'Twin' }));
    const b = store.profiles.create(input({ name: 'twin' }));
    const error = errorOf(() => service.find('TWIN'));
    expect(error).toBeInstanceOf(AmbiguousProfileError);
    expect((error as AmbiguousProfileError).ids).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(service.find(a.id).id).toBe(a.id);
  });

  it('updates the fields a patch sets and checks the result as a whole', () => {
    const created = service.create(draft({ headers: { 'X-Team': 'a' } }));
    const updated = service.update(created.id, { model: 'other', notes: 'n' });
    expect(updated).toMatchObject({ model: 'other', notes: 'n', headers: { 'X-Team': 'a' } });
    // A dialect change is checked against the URL and everything else already saved.
    expect(() => service.update(created.id, { base_url: 'mailto:x' })).toThrow(ProfileInputError);
    expect(() => service.update(created.id, { name: '' })).toThrow(/name is empty/);
    expect(service.get(created.id)?.model).toBe('other');
    expect(() => service.update('nope', { model: 'x' })).toThrow(ProfileNotFoundError);
  });

  it('keeps keys in the key store only, and removes a profile with its key', async () => {
    const created = service.create(draft());
    expect(await service.hasKey(created.id)).toBe(false);
    await service.setKey(created.id, SECRET);
    expect(await service.hasKey(created.id)).toBe(true);
    expect(keys.profileIds()).toEqual([created.id]);
    expect(JSON.stringify(store.profiles.list())).not.toContain(SECRET);

    await expect(service.setKey(created.id, `${SECRET}\n`)).rejects.toThrow(InvalidKeyError);
    await service.deleteKey(created.id);
    expect(await service.hasKey(created.id)).toBe(false);

    await service.setKey(created.id, SECRET);
    const removed = await service.remove(created.id);
    expect(removed).toMatchObject({ key_removed: true, warning: null });
    expect(removed.profile.id).toBe(created.id);
    expect(keys.profileIds()).toEqual([]);
    expect(service.get(created.id)).toBeNull();
  });

  it('removes the profile when the keychain cannot be reached, and says the key may remain', async () => {
    const created = service.create(draft());
    await service.setKey(created.id, SECRET);
    keys.setUnavailable('no-dbus');
    const removed = await service.remove(created.id);
    expect(removed.key_removed).toBe(false);
    expect(removed.warning).toMatch(/may remain in the OS keychain/);
    expect(removed.warning).toContain(created.id);
    expect(removed.warning).toContain('No keychain is available');
    expect(removed.warning).not.toContain(SECRET);
    expect(service.get(created.id)).toBeNull();
    // The other key operations report the keychain as it is.
    await expect(service.setKey(service.create(draft({ name: 'B' })).id, SECRET)).rejects.toThrow(
      KeychainUnavailableError,
    );
  });

  it('creates the demo profile once, and runs it against the built-in simulator', () => {
    const demo = service.ensureDemoProfile();
    expect(demo).toMatchObject({
      id: DEMO_PROFILE_ID,
      name: 'Demo (simulated)',
      base_url: BUILTIN_SIMULATOR_URL,
      model: 'sim-jitter',
      dialect: 'openai-chat',
      builtin: true,
    });
    expect(service.ensureDemoProfile()).toEqual(demo);
    expect(service.list().filter((p) => p.builtin)).toHaveLength(1);
    expect(usesBuiltinSimulator(demo)).toBe(true);

    // A second process that created it in the meantime: the existing one is returned.
    const racing = new ProfileService(
      {
        list: () => [],
        get: (id) => store.profiles.get(id),
        create: (i, o) => store.profiles.create(i, o),
        update: (id, p) => store.profiles.update(id, p),
        remove: (id) => store.profiles.remove(id),
      },
      keys,
    );
    expect(racing.ensureDemoProfile()).toEqual(demo);
  });

  it('protects the demo profile: no edit, no removal, no key', async () => {
    const demo = service.ensureDemoProfile();
    expect(() => service.update(demo.id, { model: 'x' })).toThrow(BuiltinProfileError);
    await expect(service.remove(demo.id)).rejects.toThrow(BuiltinProfileError);
    await expect(service.setKey(demo.id, SECRET)).rejects.toThrow(/needs no key/);
    // Asking about its key never touches the keychain: it works without one.
    keys.setUnavailable('no-secret-service');
    expect(await service.hasKey(demo.id)).toBe(false);
    await expect(service.deleteKey(demo.id)).resolves.toEqual(demo);
  });

  it('gives a run the simulator URL for the demo profile and nothing else', () => {
    const demo = service.ensureDemoProfile();
    const other = service.create(draft());
    const url = 'http://127.0.0.1:4321';
    expect(resolveBuiltinEndpoint(demo, url)).toEqual({ ...demo, base_url: `${url}/v1` });
    expect(resolveBuiltinEndpoint(demo, `${url}/`).base_url).toBe(`${url}/v1`);
    expect(resolveBuiltinEndpoint(other, url)).toBe(other);
    const lookup = withBuiltinEndpoint(store.profiles, url);
    expect(lookup.get(demo.id)?.base_url).toBe(`${url}/v1`);
    expect(lookup.get(other.id)).toEqual(other);
    expect(lookup.get('nope')).toBeNull();
    // The saved profile keeps its marker.
    expect(service.get(demo.id)?.base_url).toBe(BUILTIN_SIMULATOR_URL);
  });
});
