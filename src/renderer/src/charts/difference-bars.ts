// A vs B as a chart: one row per pair of profiles (or stream against plain),
// mode and metric, showing the difference B − A as a line inside a box that
// spans its bootstrap 95% interval, against a line at zero and two ticks at
// the row's ±margin of practical equality. The verdict decides the box: filled
// in colour beyond the margin (one side is lower), outlined within it
// (equivalent), muted across a margin line (this sample cannot tell).
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BoxplotSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { Comparison, Verdict } from '../../../shared/comparisons';
import type { ChartOption, ChartTheme } from './chart-option';
import { itemTooltip, valueAxis } from './chart-parts';
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
  /** The ticks' name ("margin of practical equality"), for the chart's aria description. */
  margin: string;
}

/** [low, low, diff, high, high]: a box over the interval, its middle line at the difference. */
export function differenceBox(c: Comparison): [number, number, number, number, number] {
  const low = c.ci_low_ms ?? c.diff_ms;
  const high = c.ci_high_ms ?? c.diff_ms;
  return [low, low, c.diff_ms, high, high];
}

/** How a verdict's box is drawn: fill and border. */
function boxStyle(verdict: Verdict, theme: ChartTheme): { color: string; borderColor: string } {
  // Ink, not a profile's colour: a verdict is about a pair, not one profile.
  const found = theme.text;
  switch (verdict) {
    case 'a_lower':
    case 'b_lower':
      return { color: found, borderColor: found };
    case 'equivalent':
      return { color: theme.background, borderColor: theme.text };
    case 'inconclusive':
      return { color: theme.muted, borderColor: theme.muted };
  }
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
    data: rows.map((row) => ({
      value: differenceBox(row.comparison),
      itemStyle: boxStyle(row.comparison.verdict, theme),
    })),
    markLine: {
      silent: true,
      symbol: 'none',
      label: { show: false },
      lineStyle: { color: theme.text, type: 'solid' },
      data: [{ xAxis: 0 }],
    },
  };
  // The margin as a short tick each side of zero, on the row it belongs to.
  const margins: ScatterSeriesOption = {
    type: 'scatter',
    name: text.margin,
    silent: true,
    symbol: 'rect',
    symbolSize: [2, 18],
    itemStyle: { color: theme.text, opacity: 0.6 },
    data: rows.flatMap((row, index) => [
      [-row.comparison.margin_ms, index],
      [row.comparison.margin_ms, index],
    ]),
  };
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: { left: 8, right: 24, top: 16, bottom: 40 },
    tooltip: itemTooltip((item) => {
      const row = rows[item.dataIndex ?? -1];
      return row ? escapeHtml(row.sentence) : '';
    }),
    // Differences run both ways of 0: ECharts chooses the axis' ends.
    xAxis: valueAxis(theme, { name: text.axis, nameAt: 'middle', min: null }),
    yAxis: {
      type: 'category',
      // The first comparison on top, as the list reads.
      inverse: true,
      data: rows.map((row) => row.label),
      axisLine: { lineStyle: { color: theme.grid } },
      axisTick: { show: false },
      axisLabel: { color: theme.text, width: 260, overflow: 'truncate' },
    },
    series: [series, margins],
  };
}
