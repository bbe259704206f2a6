// How many tokens (or characters) each chunk carried: the share of a profile's
// chunks in each size, one bar series per profile. A stream of one token per
// chunk is a single bar at 1; a batching server's bars sit further right, and
// then its gaps are between batches, not tokens.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BarSeriesOption } from 'echarts/charts';
import type { HistogramBin } from '../api';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { itemTooltip, valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

export interface HistogramSeries {
  /** The profile's name: user text, escaped wherever it is shown. */
  profile: string;
  /** The profile's colour: its palette slot (Profile.color). */
  color: number;
  /** Bins of one width, from 0 up, as main computes them. */
  bins: readonly HistogramBin[];
}

export interface HistogramText {
  /** The size axis' name ("tokens per chunk"). */
  size: string;
  /** The share axis' name. */
  share: string;
  /** A bin's label: its size ("3"), or its range ("20–39") when a bin holds several sizes. */
  bin: (from: number, to: number) => string;
  /** "{{share}} of the chunks ({{count}} of {{chunks}}) carried {{bin}}". */
  point: (values: { bin: string; share: number; count: number; chunks: number }) => string;
  percent: (ratio: number) => string;
}

interface Rebinned {
  series: HistogramSeries;
  counts: number[];
  chunks: number;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * One bin width for every series: the least common multiple of theirs, so
 * each original bin falls whole into one common bin and no count is split or
 * guessed. Main sizes character bins per profile; side by side they must agree.
 */
export function commonBinWidth(series: readonly HistogramSeries[]): number {
  let width = 1;
  for (const { bins } of series) {
    const first = bins[0];
    if (!first) continue;
    const own = Math.max(1, Math.round(first.to - first.from));
    width = (width / gcd(width, own)) * own;
  }
  return width;
}

function rebin(series: HistogramSeries, width: number): Rebinned {
  const counts: number[] = [];
  for (const bin of series.bins) {
    const index = Math.floor(bin.from / width);
    counts[index] = (counts[index] ?? 0) + bin.count;
  }
  const filled = Array.from(counts, (count) => count ?? 0);
  return { series, counts: filled, chunks: filled.reduce((sum, count) => sum + count, 0) };
}

export function chunkHistogramOption(
  series: readonly HistogramSeries[],
  theme: ChartTheme,
  text: HistogramText,
): ChartOption {
  const width = commonBinWidth(series);
  const rebinned = series.map((s) => rebin(s, width)).filter((r) => r.chunks > 0);
  const binCount = Math.max(0, ...rebinned.map((r) => r.counts.length));
  const labels = Array.from({ length: binCount }, (_, i) => text.bin(i * width, (i + 1) * width));
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: { left: 8, right: 16, top: 40, bottom: 8 },
    legend: {
      type: 'scroll',
      top: 0,
      textStyle: { color: theme.text },
      data: rebinned.map((r) => r.series.profile),
    },
    tooltip: itemTooltip((item) => {
      const r = rebinned[item.seriesIndex ?? -1];
      const bin = item.dataIndex ?? -1;
      const label = labels[bin];
      if (!r || label === undefined) return '';
      const count = r.counts[bin] ?? 0;
      return [
        `<strong>${escapeHtml(r.series.profile)}</strong>`,
        escapeHtml(text.point({ bin: label, share: count / r.chunks, count, chunks: r.chunks })),
      ].join('<br>');
    }),
    xAxis: {
      type: 'category',
      name: text.size,
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: { color: theme.muted },
      data: labels,
      axisLine: { lineStyle: { color: theme.grid } },
      axisLabel: { color: theme.muted },
    },
    yAxis: valueAxis(theme, { name: text.share, nameAt: 'end', max: 1, format: text.percent }),
    series: rebinned.map((r): BarSeriesOption => ({
      type: 'bar',
      name: r.series.profile,
      barMaxWidth: 36,
      itemStyle: { color: seriesColor(theme, r.series.color) },
      data: Array.from({ length: binCount }, (_, i) => (r.counts[i] ?? 0) / r.chunks),
    })),
  };
}
