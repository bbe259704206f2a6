// The CLI's words for a verdict: "lower" with the interval and n only when the
// verdict says so, and the sign of the interval turned to read as "lower by".

import { describe, expect, it } from 'vitest';
import { verdictWords } from '../../src/main/cli/comparison-text';
import type { Difference } from '../../src/shared/comparisons';

const paired: Difference = {
  diff_ms: -120,
  ci_low_ms: -160,
  ci_high_ms: -80,
  n_pairs: 10,
  paired: true,
  n_a: 10,
  n_b: 10,
  margin_ms: 5,
  verdict: 'b_lower',
};

describe('verdictWords', () => {
  it('names B when B is lower, the interval turned into amounts lower', () => {
    expect(verdictWords(paired, 'alpha', 'beta', 'total')).toBe(
      "beta's total is lower by 120 ms (95% CI 80.0–160 ms, n = 10 pairs)",
    );
  });

  it('names A when A is lower', () => {
    const aLower = { ...paired, diff_ms: 45.5, ci_low_ms: 30, ci_high_ms: 61.25 };
    expect(verdictWords({ ...aLower, verdict: 'a_lower' }, 'alpha', 'beta', 'first token')).toBe(
      "alpha's first token is lower by 45.5 ms (95% CI 30.0–61.3 ms, n = 10 pairs)",
    );
  });

  it('says no detectable difference at n, with the signed interval', () => {
    const unsure = {
      ...paired,
      diff_ms: 8,
      ci_low_ms: -40,
      ci_high_ms: 60,
      verdict: 'no_difference',
    };
    expect(verdictWords(unsure as Difference, 'a', 'b', 'total')).toBe(
      'no detectable difference at n = 10 pairs (CI -40.0…+60.0 ms)',
    );
  });

  it('gives both sides’ n when unpaired, and says when there is no interval at all', () => {
    const unpaired = { ...paired, paired: false, n_pairs: 0, n_a: 5, n_b: 4 };
    expect(
      verdictWords(
        { ...unpaired, verdict: 'no_difference', ci_low_ms: -3, ci_high_ms: 2 },
        'a',
        'b',
        'total',
      ),
    ).toBe('no detectable difference at n = 5 and 4, unpaired (CI -3.0…+2.0 ms)');
    const one = { ...unpaired, n_a: 1, n_b: 1, ci_low_ms: null, ci_high_ms: null };
    expect(verdictWords({ ...one, verdict: 'no_difference' }, 'a', 'b', 'total')).toBe(
      'no detectable difference at n = 1 and 1, unpaired: too few to resample',
    );
  });
});
