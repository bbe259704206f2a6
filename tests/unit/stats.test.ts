import fc from 'fast-check';
import { describe as group, expect, it } from 'vitest';
import {
  bootstrapMedianCi,
  bootstrapMedianDifferenceCi,
  describe,
  median,
  quantile,
} from '../../src/shared/stats';

// Metric values are milliseconds, counts and rates: bounded, so the properties
// do not wander into overflow. -0 is folded into 0 because toEqual tells them
// apart while sorting does not, which would fail permutation invariance for
// no real reason.
const metricValue = fc
  .double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true })
  .map((x) => (x === 0 ? 0 : x));
const sample = fc.array(metricValue, { minLength: 1, maxLength: 60 });
const sampleWithPermutation = sample.chain((xs) =>
  fc.tuple(
    fc.constant(xs),
    fc.shuffledSubarray(xs, { minLength: xs.length, maxLength: xs.length }),
  ),
);

group('quantile (type 7, numpy default)', () => {
  // Expected values from numpy 2.4 `np.quantile(a, q)`.
  it.each([
    { data: [1, 2, 3, 4], q: [0, 0.25, 0.5, 0.95, 1], expected: [1, 1.75, 2.5, 3.85, 4] },
    { data: [1, 2, 3], q: [0, 0.25, 0.5, 0.95, 1], expected: [1, 1.5, 2, 2.9, 3] },
    {
      data: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100],
      q: [0, 0.25, 0.5, 0.95, 1],
      expected: [10, 32.5, 55, 95.5, 100],
    },
    { data: [5], q: [0, 0.5, 0.95, 1], expected: [5, 5, 5, 5] },
    { data: [1, 2], q: [0.25, 0.5, 0.95], expected: [1.25, 1.5, 1.95] },
  ])('$data', ({ data, q, expected }) => {
    q.forEach((p, i) => expect(quantile(data, p)).toBeCloseTo(expected[i] as number, 12));
  });

  it('accepts typed arrays', () => {
    expect(quantile(new Float64Array([1, 2, 3, 4]), 0.5)).toBe(2.5);
  });

  it('rejects an empty array and q outside [0, 1]', () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
    expect(() => quantile([1], -0.1)).toThrow(RangeError);
    expect(() => quantile([1], 1.1)).toThrow(RangeError);
    expect(() => quantile([1], Number.NaN)).toThrow(RangeError);
  });

  it('does not overflow between huge values of opposite sign', () => {
    expect(quantile([-Number.MAX_VALUE, Number.MAX_VALUE], 0.5)).toBe(0);
  });
});

group('median', () => {
  it('takes the middle value of an odd count and the mean of the two middle ones of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('ignores non-finite values and is null when nothing is left', () => {
    expect(median([Number.NaN, 1, Number.POSITIVE_INFINITY, 3, Number.NEGATIVE_INFINITY])).toBe(2);
    expect(median([null as unknown as number, 5])).toBe(5);
    expect(median([])).toBeNull();
    expect(median([Number.NaN])).toBeNull();
  });

  it('of an odd count is one of the values', () => {
    fc.assert(
      fc.property(sample, (xs) => {
        const odd = xs.length % 2 === 1 ? xs : xs.slice(1);
        if (odd.length === 0) return;
        expect(odd).toContain(median(odd));
      }),
    );
  });
});

group('describe', () => {
  it('gives numpy-checked figures for a known sample', () => {
    // np.quantile / np.mean / np.std(ddof=1) of [2.5, 7.25, 1.0, 9.5, 3.0]
    const d = describe([2.5, 7.25, 1.0, 9.5, 3.0]);
    expect(d).not.toBeNull();
    expect(d?.n).toBe(5);
    expect(d?.median).toBe(3);
    expect(d?.p95).toBeCloseTo(9.05, 12);
    expect(d?.min).toBe(1);
    expect(d?.max).toBe(9.5);
    expect(d?.mean).toBeCloseTo(4.65, 12);
    expect(d?.sd).toBeCloseTo(3.568963434948585, 12);
    expect(d?.median_ci95).toHaveLength(2);
  });

  it('is null for no finite values', () => {
    expect(describe([])).toBeNull();
    expect(describe([Number.NaN, Number.POSITIVE_INFINITY])).toBeNull();
  });

  it('has no sd and no interval for a single value', () => {
    expect(describe([42])).toEqual({
      n: 1,
      median: 42,
      p95: 42,
      min: 42,
      max: 42,
      mean: 42,
      sd: null,
      median_ci95: null,
    });
  });

  it('counts only finite values in n', () => {
    const d = describe([1, Number.NaN, 2, null as unknown as number, 3, Number.NEGATIVE_INFINITY]);
    expect(d).toEqual(describe([1, 2, 3]));
    expect(d?.n).toBe(3);
  });

  it('keeps the sd of values far from zero exact (no Σx² cancellation)', () => {
    // Deviations −6, −3, 3, 6 from a mean of 1e9 + 10: variance 90 / 3 = 30.
    const d = describe([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16]);
    expect(d?.mean).toBe(1e9 + 10);
    expect(d?.sd).toBeCloseTo(Math.sqrt(30), 9);
  });

  it('gives sd 0 and a point interval for constant data', () => {
    const d = describe([0.1, 0.1, 0.1, 0.1]);
    expect(d?.sd).toBe(0);
    expect(d?.mean).toBe(0.1);
    expect(d?.median_ci95).toEqual([0.1, 0.1]);
  });

  it('keeps every figure within [min, max]', () => {
    fc.assert(
      fc.property(sample, (xs) => {
        const d = describe(xs);
        if (!d) throw new Error('a non-empty sample has a distribution');
        expect(d.n).toBe(xs.length);
        expect(d.min).toBe(Math.min(...xs));
        expect(d.max).toBe(Math.max(...xs));
        for (const figure of [d.median, d.p95, d.mean]) {
          expect(figure).toBeGreaterThanOrEqual(d.min);
          expect(figure).toBeLessThanOrEqual(d.max);
        }
        if (d.sd !== null) expect(d.sd).toBeGreaterThanOrEqual(0);
        expect(d.sd === null).toBe(xs.length < 2);
        expect(d.median).toBe(median(xs));
      }),
    );
  });

  it('is permutation-invariant', () => {
    fc.assert(
      fc.property(sampleWithPermutation, ([xs, permuted]) => {
        expect(describe(permuted)).toEqual(describe(xs));
      }),
    );
  });

  it('ignores interleaved non-finite values', () => {
    const junk = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    fc.assert(
      fc.property(sample, fc.array(fc.tuple(fc.nat(), junk)), (xs, inserts) => {
        const dirty = [...xs];
        for (const [at, value] of inserts) dirty.splice(at % (dirty.length + 1), 0, value);
        expect(describe(dirty)).toEqual(describe(xs));
      }),
    );
  });
});

