// What a profile says about its requests: the checks of its key header,
// prefix, query, key variable and proxy; the endpoint a request for a profile
// goes to, with its secrets taken from where the profile says and nowhere
// else; and the provider presets. (The keychain flags the profile service
// keeps are tested with the service, in profiles.test.ts.)

import { describe, expect, it } from 'vitest';
import {
  ProfileInputError,
  proxyCredentialsAccount,
  splitProxyUrl,
  validateProfileInput,
} from '../../src/main/profiles';
import { requestEndpoint, RequestSecretError } from '../../src/main/runs/profile-endpoint';
import type { ProfileInput } from '../../src/shared/run';
import { findPreset, PROVIDER_PRESETS } from '../../src/shared/presets';
import { makeProfile } from '../support/profile-fixture';
import { profileInput } from '../support/store-fixtures';

const input = (overrides: Partial<ProfileInput> = {}): ProfileInput =>
  profileInput({ headers: {}, ...overrides });

function refusal(overrides: Partial<ProfileInput>): ProfileInputError {
  try {
    validateProfileInput(input(overrides));
  } catch (error) {
    if (error instanceof ProfileInputError) return error;
    throw error;
  }
  throw new Error('expected a ProfileInputError');
}

describe('the request shape of a profile', () => {
  it('keeps a key header with its prefix verbatim, a query, a key variable and a proxy', () => {
    expect(
      validateProfileInput(
        input({
          key_header: ' api-key ',
          key_prefix: 'Token ',
          query: { ' api-version ': ' 2024-10-21 ' },
          key_env: 'AZURE_OPENAI_API_KEY',
          proxy_mode: 'url',
          proxy_url: 'socks5h://proxy.example:1080/',
        }),
      ),
    ).toMatchObject({
      key_header: 'api-key',
      key_prefix: 'Token ',
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_OPENAI_API_KEY',
      proxy_mode: 'url',
      proxy_url: 'socks5h://proxy.example:1080',
    });
  });

  it('forgets a proxy URL unless the profile uses its own proxy, and blank fields are none', () => {
    expect(
      validateProfileInput(
        input({ proxy_mode: 'direct', proxy_url: 'http://p:1', key_header: ' ', key_env: '' }),
      ),
    ).toMatchObject({ proxy_mode: 'direct', proxy_url: null, key_header: null, key_env: null });
  });

  it.each([
    [{ key_header: 'bad header' }, 'key_header', /letters, digits and -/],
    [{ key_header: 'Content-Type' }, 'key_header', /cannot travel in the Content-Type header/],
    [
      { key_header: 'X-K', headers: { 'x-k': 'v' } },
      'key_header',
      /both the key header and an extra header/,
    ],
    [{ key_prefix: 'Bearer ' }, 'key_prefix', /needs a key header/],
    [{ key_header: 'X-K', key_prefix: 'Bearer' }, 'key_prefix', /glued to it/],
    [{ key_header: 'X-K', key_prefix: 'a\nb ' }, 'key_prefix', /printable Latin-1/],
    [{ query: { 'a=b': 'c' } }, 'query', /without = & # \?/],
    [
      { query: { access_token: 'x' } },
      'query',
      /query parameter access_token would carry a credential/,
    ],
    [{ query: { code: 'x' } }, 'query', /would carry a credential/],
    [{ query: { v: 'gsk_abcdefgh12345678' } }, 'query', /would carry a credential/],
    [{ key_env: 'sk-live-abcdef' }, 'key_env', /NAME of an environment variable, not the key/],
    [{ key_env: 'lower_case' }, 'key_env', /capital letters/],
    [{ proxy_mode: 'url', proxy_url: '' }, 'proxy_url', /proxy URL is empty/],
    [
      { proxy_mode: 'url', proxy_url: 'ftp://p:21' },
      'proxy_url',
      /use http:\/\/, https:\/\/, socks5:\/\/ or socks5h:\/\//,
    ],
    [
      { proxy_mode: 'url', proxy_url: 'http://p:3128/path' },
      'proxy_url',
      /a proxy is only scheme:\/\/host:port/,
    ],
    [
      { proxy_mode: 'url', proxy_url: 'http://u:secret-pw@p:3128' },
      'proxy_url',
      /kept in the OS keychain/,
    ],
    [{ proxy_mode: 'tor' as never }, 'proxy_mode', /env, direct, url/],
  ])('refuses %j (%s)', (overrides, field, message) => {
    const error = refusal(overrides as Partial<ProfileInput>);
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('secret-pw');
    expect(error.message).not.toContain('abcdefgh12345678');
  });

  it('takes credentials out of a proxy URL, decoded', () => {
    expect(splitProxyUrl(' http://al%40ice:p%3Aw@proxy.example:3128 ')).toEqual({
      url: 'http://proxy.example:3128',
      credentials: { username: 'al@ice', password: 'p:w' },
    });
    expect(splitProxyUrl('socks5://[::1]:1080').credentials).toBeNull();
  });
});

describe('the endpoint a request for a profile goes to', () => {
  const keychain = (entries: Record<string, string>, unavailable = false) => {
    const asked: string[] = [];
    return {
      asked,
      readKeyForRequest: (account: string) => {
        asked.push(account);
        if (unavailable) return Promise.reject(new Error('the keychain must not be asked'));
        return Promise.resolve(entries[account]);
      },
    };
  };

  it('a profile without a key in the keychain never asks it', async () => {
    const keys = keychain({}, true);
    const endpoint = await requestEndpoint(makeProfile('a', { has_key: false }), keys, {});
    expect(endpoint.api_key).toBeUndefined();
    expect(endpoint.proxy).toEqual({ kind: 'env' });
    expect(keys.asked).toEqual([]);
  });

  it('the key variable comes first; the keychain when it is unset; a clear error when neither', async () => {
    const keys = keychain({ a: 'sk-from-keychain-1' });
    const profile = makeProfile('a', { has_key: true, key_env: 'A_KEY' });
    expect((await requestEndpoint(profile, keys, { A_KEY: 'sk-from-env-1' })).api_key).toBe(
      'sk-from-env-1',
    );
    expect(keys.asked).toEqual([]);
    expect((await requestEndpoint(profile, keys, {})).api_key).toBe('sk-from-keychain-1');
    const error = await requestEndpoint({ ...profile, has_key: false }, keys, { A_KEY: '' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequestSecretError);
    expect((error as Error).message).toMatch(
      /environment variable A_KEY, which is not set \(or empty\)/,
    );
  });

  it('the key header, query and proxy with its credentials', async () => {
    const keys = keychain({ [proxyCredentialsAccount('a')]: 'al%40ice:p%3Aw' });
    const endpoint = await requestEndpoint(
      makeProfile('a', {
        has_key: false,
        key_header: 'api-key',
        key_prefix: null,
        query: { 'api-version': '1' },
        proxy_mode: 'url',
        proxy_url: 'http://proxy.example:3128',
        proxy_auth: true,
      }),
      keys,
      {},
    );
    expect(endpoint).toMatchObject({
      key_header: { name: 'api-key', prefix: '' },
      query: { 'api-version': '1' },
      proxy: { kind: 'url', url: 'http://proxy.example:3128', username: 'al@ice', password: 'p:w' },
    });
    const missing = await requestEndpoint(
      makeProfile('b', {
        has_key: false,
        proxy_mode: 'url',
        proxy_url: 'http://p:1',
        proxy_auth: true,
      }),
      keys,
      {},
    ).catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(
      /proxy’s credentials are missing from the OS keychain/,
    );
  });
});

describe('presets', () => {
  it('cover the providers people measure, each with a URL its dialect can use', () => {
    for (const id of [
      'openai',
      'anthropic',
      'gemini',
      'openrouter',
      'groq',
      'deepseek',
      'mistral',
      'together',
      'fireworks',
      'cerebras',
      'xai',
      'siliconflow',
      'moonshot',
      'zhipu',
      'dashscope',
      'ollama',
      'lmstudio',
      'llamacpp',
      'vllm',
    ]) {
      const preset = findPreset(id);
      expect(preset, id).toBeDefined();
      if (!preset) continue;
      expect(
        validateProfileInput(input({ base_url: preset.base_url, dialect: preset.dialect }))
          .base_url,
      ).toBe(preset.base_url);
      expect(preset.note.length).toBeGreaterThan(10);
    }
    expect(new Set(PROVIDER_PRESETS.map((p) => p.id)).size).toBe(PROVIDER_PRESETS.length);
    expect(findPreset('LM Studio')?.base_url).toBe('http://localhost:1234/v1');
    expect(PROVIDER_PRESETS.filter((p) => p.local).map((p) => new URL(p.base_url).port)).toEqual([
      '11434',
      '1234',
      '8080',
      '8000',
    ]);
  });
});
