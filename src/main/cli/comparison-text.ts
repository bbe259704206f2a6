// A comparison's verdict in words, for the CLI: "beta's total is lower by
// 120 ms (95% CI 80–160 ms, n = 10 pairs)" only when the data says so;
// "equivalent within ±5.0 ms (CI -3.0…+2.0 ms, n = 10 pairs)" when the whole
// interval is inside the margin; otherwise that this sample cannot tell them
// apart, and about how many rounds would.

import {
  MAX_ROUNDS_TO_SETTLE,
  type ComparisonMetric,
  type Difference,
} from '../../shared/comparisons';
import { formatCount, formatMs, formatSigned, plural } from './format';

const METRIC_WORDS: Record<ComparisonMetric, string> = {
  ttft_ms: 'first token',
  first_byte_ms: 'first byte',
  gap_median_ms: 'median gap',
  total_ms: 'total',
  reader_done_ms: 'reader finish',
};

/** How a compared figure reads in a sentence. */
export function comparisonMetricWords(metric: ComparisonMetric): string {
  return METRIC_WORDS[metric];
}

/** "n = 10 pairs" (one pair), or "n = 5 and 4, unpaired". */
export function sampleWords(difference: Difference): string {
  return difference.paired
    ? `n = ${plural(difference.n_pairs, 'pair')}`
    : `n = ${difference.n_a} and ${difference.n_b}, unpaired`;
}

/** "-40…+60 ms": an interval's ends with their signs. */
function signedInterval(low: number, high: number): string {
  return `${withoutUnit(formatSigned(low, formatMs))}…${formatSigned(high, formatMs)}`;
}

const withoutUnit = (ms: string): string => ms.replace(/ ms$/, '');

/**
 * The verdict on B − A: which side is lower, by how much, with the interval
 * and n; that the two are equivalent within the margin; or that this sample
 * cannot tell them apart, and about how many rounds would.
 */
export function verdictWords(
  difference: Difference,
  nameA: string,
  nameB: string,
  what: string,
): string {
  const { ci_low_ms: low, ci_high_ms: high } = difference;
  const sample = sampleWords(difference);
  if (low === null || high === null) {
    return `this sample cannot tell them apart at ${sample}: too few to resample`;
  }
  const margin = `±${withoutUnit(formatMs(difference.margin_ms))} ms`;
  switch (difference.verdict) {
    case 'equivalent':
      return `equivalent within ${margin} (CI ${signedInterval(low, high)}, ${sample})`;
    case 'inconclusive':
      return (
        `this sample cannot tell them apart (CI ${signedInterval(low, high)} crosses the ${margin} margin, ` +
        `${sample}); ${settleWords(difference.rounds_to_settle)}`
      );
    case 'a_lower':
    case 'b_lower': {
      const bLower = difference.verdict === 'b_lower';
      const by = Math.abs(difference.diff_ms);
      const [from, to] = bLower ? [-high, -low] : [low, high];
      return (
        `${bLower ? nameB : nameA}'s ${what} is lower by ${formatMs(by)} ` +
        `(95% CI ${withoutUnit(formatMs(from))}–${formatMs(to)}, ${sample})`
      );
    }
  }
}

/** "about 40 rounds would likely settle it", from the estimate comparisons.ts makes. */
export function settleWords(rounds: number | null): string {
  return rounds === null
    ? `more than ${formatCount(MAX_ROUNDS_TO_SETTLE)} rounds would be needed to settle it`
    : `about ${formatCount(rounds)} rounds in all would likely settle it`;
}
