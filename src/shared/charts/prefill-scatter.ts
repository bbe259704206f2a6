// The first token against the prompt's length, for a run that swept input
// lengths: per profile × mode, each length's median with its 95% interval as
// a whisker, and the least-squares line through every trial (prefill.ts),
// whose slope is the prefill rate. Colours follow the profile; plain mode is
// drawn with hollow points and a dashed line. The legend toggles a fit's
// points, whiskers and line together (they share its name).
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { LineSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { InputLengthGroup, PrefillFit } from '../prefill';
import type { Mode } from '../trial';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { itemTooltip, LABELS_INSIDE, valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

export interface PrefillSeries {
  /** The profile's name: user text, escaped wherever it is shown. */
  profile: string;
  /** The profile's colour: its palette slot (Profile.color). */
  color: number;
  mode: Mode;
  fit: PrefillFit;
}

export interface PrefillScatterText {
  /** The x axis' name: "prompt tokens". */
  xAxis: string;
  /** The y axis' name: "ms to the first token". */
  yAxis: string;
  /** A fit's legend entry: "{{profile}} · {{mode}}" (each unique). */
  legend: (series: PrefillSeries) => string;
  /** A point's tooltip, one line each: length, prompt tokens, median with interval and n. */
  point: (series: PrefillSeries, group: InputLengthGroup) => string[];
  /** The line's tooltip, one line each: the slope with its interval, the fixed part, n. */
  line: (series: PrefillSeries) => string[];
  tokens: (value: number) => string;
  ms: (value: number) => string;
}

/** Where a length's point sits on the x axis: what the fit's x is. */
export function pointX(fit: PrefillFit, group: InputLengthGroup): number {
  return fit.x === 'usage' && group.prompt_tokens !== null
    ? group.prompt_tokens
    : group.input_tokens;
}

/** Each fit draws three series, in this order. */
const PER_FIT = 3;

export function prefillScatterOption(
  all: readonly PrefillSeries[],
  theme: ChartTheme,
  text: PrefillScatterText,
): ChartOption {
  const fits = all.map((series) => ({
    series,
    name: text.legend(series),
    groups: series.fit.groups.filter((g) => g.first_token !== null),
  }));
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    legend: {
      top: 0,
      type: 'scroll',
      textStyle: { color: theme.text },
      data: fits.map((f) => f.name),
    },
    // LABELS_INSIDE leaves out the axis' name: the bottom keeps room for it.
    grid: { left: 8, right: 24, top: 44, bottom: 32, ...LABELS_INSIDE },
    tooltip: itemTooltip((item) => {
      const index = item.seriesIndex ?? -1;
      const fit = fits[Math.floor(index / PER_FIT)];
      if (!fit) return '';
      const heading = `<strong>${escapeHtml(fit.name)}</strong>`;
      if (index % PER_FIT === 2) {
        return [heading, ...text.line(fit.series).map(escapeHtml)].join('<br>');
      }
      // Points (one per length) and whiskers (three data items per length: low, high, gap).
      const data = item.dataIndex ?? 0;
      const group = fit.groups[index % PER_FIT === 0 ? data : Math.floor(data / 3)];
      if (!group) return '';
      return [heading, ...text.point(fit.series, group).map(escapeHtml)].join('<br>');
    }),
    xAxis: valueAxis(theme, {
      name: text.xAxis,
      nameAt: 'middle',
      nameGap: 28,
      format: text.tokens,
    }),
    yAxis: valueAxis(theme, { name: text.yAxis, nameAt: 'end', format: text.ms }),
    series: fits.flatMap(({ series, name, groups }) => {
      const color = seriesColor(theme, series.color);
      const plain = series.mode === 'plain';
      const points: ScatterSeriesOption = {
        type: 'scatter',
        name,
        // Hollow by a fill of the chart's own background: ECharts' emptyCircle
        // fills white, which reads as solid on the dark theme.
        symbol: 'circle',
        symbolSize: 9,
        itemStyle: plain
          ? { color: theme.background, borderColor: color, borderWidth: 1.5 }
          : { color, borderColor: theme.background, borderWidth: 1.5 },
        data: groups.map((g) => [pointX(series.fit, g), g.first_token?.median ?? 0]),
      };
      const whiskers: LineSeriesOption = {
        type: 'line',
        name,
        symbol: 'none',
        connectNulls: false,
        lineStyle: { color, width: 2, opacity: 0.6 },
        // Low, high, then a break, for each length that has an interval.
        data: groups.flatMap((g) => {
          const ci = g.first_token?.median_ci95;
          const x = pointX(series.fit, g);
          return ci
            ? [
                [x, ci[0]],
                [x, ci[1]],
                [x, '-'],
              ]
            : [
                [x, '-'],
                [x, '-'],
                [x, '-'],
              ];
        }),
      };
      const line: LineSeriesOption = {
        type: 'line',
        name,
        symbol: 'none',
        lineStyle: { color, width: 1.5, type: plain ? 'dashed' : 'solid' },
        data: fittedLine(series.fit, groups),
      };
      return [points, whiskers, line];
    }),
  };
}

/** The fitted line from the shortest length's x to the longest's; none without a fit. */
function fittedLine(fit: PrefillFit, groups: readonly InputLengthGroup[]): [number, number][] {
  const { prefill_ms_per_ktok: slope, ttft_fixed_ms: fixed } = fit;
  if (slope === null || fixed === null || groups.length === 0) return [];
  const xs = groups.map((g) => pointX(fit, g));
  return [Math.min(...xs), Math.max(...xs)].map((x) => [x, fixed + (slope * x) / 1000]);
}
