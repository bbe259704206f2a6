// The profiles screen's pure parts, as data: the form's draft to and from a
// profile (seconds, header rows, what the form refuses itself), the http
// confirmation rule, what "Load models" asks, model search, the screen's
// address and where an error is shown.

import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../src/shared/api';
import { ApiCallError } from '../../src/shared/api-client';
import { PROVIDER_PRESETS } from '../../src/shared/presets';
import { DEFAULT_REQUEST_SHAPE, freeProfileColor, type Profile } from '../../src/shared/run';
import {
  insecureHostOf,
  needsInsecureKeyConfirmation,
} from '../../src/renderer/src/pages/profiles/endpoint-url';
import { asSentence, serviceFieldOf } from '../../src/renderer/src/pages/profiles/form-errors';
import {
  anyFree,
  filterModels,
  MAX_SHOWN_MODELS,
  modelsQueryOf,
} from '../../src/renderer/src/pages/profiles/model-list';
import {
  draftOf,
  headersOf,
  queryOf,
  withPreset,
  inputOfDraft,
  parseMaxTokens,
  secondsToMs,
} from '../../src/renderer/src/pages/profiles/profile-draft';
import {
  hrefOfProfilesView,
  parseProfilesView,
} from '../../src/renderer/src/pages/profiles/profiles-view';

