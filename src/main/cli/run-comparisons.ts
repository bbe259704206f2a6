// The A-vs-B verdicts of a saved run, printed after the side-by-side table:
// per mode, each pair of profiles on the figures people choose by, B − A
// paired by round, with the 95% interval and n behind every "lower".

import { runComparisons, type Comparison } from '../../shared/comparisons';
import { readerPaceOf } from '../../shared/reader';
import { profileNameOf, type RunDetail } from '../../shared/run';
import { comparisonMetricWords, verdictWords } from './comparison-text';
import { formatCount, oneLine } from './format';

/**
 * Every pair's comparisons (stream against plain is in each profile's own
 * report), at the pace the trials carry (as measured, or as `show
 * --reader-pace` recomputed them): the same objects `show --json` gives.
 * Null with fewer than two profiles.
 */
export function renderRunComparisons(detail: RunDetail): string | null {
  const { run } = detail;
  const pace = readerPaceOf(detail.trials.map((t) => t.trial));
  const pairs = runComparisons(detail, pace).filter((c) => c.mode !== 'stream_vs_plain');
  if (pairs.length === 0) return null;
  const name = (id: string): string => oneLine(profileNameOf(run, id));
  const lines = pairs.map((c) => `  ${c.mode.padEnd(6)}  ${sentence(c, name, pace)}`);
  return `A vs B (B − A, paired by round where both were ok; 95% bootstrap intervals):\n${lines.join('\n')}\n`;
}

function sentence(c: Comparison, name: (id: string) => string, pace: number): string {
  const a = name(c.profile_a);
  const b = name(c.profile_b);
  const what =
    c.metric === 'reader_done_ms'
      ? `reader finish (${formatCount(pace)} tok/s)`
      : comparisonMetricWords(c.metric);
  return `${b} vs ${a}, ${what}: ${verdictWords(c, a, b, what)}`;
}
