// The new-run form as data: what it starts from, the configuration it sends,
// the fields it names when a value cannot be sent, the presets, and the
// plan's problems in the UI's words (main's own sentences run through it).

import { describe, expect, it } from 'vitest';
import { runConfigProblems } from '../../src/main/runs/plan';
import type { RunDefaults } from '../../src/shared/api';
import {
  DEFAULT_REQUEST_SHAPE,
  DEFAULT_RUN_LIMITS,
  TIME_LIMITS,
  type Profile,
  type RunConfig,
} from '../../src/shared/run';
import { resources } from '../../src/shared/i18n/resources';
import { parseInputLengths } from '../../src/shared/input-lengths';
import { PROBLEM_KEYS, planProblem } from '../../src/renderer/src/pages/new-run/plan-problems';
import {
  PRESET_IDS,
  PROMPT_PRESETS,
  presetOf,
} from '../../src/renderer/src/pages/new-run/prompt-presets';
import { withKept } from '../../src/renderer/src/pages/new-run/draft-memory';
import {
  MODE_CHOICES,
  draftForProfiles,
  draftFromDefaults,
  modesOf,
  parseDraft,
  type RunDraft,
} from '../../src/renderer/src/pages/new-run/run-draft';

const defaults: RunDefaults = {
  trials: 5,
  max_tokens: 300,
  prompt: 'Explain, in 150 words, why free-tier LLM latency is noisy.',
  connect_timeout_ms: 10_000,
  idle_timeout_ms: 30_000,
  stall_ms: 15_000,
  deadline_ms: 300_000,
  warmup: false,
  max_retry_wait_ms: 60_000,
  give_up_after: 5,
};

function profile(id: string, builtin = false): Profile {
  return {
    id,
    name: id,
    base_url: builtin ? 'builtin:simulator' : 'http://127.0.0.1:1/v1',
    model: 'sim-steady',
    dialect: 'openai-chat',
    headers: {},
    defaults: {},
    notes: '',
    allow_insecure_key: false,
    ...DEFAULT_REQUEST_SHAPE,
    query: {},
    has_key: false,
    proxy_auth: false,
    builtin,
    color: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

const demo = profile('demo', true);

type Tree = { [key: string]: string | Tree };
function lookup(language: 'en' | 'zh-CN', key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Tree | undefined)?.[part],
      resources[language].translation as unknown,
    );
}

