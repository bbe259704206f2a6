// A vs B as a chart: one row per pair of profiles (or stream against plain),
// mode and metric, showing the difference B − A as a line inside a box that
// spans its bootstrap 95% interval, against a line at zero. A box that stays
// clear of zero (beyond the margin) is a difference the data shows, drawn in
// colour; one that crosses it is no detectable difference, drawn muted.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BoxplotSeriesOption } from 'echarts/charts';
import type { Comparison } from '../../../shared/comparisons';
import type { ChartOption, ChartTheme } from './chart-option';
import { escapeHtml } from './escape';

export interface DifferenceRow {
  /** The row's name on its axis ("beta − alpha · stream · total"), drawn on canvas. */
  label: string;
  /** What the row says, in words: the tooltip (user text inside, escaped there). */
  sentence: string;
  comparison: Comparison;
}

export interface DifferenceBarsText {
  /** The value axis' name ("B − A, ms"). */
  axis: string;
}

interface TooltipItem {
  dataIndex?: number;
}

/** [low, low, diff, high, high]: a box over the interval, its middle line at the difference. */
export function differenceBox(c: Comparison): [number, number, number, number, number] {
  const low = c.ci_low_ms ?? c.diff_ms;
  const high = c.ci_high_ms ?? c.diff_ms;
  return [low, low, c.diff_ms, high, high];
}

export function differenceBarsOption(
  rows: readonly DifferenceRow[],
  theme: ChartTheme,
  text: DifferenceBarsText,
): ChartOption {
  const series: BoxplotSeriesOption = {
    type: 'boxplot',
    name: text.axis,
    boxWidth: [8, 18],
    data: rows.map((row) => {
      const found = row.comparison.verdict !== 'no_difference';
      const color = found ? (theme.series[0] as string) : theme.muted;
      return { value: differenceBox(row.comparison), itemStyle: { color, borderColor: color } };
    }),
    markLine: {
      silent: true,
      symbol: 'none',
      label: { show: false },
      lineStyle: { color: theme.text, type: 'solid' },
      data: [{ xAxis: 0 }],
    },
  };
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: { left: 8, right: 24, top: 16, bottom: 40 },
    tooltip: {
      trigger: 'item',
      confine: true,
      className: 'chart-tooltip',
      formatter: (params) => {
        const item = (Array.isArray(params) ? params[0] : params) as TooltipItem | undefined;
        const row = rows[item?.dataIndex ?? -1];
        return row ? escapeHtml(row.sentence) : '';
      },
    },
    xAxis: {
      type: 'value',
      name: text.axis,
      nameLocation: 'middle',
      nameGap: 26,
      nameTextStyle: { color: theme.muted },
      axisLine: { lineStyle: { color: theme.grid } },
      axisLabel: { color: theme.muted },
      splitLine: { lineStyle: { color: theme.grid, opacity: 0.5 } },
    },
    yAxis: {
      type: 'category',
      // The first comparison on top, as the list reads.
      inverse: true,
      data: rows.map((row) => row.label),
      axisLine: { lineStyle: { color: theme.grid } },
      axisTick: { show: false },
      axisLabel: { color: theme.text, width: 260, overflow: 'truncate' },
    },
    series: [series],
  };
}