const PROFILE: Profile = {
  id: 'p1',
  name: 'OpenRouter',
  base_url: 'https://openrouter.ai/api/v1',
  model: 'meta-llama/llama-3.3-70b-instruct:free',
  dialect: 'openai-chat',
  headers: { 'HTTP-Referer': 'https://example.com' },
  defaults: { max_tokens: 500, connect_timeout_ms: 1500, deadline_ms: 120_000 },
  notes: 'free tier',
  allow_insecure_key: false,
  ...DEFAULT_REQUEST_SHAPE,
  query: {},
  has_key: true,
  proxy_auth: false,
  builtin: false,
  color: 4,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('the profile draft', () => {
  it('shows a saved profile in seconds and rows, and gives back the same profile', () => {
    const draft = draftOf(PROFILE);
    expect(draft.timeouts).toEqual({
      connect_timeout_ms: '1.5',
      idle_timeout_ms: '',
      stall_ms: '',
      deadline_ms: '120',
    });
    expect(draft.headers).toEqual([{ name: 'HTTP-Referer', value: 'https://example.com' }]);
    expect(inputOfDraft(draft)).toEqual({
      ok: true,
      input: {
        name: PROFILE.name,
        color: 4,
        base_url: PROFILE.base_url,
        model: PROFILE.model,
        dialect: 'openai-chat',
        headers: PROFILE.headers,
        defaults: PROFILE.defaults,
        params: {},
        notes: 'free tier',
        allow_insecure_key: false,
        key_header: null,
        key_prefix: null,
        query: {},
        key_env: null,
        proxy_mode: 'env',
        proxy_url: null,
      },
    });
  });

  it('keeps the request shape: key header and prefix verbatim, query rows, key variable, proxy', () => {
    const saved = {
      ...PROFILE,
      key_header: 'api-key',
      key_prefix: 'Token ',
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_KEY',
      proxy_mode: 'url' as const,
      proxy_url: 'socks5h://127.0.0.1:1080',
      proxy_auth: true,
    };
    const draft = draftOf(saved);
    expect(draft).toMatchObject({
      key_header: 'api-key',
      key_prefix: 'Token ',
      query: [{ name: 'api-version', value: '2024-10-21' }],
      key_env: 'AZURE_KEY',
      proxy_mode: 'url',
      proxy_url: 'socks5h://127.0.0.1:1080',
      proxy_username: '',
      proxy_password: '',
    });
    const built = inputOfDraft(draft);
    expect(built.ok && built.input).toMatchObject({
      key_header: 'api-key',
      key_prefix: 'Token ',
      query: { 'api-version': '2024-10-21' },
      key_env: 'AZURE_KEY',
      proxy_mode: 'url',
      proxy_url: 'socks5h://127.0.0.1:1080',
    });
    // Stored credentials are kept unless new ones are typed or removal is asked for.
    expect(built.ok && 'proxy_credentials' in built.input).toBe(false);
    const typed = inputOfDraft({ ...draft, proxy_username: ' alice ', proxy_password: ' p w ' });
    expect(typed.ok && typed.input.proxy_credentials).toEqual({
      username: 'alice',
      password: ' p w ',
    });
    const forgotten = inputOfDraft({ ...draft, proxy_forget: true });
    expect(forgotten.ok && forgotten.input.proxy_credentials).toBeNull();
    const direct = inputOfDraft({ ...draft, proxy_mode: 'direct', proxy_username: 'x' });
    expect(direct.ok && direct.input).toMatchObject({ proxy_mode: 'direct', proxy_url: null });
    expect(direct.ok && 'proxy_credentials' in direct.input).toBe(false);
    const twice = inputOfDraft({
      ...draft,
      query: [
        { name: 'v', value: '1' },
        { name: 'v', value: '2' },
      ],
    });
    expect(twice).toMatchObject({
      ok: false,
      problems: [{ field: 'query', key: 'profiles.form.errors.queryTwice', values: { name: 'v' } }],
      // What the form could build, for main to check at the same time: the refused rows left out.
      input: { query: {} },
    });
    // Parameters differ by case, unlike headers.
    expect(
      queryOf([
        { name: 'V', value: '1' },
        { name: 'v', value: '2' },
      ]).ok,
    ).toBe(true);
  });

  it('a preset fills in the endpoint and its key header, and a name only when there is none', () => {
    const groq = PROVIDER_PRESETS.find((p) => p.id === 'groq');
    if (!groq) throw new Error('no groq preset');
    const filled = withPreset({ ...draftOf(null), key_header: 'old', key_prefix: 'x ' }, groq);
    expect(filled).toMatchObject({
      name: 'Groq',
      base_url: 'https://api.groq.com/openai/v1',
      dialect: 'openai-chat',
      key_header: '',
      key_prefix: '',
    });
    expect(withPreset({ ...draftOf(null), name: 'Mine' }, groq).name).toBe('Mine');
  });

  it('a preset that knows its token limit name sets it, and another preset takes it back', () => {
    const preset = (id: string) => {
      const found = PROVIDER_PRESETS.find((p) => p.id === id);
      if (!found) throw new Error(`no ${id} preset`);
      return found;
    };
    const openai = withPreset({ ...draftOf(null), name: 'OpenAI' }, preset('openai'));
    expect(openai.params.token_param).toBe('max_completion_tokens');
    expect(withPreset(openai, preset('groq')).params.token_param).toBe('');
    expect(withPreset(openai, preset('openai-responses')).dialect).toBe('openai-responses');
  });

  it('starts a new profile empty, in the OpenAI format', () => {
    const draft = draftOf(null);
    expect(draft).toMatchObject({ name: '', base_url: '', model: '', dialect: 'openai-chat' });
    expect(draft.headers).toEqual([]);
  });

  it('turns seconds into whole milliseconds and refuses what is not a duration', () => {
    expect(secondsToMs('')).toBeUndefined();
    expect(secondsToMs(' 2 ')).toBe(2000);
    expect(secondsToMs('1.1')).toBe(1100);
    expect(secondsToMs('0.0004')).toBe('invalid');
    expect(secondsToMs('0')).toBe('invalid');
    expect(secondsToMs('-3')).toBe('invalid');
    expect(secondsToMs('1,5')).toBe('invalid');
    expect(secondsToMs('86401')).toBe('invalid');
    expect(secondsToMs('86400')).toBe(86_400_000);
  });

  it('takes max_tokens as a whole number in range', () => {
    expect(parseMaxTokens('')).toBeUndefined();
    expect(parseMaxTokens('300')).toBe(300);
    expect(parseMaxTokens('2.5')).toBe('invalid');
    expect(parseMaxTokens('0')).toBe('invalid');
    expect(parseMaxTokens('1000001')).toBe('invalid');
  });

  it('drops blank header rows, keeps the rest for the service to judge, and refuses a name twice', () => {
    expect(
      headersOf([
        { name: '', value: ' ' },
        { name: ' X-Title ', value: 'LastToken' },
        { name: '', value: 'orphan' },
      ]),
    ).toEqual({ ok: true, pairs: { 'X-Title': 'LastToken', '': 'orphan' } });
    expect(
      headersOf([
        { name: 'X-Title', value: 'a' },
        { name: 'x-title', value: 'b' },
      ]),
    ).toEqual({
      ok: false,
      problem: {
        field: 'headers',
        key: 'profiles.form.errors.headerTwice',
        values: { name: 'x-title' },
      },
    });
  });

  it('a header named like a field of the result is just a header', () => {
    expect(headersOf([{ name: 'ok', value: 'no' }])).toEqual({ ok: true, pairs: { ok: 'no' } });
  });

  it('names every field the form refuses, at once', () => {
    const draft = {
      ...draftOf(PROFILE),
      max_tokens: 'many',
      timeouts: {
        connect_timeout_ms: 'soon',
        idle_timeout_ms: '',
        stall_ms: '-1',
        deadline_ms: '',
      },
    };
    const built = inputOfDraft(draft);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.problems.map((p) => p.field)).toEqual([
      'max_tokens',
      'connect_timeout_ms',
      'stall_ms',
    ]);
  });

  it('sends the http confirmation only for a URL that needs it', () => {
    const confirmed = { ...draftOf(PROFILE), allow_insecure_key: true };
    const over = (base_url: string) => {
      const built = inputOfDraft({ ...confirmed, base_url });
      return built.ok && built.input.allow_insecure_key;
    };
    expect(over('http://10.0.0.5:8000/v1')).toBe(true);
    expect(over('https://api.openai.com/v1')).toBe(false);
    expect(over('http://127.0.0.1:8787/v1')).toBe(false);
  });
});

