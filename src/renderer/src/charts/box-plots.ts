// One metric compared across profiles: a box per profile × mode (stream
// beside plain) with every trial drawn over it as a dot, so that five trials
// read as five trials and not as a distribution. Dots spread left to right in
// the order the trials ran. Colours follow the profile; plain-mode boxes are
// dashed.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BoxplotSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { BoxSeries } from '../../../shared/api';
import type { Mode } from '../../../shared/trial';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { itemTooltip, valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

export interface BoxGroup {
  /** The profile's name: user text, escaped wherever it is shown. */
  profile: string;
  /** The profile's colour: its palette slot (Profile.color). */
  color: number;
  mode: Mode;
  /** Every ok counted trial's value, in the order they ran. */
  values: readonly number[];
  box: NonNullable<BoxSeries['box']>;
}

export interface BoxPlotText {
  /** The value axis' name ("ms", "tokens/s"). */
  axis: string;
  /** A box's label on its axis (drawn on canvas): "{{profile}}\n{{mode}} · n = 3". */
  category: (group: BoxGroup) => string;
  /** The tooltip's first line: "{{profile}} · {{mode}}". */
  heading: (group: BoxGroup) => string;
  /** The tooltip of a box: median, quartiles, range and n, one line each. */
  box: (group: BoxGroup) => string[];
  /** The tooltip of a dot: "trial 2 of 5: 120 ms". */
  dot: (group: BoxGroup, position: number, value: number) => string;
  format: (value: number) => string;
}

/** A box's width in pixels: ECharts gives each box half its band, within these bounds. */
const BOX_WIDTH: [number, number] = [12, 80];

/**
 * How far the dots spread around a box's centre, in band widths, so that they
 * stay over the box: a box fills half its band when the boxes are many, and
 * less of a plot about a thousand pixels wide when they are few.
 */
export function dotSpread(boxes: number): number {
  return Math.min(0.2, 0.035 * boxes);
}

/** Where the k-th of n dots sits, relative to its band's centre. */
export function dotOffset(k: number, n: number, spread: number): number {
  return n <= 1 ? 0 : -spread + (2 * spread * k) / (n - 1);
}

export function boxPlotOption(
  groups: readonly BoxGroup[],
  theme: ChartTheme,
  text: BoxPlotText,
): ChartOption {
  const count = groups.length;
  const spread = dotSpread(count);
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: { left: 8, right: 16, top: 36, bottom: 8 },
    tooltip: itemTooltip((item) => {
      if (item.seriesType === 'boxplot') {
        const group = groups[item.dataIndex ?? -1];
        if (!group) return '';
        return [
          `<strong>${escapeHtml(text.heading(group))}</strong>`,
          ...text.box(group).map(escapeHtml),
        ].join('<br>');
      }
      // The dots: one scatter series per group, after the box series.
      const group = groups[(item.seriesIndex ?? 0) - 1];
      const value = (item.value as [number, number] | undefined)?.[1];
      if (!group || value === undefined) return '';
      return [
        `<strong>${escapeHtml(text.heading(group))}</strong>`,
        escapeHtml(text.dot(group, item.dataIndex ?? 0, value)),
      ].join('<br>');
    }),
    xAxis: [
      {
        type: 'category',
        data: groups.map((group) => text.category(group)),
        axisLine: { lineStyle: { color: theme.grid } },
        axisTick: { alignWithLabel: true },
        axisLabel: { color: theme.text, interval: 0, width: 140, overflow: 'truncate' },
      },
      // The dots' own axis over the same band: category i spans [i − ½, i + ½].
      { type: 'value', show: false, min: -0.5, max: count - 0.5 },
    ],
    yAxis: valueAxis(theme, { name: text.axis, nameAt: 'end', format: text.format }),
    series: [
      {
        type: 'boxplot',
        xAxisIndex: 0,
        boxWidth: BOX_WIDTH,
        data: groups.map((group) => {
          const color = seriesColor(theme, group.color);
          const { min, q1, median, q3, max } = group.box;
          return {
            value: [min, q1, median, q3, max],
            itemStyle: {
              color: theme.background,
              borderColor: color,
              borderWidth: 1.5,
              borderType: group.mode === 'plain' ? 'dashed' : 'solid',
            },
          };
        }),
      } satisfies BoxplotSeriesOption,
      ...groups.map((group, index): ScatterSeriesOption => ({
        type: 'scatter',
        xAxisIndex: 1,
        symbolSize: 7,
        itemStyle: {
          color: seriesColor(theme, group.color),
          opacity: 0.8,
          borderColor: theme.background,
          borderWidth: 1,
        },
        data: group.values.map((value, k) => [
          index + dotOffset(k, group.values.length, spread),
          value,
        ]),
      })),
    ],
  };
}