describe('the new-run form', () => {
  it('chooses the demo when it is the only profile, and nothing for someone with their own', () => {
    expect(draftFromDefaults(defaults, [demo]).profileIds).toEqual(['demo']);
    expect(draftFromDefaults(defaults, [demo, profile('mine')]).profileIds).toEqual([]);
    expect(draftFromDefaults(defaults, []).profileIds).toEqual([]);
  });

  it('starts from the defaults, in seconds, both modes, a new connection per trial', () => {
    const draft = draftFromDefaults({ ...defaults, connect_timeout_ms: 2500 }, [demo]);
    expect(draft).toMatchObject({
      prompt: defaults.prompt,
      modes: 'both',
      trials: '5',
      maxTokens: '300',
      timeouts: {
        connect_timeout_ms: '2.5',
        idle_timeout_ms: '30',
        stall_ms: '15',
        deadline_ms: '300',
      },
      warmup: false,
      reuseConnection: false,
    });
  });

  it('sends the run configuration the contract takes', () => {
    const draft = { ...draftFromDefaults(defaults, [demo]), trials: ' 3 ', warmup: true };
    expect(parseDraft(draft)).toEqual({
      config: {
        prompt: defaults.prompt,
        max_tokens: 300,
        modes: ['stream', 'plain'],
        trials: 3,
        profile_ids: ['demo'],
        limits: {
          connect_timeout_ms: 10_000,
          idle_timeout_ms: 30_000,
          stall_ms: 15_000,
          deadline_ms: 300_000,
        },
        reuse_connection: false,
        warmup: true,
        max_retry_wait_ms: 60_000,
        give_up_after: 5,
        cache: 'cold',
      },
      errors: {},
      paramProblems: [],
      inputLengths: [],
    });
    expect(modesOf('stream')).toEqual(['stream']);
    expect(modesOf('plain')).toEqual(['plain']);
  });

  it('names each field whose text cannot be sent, and sends nothing then', () => {
    const draft = draftFromDefaults(defaults, [demo]);
    const parsed = parseDraft({
      ...draft,
      trials: '2.5',
      maxTokens: '',
      timeouts: { ...draft.timeouts, stall_ms: '0', deadline_ms: '100000' },
    });
    expect(parsed.config).toBeNull();
    expect(parsed.errors).toEqual({
      trials: { kind: 'integer', min: 1, max: 1000 },
      max_tokens: { kind: 'integer', min: 1, max: 1_000_000 },
      stall_ms: { kind: 'seconds', min: 1, max: 86_400 },
      deadline_ms: { kind: 'seconds', min: 1, max: 86_400 },
    });
    expect(parseDraft({ ...draft, trials: '1001' }).errors).toHaveProperty('trials');
    expect(parseDraft({ ...draft, trials: 'abc' }).errors).toHaveProperty('trials');
    // Fractions of a second are fine: 0.25 s is 250 ms.
    const quick = parseDraft({
      ...draft,
      timeouts: { ...draft.timeouts, connect_timeout_ms: '0.25' },
    });
    expect(quick.config?.limits?.connect_timeout_ms).toBe(250);
  });

  it('takes 0 for the rate-limit options: never wait, never give up', () => {
    const draft = draftFromDefaults(defaults, [demo]);
    expect(draft).toMatchObject({ maxRetryWait: '60', giveUpAfter: '5' });
    const never = parseDraft({ ...draft, maxRetryWait: '0', giveUpAfter: '0' });
    expect(never.config).toMatchObject({ max_retry_wait_ms: 0, give_up_after: 0 });
    const short = parseDraft({ ...draft, maxRetryWait: '2.5', giveUpAfter: '3' });
    expect(short.config).toMatchObject({ max_retry_wait_ms: 2500, give_up_after: 3 });
    expect(parseDraft({ ...draft, maxRetryWait: '-1', giveUpAfter: '1.5' }).errors).toEqual({
      max_retry_wait_ms: { kind: 'seconds', min: 0, max: 86_400 },
      give_up_after: { kind: 'integer', min: 0, max: 1000 },
    });
  });

  it('sends a synthetic prompt of one length, or a sweep, as typed: 8k is 8,000', () => {
    const draft = draftFromDefaults(defaults, [demo]);
    expect(draft).toMatchObject({ inputTokens: '', cache: 'cold' });
    expect(parseDraft(draft).config).not.toHaveProperty('input_tokens');
    expect(parseDraft({ ...draft, inputTokens: ' 8k ' }).config).toMatchObject({
      input_tokens: 8000,
    });
    expect(parseDraft({ ...draft, inputTokens: '1000, 4K,32000' }).config).toMatchObject({
      input_tokens: [1000, 4000, 32000],
    });
    // Read whatever the other fields say: the plan and the cache choice go by them.
    expect(parseDraft({ ...draft, trials: 'x', inputTokens: '1k, 8k' }).inputLengths).toEqual([
      1000, 8000,
    ]);
    const bad = (inputTokens: string) => parseDraft({ ...draft, inputTokens });
    expect(bad('1k, lots').errors).toEqual({
      input_tokens: { kind: 'input_tokens', problem: { kind: 'length', part: 'lots' } },
    });
    expect(bad('1k, 1000').errors.input_tokens).toEqual({
      kind: 'input_tokens',
      problem: { kind: 'repeated', length: 1000 },
    });
    expect(bad('0').config).toBeNull();
    expect(bad('3000k').config).toBeNull();
    expect(bad(Array.from({ length: 13 }, (_, i) => i + 1).join(',')).errors.input_tokens).toEqual({
      kind: 'input_tokens',
      problem: { kind: 'too-many', count: 13 },
    });
  });

  it('sends the cache policy and the parameters for every profile, refusing what no run sets', () => {
    const draft = draftFromDefaults(defaults, [demo]);
    const set = parseDraft({
      ...draft,
      cache: 'warm',
      warmup: true,
      params: { ...draft.params, temperature: '0', seed: '7', stop: 'END', system: 'Be brief.' },
    });
    expect(set.config).toMatchObject({
      cache: 'warm',
      warmup: true,
      params: { temperature: 0, seed: 7, stop: ['END'], system: 'Be brief.' },
    });
    // The form's other fields are a profile's own: a run never sends them.
    const own = parseDraft({
      ...draft,
      params: { ...draft.params, reasoning_effort: 'high', extra_body: '{"x": 1}' },
    });
    expect(own.config).not.toHaveProperty('params');
    const refused = parseDraft({
      ...draft,
      params: { ...draft.params, temperature: 'warm', top_p: '3' },
    });
    expect(refused.config).toBeNull();
    expect(refused.paramProblems.map((p) => [p.field, p.key])).toEqual([
      ['temperature', 'profiles.params.errors.number'],
      ['top_p', 'profiles.params.errors.refused'],
    ]);
  });

  it('takes a kept draft over the defaults, field by field, where its kind is the default’s', () => {
    const start = draftFromDefaults(defaults, [demo]);
    expect(withKept(start, null)).toBe(start);
    // An older LastToken kept no input length nor cache: those are the defaults'.
    const older = withKept(start, { profileIds: ['demo'], trials: '7', warmup: true });
    expect(older).toMatchObject({
      profileIds: ['demo'],
      trials: '7',
      warmup: true,
      inputTokens: '',
    });
    // Edited by hand: what is not of the field's kind, or no field, is dropped.
    const odd = withKept(start, {
      trials: 7,
      profileIds: 'demo',
      nonsense: true,
    } as unknown as Partial<RunDraft>);
    expect(odd.trials).toBe(start.trials);
    expect(odd.profileIds).toEqual(start.profileIds);
    expect(odd).not.toHaveProperty('nonsense');
  });

  it('keeps an earlier draft less the profiles that are gone, in the list order', () => {
    const draft = { ...draftFromDefaults(defaults, [demo]), profileIds: ['b', 'gone', 'a'] };
    expect(draftForProfiles(draft, [demo, profile('a'), profile('b')]).profileIds).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('prompt presets', () => {
  it('are told apart by their text, and leave room for their answer', () => {
    expect(PROMPT_PRESETS.map((p) => p.id)).toEqual([...PRESET_IDS]);
    for (const preset of PROMPT_PRESETS) {
      expect(presetOf(preset.prompt, preset.inputTokens ?? '')).toBe(preset);
      expect(preset.maxTokens).toBeGreaterThanOrEqual(100);
    }
    expect(presetOf('my own prompt', '')).toBeNull();
    // The long inputs share a question: their lengths tell them apart, and a length of one's own is no preset.
    const sweep = PROMPT_PRESETS.find(
      (p) => p.id === 'inputSweep',
    ) as (typeof PROMPT_PRESETS)[number];
    expect(presetOf(sweep.prompt, '8k')?.id).toBe('longInput');
    expect(presetOf(sweep.prompt, '2k')).toBeNull();
    expect(parseInputLengths(sweep.inputTokens ?? '')).toEqual({
      ok: true,
      lengths: [1000, 4000, 16000, 32000],
    });
  });

  it('include a prompt in Chinese', () => {
    const chinese = PROMPT_PRESETS.find((p) => p.id === 'chinese');
    expect(chinese?.prompt).toMatch(/^[\p{Script=Han}\p{P}\s\d]+$/u);
  });

  it('have a label and a hint in both languages, as every mode and time limit does', () => {
    const keys = [
      ...PRESET_IDS.flatMap((id) => [
        `runs.new.prompt.preset.${id}`,
        `runs.new.prompt.presetHint.${id}`,
      ]),
      ...MODE_CHOICES.flatMap((mode) => [
        `runs.new.options.mode.${mode}`,
        `runs.new.options.modeHint.${mode}`,
      ]),
      ...TIME_LIMITS.flatMap((name) => [
        `runs.new.options.limit.${name}`,
        `runs.new.options.limitHint.${name}`,
      ]),
    ];
    for (const key of keys) {
      expect(typeof lookup('en', key), key).toBe('string');
      expect(typeof lookup('zh-CN', key), key).toBe('string');
    }
  });
});

describe("the plan's problems", () => {
  const claude = { ...profile('claude'), dialect: 'anthropic-messages' as const };
  const profiles = {
    get: (id: string) => (id === 'demo' ? demo : id === 'claude' ? claude : null),
  };
  const valid: RunConfig = {
    prompt: 'hello',
    max_tokens: 100,
    modes: ['stream'],
    trials: 3,
    profile_ids: ['demo'],
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
  };

  it("translate every sentence main's checks write", () => {
    const broken: RunConfig[] = [
      { ...valid, prompt: '  ' },
      { ...valid, max_tokens: 0 },
      { ...valid, trials: 1.5 },
      { ...valid, modes: [] },
      { ...valid, modes: ['stream', 'stream'] },
      { ...valid, modes: ['fast' as 'stream'] },
      { ...valid, profile_ids: [] },
      { ...valid, profile_ids: ['demo', 'demo'] },
      { ...valid, profile_ids: ['gone', 'lost'] },
      { ...valid, limits: { ...DEFAULT_RUN_LIMITS, stall_ms: -1 } },
      { ...valid, cache: 'warm' },
      { ...valid, cache: 'warm', warmup: true, input_tokens: [1000, 2000] },
      { ...valid, profile_ids: ['claude'], params: { seed: 7 } },
    ];
    const problems = broken.flatMap((config) => runConfigProblems(config, profiles));
    expect(problems.length).toBeGreaterThanOrEqual(broken.length);
    const translated = problems.map(planProblem);
    expect(translated.filter((p) => p.key === null)).toEqual([]);
    expect(new Set(translated.map((p) => p.key))).toEqual(new Set(Object.keys(PROBLEM_KEYS)));
    expect(planProblem('no saved profiles with id gone, lost')).toEqual({
      key: 'unknownProfile',
      values: { ids: 'gone, lost' },
    });
  });

  it('show a sentence this version does not know as it was written', () => {
    expect(planProblem('the moon is not full')).toEqual({
      key: null,
      text: 'the moon is not full',
    });
  });

  it('have their words in both languages', () => {
    for (const key of Object.values(PROBLEM_KEYS)) {
      expect(typeof lookup('en', key), key).toBe('string');
      expect(typeof lookup('zh-CN', key), key).toBe('string');
    }
  });
});
