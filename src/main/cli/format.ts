// Number formatting shared by the progress lines and the report, so a figure
// reads the same in both.

import type { SummaryMetric } from '../../shared/trial';

/** Milliseconds: whole from 100 up (sub-ms digits there are noise), one decimal below. */
export function formatMs(ms: number): string {
  // Decide on the rounded value, so 99.96 reads "100 ms", not "100.0 ms".
  const tenths = Math.round(ms * 10) / 10;
  return `${Math.abs(tenths) >= 100 ? Math.round(ms) : tenths.toFixed(1)} ms`;
}

/** A count that may be a median of counts (then it can end in .5). */
export function formatCount(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A signed difference, "+3" / "-2" / "0". */
export function formatSigned(n: number, format: (n: number) => string = formatCount): string {
  return n > 0 ? `+${format(n)}` : format(n);
}

export function formatPercent(ratio: number): string {
  // Round first, so a tiny negative difference does not print as "-0.0%".
  const percent = Number((ratio * 100).toFixed(1)) || 0;
  return `${formatSigned(percent, (n) => n.toFixed(1))}%`;
}

/** How a summary metric's values are written: its unit decides. */
export function formatMetric(metric: SummaryMetric, value: number): string {
  if (metric.endsWith('_ms')) return formatMs(value);
  if (metric.endsWith('_tps')) return value.toFixed(1);
  if (metric === 'tokens_per_chunk_mean') return value.toFixed(2);
  return formatCount(value);
}

/** "1 trial", "2 trials". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
