// A sweep of input lengths from the command line to the figures: each length
// its own group of trials, each prompt as long as asked, and the line through
// them recovering the simulator's prefill rate; in the report, `show --json`,
// the summary CSV and a run file moved to another history. In-process CLI
// against real SQLite files and the simulator on 127.0.0.1.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { PrefillFit } from '../../src/shared/prefill';
import type { Mode, Trial } from '../../src/shared/trial';
import { cliInProcess } from '../support/cli-in-process';

let dir: string;
let db: string;
let sim: SimServer;
let runId: string;

interface Shown {
  run: { config: { input_tokens: number[]; trials: number } };
  trials: { trial_index: number; warmup: boolean; trial: Trial }[];
  prefill: Record<string, Partial<Record<Mode, PrefillFit>>>;
}

const inHistory = (argv: string[], history = db) => cliInProcess([...argv, '--db', history]);

async function shown(id: string, history = db): Promise<Shown> {
  const show = await inHistory(['show', id, '--json'], history);
  expect(show.code, show.stderr).toBe(0);
  return JSON.parse(show.stdout) as Shown;
}

// 30 ms before anything, then 50 ms for each 1,000 uncached prompt tokens.
const PREFILL_MS_PER_KTOK = 50;
const MODEL = `sim-steady:tokens=3,gap=2,ttft=30,prefill=${PREFILL_MS_PER_KTOK}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-input-sweep-'));
  db = join(dir, 'history.db');
  sim = await startSimulator({ port: 0 });
  const add = await inHistory([
    'profile',
    'add',
    '--name',
    'Prefill',
    '--base-url',
    `${sim.url}/v1`,
    '--model',
    MODEL,
  ]);
  expect(add.code, add.stderr).toBe(0);
  const run = await inHistory([
    'run',
    '--profiles',
    'Prefill',
    '--trials',
    '3',
    '--modes',
    'stream',
    '--input-tokens',
    '500,2k,4000',
    '--json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  runId = (JSON.parse(run.stdout) as { run_id: string }).run_id;
}, 60_000);
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a sweep of input lengths', () => {
  it('sends each length as its own group, every prompt as long as asked, rounds alike for every length', async () => {
    const { run, trials } = await shown(runId);
    expect(run.config.input_tokens).toEqual([500, 2000, 4000]);
    expect(trials.map((t) => [t.trial_index, t.trial.input_tokens])).toEqual([
      [1, 500],
      [2, 2000],
      [3, 4000],
      [4, 500],
      [5, 2000],
      [6, 4000],
      [7, 500],
      [8, 2000],
      [9, 4000],
    ]);
    for (const { trial } of trials) {
      const trace = sim.trace(trial.request_id ?? '');
      const asked = trial.input_tokens as number;
      expect(Math.abs((trace?.prompt_tokens ?? 0) - asked) / asked).toBeLessThan(0.01);
      expect(trial.usage_prompt_tokens).toBe(trace?.prompt_tokens);
    }
  });

  it('recovers the prefill rate and the fixed part, with n and an interval', async () => {
    const { prefill, trials } = await shown(runId);
    const profileId = Object.keys(prefill)[0] as string;
    const fit = prefill[profileId]?.stream;
    expect(fit).toBeDefined();
    if (!fit) return;
    expect(fit.x).toBe('usage');
    expect(fit.n).toBe(9);
    expect(fit.groups.map((g) => [g.input_tokens, g.n])).toEqual([
      [500, 3],
      [2000, 3],
      [4000, 3],
    ]);
    // The simulator's rate, within what a loaded machine's scheduling adds.
    expect(Math.abs((fit.prefill_ms_per_ktok as number) - PREFILL_MS_PER_KTOK)).toBeLessThan(5);
    const [low, high] = fit.prefill_ms_per_ktok_ci95 ?? [NaN, NaN];
    expect(low).toBeLessThanOrEqual(fit.prefill_ms_per_ktok as number);
    expect(high).toBeGreaterThanOrEqual(fit.prefill_ms_per_ktok as number);
    expect(fit.ttft_fixed_ms).toBeGreaterThan(20);
    expect(fit.ttft_fixed_ms).toBeLessThan(60);
    // Each length's median is its trials'.
    const ttftAt = (n: number) =>
      trials.filter((t) => t.trial.input_tokens === n).map((t) => t.trial.ttft_ms as number);
    const middle = (values: number[]) => [...values].sort((a, b) => a - b)[1];
    expect(fit.groups[2]?.first_token?.median).toBe(middle(ttftAt(4000)));
  });

  it('says so in the report: the pooled figures, each length with its n, and the line', async () => {
    const show = await inHistory(['show', runId]);
    expect(show.stdout).toContain(
      'a sweep of 500, 2,000, 4,000 input tokens (o200k_base): filler, then',
    );
    expect(show.stdout).toContain('3 trials of stream per profile at each of 3 input lengths');
    expect(show.stdout).toContain(
      'these figures pool 3 input lengths: the first token against each is below',
    );
    expect(show.stdout).toContain('--- stream: TTFT against input length (3 lengths) ---');
    expect(show.stdout).toMatch(
      /prefill: \d+\.\d ms per 1,000 prompt tokens \(95% CI [\d.]+ ms–[\d.]+ ms; n = 9 trials\), fixed part [\d.]+ ms/,
    );
  });

  it('exports the line with the summary, and each trial’s length with the trials', async () => {
    const summary = await inHistory(['export', runId, '--kind', 'summary', '--out', '-']);
    expect(summary.code, summary.stderr).toBe(0);
    const [row] = parse(summary.stdout, { columns: true }) as Record<string, string>[];
    const { prefill } = await shown(runId);
    const fit = Object.values(prefill)[0]?.stream as PrefillFit;
    expect(row).toMatchObject({
      input_lengths: '500;2000;4000',
      prefill_x: 'usage',
      prefill_n: '9',
    });
    expect(Number(row?.prefill_ms_per_ktok)).toBeCloseTo(fit.prefill_ms_per_ktok as number, 3);
    expect(Number(row?.ttft_fixed_ms)).toBeCloseTo(fit.ttft_fixed_ms as number, 3);
    const trials = await inHistory(['export', runId, '--kind', 'trials', '--out', '-']);
    const rows = parse(trials.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.input_tokens)).toEqual([
      '500',
      '2000',
      '4000',
      '500',
      '2000',
      '4000',
      '500',
      '2000',
      '4000',
    ]);
  });

  it('keeps the sweep through a run file into another history', async () => {
    const file = join(dir, 'sweep.lasttoken.json');
    const exported = await inHistory(['export', runId, '--kind', 'json', '--out', file]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).run.config.input_tokens).toEqual([
      500, 2000, 4000,
    ]);
    const other = join(dir, 'other.db');
    const imported = await inHistory(['import', file], other);
    expect(imported.code, imported.stderr).toBe(0);
    const before = await shown(runId);
    const after = await shown(runId, other);
    expect(after.prefill).toEqual(before.prefill);
    expect(after.trials.map((t) => t.trial.input_tokens)).toEqual(
      before.trials.map((t) => t.trial.input_tokens),
    );
  });

  it('refuses lengths listed twice, and a warm cache for a sweep, before any call', async () => {
    const twice = await inHistory(['run', '--profiles', 'Prefill', '--input-tokens', '1000,1k']);
    expect([twice.code, twice.stderr]).toEqual([
      2,
      'lasttoken: --input-tokens lists 1000 more than once\n',
    ]);
    const warm = await inHistory([
      'run',
      '--profiles',
      'Prefill',
      '--input-tokens',
      '1000,2000',
      '--cache',
      'warm',
    ]);
    expect(warm.code).toBe(2);
    expect(warm.stderr).toContain('--cache warm primes one prompt');
  });
});
