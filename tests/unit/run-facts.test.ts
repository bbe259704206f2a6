// A run's own section as the results page and a report word it (runFacts), in
// both languages: when, where and on what, the limits, each profile's request
// shape, and never a key or a proxy's credentials, whatever a snapshot holds.

import { describe, expect, it } from 'vitest';
import { factOf, runFacts, type RunFacts } from '../../src/shared/results/run-facts';
import { runProfiles } from '../../src/shared/results/run-profiles';
import type { Words } from '../../src/shared/results/words';
import type { RunEnvironment, RunRecord } from '../../src/shared/run';
import { runRecord, snapshot } from '../support/store-fixtures';
import { runViewOf } from './run-view-fixture';
import { makeTrial } from './trial-fixture';
import { wordsIn } from './words-fixture';

const KEY = 'sk-live-Zq84Wm1Lx7Rt2Vb9';
const PROXY_USER = 'proxy-user-Hk3';
const PROXY_PASSWORD = 'proxy-pass-Jd72Qs';

const ENVIRONMENT: RunEnvironment = {
  lasttoken_version: '0.4.2',
  os: { platform: 'linux', release: '6.1.0', arch: 'x64' },
  cpus: { count: 8, model: 'AMD EPYC 7B13' },
  runtime: 'Electron 45.5.0',
};

/**
 * Two profiles: one through its own proxy, whose URL (as a file from another
 * build might have it) carries credentials, and a base URL with a key written
 * into it; one with the environment's proxy and request parameters.
 */
function record(overrides: Partial<RunRecord> = {}): RunRecord {
  const proxied = {
    ...snapshot('proxied', {
      name: 'Through the office proxy',
      base_url: `https://${KEY}@api.example.com/v1`,
      model: 'gpt-4o-mini',
      proxy_mode: 'url',
      proxy_url: `http://${PROXY_USER}:${PROXY_PASSWORD}@proxy.example:3128`,
      key_env: 'OFFICE_OPENAI_KEY',
    }),
    proxy_auth: true,
  };
  const direct = snapshot('claude', {
    name: 'Claude',
    base_url: 'https://api.anthropic.com',
    model: 'claude-sonnet-4-5',
    dialect: 'anthropic-messages',
    params: { temperature: 0, thinking_budget: 2048 },
  });
  const base = runRecord('run-facts', [proxied, direct], {
    status: 'completed',
    started_at: '2026-03-01T10:00:00.000Z',
    ended_at: '2026-03-01T10:01:05.000Z',
    label: 'berlin-office',
    environment: ENVIRONMENT,
    ...overrides,
  });
  return {
    ...base,
    config: {
      ...base.config,
      warmup: true,
      cache: 'cold',
      limits: { ...base.config.limits, connect_timeout_ms: 1500 },
      ...overrides.config,
    },
  };
}

function factsOf(run: RunRecord, words: Words): RunFacts {
  const view = runViewOf(run, {
    proxied: [makeTrial(), makeTrial({ mode: 'plain' })],
    claude: [makeTrial(), makeTrial({ mode: 'plain' })],
  });
  return runFacts(view, runProfiles(run, words.t), words, { proxied: 'max_completion_tokens' });
}

const valueOf = (facts: RunFacts['facts'], id: Parameters<typeof factOf>[1]): string | undefined =>
  factOf(facts, id)?.value;

