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
  median_a_ms: 620,
  median_b_ms: 500,
  margin_ms: 5,
  verdict: 'b_lower',
  rounds_to_settle: null,
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

  it('says equivalent only with the whole interval inside the margin, and quotes the margin', () => {
    const same: Difference = {
      ...paired,
      diff_ms: 1,
      ci_low_ms: -3,
      ci_high_ms: 2,
      verdict: 'equivalent',
    };
    expect(verdictWords(same, 'a', 'b', 'total')).toBe(
      'equivalent within ±5.0 ms (CI -3.0…+2.0 ms, n = 10 pairs)',
    );
  });

  it('says an interval across the margin cannot tell them apart, and how many rounds would', () => {
    const unsure: Difference = {
      ...paired,
      diff_ms: 8,
      ci_low_ms: -40,
      ci_high_ms: 60,
      verdict: 'inconclusive',
      rounds_to_settle: 2560,
    };
    const words = verdictWords(unsure, 'a', 'b', 'total');
    expect(words).toBe(
      'this sample cannot tell them apart (CI -40.0…+60.0 ms crosses the ±5.0 ms margin, n = 10 pairs); ' +
        'about 2560 rounds in all would likely settle it',
    );
    expect(words).not.toMatch(/no detectable difference|equivalent/);
    expect(verdictWords({ ...unsure, rounds_to_settle: null }, 'a', 'b', 'total')).toMatch(
      /; more than 10000 rounds would be needed to settle it$/,
    );
  });

  it('gives both sides’ n when unpaired, and says when there is no interval at all', () => {
    const unpaired = { ...paired, paired: false, n_pairs: 0, n_a: 5, n_b: 4 };
    expect(
      verdictWords(
        { ...unpaired, verdict: 'equivalent', ci_low_ms: -3, ci_high_ms: 2 },
        'a',
        'b',
        'total',
      ),
    ).toBe('equivalent within ±5.0 ms (CI -3.0…+2.0 ms, n = 5 and 4, unpaired)');
    const one = { ...unpaired, n_a: 1, n_b: 1, ci_low_ms: null, ci_high_ms: null };
    expect(verdictWords({ ...one, verdict: 'inconclusive' }, 'a', 'b', 'total')).toBe(
      'this sample cannot tell them apart at n = 1 and 1, unpaired: too few to resample',
    );
  });
});
