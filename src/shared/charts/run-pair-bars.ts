// Two runs' figure side by side: per profile × mode a bar for run A and one
// for run B at the median, each with a line over its 95% interval, in the
// profile's colour (A paler, B full), so that a profile measured last month
// and today reads as one colour in two shades. Streamed and not streamed each
// have a panel and an axis of their own, as in the results page's box plots
// (a TTFB of seconds would squash every TTFT). Hovering a bar says its figure
// in words with its n. A pure function of its data: tested as data, drawn by Echart.tsx.

import type { BarSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { Mode } from '../trial';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { bandTooltip, sideBySideGrids, valueAxis } from './chart-parts';
import { escapeHtml } from './escape';

export const RUN_SIDES = ['A', 'B'] as const;
export type RunSide = (typeof RUN_SIDES)[number];

/** One run's median of a figure, its bootstrap 95% interval (null when n < 2) and its n. */
export interface PairFigure {
  median: number;
  ci95: readonly [number, number] | null;
  n: number;
}

export interface PairRow {
  /** Keeps a profile's bars in one series whatever its name in each run. */
  profile_id: string;
  /** The profile's name: user text, escaped wherever it is shown. */
  profile: string;
  /** Its palette slot (Profile.color). */
  color: number;
  mode: Mode;
  /** Null: that run has no figure (mode not measured, or no ok trial measured it). */
  a: PairFigure | null;
  b: PairFigure | null;
}

export interface RunPairBarsText {
  /** A panel's value axis name: "streamed: TTFT, ms". */
  panel: (mode: Mode) => string;
  /** A bar's label on its axis (drawn on canvas): "Fast\nA". */
  category: (row: PairRow, side: RunSide) => string;
  /** The tooltip of a bar: "Fast · stream · run A: 120 ms (95%: 110 – 130 ms, n = 5)". */
  sentence: (row: PairRow, side: RunSide, figure: PairFigure | null) => string;
  format: (value: number) => string;
}

/** A's shade of the profile's colour: the earlier run, drawn paler. */
const A_OPACITY = 0.45;

interface Bar {
  row: PairRow;
  side: RunSide;
  figure: PairFigure | null;
}

const figureOf = (row: PairRow, side: RunSide): PairFigure | null => (side === 'A' ? row.a : row.b);

export function runPairBarsOption(
  rows: readonly PairRow[],
  theme: ChartTheme,
  text: RunPairBarsText,
): ChartOption {
  const panels = (['stream', 'plain'] as const)
    .map((mode) =>
      rows
        .filter((row) => row.mode === mode)
        .flatMap((row) =>
          RUN_SIDES.map((side): Bar => ({ row, side, figure: figureOf(row, side) })),
        ),
    )
    .filter((bars) => bars.length > 0);
  // A series per profile and panel, in the profile's colour: its bars only, the others' places empty.
  const drawn: { panel: number }[] = [];
  const series = panels.flatMap((bars, p) => {
    const profiles = [...new Map(bars.map((bar) => [bar.row.profile_id, bar.row])).values()];
    return profiles.map((profile): BarSeriesOption => {
      drawn.push({ panel: p });
      const color = seriesColor(theme, profile.color);
      const mine = (bar: Bar): boolean => bar.row.profile_id === profile.profile_id;
      return {
        type: 'bar',
        name: profile.profile,
        xAxisIndex: p,
        yAxisIndex: p,
        // Each band holds one profile's bar: the series overlap, so it sits in the middle.
        barGap: '-100%',
        barMaxWidth: 40,
        itemStyle: { color },
        data: bars.map((bar) =>
          mine(bar) && bar.figure
            ? {
                value: bar.figure.median,
                itemStyle: { opacity: bar.side === 'A' ? A_OPACITY : 1 },
              }
            : '-',
        ),
        markLine: {
          silent: true,
          symbol: 'none',
          label: { show: false },
          lineStyle: { color: theme.text, type: 'solid', width: 2 },
          data: bars.flatMap((bar, index) => {
            const ci = mine(bar) ? bar.figure?.ci95 : null;
            return ci ? [[{ coord: [index, ci[0]] }, { coord: [index, ci[1]] }]] : [];
          }),
        },
      };
    });
  });
  // The intervals' upper ends as invisible points: ECharts sizes an axis by its series, not its mark lines.
  const reach = panels.map((bars, p): ScatterSeriesOption => ({
    type: 'scatter',
    xAxisIndex: p,
    yAxisIndex: p,
    silent: true,
    symbolSize: 0,
    data: bars.flatMap((bar, index) => (bar.figure?.ci95 ? [[index, bar.figure.ci95[1]]] : [])),
  }));
  return {
    animation: false,
    aria: { enabled: true },
    textStyle: { color: theme.text },
    grid: sideBySideGrids(panels.map((bars) => bars.length)),
    // The whole band: a short bar is hard to hover.
    tooltip: bandTooltip((items) => {
      const item = items[0];
      const panel = drawn[item?.seriesIndex ?? -1]?.panel;
      const bar = panel === undefined ? undefined : panels[panel]?.[item?.dataIndex ?? -1];
      return bar ? escapeHtml(text.sentence(bar.row, bar.side, bar.figure)) : '';
    }),
    xAxis: panels.map((bars, p) => ({
      type: 'category' as const,
      gridIndex: p,
      data: bars.map((bar) => text.category(bar.row, bar.side)),
      axisLine: { lineStyle: { color: theme.grid } },
      axisTick: { alignWithLabel: true },
      axisLabel: { color: theme.text, interval: 0, width: 120, overflow: 'truncate' as const },
    })),
    yAxis: panels.map((bars, p) => ({
      ...valueAxis(theme, {
        name: text.panel(bars[0]?.row.mode ?? 'stream'),
        nameAt: 'end',
        format: text.format,
      }),
      gridIndex: p,
    })),
    series: [...series, ...reach],
  };
}
