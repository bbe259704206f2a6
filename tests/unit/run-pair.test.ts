// Two runs against each other: B − A per profile both ran, mode and figure,
// unpaired (two runs' rounds were not measured side by side), with the
// interval and verdict comparisons.ts gives any difference.

import { describe, expect, it } from 'vitest';
import { compareSamples, type ComparedTrial } from '../../src/shared/comparisons';
import { compareRunPair, runPairMetrics } from '../../src/shared/run-pair';
import type { Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from './trial-fixture';

const trial = (
  profile_id: string,
  trial_index: number,
  overrides: Partial<Trial>,
  warmup = false,
): ComparedTrial => ({
  profile_id,
  trial_index,
  warmup,
  trial: (overrides.mode === 'plain' ? makePlainTrial : makeTrial)(overrides),
});

/** Five stream and five plain trials of a profile, TTFT `ttft + k`, total `total + k`. */
function trials(profile_id: string, ttft: number, total: number): ComparedTrial[] {
  return [1, 2, 3, 4, 5].flatMap((k) => [
    trial(profile_id, k, { ttft_ms: ttft + k, gap_median_ms: 20, total_ms: total + k }),
    trial(profile_id, k, { mode: 'plain', first_byte_ms: total - 10 + k, total_ms: total + k }),
  ]);
}

describe('compareRunPair', () => {
  const a = {
    profile_ids: ['p', 'gone'],
    trials: [
      ...trials('p', 200, 600),
      ...trials('gone', 100, 300),
      // A warm-up and a failed trial are not counted.
      trial('p', 0, { ttft_ms: 9999 }, true),
      trial('p', 6, { status: 'http_error', ttft_ms: 1 }),
    ],
  };
  const b = {
    profile_ids: ['new', 'p'],
    trials: [...trials('p', 100, 600), ...trials('new', 1, 1)],
  };

  it('compares the profiles both ran, in A’s order, stream first, each mode’s figures', () => {
    const result = compareRunPair(a, b);
    expect(result.map((d) => [d.profile_id, d.mode, d.metric])).toEqual([
      ['p', 'stream', 'ttft_ms'],
      ['p', 'stream', 'gap_median_ms'],
      ['p', 'stream', 'total_ms'],
      ['p', 'plain', 'first_byte_ms'],
      ['p', 'plain', 'total_ms'],
    ]);
    expect(runPairMetrics('plain')).toEqual(['first_byte_ms', 'total_ms']);
  });

  it('is unpaired: each side resampled on its own, with the verdict of any difference', () => {
    const [ttft, , total] = compareRunPair(a, b);
    const ttfts = (from: number) => [1, 2, 3, 4, 5].map((k) => ({ round: k, value: from + k }));
    expect(ttft).toEqual({
      profile_id: 'p',
      mode: 'stream',
      metric: 'ttft_ms',
      ...compareSamples(ttfts(200), ttfts(100), { paired: false }),
    });
    expect(ttft).toMatchObject({ diff_ms: -100, paired: false, n_pairs: 0, n_a: 5, n_b: 5 });
    expect(ttft?.verdict).toBe('b_lower');
    expect(ttft?.ci_low_ms).not.toBeNull();
    expect(total).toMatchObject({ diff_ms: 0, verdict: 'equivalent' });
  });

  it('leaves out a mode one run did not measure', () => {
    const streamOnly = { ...b, trials: b.trials.filter((t) => t.trial.mode === 'stream') };
    expect(compareRunPair(a, streamOnly).map((d) => d.mode)).toEqual([
      'stream',
      'stream',
      'stream',
    ]);
  });
});