describe('a profile’s colour', () => {
  it('is the slot fewest profiles have, the lowest of those', () => {
    expect(freeProfileColor([])).toBe(0);
    expect(freeProfileColor([0, 1, 2])).toBe(3);
    expect(freeProfileColor([1, 0, 3])).toBe(2);
    expect(freeProfileColor([0, 1, 2, 3, 4, 5, 6, 7])).toBe(0);
    expect(freeProfileColor([0, 1, 2, 3, 4, 5, 6, 7, 0, 2])).toBe(1);
  });

  it('is kept by the form, and left to the service for a new profile the form has none for', () => {
    expect(draftOf(PROFILE).color).toBe(4);
    expect(draftOf(null, 6).color).toBe(6);
    const unchosen = draftOf(null);
    expect(unchosen.color).toBeNull();
    const built = inputOfDraft({
      ...unchosen,
      name: 'n',
      base_url: 'https://x.example/v1',
      model: 'm',
    });
    expect(built.ok && built.input).not.toHaveProperty('color');
  });
});

describe('keys over plain http', () => {
  it('need a confirmation for http to another machine only', () => {
    expect(insecureHostOf('http://gpu-box.lan:8000/v1')).toBe('gpu-box.lan:8000');
    expect(needsInsecureKeyConfirmation('https://api.anthropic.com')).toBe(false);
    expect(needsInsecureKeyConfirmation('http://localhost:11434/v1')).toBe(false);
    expect(needsInsecureKeyConfirmation('http://127.3.2.1/v1')).toBe(false);
    expect(needsInsecureKeyConfirmation('http://[::1]:8080/v1')).toBe(false);
    expect(needsInsecureKeyConfirmation('not a url')).toBe(false);
    expect(needsInsecureKeyConfirmation('builtin:simulator')).toBe(false);
  });
});