describe('runFacts', () => {
  it('says the run in English: when, where and on what, what was sent and under which limits', () => {
    const words = wordsIn('en');
    const run = record();
    const { facts, profiles } = factsOf(run, words);
    expect(facts.map((f) => f.id)).toEqual([
      'when',
      'status',
      'where',
      'prompt',
      'cache',
      'modes',
      'trials',
      'max_tokens',
      'limits',
      'reader',
      'connections',
      'saved',
    ]);
    expect(factOf(facts, 'when')).toEqual({
      id: 'when',
      label: 'When',
      value: `${words.format.dateTime(run.started_at)} to ${words.format.dateTime(run.ended_at ?? '')}`,
      note: 'took 1 min 5 s',
    });
    expect(valueOf(facts, 'status')).toBe('completed');
    expect(factOf(facts, 'where')).toMatchObject({
      label: 'Measured on',
      value:
        'berlin-office · LastToken 0.4.2 · Linux 6.1.0 (x64) · 8 CPUs (AMD EPYC 7B13) · Electron 45.5.0',
    });
    expect(valueOf(facts, 'prompt')).toBe(run.config.prompt);
    expect(valueOf(facts, 'modes')).toBe('stream, plain');
    expect(factOf(facts, 'trials')).toMatchObject({
      value: '3 per profile and mode',
      note: '+ one warm-up each, not counted',
    });
    expect(valueOf(facts, 'max_tokens')).toBe('256');
    expect(valueOf(facts, 'limits')).toBe(
      'connect timeout 1.5 s · idle timeout 30 s · stall after 15 s · deadline 120 s',
    );
    expect(valueOf(facts, 'reader')).toBe('8 tokens/s (the reader figures are for this pace)');
    expect(valueOf(facts, 'connections')).toBe('a new one per trial');

    expect(profiles.map((p) => [p.id, p.name, p.facts.map((f) => f.id)])).toEqual([
      ['proxied', 'Through the office proxy', ['model', 'dialect', 'base_url', 'params', 'proxy']],
      ['claude', 'Claude', ['model', 'dialect', 'base_url', 'params', 'proxy']],
    ]);
    const [proxied, claude] = profiles.map((p) =>
      Object.fromEntries(p.facts.map((f) => [f.id, `${f.label}: ${f.value}`])),
    );
    expect(proxied).toEqual({
      model: 'Model: gpt-4o-mini',
      dialect: 'API format: OpenAI chat completions',
      base_url: 'Base URL: https://api.example.com/v1',
      // The name its trials sent, which the page asked for.
      params: 'Request parameters: token limit sent as max_completion_tokens',
      proxy: 'Proxy: http://proxy.example:3128/, with credentials (not shown)',
    });
    expect(claude).toEqual({
      model: 'Model: claude-sonnet-4-5',
      dialect: 'API format: Anthropic messages',
      base_url: 'Base URL: https://api.anthropic.com',
      params: 'Request parameters: temperature 0 · thinking 2,048 tokens',
      proxy: 'Proxy: the environment’s (HTTPS_PROXY, ALL_PROXY, NO_PROXY), if set',
    });
  });

  it('says the same in Chinese', () => {
    const words = wordsIn('zh-CN');
    const { facts, profiles } = factsOf(record(), words);
    expect(factOf(facts, 'when')?.note).toBe('用时 1 分 5 秒');
    expect(factOf(facts, 'where')).toMatchObject({
      label: '测量环境',
      value:
        'berlin-office · LastToken 0.4.2 · Linux 6.1.0 (x64) · 8 个 CPU（AMD EPYC 7B13） · Electron 45.5.0',
    });
    expect(valueOf(facts, 'modes')).toBe('流式、非流式');
    expect(valueOf(facts, 'limits')).toBe(
      '连接超时 1.5 秒 · 空闲超时 30 秒 · 停滞判定 15 秒 · 总时限 120 秒',
    );
    expect(factOf(profiles[0]?.facts ?? [], 'proxy')?.value).toBe(
      'http://proxy.example:3128/，带凭据（不显示）',
    );
    expect(factOf(profiles[1]?.facts ?? [], 'dialect')).toEqual({
      id: 'dialect',
      label: 'API 格式',
      value: 'Anthropic Messages 接口',
      note: null,
    });
  });

  it('shows no key and no proxy credentials in either language', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const text = JSON.stringify(factsOf(record(), wordsIn(language)));
      for (const secret of [KEY, PROXY_USER, PROXY_PASSWORD, 'OFFICE_OPENAI_KEY']) {
        expect(text, `${language}: ${secret}`).not.toContain(secret);
      }
    }
  });

  it('says a run from before LastToken kept its environment did not record it', () => {
    const older = record({ environment: null, label: null });
    expect(factOf(factsOf(older, wordsIn('en')).facts, 'where')?.value).toBe(
      'LastToken version and machine not recorded (a run from before LastToken kept them)',
    );
    expect(factOf(factsOf(older, wordsIn('zh-CN')).facts, 'where')?.value).toBe(
      '未记录 LastToken 版本和机器（LastToken 开始记录之前的测量）',
    );
    // Its label still says where.
    const labelled = record({ environment: null });
    expect(factOf(factsOf(labelled, wordsIn('en')).facts, 'where')?.value).toMatch(
      /^berlin-office · LastToken version and machine not recorded/,
    );
  });

  it('says a sweep of input lengths, an unnamed CPU, a run without an end and an imported one', () => {
    const words = wordsIn('en');
    const run = record({
      status: 'interrupted',
      ended_at: null,
      imported_at: '2026-04-01T08:00:00.000Z',
      environment: { ...ENVIRONMENT, cpus: { count: 1, model: '' }, runtime: 'Node 20.20.2' },
      config: { ...record().config, input_tokens: [1000, 8000], warmup: false },
    });
    const { facts } = factsOf(run, words);
    expect(factOf(facts, 'when')).toMatchObject({
      value: words.format.dateTime(run.started_at),
      note: 'no end time recorded',
    });
    expect(valueOf(facts, 'status')).toBe('interrupted');
    expect(valueOf(facts, 'where')).toBe(
      'berlin-office · LastToken 0.4.2 · Linux 6.1.0 (x64) · 1 CPU · Node 20.20.2',
    );
    expect(valueOf(facts, 'input')).toBe(
      'a sweep of 1,000, 8,000 tokens: filler text, then the prompt as its question',
    );
    expect(factOf(facts, 'trials')).toMatchObject({
      value: '3 per profile, mode and input length',
      note: null,
    });
    expect(valueOf(facts, 'imported')).toBe(words.format.dateTime('2026-04-01T08:00:00.000Z'));
  });
});
