// A-vs-B verdicts on real trials: two simulated endpoints over HTTP on
// 127.0.0.1, measured side by side round by round as a run does. Each round
// draws its endpoints' first-token delay from a seeded distribution, so the
// true difference is known (the distributions' offset) while the trials still
// vary as real ones do.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMs } from '../../src/main/cli/format';
import { renderRunComparisons } from '../../src/main/cli/run-comparisons';
import { createProbeSession, DEFAULT_LIMITS } from '../../src/main/probe';
import { startSimulator, type SimServer } from '../../src/main/sim';
import { compareRun, type Comparison } from '../../src/shared/comparisons';
import { seededRandom } from '../../src/shared/random';
import { withReaderMetrics } from '../../src/shared/reader';
import type { StoredTrial } from '../../src/shared/run';
import type { Mode, Trial } from '../../src/shared/trial';
import { runRecord, snapshot } from '../support/store-fixtures';

const ROUNDS = 10;
// Gaps of 5 ms: the stream is far ahead of an 8 tok/s reader, so the reader
// finishes a fixed time after the first token and inherits its difference.
const scenario = (ttft: number, round: number): string =>
  `sim-steady:ttft=${Math.round(ttft)},gap=5,tokens=10,seed=${round}`;

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});

async function trial(model: string, mode: Mode): Promise<Trial> {
  const session = createProbeSession({
    base_url: `${sim.url}/v1`,
    model,
    dialect: 'openai-chat',
  });
  try {
    return await session.runTrial(
      { messages: [{ role: 'user', content: 'Say something.' }], max_tokens: 64, mode },
      DEFAULT_LIMITS,
    );
  } finally {
    session.close();
  }
}

/**
 * ROUNDS rounds of both profiles side by side; in round k, profile a's first
 * token comes `ttftA(k)` ms after the request and b's `ttftB(k)`.
 */
async function measure(
  ttftA: (k: number) => number,
  ttftB: (k: number) => number,
  modes: readonly Mode[] = ['stream'],
): Promise<StoredTrial[]> {
  const stored: StoredTrial[] = [];
  for (let k = 1; k <= ROUNDS; k++) {
    for (const mode of modes) {
      const [a, b] = await Promise.all([
        trial(scenario(ttftA(k), k), mode),
        trial(scenario(ttftB(k), k + 100), mode),
      ]);
      for (const [profile_id, t] of [
        ['a', a],
        ['b', b],
      ] as const) {
        expect(t.status).toBe('ok');
        stored.push({ run_id: 'r', profile_id, trial_index: k, warmup: false, trial: t });
      }
    }
  }
  return stored;
}

const find = (all: readonly Comparison[], mode: Comparison['mode'], metric: string): Comparison => {
  const found = all.find((c) => c.mode === mode && c.metric === metric);
  if (!found) throw new Error(`no ${mode} ${metric} comparison`);
  return found;
};

describe('A vs B on simulated endpoints', () => {
  it('finds a known difference: the right sign, an interval holding the true 200 ms', async () => {
    // a waits 100–160 ms, b 300–360 ms: b is 200 ms slower in the distributions' terms.
    const random = seededRandom(42);
    const draws = Array.from({ length: 2 * ROUNDS + 2 }, () => 60 * random());
    const stored = await measure(
      (k) => 100 + (draws[2 * k] as number),
      (k) => 300 + (draws[2 * k + 1] as number),
      ['stream', 'plain'],
    );
    const trials = stored.map((t) => ({ ...t, trial: withReaderMetrics(t.trial) }));
    const all = compareRun(['a', 'b'], trials);

    for (const metric of ['ttft_ms', 'total_ms', 'reader_done_ms']) {
      const c = find(all, 'stream', metric);
      expect(c, metric).toMatchObject({ paired: true, n_pairs: ROUNDS, verdict: 'a_lower' });
      expect(c.diff_ms, metric).toBeGreaterThan(0);
      expect(c.ci_low_ms as number, metric).toBeLessThanOrEqual(200);
      expect(c.ci_high_ms as number, metric).toBeGreaterThanOrEqual(200);
    }
    // Both send a token every 5 ms: no difference in the gaps.
    expect(find(all, 'stream', 'gap_median_ms').verdict).toBe('equivalent');
    // Plain mode: the whole answer, 200 ms later, both in TTFB and total.
    expect(find(all, 'plain', 'first_byte_ms').verdict).toBe('a_lower');

    // Streamed, the first token comes about 50 ms (10 steps of 5 ms) before the
    // plain first byte, which waits for the whole answer; the totals are alike.
    const versus = all.filter((c) => c.mode === 'stream_vs_plain' && c.profile_a === 'a');
    expect(find(versus, 'stream_vs_plain', 'ttft_ms').verdict).toBe('b_lower');
    expect(find(versus, 'stream_vs_plain', 'total_ms').verdict).toBe('equivalent');

    // The CLI says it in words, with the same figures.
    const run = runRecord('r', [snapshot('a', { name: 'alpha' }), snapshot('b', { name: 'beta' })]);
    const text = renderRunComparisons({ run, trials: stored, summaries: {} }) ?? '';
    const first = find(all, 'stream', 'ttft_ms');
    expect(text).toContain(
      `stream  beta vs alpha, first token: alpha's first token is lower by ${formatMs(first.diff_ms)} ` +
        `(95% CI ${formatMs(first.ci_low_ms as number).replace(/ ms$/, '')}–${formatMs(first.ci_high_ms as number)}, n = ${ROUNDS} pairs)`,
    );
    const gap = find(all, 'stream', 'gap_median_ms');
    expect(text).toContain(
      `stream  beta vs alpha, median gap: equivalent within ±${formatMs(gap.margin_ms)} (CI `,
    );
  }, 60_000);

  it('two endpoints drawn from one distribution: neither is lower, and what the sample cannot tell is said so', async () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 2 * ROUNDS + 2 }, () => 150 + 60 * random());
    const stored = await measure(
      (k) => draws[2 * k] as number,
      (k) => draws[2 * k + 1] as number,
    );
    const all = compareRun(['a', 'b'], stored);
    // The same 5 ms steps: the gaps are equivalent within 1 ms.
    expect(find(all, 'stream', 'gap_median_ms').verdict).toBe('equivalent');
    // First tokens spread over 60 ms at n = 10 against a margin under 2 ms: the
    // interval crosses it, so the sample cannot tell, and says how many rounds would.
    for (const metric of ['ttft_ms', 'total_ms']) {
      const c = find(all, 'stream', metric);
      expect(c.verdict, metric).toBe('inconclusive');
      expect(c.ci_low_ms as number, metric).toBeLessThan(-c.margin_ms);
      expect(c.ci_high_ms as number, metric).toBeGreaterThan(c.margin_ms);
      expect(c.rounds_to_settle ?? Infinity, metric).toBeGreaterThan(ROUNDS);
    }
  }, 60_000);
});
