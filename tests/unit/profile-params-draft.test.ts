// The profile form's request parameters, as data: every field to the draft
// and back, the fields each API format shows, every problem at once and next
// to its field (what the form cannot read, then what the shared checker
// refuses), and the one line a card and a run's results say them in.

import { describe, expect, it } from 'vitest';
import { checkRequestParams, type RequestParams } from '../../src/shared/request-params';
import { DEFAULT_REQUEST_SHAPE, type Profile, type RunConfig } from '../../src/shared/run';
import { paramParts } from '../../src/shared/results/params-line';
import {
  draftOf,
  inputOfDraft,
  paramFieldsOf,
  paramsDraftOf,
  paramsOfDraft,
  paramsSetCount,
  stopOfText,
  stopText,
  type ParamsDraft,
} from '../../src/renderer/src/pages/profiles/profile-draft';
import { sentParams } from '../../src/shared/results/run-profiles';

const OPENAI: RequestParams = {
  system: 'You are terse.\nAnswer in English.',
  temperature: 0.7,
  top_p: 0.9,
  seed: 7,
  stop: ['\n\n', 'END', 'a\\b\tc'],
  reasoning_effort: 'high',
  token_param: 'max_completion_tokens',
  extra_body: { provider: { order: ['deepinfra'], allow_fallbacks: false } },
};

const ANTHROPIC: RequestParams = {
  system: 'Be brief.',
  temperature: 1,
  top_p: 0.5,
  stop: ['Human:'],
  thinking_budget: 2048,
  extra_body: { metadata: { user_id: 'bench-1' } },
};

