// What a request says besides its prompt, from the command line to the wire:
// system prompt, sampling parameters, reasoning effort, an extra body, and the
// token limit's name that a reasoning model refuses (retried once, then kept
// by the profile). In-process CLI against a real SQLite file and the
// simulator on 127.0.0.1, whose traces say what each request carried.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimServer, type SimTrace } from '../../src/main/sim';
import type { Profile } from '../../src/shared/run';
import type { Trial } from '../../src/shared/trial';
import { cliInProcess } from '../support/cli-in-process';

let dir: string;
let db: string;
let sim: SimServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-request-params-'));
  db = join(dir, 'history.db');
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

const lasttoken = (argv: string[]) => cliInProcess([...argv]);
const inHistory = (argv: string[]) => cliInProcess([...argv, '--db', db]);

async function jsonOf<T>(argv: string[]): Promise<T> {
  const run = await inHistory([...argv, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

function traceOf(trial: Trial): SimTrace {
  const trace = trial.request_id === null ? undefined : sim.trace(trial.request_id);
  if (!trace) throw new Error(`no simulator trace for request ${trial.request_id}`);
  return trace;
}

const probeArgs = (model: string, ...more: string[]) => [
  'probe',
  '--base-url',
  `${sim.url}/v1`,
  '--model',
  model,
  '--trials',
  '1',
  '--json',
  ...more,
];

async function probeTrials(model: string, ...more: string[]): Promise<Trial[]> {
  const run = await lasttoken(probeArgs(model, ...more));
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { trials: Trial[] }).trials;
}

/** `profile add` of a profile in this history; fails the test when it is refused. */
async function addProfile(name: string, baseUrl: string, model: string, ...more: string[]) {
  const add = await inHistory([
    'profile',
    'add',
    '--name',
    name,
    '--base-url',
    baseUrl,
    '--model',
    model,
    ...more,
  ]);
  expect(add.code, add.stderr).toBe(0);
}

async function runTrials(profile: string, ...more: string[]): Promise<Trial[]> {
  const run = await inHistory(['run', '--profiles', profile, '--trials', '1', '--json', ...more]);
  expect(run.code, run.stderr).toBe(0);
  const { run_id } = JSON.parse(run.stdout) as { run_id: string };
  const shown = await jsonOf<{ trials: { trial: Trial }[] }>(['show', run_id]);
  return shown.trials.map((t) => t.trial);
}

describe('probe: the parameters reach the body as the dialect names them', () => {
  it('openai-chat: system message first, sampling, reasoning effort, the extra body', async () => {
    const trials = await probeTrials(
      'sim-steady:tokens=5',
      '--system',
      'Answer in one line.',
      '--temperature',
      '0.2',
      '--top-p',
      '0.9',
      '--seed',
      '7',
      '--stop',
      'END',
      '--stop',
      '\\n\\n',
      '--reasoning-effort',
      'low',
      '--body',
      '{"provider":{"order":["a","b"],"allow_fallbacks":false}}',
    );
    expect(trials.map((t) => t.status)).toEqual(['ok', 'ok']);
    for (const trial of trials) {
      const trace = traceOf(trial);
      expect(trace.request_fields).toMatchObject({
        temperature: 0.2,
        top_p: 0.9,
        seed: 7,
        stop: ['END', '\n\n'],
        reasoning_effort: 'low',
        provider: { order: ['a', 'b'], allow_fallbacks: false },
        max_tokens: 300,
      });
      expect(trace.prompt_head).toMatch(/^\[[0-9a-f]{8}\]\nAnswer in one line\./);
      expect(trial.token_param).toBe('max_tokens');
    }
  });

  it('anthropic-messages: stop_sequences, the thinking budget, the top-level system', async () => {
    const trials = await probeTrials(
      'sim-steady:tokens=5',
      '--base-url',
      sim.url,
      '--dialect',
      'anthropic-messages',
      '--system',
      'Be terse.',
      '--stop',
      'END',
      '--reasoning-effort',
      '2048',
      '--mode',
      'stream',
    );
    const trace = traceOf(trials[0] as Trial);
    expect(trace.request_fields).toMatchObject({
      stop_sequences: ['END'],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      max_tokens: 300,
    });
    expect(trace.request_fields).not.toHaveProperty('seed');
    expect(trace.prompt_head).toMatch(/^\[[0-9a-f]{8}\]\nBe terse\./);
  });

  it('refuses what the dialect has no field for, and an extra body that overrides or carries a credential', async () => {
    const refused = async (...more: string[]) => {
      const run = await lasttoken(probeArgs('sim-steady', ...more));
      expect(run.code).toBe(2);
      return run.stderr;
    };
    expect(await refused('--dialect', 'anthropic-messages', '--seed', '1')).toBe(
      'lasttoken: --seed: anthropic-messages has no seed parameter\n',
    );
    expect(await refused('--dialect', 'anthropic-messages', '--reasoning-effort', 'high')).toMatch(
      /^lasttoken: --reasoning-effort: anthropic-messages takes no reasoning effort but a thinking budget in tokens/,
    );
    expect(await refused('--temperature', '3')).toBe(
      'lasttoken: --temperature: temperature must be a number from 0 to 2\n',
    );
    expect(await refused('--temperature', 'warm')).toBe(
      'lasttoken: --temperature takes a number, got "warm"\n',
    );
    expect(await refused('--body', '{"model":"other"}')).toMatch(
      /^lasttoken: --body: the extra body may not set model: LastToken sets it/,
    );
    expect(await refused('--body', '{"max_completion_tokens":5}')).toMatch(
      /may not set max_completion_tokens/,
    );
    expect(await refused('--body', '{"stream":false}')).toMatch(/may not set stream/);
    expect(await refused('--temperature', '0', '--body', '{"temperature":1}')).toBe(
      'lasttoken: --body: temperature is set twice, as temperature and in the extra body: keep one\n',
    );
    const secret = 'sk-live-Zr8Qw3Mv6Tn1Lp4Xs0Kd';
    const leaked = [
      await refused('--body', JSON.stringify({ provider: { api_key: secret } })),
      await refused('--body', JSON.stringify({ metadata: { note: secret } })),
      await refused('--body', JSON.stringify({ headers: [`Bearer ${secret}`] })),
      await refused('--body', '{"provider": '),
      await refused('--body', '[1,2]'),
    ];
    expect(leaked[0]).toMatch(/field provider\.api_key would carry a credential/);
    expect(leaked[1]).toMatch(/metadata\.note looks like a credential/);
    expect(leaked[2]).toMatch(/headers\[0\] looks like a credential/);
    expect(leaked[3]).toMatch(/this is not valid JSON/);
    expect(leaked[4]).toMatch(/must be a JSON object/);
    for (const text of leaked) expect(text).not.toContain(secret.slice(8));
  });

  it('takes the extra body from a file', async () => {
    const file = join(dir, 'body.json');
    writeFileSync(file, '{"enable_thinking": false}');
    const [trial] = await probeTrials(
      'sim-steady:tokens=3',
      '--mode',
      'plain',
      '--body',
      `@${file}`,
    );
    expect(traceOf(trial as Trial).request_fields).toMatchObject({ enable_thinking: false });
    const missing = await lasttoken(
      probeArgs('sim-steady', '--body', `@${join(dir, 'none.json')}`),
    );
    expect(missing.stderr).toMatch(/--body @.*none\.json: the file cannot be read \(ENOENT\)/);
  });
});

describe('a reasoning model that refuses max_tokens', () => {
  it('probe: the first trial is asked again with max_completion_tokens, the later ones send it at once', async () => {
    const trials = await probeTrials('sim-reasoner:tokens=5,reasoning=3', '--trials', '3');
    expect(trials.map((t) => t.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(trials.map((t) => t.token_param)).toEqual(
      Array<string>(6).fill('max_completion_tokens'),
    );
    expect(trials[0]?.error).toBe(
      'the endpoint refused max_tokens (HTTP 400): asked again with max_completion_tokens, which it accepts',
    );
    expect(trials.slice(1).map((t) => t.error)).toEqual(Array<null>(5).fill(null));
    expect(trials[0]?.reasoning_tokens_api).toBeGreaterThan(0);
    expect(traceOf(trials[1] as Trial).request_fields).toMatchObject({
      max_completion_tokens: 300,
    });
    expect(traceOf(trials[1] as Trial).request_fields).not.toHaveProperty('max_tokens');
  });

  it('a saved profile remembers the name its endpoint took, and its next run needs no retry', async () => {
    await addProfile('Reasoner', `${sim.url}/v1`, 'sim-reasoner:tokens=4,reasoning=2');
    const first = await runTrials('Reasoner', '--modes', 'stream');
    expect(first.map((t) => [t.status, t.token_param])).toEqual([['ok', 'max_completion_tokens']]);
    expect(first[0]?.error).toMatch(/refused max_tokens/);

    const profiles = await jsonOf<Profile[]>(['profile', 'list']);
    expect(profiles.find((p) => p.name === 'Reasoner')?.params).toEqual({
      token_param: 'max_completion_tokens',
    });

    const second = await runTrials('Reasoner', '--modes', 'stream');
    expect(second.map((t) => [t.status, t.token_param, t.error])).toEqual([
      ['ok', 'max_completion_tokens', null],
    ]);
  });

  it('a profile that names max_completion_tokens sends that name', async () => {
    await addProfile(
      'Older server',
      `${sim.url}/v1`,
      'sim-steady:tokens=3',
      '--token-param',
      'max_completion_tokens',
    );
    // The simulator takes both names; the profile's is sent as it says.
    const [trial] = await runTrials('Older server', '--modes', 'plain');
    expect(trial?.token_param).toBe('max_completion_tokens');
    expect(traceOf(trial as Trial).request_fields).toMatchObject({ max_completion_tokens: 300 });
  });
});

describe('profiles and runs carry the parameters', () => {
  it('profile add/edit keep them, an empty value clears one, and a run’s shared ones win', async () => {
    await addProfile(
      'Tuned',
      `${sim.url}/v1`,
      'sim-steady:tokens=3',
      '--temperature',
      '0.7',
      '--seed',
      '11',
      '--body',
      '{"user":"bench"}',
    );
    const edit = await inHistory(['profile', 'edit', 'Tuned', '--seed', '', '--top-p', '0.5']);
    expect(edit.code, edit.stderr).toBe(0);
    const profiles = await jsonOf<Profile[]>(['profile', 'list']);
    expect(profiles.find((p) => p.name === 'Tuned')?.params).toEqual({
      temperature: 0.7,
      top_p: 0.5,
      extra_body: { user: 'bench' },
    });

    const [trial] = await runTrials(
      'Tuned',
      '--modes',
      'plain',
      '--temperature',
      '0',
      '--seed',
      '3',
    );
    expect(traceOf(trial as Trial).request_fields).toMatchObject({
      temperature: 0,
      top_p: 0.5,
      seed: 3,
      user: 'bench',
    });

    const badEdit = await inHistory([
      'profile',
      'edit',
      'Tuned',
      '--dialect',
      'anthropic-messages',
      '--seed',
      '5',
    ]);
    expect(badEdit.code).not.toBe(0);
    expect(badEdit.stderr).toMatch(/anthropic-messages has no seed parameter/);
  });

  it('a run refuses a shared parameter a profile’s dialect has no field for, before any call', async () => {
    await addProfile(
      'Claude-like',
      sim.url,
      'sim-steady:tokens=3',
      '--dialect',
      'anthropic-messages',
    );
    const run = await inHistory(['run', '--profiles', 'Claude-like', '--seed', '1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /profile “Claude-like” \(anthropic-messages\) has no seed parameter: run it without that parameter/,
    );
  });
});

describe('prompts as inputs, and what a prompt cache may serve', () => {
  it('--prompt-file sends the file, less its last line break', async () => {
    const file = join(dir, 'prompt.txt');
    writeFileSync(file, 'Name three rivers.\n');
    const [trial] = await probeTrials(
      'sim-steady:tokens=3',
      '--mode',
      'plain',
      '--cache',
      'warm',
      '--prompt-file',
      file,
    );
    expect(traceOf(trial as Trial).prompt_head).toBe('Name three rivers.');
    const both = await lasttoken(probeArgs('sim-steady', '--prompt', 'x', '--prompt-file', file));
    expect([both.code, both.stderr]).toEqual([
      2,
      'lasttoken: give the prompt with --prompt or with --prompt-file, not both\n',
    ]);
  });

  it('--input-tokens N sends a prompt of N tokens within 1%, its question last, in the prompt’s language', async () => {
    for (const [prompt, tokens] of [
      ['Summarise the text above in one line.', 1000],
      ['Summarise the text above in one line.', 8000],
      ['用一句话概括上面的文字。', 2000],
    ] as const) {
      const [trial] = await probeTrials(
        'sim-steady:tokens=3',
        '--mode',
        'plain',
        '--cache',
        'warm',
        '--prompt',
        prompt,
        '--input-tokens',
        String(tokens),
      );
      const trace = traceOf(trial as Trial);
      expect(Math.abs(trace.prompt_tokens - tokens) / tokens).toBeLessThan(0.01);
      expect(trial?.usage_prompt_tokens).toBe(trace.prompt_tokens);
      if (prompt.startsWith('用'))
        expect(trace.prompt_head).toMatch(/^下面的文字只是为了把提示加长/);
      else expect(trace.prompt_head).toMatch(/^The text below only makes this prompt long/);
    }
    const tooShort = await lasttoken(probeArgs('sim-steady', '--input-tokens', '5'));
    expect(tooShort.code).toBe(2);
    expect(tooShort.stderr).toMatch(
      /the prompt alone is \d+ tokens, more than the 5 input tokens asked for/,
    );
  });

  it('cold trials share no prefix and are served nothing from cache; warm ones are, and answer sooner', async () => {
    const model = 'sim-steady:tokens=3,ttft=20,prefill=200,cache=1';
    const cold = await probeTrials(
      model,
      '--mode',
      'stream',
      '--trials',
      '3',
      '--input-tokens',
      '2000',
    );
    const heads = cold.map((t) => traceOf(t).prompt_head);
    expect(new Set(heads.map((h) => h.slice(0, 11))).size).toBe(3);
    for (const head of heads) expect(head).toMatch(/^\[[0-9a-f]{8}\]\nThe text below/);
    expect(cold.map((t) => t.cached_prompt_tokens)).toEqual([0, 0, 0]);

    const warm = await probeTrials(
      model,
      '--mode',
      'stream',
      '--trials',
      '3',
      '--input-tokens',
      '2000',
      '--cache',
      'warm',
    );
    // The priming call is left out of the report; the counted trials find the cache filled.
    expect(warm).toHaveLength(3);
    for (const trial of warm) {
      expect(trial.cached_prompt_tokens).toBe(traceOf(trial).cached_tokens);
      expect(trial.cached_prompt_tokens).toBeGreaterThanOrEqual(1920);
    }
    // 200 ms per 1,000 uncached tokens: about 400 ms cold, under 30 ms warm.
    const ttft = (trials: Trial[]) => trials.map((t) => t.ttft_ms as number);
    expect(Math.min(...ttft(cold))).toBeGreaterThan(380);
    expect(Math.max(...ttft(warm))).toBeLessThan(150);
  });

  it('a run keeps the cache policy and the input length, and a warm run without warm-ups is refused', async () => {
    await addProfile('Cached', `${sim.url}/v1`, 'sim-steady:tokens=3,cache=1');
    const run = await inHistory([
      'run',
      '--profiles',
      'Cached',
      '--trials',
      '2',
      '--modes',
      'plain',
      '--cache',
      'warm',
      '--input-tokens',
      '1500',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const { run_id } = JSON.parse(run.stdout) as { run_id: string };
    const shown = await jsonOf<{
      run: { config: { cache: string; input_tokens: number; warmup: boolean; prompt: string } };
      trials: { warmup: boolean; trial: Trial }[];
    }>(['show', run_id]);
    expect(shown.run.config).toMatchObject({
      cache: 'warm',
      input_tokens: 1500,
      warmup: true,
      prompt: 'Explain, in 150 words, why free-tier LLM latency is noisy.',
    });
    expect(shown.trials.map((t) => [t.warmup, (t.trial.cached_prompt_tokens ?? 0) > 0])).toEqual([
      [true, false],
      [false, true],
      [false, true],
    ]);
    const text = await inHistory(['show', run_id]);
    expect(text.stdout).toMatch(/1500 input tokens \(o200k_base\): filler, then "Explain/);
    expect(text.stdout).toMatch(/warm: identical prompts, the cache primed by the warm-ups/);
  });
});
