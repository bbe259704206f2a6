import { describe, expect, it } from 'vitest';
import { leastSquares, prefillFits, type PrefillTrial } from '../../src/shared/prefill';
import { seededRandom } from '../../src/shared/random';
import type { Mode } from '../../src/shared/trial';

/** A trial of `input_tokens` whose first token came at `ms`, its usage reporting `prompt` tokens. */
function trial(
  input_tokens: number | null,
  ms: number,
  overrides: Partial<PrefillTrial> = {},
  mode: Mode = 'stream',
): PrefillTrial {
  return {
    mode,
    status: 'ok',
    ttft_ms: mode === 'stream' ? ms : null,
    first_byte_ms: ms,
    input_tokens,
    usage_prompt_tokens: input_tokens === null ? null : input_tokens + 7,
    ...overrides,
  };
}

describe('leastSquares', () => {
  it('finds the line through points on it, and none without two distinct x', () => {
    expect(
      leastSquares([
        [0, 3],
        [10, 23],
        [20, 43],
      ]),
    ).toEqual({ slope: 2, intercept: 3 });
    expect(
      leastSquares([
        [5, 1],
        [5, 9],
      ]),
    ).toBeNull();
    expect(leastSquares([[5, 1]])).toBeNull();
  });
});

describe('prefillFits', () => {
  it('recovers a known prefill rate and fixed part, with an interval around the truth', () => {
    // 150 ms fixed, 20 ms per 1,000 prompt tokens, ±5 ms of noise.
    const random = seededRandom(7);
    const trials = [1000, 8000, 32000].flatMap((length) =>
      Array.from({ length: 10 }, () => {
        const prompt = length + 7;
        return trial(length, 150 + 0.02 * prompt + (random() - 0.5) * 10);
      }),
    );
    const fit = prefillFits(trials).stream;
    expect(fit).toBeDefined();
    if (!fit) return;
    expect(fit.metric).toBe('ttft_ms');
    expect(fit.x).toBe('usage');
    expect(fit.n).toBe(30);
    expect(fit.prefill_ms_per_ktok).toBeCloseTo(20, 0);
    expect(fit.ttft_fixed_ms).toBeGreaterThan(145);
    expect(fit.ttft_fixed_ms).toBeLessThan(155);
    const [low, high] = fit.prefill_ms_per_ktok_ci95 ?? [NaN, NaN];
    expect(low).toBeLessThan(20);
    expect(high).toBeGreaterThan(20);
    expect(high - low).toBeLessThan(1);
    expect(fit.groups.map((g) => [g.input_tokens, g.n, g.prompt_tokens])).toEqual([
      [1000, 10, 1007],
      [8000, 10, 8007],
      [32000, 10, 32007],
    ]);
    expect(fit.groups[2]?.first_token?.median).toBeCloseTo(150 + 0.02 * 32007, -1);
  });

  it('fits only what swept two lengths or more, each mode on its own metric', () => {
    expect(prefillFits([trial(1000, 10), trial(1000, 12)])).toEqual({});
    expect(prefillFits([trial(null, 10), trial(null, 12)])).toEqual({});
    const fits = prefillFits([
      trial(1000, 100, {}, 'plain'),
      trial(2000, 200, {}, 'plain'),
      trial(1000, 10),
    ]);
    expect(Object.keys(fits)).toEqual(['plain']);
    expect(fits.plain?.metric).toBe('first_byte_ms');
    expect(fits.plain?.prefill_ms_per_ktok).toBeCloseTo(100, 6);
  });

  it('leaves failed trials out of the line and counts them per length', () => {
    const fit = prefillFits([
      trial(1000, 100),
      trial(1000, 102),
      trial(2000, 200),
      trial(2000, 9000, { status: 'idle_timeout' }),
      trial(2000, 202),
    ]).stream;
    expect(fit?.n).toBe(4);
    expect(fit?.groups.map((g) => [g.n, g.failed])).toEqual([
      [2, 0],
      [2, 1],
    ]);
    expect(fit?.prefill_ms_per_ktok).toBeCloseTo(100, 6);
  });

  it('gives no interval while a length has fewer than two ok trials, and no line with one length left', () => {
    const thin = prefillFits([trial(1000, 100), trial(1000, 101), trial(2000, 200)]).stream;
    expect(thin?.prefill_ms_per_ktok).not.toBeNull();
    expect(thin?.prefill_ms_per_ktok_ci95).toBeNull();
    const one = prefillFits([
      trial(1000, 100),
      trial(2000, 200, { status: 'http_error', ttft_ms: null }),
    ]).stream;
    expect(one?.prefill_ms_per_ktok).toBeNull();
    expect(one?.ttft_fixed_ms).toBeNull();
    expect(one?.groups[1]).toMatchObject({ n: 0, failed: 1, first_token: null });
  });

  it('fits against the requested length when a trial’s usage said nothing', () => {
    const fit = prefillFits([
      trial(1000, 100),
      trial(1000, 100),
      trial(3000, 140, { usage_prompt_tokens: null }),
      trial(3000, 140),
    ]).stream;
    expect(fit?.x).toBe('requested');
    expect(fit?.prefill_ms_per_ktok).toBeCloseTo(20, 6);
    expect(fit?.ttft_fixed_ms).toBeCloseTo(80, 6);
  });

  it('gives the same interval for the same trials', () => {
    const trials = [trial(1000, 100), trial(1000, 104), trial(2000, 201), trial(2000, 197)];
    expect(prefillFits(trials)).toEqual(prefillFits(trials));
  });
});