describe('loading models', () => {
  it('asks with the saved profile (and its key) while the form points where it was saved', () => {
    expect(
      modelsQueryOf(PROFILE, { base_url: ` ${PROFILE.base_url} `, dialect: 'openai-chat' }),
    ).toEqual({
      profile_id: 'p1',
    });
  });

  it('asks an edited or unsaved URL without any key', () => {
    expect(
      modelsQueryOf(PROFILE, { base_url: 'https://other/v1', dialect: 'openai-chat' }),
    ).toEqual({
      base_url: 'https://other/v1',
      dialect: 'openai-chat',
    });
    expect(
      modelsQueryOf(PROFILE, { base_url: PROFILE.base_url, dialect: 'anthropic-messages' }),
    ).toEqual({
      base_url: PROFILE.base_url,
      dialect: 'anthropic-messages',
    });
    expect(
      modelsQueryOf(null, { base_url: 'http://127.0.0.1:1/v1', dialect: 'openai-chat' }),
    ).toEqual({
      base_url: 'http://127.0.0.1:1/v1',
      dialect: 'openai-chat',
    });
  });

  const model = (
    id: string,
    free: boolean | null = null,
    name: string | null = null,
  ): ModelInfo => ({
    id,
    name,
    free,
    context_length: null,
    owner: null,
  });
  const models = [
    model('openai/gpt-4o-mini', false, 'GPT-4o mini'),
    model('meta-llama/llama-3.3-70b-instruct:free', true, 'Llama 3.3 70B Instruct'),
    model('qwen/qwen3-235b', null),
  ];

  it('finds a model by every word typed, in its id or its name, in any case', () => {
    expect(filterModels(models, 'LLAMA instruct', false).shown.map((m) => m.id)).toEqual([
      'meta-llama/llama-3.3-70b-instruct:free',
    ]);
    expect(filterModels(models, 'mini', false).matched).toBe(1);
    expect(filterModels(models, '  ', false).matched).toBe(3);
  });

  it('keeps only what the provider says is free, and offers that only when it says so', () => {
    expect(filterModels(models, '', true).shown.map((m) => m.id)).toEqual([
      'meta-llama/llama-3.3-70b-instruct:free',
    ]);
    expect(anyFree(models)).toBe(true);
    expect(anyFree([model('a', null), model('b', false)])).toBe(false);
  });

  it('shows a bounded number of matches and says how many there are', () => {
    const many = Array.from({ length: MAX_SHOWN_MODELS + 50 }, (_, i) => model(`m-${i}`));
    const matches = filterModels(many, 'm-', false);
    expect(matches.shown).toHaveLength(MAX_SHOWN_MODELS);
    expect(matches.matched).toBe(MAX_SHOWN_MODELS + 50);
  });
});

describe("the screen's address", () => {
  it('names the list, a new profile or a profile to edit, and back', () => {
    for (const view of [
      { kind: 'list' },
      { kind: 'new' },
      { kind: 'edit', id: 'a b/c?&=' },
    ] as const) {
      expect(parseProfilesView(hrefOfProfilesView(view))).toEqual(view);
    }
    expect(parseProfilesView('#/profiles?other=1')).toEqual({ kind: 'list' });
    expect(parseProfilesView('#/profiles?edit=')).toEqual({ kind: 'list' });
  });
});

describe('errors', () => {
  it('go next to the field a service names, else to the whole form', () => {
    const refusal = (field?: string) => new ApiCallError({ code: 'invalid', message: 'no', field });
    expect(serviceFieldOf(refusal('base_url'))).toBe('base_url');
    expect(serviceFieldOf(refusal('key'))).toBe('key');
    expect(serviceFieldOf(refusal())).toBeNull();
    expect(serviceFieldOf(refusal('run_defaults.trials'))).toBeNull();
    expect(serviceFieldOf(new Error('boom'))).toBeNull();
  });

  it('read as sentences next to a field, an identifier at the start kept as it is', () => {
    expect(asSentence('the name is empty')).toBe('The name is empty');
    expect(asSentence('max_tokens must be a whole number')).toBe(
      'max_tokens must be a whole number',
    );
    expect(asSentence('header X-Title is given more than once')).toBe(
      'Header X-Title is given more than once',
    );
    expect(asSentence('The API key is empty.')).toBe('The API key is empty.');
  });
});
