// A vs B verdicts on samples whose truth is known: hand-made ones, and draws
// from seeded distributions (the same one for both sides, or one shifted by a
// known amount). The simulator check is in tests/integration/comparisons.test.ts.

import { describe, expect, it } from 'vitest';
import {
  compareRun,
  compareSamples,
  MAX_ROUNDS_TO_SETTLE,
  practicalMargin,
  roundsToSettle,
  verdictOf,
  type ComparedTrial,
  type Difference,
  type RoundValue,
} from '../../src/shared/comparisons';
import { seededRandom } from '../../src/shared/random';
import { bootstrapMedianCi, bootstrapMedianDifferenceCi } from '../../src/shared/stats';
import type { Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from './trial-fixture';

const byRound = (values: readonly number[], from = 1): RoundValue[] =>
  values.map((value, i) => ({ round: from + i, value }));

describe('compareSamples', () => {
  it('pairs by round: the median of the differences B − A, with their interval', () => {
    const a = [100, 110, 120, 130, 140];
    const offsets = [50, 52, 48, 51, 49];
    const b = a.map((v, i) => v + (offsets[i] as number));
    const result = compareSamples(byRound(a), byRound(b));
    const ci = bootstrapMedianCi(offsets) as [number, number];
    expect(result).toEqual({
      diff_ms: 50,
      ci_low_ms: ci[0],
      ci_high_ms: ci[1],
      n_pairs: 5,
      paired: true,
      n_a: 5,
      n_b: 5,
      median_a_ms: 120,
      median_b_ms: 168,
      margin_ms: practicalMargin(120, 168),
      verdict: 'a_lower',
      rounds_to_settle: null,
    });
    // The interval of the median of five differences lies within them.
    expect(ci[0]).toBeGreaterThanOrEqual(48);
    expect(ci[1]).toBeLessThanOrEqual(52);
  });

  it('says B is lower when the whole interval is below minus the margin', () => {
    const a = [300, 310, 305, 320, 315];
    const result = compareSamples(byRound(a), byRound(a.map((v) => v - 100)));
    expect(result).toMatchObject({ diff_ms: -100, ci_low_ms: -100, ci_high_ms: -100 });
    expect(result?.verdict).toBe('b_lower');
  });

  it('pairing removes what both sides shared in a round', () => {
    // Rounds drift together from 100 to 1000 ms; B is always 20 ms later. Unpaired,
    // the drift swamps the 20 ms; paired, it is found.
    const a = [100, 400, 700, 1000, 250, 850];
    const b = a.map((v) => v + 20);
    expect(compareSamples(byRound(a), byRound(b))?.verdict).toBe('a_lower');
    expect(compareSamples(byRound(a), byRound(b), { paired: false })).toMatchObject({
      paired: false,
      n_pairs: 0,
      verdict: 'inconclusive',
    });
  });

  it('compares the medians unpaired when no round has both sides', () => {
    const a = byRound([100, 104, 98]);
    const b = byRound([200, 190, 210], 4);
    const result = compareSamples(a, b);
    const ci = bootstrapMedianDifferenceCi([100, 104, 98], [200, 190, 210]) as [number, number];
    expect(result).toEqual({
      diff_ms: 200 - 100,
      ci_low_ms: ci[0],
      ci_high_ms: ci[1],
      n_pairs: 0,
      paired: false,
      n_a: 3,
      n_b: 3,
      median_a_ms: 100,
      median_b_ms: 200,
      margin_ms: 1,
      verdict: 'a_lower',
      rounds_to_settle: null,
    });
    // Each side resampled: the interval spans the spread of the differences of medians.
    expect(ci[0]).toBeGreaterThanOrEqual(190 - 104);
    expect(ci[1]).toBeLessThanOrEqual(210 - 98);
  });

  it('pairs every round where both sides are ok, one round too, and counts only those', () => {
    // Failed trials left holes: rounds 1 and 5 have both sides, the others one each.
    const a = [
      { round: 1, value: 100 },
      { round: 2, value: 500 },
      { round: 5, value: 104 },
    ];
    const b = [
      { round: 1, value: 150 },
      { round: 3, value: 900 },
      { round: 5, value: 160 },
    ];
    expect(compareSamples(a, b)).toMatchObject({
      paired: true,
      n_pairs: 2,
      n_a: 2,
      n_b: 2,
      // The medians are those of the paired rounds, as the difference is.
      median_a_ms: 102,
      median_b_ms: 155,
      diff_ms: 53,
      margin_ms: practicalMargin(102, 155),
    });
    // One shared round is still a pair: its difference, with no interval to judge it by.
    expect(compareSamples(a.slice(0, 2), b.slice(0, 2))).toMatchObject({
      paired: true,
      n_pairs: 1,
      n_a: 1,
      n_b: 1,
      diff_ms: 50,
      ci_low_ms: null,
      verdict: 'inconclusive',
      rounds_to_settle: null,
    });
  });

  it('gives no interval, and no verdict, from one value a side', () => {
    expect(compareSamples(byRound([100]), byRound([300]))).toMatchObject({
      diff_ms: 200,
      ci_low_ms: null,
      ci_high_ms: null,
      verdict: 'inconclusive',
      rounds_to_settle: null,
    });
  });

  it('is null when a side measured nothing; non-finite values are left out', () => {
    expect(compareSamples([], byRound([1, 2]))).toBeNull();
    expect(compareSamples(byRound([NaN, Infinity]), byRound([1, 2]))).toBeNull();
    expect(compareSamples(byRound([5, NaN, 7]), byRound([5, 6, 7]))?.n_pairs).toBe(2);
  });

  it('calls a difference whose whole interval is within the margin equivalent, however sure', () => {
    // B is always 5 ms later on about 1 s: the interval is [5, 5], inside ±1% = ±10 ms.
    const a = [1000, 1010, 990, 1005, 995];
    const result = compareSamples(byRound(a), byRound(a.map((v) => v + 5)));
    expect(result).toMatchObject({ ci_low_ms: 5, ci_high_ms: 5, margin_ms: 10 });
    expect(result?.verdict).toBe('equivalent');
    expect(result?.rounds_to_settle).toBeNull();
  });

  it('calls an interval that crosses a margin line inconclusive, with the rounds to settle it', () => {
    // Paired differences spread over −40…+60 around +8 on ~1 s: the ±10 ms margin is crossed.
    const a = [1000, 1000, 1000, 1000, 1000, 1000];
    const offsets = [-40, 8, 60, -20, 30, 5];
    const result = compareSamples(byRound(a), byRound(a.map((v, i) => v + (offsets[i] as number))));
    expect(result?.verdict).toBe('inconclusive');
    const { diff_ms, ci_low_ms, ci_high_ms, margin_ms } = result as Difference;
    expect(result?.rounds_to_settle).toBe(
      roundsToSettle(diff_ms, [ci_low_ms as number, ci_high_ms as number], margin_ms, 6),
    );
    expect(result?.rounds_to_settle).toBeGreaterThan(6);
  });

  it('is deterministic, and the seed is what changes the resampling', () => {
    const a = byRound([120, 180, 150, 170, 130, 160]);
    const b = byRound([150, 140, 210, 190, 160, 200]);
    expect(compareSamples(a, b)).toEqual(compareSamples(a, b));
    const other = compareSamples(a, b, { seed: 7 });
    expect(other?.diff_ms).toBe(compareSamples(a, b)?.diff_ms);
    expect([other?.ci_low_ms, other?.ci_high_ms]).toEqual(
      bootstrapMedianCi([30, -40, 60, 20, 30, 40], { seed: 7 }),
    );
  });
});

describe('verdicts on seeded samples', () => {
  // Times with a floor and a long tail, like latencies: 200 ms + exponential (mean 60 ms).
  const latencies = (random: () => number, n: number, shift = 0): RoundValue[] =>
    byRound(Array.from({ length: n }, () => 200 + shift + 60 * -Math.log(1 - random())));

  it.each([true, false])(
    'two identical endpoints: neither lower in at least 19 of 20 repetitions (paired: %s)',
    (paired) => {
      const verdicts = Array.from({ length: 20 }, (_, rep) => {
        const random = seededRandom(1000 + rep);
        const a = latencies(random, 10);
        const b = latencies(random, 10);
        return compareSamples(a, b, { paired })?.verdict;
      });
      // A 60 ms spread at n = 10 against a 2 ms margin: this sample cannot tell, so it must not say equivalent either.
      expect(verdicts.filter((v) => v === 'inconclusive').length).toBeGreaterThanOrEqual(19);
      expect(verdicts).not.toContain('equivalent');
    },
  );

  it('the rounds an inconclusive row asks for settle it in most repetitions', () => {
    // Identical endpoints on ~1 s with a 20 ms spread, 8 rounds: inconclusive against ±10 ms.
    const near = (random: () => number, n: number): RoundValue[] =>
      byRound(Array.from({ length: n }, () => 1000 + 20 * -Math.log(1 - random())));
    let asked = 0;
    let settled = 0;
    for (let rep = 0; rep < 20; rep++) {
      const random = seededRandom(3000 + rep);
      const first = compareSamples(near(random, 8), near(random, 8));
      if (first?.verdict !== 'inconclusive' || first.rounds_to_settle === null) continue;
      asked++;
      const again = seededRandom(9000 + rep);
      const n = first.rounds_to_settle;
      const verdict = compareSamples(near(again, n), near(again, n))?.verdict;
      expect(verdict).not.toMatch(/_lower$/);
      if (verdict === 'equivalent') settled++;
    }
    expect(asked).toBeGreaterThanOrEqual(15);
    expect(settled / asked).toBeGreaterThanOrEqual(0.7);
  });

  it('B 100 ms faster: found with the right sign, the interval holding 100 ms', () => {
    const results = Array.from({ length: 20 }, (_, rep) => {
      const random = seededRandom(2000 + rep);
      return compareSamples(latencies(random, 10), latencies(random, 10, -100));
    });
    const verdicts = results.map((r) => r?.verdict);
    // Never the wrong way round; with n = 10 and this spread, nearly always found.
    expect(verdicts).not.toContain('a_lower');
    expect(verdicts.filter((v) => v === 'b_lower').length).toBeGreaterThanOrEqual(18);
    const holding = results.filter(
      (r) => (r?.ci_low_ms ?? Infinity) <= -100 && -100 <= (r?.ci_high_ms ?? -Infinity),
    );
    // A percentile bootstrap of the median of 10 pairs covers a little under its nominal 95%.
    expect(holding.length).toBeGreaterThanOrEqual(17);
  });
});

describe('verdictOf', () => {
  it('says lower beyond the margin, equivalent within it, inconclusive across a margin line', () => {
    expect(verdictOf([2, 9], 1)).toBe('a_lower');
    expect(verdictOf([-9, -2], 1)).toBe('b_lower');
    expect(verdictOf([-1, 1], 1)).toBe('equivalent');
    expect(verdictOf([-0.2, 0.7], 1)).toBe('equivalent');
    expect(verdictOf([0.5, 9], 1)).toBe('inconclusive');
    expect(verdictOf([-9, 3], 1)).toBe('inconclusive');
    expect(verdictOf([-9, -0.5], 1)).toBe('inconclusive');
    expect(verdictOf(null, 1)).toBe('inconclusive');
  });

  it('takes max(1 ms, 1% of the smaller median) as the margin', () => {
    expect(practicalMargin(50, 80)).toBe(1);
    expect(practicalMargin(2000, 1000)).toBe(10);
    expect(practicalMargin(-300, 500)).toBe(3);
  });
});

describe('roundsToSettle', () => {
  it('shrinks the crossing arm as 1/√n to the distance from the difference to its line', () => {
    // Centred at 0, arms of 10 against ±5: both arms must halve, so 4 × the rounds.
    expect(roundsToSettle(0, [-10, 10], 5, 4)).toBe(16);
    // At +20 past a 10 ms margin, the lower arm of 20 must shrink to 10.
    expect(roundsToSettle(20, [0, 40], 10, 5)).toBe(20);
    // Below −margin, the upper arm is the one that crosses.
    expect(roundsToSettle(-20, [-60, 0], 10, 5)).toBe(20);
    // Asymmetric inside the margin: the longer arm (30 to the +5 line from 0) decides.
    expect(roundsToSettle(0, [-6, 30], 5, 10)).toBe(360);
  });

  it('is null on a margin line, where no n settles it, and past the limit', () => {
    expect(roundsToSettle(5, [0, 10], 5, 5)).toBeNull();
    expect(roundsToSettle(0, [-1000, 1000], 1, 10)).toBeNull();
    expect(MAX_ROUNDS_TO_SETTLE).toBe(10_000);
  });
});

describe('compareRun', () => {
  const stored = (
    profile_id: string,
    trial_index: number,
    trial: Trial,
    warmup = false,
  ): ComparedTrial => ({ profile_id, trial_index, warmup, trial });
  const rounds = [1, 2, 3, 4];
  const streamed = (ttft_ms: number, total_ms: number) => makeTrial({ ttft_ms, total_ms });
  const trials: ComparedTrial[] = [
    stored('a', 0, makeTrial({ ttft_ms: 9999 }), true),
    ...rounds.map((k) => stored('a', k, streamed(200 + k, 500 + k))),
    ...rounds.map((k) =>
      stored('a', k, makePlainTrial({ first_byte_ms: 590 + k, total_ms: 600 + k })),
    ),
    ...rounds.map((k) => stored('b', k, streamed(100 + k, 500 + k))),
    stored('b', 5, makeTrial({ status: 'http_error', ttft_ms: 1 })),
    ...rounds.map((k) => stored('c', k, streamed(300 + k, 900 + k))),
  ];

  it('compares each pair of profiles per mode, then stream against plain per profile', () => {
    const result = compareRun(['a', 'b', 'c'], trials);
    // The trials carry their reader metrics (trial-fixture computes them), so reader_done_ms is compared too.
    expect(result.map((c) => [c.mode, c.profile_a, c.profile_b, c.metric])).toEqual([
      ['stream', 'a', 'b', 'ttft_ms'],
      ['stream', 'a', 'b', 'gap_median_ms'],
      ['stream', 'a', 'b', 'total_ms'],
      ['stream', 'a', 'b', 'reader_done_ms'],
      ['stream', 'a', 'c', 'ttft_ms'],
      ['stream', 'a', 'c', 'gap_median_ms'],
      ['stream', 'a', 'c', 'total_ms'],
      ['stream', 'a', 'c', 'reader_done_ms'],
      ['stream', 'b', 'c', 'ttft_ms'],
      ['stream', 'b', 'c', 'gap_median_ms'],
      ['stream', 'b', 'c', 'total_ms'],
      ['stream', 'b', 'c', 'reader_done_ms'],
      ['stream_vs_plain', 'a', 'a', 'ttft_ms'],
      ['stream_vs_plain', 'a', 'a', 'total_ms'],
      ['stream_vs_plain', 'a', 'a', 'reader_done_ms'],
    ]);
  });

  it('leaves out warm-ups and failed trials, and reads each mode’s own first-token figure', () => {
    const result = compareRun(['a', 'b', 'c'], trials);
    const first = result.find((c) => c.mode === 'stream' && c.profile_b === 'b');
    // b is 100 ms earlier in every round; the warm-up (9999) and b's failure (1) do not count.
    expect(first).toMatchObject({ diff_ms: -100, n_pairs: 4, paired: true, verdict: 'b_lower' });
    const total = result.find((c) => c.metric === 'total_ms' && c.profile_b === 'b');
    expect(total).toMatchObject({ diff_ms: 0, verdict: 'equivalent' });
    // Stream TTFT (200 + k) against plain TTFB (590 + k): B − A = −390 in every round.
    const versus = result.find((c) => c.mode === 'stream_vs_plain' && c.metric === 'ttft_ms');
    expect(versus).toMatchObject({
      diff_ms: -390,
      ci_low_ms: -390,
      ci_high_ms: -390,
      verdict: 'b_lower',
    });
  });

  it('compares reader_done_ms where the trials carry it', () => {
    const withReader = trials.map((t) => ({
      ...t,
      trial: {
        ...t.trial,
        reader_done_ms: (t.trial.total_ms ?? 0) + (t.profile_id === 'b' ? 50 : 0),
      },
    }));
    const reader = compareRun(['a', 'b'], withReader).filter((c) => c.metric === 'reader_done_ms');
    expect(reader.map((c) => [c.mode, c.diff_ms, c.verdict])).toEqual([
      ['stream', 50, 'a_lower'],
      ['stream_vs_plain', 500 - 600, 'b_lower'],
    ]);
  });
});