const profile = (dialect: Profile['dialect'], params: RequestParams): Profile => ({
  id: 'p1',
  name: 'Params',
  base_url: 'https://example.com/v1',
  model: 'm',
  dialect,
  headers: {},
  defaults: {},
  notes: '',
  allow_insecure_key: false,
  ...DEFAULT_REQUEST_SHAPE,
  params,
  has_key: false,
  proxy_auth: false,
  builtin: false,
  color: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const EMPTY: ParamsDraft = paramsDraftOf({});

const fieldsOf = (draft: Partial<ParamsDraft>, dialect: Profile['dialect'] = 'openai-chat') => {
  const built = paramsOfDraft({ ...EMPTY, ...draft }, dialect);
  return built.ok ? [] : built.problems.map((p) => p.field);
};

describe('the request parameters in the profile form', () => {
  it('show every field of a saved profile as typed text, and give back the same parameters', () => {
    for (const [dialect, params] of [
      ['openai-chat', OPENAI],
      ['anthropic-messages', ANTHROPIC],
    ] as const) {
      const draft = draftOf(profile(dialect, params));
      const built = inputOfDraft(draft);
      expect(built.ok && built.input.params).toEqual(params);
    }
    expect(draftOf(profile('openai-chat', OPENAI)).params).toEqual({
      system: 'You are terse.\nAnswer in English.',
      temperature: '0.7',
      top_p: '0.9',
      seed: '7',
      stop: '\\n\\n\nEND\na\\\\b\\tc',
      reasoning_effort: 'high',
      thinking_budget: '',
      token_param: 'max_completion_tokens',
      extra_body: '{"provider":{"order":["deepinfra"],"allow_fallbacks":false}}',
    });
    // A long body is indented, one field a line.
    const long = {
      provider: { order: ['deepinfra', 'together', 'fireworks'], sort: 'throughput' },
    };
    expect(paramsDraftOf({ extra_body: long }).extra_body).toBe(JSON.stringify(long, null, 2));
  });

  it('keep an explicit max_tokens as saved, and send nothing for empty fields', () => {
    const explicit = paramsOfDraft(paramsDraftOf({ token_param: 'max_tokens' }), 'openai-chat');
    expect(explicit).toEqual({ ok: true, params: { token_param: 'max_tokens' } });
    expect(paramsOfDraft(EMPTY, 'openai-chat')).toEqual({ ok: true, params: {} });
    // Blank text is no parameter: a system prompt of spaces, blank stop lines, an empty body.
    expect(
      paramsOfDraft({ ...EMPTY, system: '  ', stop: '\n  \n', extra_body: ' ' }, 'openai-chat'),
    ).toEqual({ ok: true, params: {} });
    // Clearing every field is sent as no parameters, so that a saved profile stops sending them.
    const cleared = inputOfDraft({ ...draftOf(profile('openai-chat', OPENAI)), params: EMPTY });
    expect(cleared.ok && cleared.input.params).toEqual({});
  });

  it('write stop sequences one per line, a line break, a tab or a backslash in one escaped', () => {
    const stops = ['\n', 'Human:', 'a\\nb', ' x ', '\r\n'];
    expect(stopOfText(stopText(stops))).toEqual(stops);
    expect(stopOfText('END\r\nSTOP\n\n')).toEqual(['END', 'STOP']);
    expect(stopOfText('\\q')).toEqual(['\\q']);
  });

  it('show only the fields the API format has', () => {
    expect(paramFieldsOf('openai-chat')).toEqual([
      'system',
      'temperature',
      'top_p',
      'seed',
      'stop',
      'reasoning_effort',
      'token_param',
      'extra_body',
    ]);
    expect(paramFieldsOf('anthropic-messages')).toEqual([
      'system',
      'temperature',
      'top_p',
      'stop',
      'thinking_budget',
      'extra_body',
    ]);
  });

  it("send only the chosen format's parameters, and keep the others in the draft", () => {
    // Typed for OpenAI, then the format switched: seed, effort and token name are hidden, not sent.
    const draft = {
      ...draftOf(profile('openai-chat', OPENAI)),
      dialect: 'anthropic-messages' as const,
    };
    const built = inputOfDraft(draft);
    expect(built.ok && built.input.params).toEqual({
      system: OPENAI.system,
      temperature: OPENAI.temperature,
      top_p: OPENAI.top_p,
      stop: OPENAI.stop,
      extra_body: OPENAI.extra_body,
    });
    expect(draft.params.seed).toBe('7');
    // A thinking budget typed for Anthropic is not sent to OpenAI either.
    expect(paramsOfDraft({ ...EMPTY, thinking_budget: 'lots' }, 'openai-chat')).toEqual({
      ok: true,
      params: {},
    });
    // The summary counts what the chosen format sends.
    expect(paramsSetCount(draft.params, paramFieldsOf('openai-chat'))).toBe(8);
    expect(paramsSetCount(draft.params, paramFieldsOf('anthropic-messages'))).toBe(5);
    expect(paramsSetCount(EMPTY, paramFieldsOf('openai-chat'))).toBe(0);
  });

  it('report every problem at once, each next to its field', () => {
    const built = inputOfDraft({
      ...draftOf(profile('openai-chat', {})),
      max_tokens: 'many',
      params: {
        ...EMPTY,
        temperature: 'warm',
        top_p: '1.5',
        seed: '2.5',
        stop: 'a\nb\nc\nd\ne',
        extra_body: '{"provider": ',
      },
    });
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.problems.map((p) => [p.field, p.key])).toEqual([
      ['max_tokens', 'profiles.form.errors.maxTokens'],
      ['temperature', 'profiles.params.errors.number'],
      ['top_p', 'profiles.params.errors.refused'],
      ['seed', 'profiles.params.errors.refused'],
      ['stop', 'profiles.params.errors.refused'],
      ['extra_body', 'profiles.params.errors.json'],
    ]);
    // The checker's words, as every front end says them, as a sentence.
    expect(built.problems[2]?.values).toEqual({ message: 'top_p must be a number from 0 to 1' });
    expect(built.problems[4]?.values?.message).toMatch(/^At most 4 stop sequences/);
    expect(built.problems[5]?.values?.detail).toEqual(expect.any(String));
  });

  it('refuse a thinking budget below the smallest and an extra body that is no object', () => {
    expect(fieldsOf({ thinking_budget: '512' }, 'anthropic-messages')).toEqual(['thinking_budget']);
    expect(fieldsOf({ thinking_budget: '1024' }, 'anthropic-messages')).toEqual([]);
    const list = paramsOfDraft({ ...EMPTY, extra_body: '["deepinfra"]' }, 'openai-chat');
    expect(list).toEqual({
      ok: false,
      problems: [{ field: 'extra_body', key: 'profiles.params.errors.object' }],
    });
  });

  it('refuse a credential in the extra body next to it, before anything is sent', () => {
    for (const body of [
      '{"provider": {"api_key": "x"}}',
      '{"user": "sk-or-0123456789abcdef0123"}',
    ]) {
      const built = inputOfDraft({
        ...draftOf(profile('openai-chat', {})),
        params: { ...EMPTY, temperature: '0', extra_body: body },
      });
      expect(built.ok).toBe(false);
      if (built.ok) return;
      expect(built.problems).toHaveLength(1);
      expect(built.problems[0]).toMatchObject({
        field: 'extra_body',
        key: 'profiles.params.errors.refused',
      });
      expect(built.problems[0]?.values?.message).toContain('credential');
      expect(built.problems[0]?.values?.message).toMatch(/^The extra body/);
    }
  });

  it("refuse what the body may not set, and a parameter set twice, with the checker's words", () => {
    const own = paramsOfDraft({ ...EMPTY, extra_body: '{"max_tokens": 10}' }, 'openai-chat');
    expect(!own.ok && own.problems.map((p) => p.field)).toEqual(['extra_body']);
    const twice = paramsOfDraft(
      { ...EMPTY, temperature: '0', extra_body: '{"temperature": 1}' },
      'openai-chat',
    );
    expect(!twice.ok && twice.problems[0]?.values?.message).toContain('set twice');
    // A refused temperature is not counted twice: the body is checked with what was accepted.
    const both = paramsOfDraft(
      { ...EMPTY, temperature: '9', extra_body: '{"temperature": 1}' },
      'openai-chat',
    );
    expect(!both.ok && both.problems.map((p) => p.field)).toEqual(['temperature']);
  });

  it('agree with the shared checker on what is sent', () => {
    const built = paramsOfDraft(paramsDraftOf(OPENAI), 'openai-chat');
    expect(built.ok && built.params).toEqual(checkRequestParams(OPENAI, 'openai-chat'));
  });
});

describe('the parameters in one line', () => {
  const count = (n: number) => n.toLocaleString('en-US');

  it('name what is set, in the form order, and nothing when nothing is', () => {
    expect(paramParts({}, count)).toEqual([]);
    expect(paramParts(OPENAI, count)).toEqual([
      { key: 'profiles.card.params.system' },
      { key: 'profiles.card.params.temperature', values: { value: '0.7' } },
      { key: 'profiles.card.params.top_p', values: { value: '0.9' } },
      { key: 'profiles.card.params.seed', values: { value: '7' } },
      { key: 'profiles.card.params.stop', values: { count: 3 } },
      { key: 'profiles.card.params.reasoning', values: { value: 'high' } },
      { key: 'profiles.card.params.tokenParam', values: { name: 'max_completion_tokens' } },
      { key: 'profiles.card.params.extraBody', values: { names: 'provider' } },
    ]);
    expect(paramParts({ thinking_budget: 16_000 }, count)).toEqual([
      { key: 'profiles.card.params.thinking', values: { value: '16,000' } },
    ]);
  });

  it("say in a run's results what the requests carried: the run's shared parameters win", () => {
    const config = { params: { temperature: 0, seed: 1 } } as RunConfig;
    const snapshot = { ...profile('openai-chat', { temperature: 0.7, top_p: 0.9 }) };
    expect(sentParams(snapshot, config, 'max_tokens')).toEqual({
      params: { temperature: 0, top_p: 0.9, seed: 1 },
      tokenParam: null,
    });
    // The trials' name wins over the snapshot's: a 400 switched it during the run.
    expect(sentParams(snapshot, {} as RunConfig, 'max_completion_tokens')).toEqual({
      params: { temperature: 0.7, top_p: 0.9 },
      tokenParam: 'max_completion_tokens',
    });
    const remembered = profile('openai-chat', { token_param: 'max_completion_tokens' });
    expect(sentParams(remembered, {} as RunConfig, null).tokenParam).toBe('max_completion_tokens');
    expect(sentParams(profile('anthropic-messages', {}), {} as RunConfig, null)).toEqual({
      params: {},
      tokenParam: null,
    });
  });
});
