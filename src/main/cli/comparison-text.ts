// A comparison's verdict in words, for the CLI: "beta's total is lower by
// 120 ms (95% CI 80–160 ms, n = 10 pairs)" only when the data says so,
// otherwise "no detectable difference at n = 5 pairs (CI -40…+60 ms)".

import type { ComparisonMetric, Difference } from '../../shared/comparisons';
import { formatMs, formatSigned } from './format';

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

/** "n = 10 pairs", or "n = 5 and 4, unpaired". */
export function sampleWords(difference: Difference): string {
  return difference.paired
    ? `n = ${difference.n_pairs} pairs`
    : `n = ${difference.n_a} and ${difference.n_b}, unpaired`;
}

/** "-40…+60 ms": an interval's ends with their signs. */
function signedInterval(low: number, high: number): string {
  return `${withoutUnit(formatSigned(low, formatMs))}…${formatSigned(high, formatMs)}`;
}

const withoutUnit = (ms: string): string => ms.replace(/ ms$/, '');

/**
 * The verdict on B − A: which side is lower, by how much, with the interval
 * and n; or that no difference can be told apart at this n.
 */
export function verdictWords(
  difference: Difference,
  nameA: string,
  nameB: string,
  what: string,
): string {
  const { ci_low_ms: low, ci_high_ms: high } = difference;
  if (low === null || high === null) {
    return `no detectable difference at ${sampleWords(difference)}: too few to resample`;
  }
  if (difference.verdict === 'no_difference') {
    return `no detectable difference at ${sampleWords(difference)} (CI ${signedInterval(low, high)})`;
  }
  const bLower = difference.verdict === 'b_lower';
  const by = Math.abs(difference.diff_ms);
  const [from, to] = bLower ? [-high, -low] : [low, high];
  return (
    `${bLower ? nameB : nameA}'s ${what} is lower by ${formatMs(by)} ` +
    `(95% CI ${withoutUnit(formatMs(from))}–${formatMs(to)}, ${sampleWords(difference)})`
  );
}