group('bootstrapMedianCi', () => {
  it('is null with fewer than two finite values', () => {
    expect(bootstrapMedianCi([])).toBeNull();
    expect(bootstrapMedianCi([3])).toBeNull();
    expect(bootstrapMedianCi([3, Number.NaN])).toBeNull();
  });

  it('rejects a resample count that is not a positive integer', () => {
    expect(() => bootstrapMedianCi([1, 2], { resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapMedianCi([1, 2], { resamples: 1.5 })).toThrow(RangeError);
  });

  it('is pinned for a known sample, so stored runs keep showing the same interval', () => {
    // Changing the PRNG, the default seed or the resampling changes this value.
    expect(bootstrapMedianCi([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toEqual(PINNED_1_TO_10);
  });

  it('covers the median of 1..100 with a plausible width', () => {
    // Order-statistic 95% interval of the median for n = 100 is about [40.5, 60.5].
    const ci = bootstrapMedianCi(Array.from({ length: 100 }, (_, i) => i + 1));
    if (!ci) throw new Error('n = 100 has an interval');
    const [low, high] = ci;
    expect(low).toBeGreaterThan(35);
    expect(low).toBeLessThan(50.5);
    expect(high).toBeGreaterThan(50.5);
    expect(high).toBeLessThan(66);
  });

  it('depends on the seed and honours the resample count', () => {
    // Irregular values and few resamples, so the percentiles fall between resampled medians.
    const xs = Array.from({ length: 9 }, (_, i) => Math.sqrt(i * 13 + 1));
    const intervals = [1, 2, 3, 4, 5].map((seed) => bootstrapMedianCi(xs, { seed, resamples: 50 }));
    const seeds = new Set(intervals.map((ci) => JSON.stringify(ci)));
    expect(seeds.size).toBeGreaterThan(1);
    expect(bootstrapMedianCi(xs, { resamples: 1 })).toHaveLength(2);
  });

  it('lies within [min, max] with low ≤ high', () => {
    fc.assert(
      fc.property(sample, fc.integer(), (xs, seed) => {
        const ci = bootstrapMedianCi(xs, { seed, resamples: 200 });
        expect(ci === null).toBe(xs.length < 2);
        if (!ci) return;
        const [low, high] = ci;
        expect(low).toBeLessThanOrEqual(high);
        expect(low).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(high).toBeLessThanOrEqual(Math.max(...xs));
      }),
    );
  });

  it('is deterministic and independent of the input order', () => {
    fc.assert(
      fc.property(sampleWithPermutation, ([xs, permuted]) => {
        const ci = bootstrapMedianCi(xs, { resamples: 300 });
        expect(bootstrapMedianCi(xs, { resamples: 300 })).toEqual(ci);
        expect(bootstrapMedianCi(permuted, { resamples: 300 })).toEqual(ci);
      }),
    );
  });
});

const PINNED_1_TO_10: [number, number] = [3, 8];

group('bootstrapMedianDifferenceCi', () => {
  it('is null unless both sides have two values', () => {
    expect(bootstrapMedianDifferenceCi([1], [1, 2])).toBeNull();
    expect(bootstrapMedianDifferenceCi([1, 2], [NaN, 3])).toBeNull();
  });

  it('is the interval of B shifted by the shift when A is a constant', () => {
    // A's resampled median is always 5, so the differences are B's medians − 5.
    const b = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const ci = bootstrapMedianDifferenceCi([5, 5, 5], b) as [number, number];
    expect(ci[0]).toBeGreaterThanOrEqual(1 - 5);
    expect(ci[1]).toBeLessThanOrEqual(10 - 5);
    expect(ci[0]).toBeLessThan(5.5 - 5);
    expect(ci[1]).toBeGreaterThan(5.5 - 5);
  });

  it('holds the difference of the medians, is deterministic and order-free', () => {
    fc.assert(
      fc.property(sampleWithPermutation, sample, ([xs, permuted], ys) => {
        fc.pre(xs.length >= 2 && ys.length >= 2);
        const ci = bootstrapMedianDifferenceCi(xs, ys, { resamples: 200 });
        expect(bootstrapMedianDifferenceCi(permuted, ys, { resamples: 200 })).toEqual(ci);
        const [low, high] = ci as [number, number];
        expect(low).toBeLessThanOrEqual(high);
        expect(low).toBeGreaterThanOrEqual(Math.min(...ys) - Math.max(...xs));
        expect(high).toBeLessThanOrEqual(Math.max(...ys) - Math.min(...xs));
      }),
    );
  });
});
