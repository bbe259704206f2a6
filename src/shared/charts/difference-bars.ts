// A vs B as a chart: one row per pair of profiles (or stream against plain),
// mode and metric, showing the difference B − A as a line inside a box that
// spans its bootstrap 95% interval, against a line at zero and two ticks at
// the row's ±margin of practical equality. The verdict decides the box: filled
// in colour beyond the margin (one side is lower), outlined within it
// (equivalent), muted across a margin line (this sample cannot tell). A mark
// in the box's contrast shows the difference itself, however narrow the box;
// each row is named on two lines (the pair, then mode and metric) so that
// truncation never hides which row is which; hovering anywhere on a row says
// it in words. A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BoxplotSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { Comparison, Difference, Verdict } from '../comparisons';
import type { ChartOption, ChartTheme } from './chart-option';
import { bandTooltip, valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

/** A row's difference: one run's A against B (Comparison), or two runs' (RunPairDifference). */
export interface DifferenceRow<C extends Difference = Comparison> {
  /** The row's name in words ("beta − alpha · stream · total"). */
  label: string;
  /** The row's name on its axis, drawn on canvas: the pair ("beta − alpha"), then mode and metric ("stream · total"). */
  lines: readonly [string, string];
  /** What the row says, in words: the tooltip (user text inside, escaped there). */
  sentence: string;
  comparison: C;
}

export interface DifferenceBarsText {
  /** The value axis' name ("B − A, ms"). */
  axis: string;
  /** The ticks' name ("margin of practical equality"), for the chart's aria description. */
  margin: string;
}

/** [low, low, diff, high, high]: a box over the interval, its middle line at the difference. */
export function differenceBox(c: Difference): [number, number, number, number, number] {
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

/** Each row's name line as the axis draws it, within its width. */
const LABEL_WIDTH = 220;

export function differenceBarsOption(
  rows: readonly DifferenceRow<Difference>[],
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
  // The difference as a mark of its own: a filled box's middle line is the box's colour.
  const marks: ScatterSeriesOption = {
    type: 'scatter',
    name: text.axis,
    symbol: 'rect',
    symbolSize: [3, 20],
    z: 3,
    data: rows.map((row, index) => {
      const { verdict } = row.comparison;
      const found = verdict === 'a_lower' || verdict === 'b_lower';
      return {
        value: [row.comparison.diff_ms, index],
        itemStyle: { color: found ? theme.background : theme.text },
      };
    }),
  };
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: { left: 8, right: 24, top: 16, bottom: 40 },
    // The whole row's band, not only its box (a narrow interval is a few pixels wide).
    tooltip: bandTooltip((items) => {
      const box = items.find((item) => item.seriesType === 'boxplot');
      const row = rows[box?.dataIndex ?? -1];
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
      axisLabel: {
        color: theme.text,
        width: LABEL_WIDTH,
        overflow: 'truncate',
        lineHeight: 15,
        formatter: (_: string, index: number) => rows[index]?.lines.join('\n') ?? '',
      },
    },
    series: [series, margins, marks],
  };
}
