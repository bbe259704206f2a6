// One metric compared across profiles: a box per profile × mode with every
// trial drawn over it as a dot, so that five trials read as five trials and
// not as a distribution. Streamed and not streamed each have a panel and an
// axis of their own (a TTFB of seconds would squash every TTFT near zero).
// Dots spread left to right in the order the trials ran. Colours follow the
// profile; plain-mode boxes are dashed.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BoxplotSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { BoxSeries } from '../api';
import type { Mode } from '../trial';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { itemTooltip, LABELS_INSIDE, valueAxis } from './chart-parts';
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
  /** A panel's value axis name, one panel per mode: "streamed: TTFT, ms". */
  panel: (mode: Mode) => string;
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

/** A panel per mode the groups have, stream first: TTFT and TTFB differ by far too much for one axis. */
function panelsOf(groups: readonly BoxGroup[]): BoxGroup[][] {
  return (['stream', 'plain'] as const)
    .map((mode) => groups.filter((group) => group.mode === mode))
    .filter((panel) => panel.length > 0);
}

/** What a series draws, for its tooltip: a panel's boxes, or one group's dots. */
type Drawn = { boxes: readonly BoxGroup[] } | { dots: BoxGroup };

/** The space between two panels, in % of the chart's width. */
const PANEL_GAP = 4;

/** A box's label when the chart's width is not known (a report drawn at its own size). */
const LABEL_WIDTH = 140;
/** Below this many pixels a band, level labels would be cut to a letter or two: they slant instead. */
const LEVEL_LABEL_MIN = 64;
/** Room between two neighbours' labels. */
const LABEL_GAP = 10;

/**
 * How a panel's box labels fit under their boxes, never into a neighbour's:
 * level and as wide as a band where a band is wide enough, slanted (each
 * line cut at 120 px) where it is not. Either way a cut name is whole in the
 * box's tooltip.
 */
export function categoryLabel(
  chartWidth: number | null,
  panelShare: number,
  boxes: number,
): { width: number; rotate: number } {
  if (chartWidth === null) return { width: LABEL_WIDTH, rotate: 0 };
  const band = (chartWidth * panelShare) / 100 / Math.max(1, boxes);
  if (band >= LEVEL_LABEL_MIN) return { width: Math.floor(band - LABEL_GAP), rotate: 0 };
  return { width: 120, rotate: 40 };
}

export function boxPlotOption(
  groups: readonly BoxGroup[],
  theme: ChartTheme,
  text: BoxPlotText,
  /** The chart's width in pixels, where it is known: the labels fit it. */
  chartWidth: number | null = null,
): ChartOption {
  const panels = panelsOf(groups);
  const spread = dotSpread(Math.max(1, ...panels.map((panel) => panel.length)));
  // Each panel as wide as its share of the boxes.
  const widths = panels.map(
    (panel) => ((100 - PANEL_GAP * (panels.length - 1)) * panel.length) / groups.length,
  );
  const lefts = widths.map((_, i) =>
    widths.slice(0, i).reduce((sum, width) => sum + width + PANEL_GAP, 0),
  );
  const drawn: Drawn[] = [];
  const series = panels.flatMap((panel, p) => {
    drawn.push({ boxes: panel }, ...panel.map((group) => ({ dots: group })));
    return [
      {
        type: 'boxplot',
        xAxisIndex: 2 * p,
        yAxisIndex: p,
        boxWidth: BOX_WIDTH,
        data: panel.map((group) => {
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
      ...panel.map((group, index): ScatterSeriesOption => ({
        type: 'scatter',
        xAxisIndex: 2 * p + 1,
        yAxisIndex: p,
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
    ];
  });
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: panels.map((_, p) => ({
      left: `${lefts[p]}%`,
      width: `${widths[p]}%`,
      top: 36,
      bottom: 8,
      ...LABELS_INSIDE,
    })),
    tooltip: itemTooltip((item) => {
      const what = drawn[item.seriesIndex ?? -1];
      if (what === undefined) return '';
      if ('boxes' in what) {
        const group = what.boxes[item.dataIndex ?? -1];
        if (!group) return '';
        return [
          `<strong>${escapeHtml(text.heading(group))}</strong>`,
          ...text.box(group).map(escapeHtml),
        ].join('<br>');
      }
      const value = (item.value as [number, number] | undefined)?.[1];
      if (value === undefined) return '';
      return [
        `<strong>${escapeHtml(text.heading(what.dots))}</strong>`,
        escapeHtml(text.dot(what.dots, item.dataIndex ?? 0, value)),
      ].join('<br>');
    }),
    xAxis: panels.flatMap((panel, p) => [
      {
        type: 'category' as const,
        gridIndex: p,
        data: panel.map((group) => text.category(group)),
        axisLine: { lineStyle: { color: theme.grid } },
        axisTick: { alignWithLabel: true },
        axisLabel: {
          color: theme.text,
          interval: 0,
          ...categoryLabel(chartWidth, widths[p] ?? 100, panel.length),
          overflow: 'truncate' as const,
          ellipsis: '…',
        },
      },
      // The dots' own axis over the same band: category i spans [i − ½, i + ½].
      {
        type: 'value' as const,
        gridIndex: p,
        show: false,
        min: -0.5,
        max: panel.length - 0.5,
      },
    ]),
    yAxis: panels.map((panel, p) => ({
      ...valueAxis(theme, {
        name: text.panel(panel[0]?.mode ?? 'stream'),
        nameAt: 'end',
        format: text.format,
      }),
      gridIndex: p,
    })),
    series,
  };
}
