// A profile's trend over time: one point per run (x = when it started) for
// its median first token (TTFT in stream mode, TTFB in plain mode), median
// gap and total, as three small multiples over one shared time axis. One
// series per model × mode, and per series of repeated runs (their own line,
// named by label): a colour per model and series, plain mode dashed with diamonds. Each
// point's whisker reaches the run's p95. n is visible: the marker grows with
// it, and a run of fewer than LOW_N ok trials is drawn hollow with its n
// written beside it, so a single trial never looks as sure as thirty.
// A pure function of its data: tested as data, drawn by Echart.tsx.

import type { LineSeriesOption } from 'echarts/charts';
import type { TrendFigure, TrendPointView, TrendSeries } from '../api';
import type { Mode } from '../trial';
import { seriesColor, type ChartOption, type ChartTheme } from './chart-option';
import { escapeHtml } from './escape';

export const TREND_METRICS = ['first', 'gap_median', 'total'] as const;
export type TrendMetric = (typeof TREND_METRICS)[number];

/** Below this many ok trials a point is drawn hollow and labelled with its n. */
export const LOW_N = 5;

/** Above this many runs in a series, a zoom slider comes under the time axis. */
const SLIDER_FROM = 30;

const LEGEND_HEIGHT = 36;
const PANEL_HEIGHT = 150;
/** Above each panel: its title (the y axis name). */
const PANEL_GAP = 44;
const AXIS_HEIGHT = 36;
const SLIDER_HEIGHT = 40;

export interface TrendText {
  /** Each panel's title. */
  panel: Record<TrendMetric, string>;
  /**
   * "sim-steady · stream", with the group of repeated runs when the line is
   * one ("berlin · 1a2b3c4d"): model names and labels are user text (legend:
   * canvas; tooltip: escaped).
   */
  seriesName: (model: string, mode: Mode, group: string | null) => string;
  /** The figure's name in that mode: "TTFT", "TTFB", "median gap", "total". */
  metricName: (metric: TrendMetric, mode: Mode) => string;
  /** "TTFT: median 120 ms · p95 180 ms · n = 5" */
  figure: (values: { metric: string; median: string; p95: string; n: string }) => string;
  /** "4 of 5 trials ok" */
  trials: (values: { ok: string; trials: string }) => string;
  /** The label beside a low-n point: "n = 2". */
  lowN: (n: string) => string;
  /** What a screen reader hears for the whole chart. */
  description: string;
  ms: (value: number) => string;
  count: (value: number) => string;
  /** A run's start, in full (tooltip). */
  dateTime: (epochMs: number) => string;
  /** A time-axis tick: the day, or the time when the runs span less than about two days. */
  axisTime: (epochMs: number, spanMs: number) => string;
}

interface PointDatum {
  value: [number, number | null];
  symbol?: string;
  symbolSize?: number;
  itemStyle?: { color: string; borderColor: string; borderWidth: number };
  label?: { show: boolean; formatter: string };
}

/** A vertical segment from a run's median to its p95. */
type Whisker = [{ coord: [number, number] }, { coord: [number, number] }];

/** What the tooltip needs to name a point: its series and the run behind it. */
interface SeriesMeta {
  series: TrendSeries;
  metric: TrendMetric;
}

export function markerSize(n: number): number {
  // Area, not radius, should follow n, so the diameter grows as √n; capped at 16 px.
  return Math.min(16, 5 + 2 * Math.sqrt(Math.max(n, 1)));
}

export function figureOf(point: TrendPointView, metric: TrendMetric): TrendFigure | null {
  return point[metric];
}

export function trendHeight(series: readonly TrendSeries[]): number {
  return (
    LEGEND_HEIGHT +
    TREND_METRICS.length * (PANEL_GAP + PANEL_HEIGHT) +
    AXIS_HEIGHT +
    (needsSlider(series) ? SLIDER_HEIGHT : 0)
  );
}

function needsSlider(series: readonly TrendSeries[]): boolean {
  return series.some((s) => s.points.length > SLIDER_FROM);
}

function timeSpan(series: readonly TrendSeries[]): number {
  // Loops, not Math.max(...times): a long series has more runs than a call takes arguments.
  let first = Infinity;
  let last = -Infinity;
  for (const s of series) {
    for (const p of s.points) {
      const at = Date.parse(p.started_at);
      first = Math.min(first, at);
      last = Math.max(last, at);
    }
  }
  return last < first ? 0 : last - first;
}

/** Series present in a panel: plain mode has no gaps between chunks. */
function inPanel(series: TrendSeries, metric: TrendMetric): boolean {
  return series.points.some((p) => figureOf(p, metric) !== null);
}

export function trendOption(
  profile: string,
  /** The profile's colour (Profile.color): its first model and series are drawn in it. */
  color: number,
  series: readonly TrendSeries[],
  theme: ChartTheme,
  text: TrendText,
): ChartOption {
  const groups = [...new Set(series.map(colorKey))];
  // Further models or series of the profile take the palette's next slots.
  const colorOf = (s: TrendSeries): string =>
    seriesColor(theme, color + groups.indexOf(colorKey(s)));
  const span = timeSpan(series);
  const slider = needsSlider(series);
  const panelTop = (index: number): number =>
    LEGEND_HEIGHT + PANEL_GAP + index * (PANEL_GAP + PANEL_HEIGHT);
  const axes = TREND_METRICS.map((_, index) => index);

  const meta: SeriesMeta[] = [];
  const lines: LineSeriesOption[] = [];
  TREND_METRICS.forEach((metric, panel) => {
    for (const s of series) {
      if (!inPanel(s, metric)) continue;
      meta.push({ series: s, metric });
      lines.push(panelSeries(s, metric, panel, colorOf(s), theme, text));
    }
  });

  return {
    animation: false,
    aria: { enabled: true, label: { description: text.description } },
    color: theme.series.slice(),
    textStyle: { color: theme.text },
    legend: {
      type: 'scroll',
      top: 0,
      textStyle: { color: theme.text },
      pageTextStyle: { color: theme.muted },
      data: series.map((s) => nameOf(s, text)),
    },
    grid: axes.map((index) => ({
      left: 64,
      right: 24,
      top: panelTop(index),
      height: PANEL_HEIGHT,
    })),
    xAxis: axes.map((index) => ({
      type: 'time',
      gridIndex: index,
      // Room at both ends, so the first and last runs' markers and labels are not cut by the axes.
      boundaryGap: ['4%', '4%'],
      axisLine: { lineStyle: { color: theme.grid } },
      axisTick: { show: index === axes.length - 1 },
      axisLabel: {
        show: index === axes.length - 1,
        color: theme.muted,
        hideOverlap: true,
        formatter: (value: number) => text.axisTime(value, span),
      },
      splitLine: { show: true, lineStyle: { color: theme.grid, opacity: 0.5 } },
    })),
    yAxis: TREND_METRICS.map((metric, index) => ({
      type: 'value',
      gridIndex: index,
      name: text.panel[metric],
      nameLocation: 'end',
      nameGap: 14,
      nameTextStyle: { color: theme.text, align: 'left', fontWeight: 'bold' },
      min: 0,
      // ECharts sizes an axis by the series' values only: the p95 whiskers and the
      // n labels above the highest point need the room made here.
      max: axisMax(series, metric),
      axisLine: { lineStyle: { color: theme.grid } },
      axisLabel: { color: theme.muted },
      splitLine: { lineStyle: { color: theme.grid, opacity: 0.5 } },
    })),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const entry = item?.seriesIndex === undefined ? undefined : meta[item.seriesIndex];
        const point = entry?.series.points[item?.dataIndex ?? -1];
        if (!entry || !point) return '';
        return tooltipHtml(profile, entry, point, text);
      },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: axes, filterMode: 'none' },
      ...(slider
        ? [
            {
              type: 'slider' as const,
              xAxisIndex: axes,
              filterMode: 'none' as const,
              bottom: 8,
              height: 22,
              textStyle: { color: theme.muted },
              borderColor: theme.grid,
              labelFormatter: (value: number) => text.axisTime(value, span),
            },
          ]
        : []),
    ],
    series: lines,
  };
}

function panelSeries(
  series: TrendSeries,
  metric: TrendMetric,
  panel: number,
  color: string,
  theme: ChartTheme,
  text: TrendText,
): LineSeriesOption {
  const whiskers = series.points.flatMap((point): Whisker[] => {
    const figure = figureOf(point, metric);
    if (!figure || figure.p95 <= figure.median) return [];
    const at = Date.parse(point.started_at);
    return [[{ coord: [at, figure.median] }, { coord: [at, figure.p95] }]];
  });
  return {
    type: 'line',
    name: nameOf(series, text),
    xAxisIndex: panel,
    yAxisIndex: panel,
    showSymbol: true,
    smooth: false,
    // Plain mode differs by shape too, so the legend tells the modes apart.
    symbol: symbolOf(series.mode),
    // A run where no trial was ok has no figure: the line breaks there rather than pretend.
    connectNulls: false,
    lineStyle: { color, width: 1.5, type: series.mode === 'plain' ? 'dashed' : 'solid' },
    itemStyle: { color },
    // Stream labels above their points, plain below: the two modes' points often sit close.
    label: {
      show: false,
      position: series.mode === 'plain' ? 'bottom' : 'top',
      color: theme.muted,
      fontSize: 10,
    },
    labelLayout: { hideOverlap: true },
    emphasis: { focus: 'series' },
    data: series.points.map((point) => pointDatum(point, series.mode, metric, color, theme, text)),
    markLine: {
      silent: true,
      symbol: ['none', 'none'],
      animation: false,
      label: { show: false },
      tooltip: { show: false },
      lineStyle: { color, width: 1.5, type: 'solid', opacity: 0.45 },
      data: whiskers,
    },
  };
}

/** A round number a little above the panel's highest median or p95. */
export function axisMax(series: readonly TrendSeries[], metric: TrendMetric): number {
  let highest = 0;
  for (const s of series) {
    for (const p of s.points) {
      const figure = figureOf(p, metric);
      if (figure) highest = Math.max(highest, figure.median, figure.p95);
    }
  }
  return niceCeiling(highest * 1.12);
}

const NICE_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = NICE_STEPS.find((s) => s * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** The modes of one model and series share a colour. */
function colorKey(series: TrendSeries): string {
  return `${series.model}\u0000${series.series_id ?? ''}`;
}

/** A series of repeated runs is named by its label and the start of its id. */
export function seriesGroup(series: Pick<TrendSeries, 'series_id' | 'label'>): string | null {
  if (series.series_id === null) return null;
  const short = series.series_id.slice(0, 8);
  return series.label === null ? short : `${series.label} · ${short}`;
}

function nameOf(series: TrendSeries, text: TrendText): string {
  return text.seriesName(series.model, series.mode, seriesGroup(series));
}

function symbolOf(mode: Mode): string {
  return mode === 'plain' ? 'diamond' : 'circle';
}

function pointDatum(
  point: TrendPointView,
  mode: Mode,
  metric: TrendMetric,
  color: string,
  theme: ChartTheme,
  text: TrendText,
): PointDatum {
  const at = Date.parse(point.started_at);
  const figure = figureOf(point, metric);
  if (!figure) return { value: [at, null] };
  const low = figure.n < LOW_N;
  return {
    value: [at, figure.median],
    symbol: symbolOf(mode),
    symbolSize: markerSize(figure.n),
    // Hollow: the page's background inside the series' colour.
    itemStyle: low
      ? { color: theme.background, borderColor: color, borderWidth: 1.5 }
      : { color, borderColor: color, borderWidth: 0 },
    label: low ? { show: true, formatter: text.lowN(text.count(figure.n)) } : undefined,
  };
}

function tooltipHtml(
  profile: string,
  entry: SeriesMeta,
  point: TrendPointView,
  text: TrendText,
): string {
  const { series, metric } = entry;
  const figure = figureOf(point, metric);
  const lines = [
    text.dateTime(Date.parse(point.started_at)),
    figure
      ? text.figure({
          metric: text.metricName(metric, series.mode),
          median: text.ms(figure.median),
          p95: text.ms(figure.p95),
          n: text.count(figure.n),
        })
      : null,
    text.trials({ ok: text.count(point.ok), trials: text.count(point.trials) }),
  ].filter((line): line is string => line !== null);
  const title = `${profile} · ${nameOf(series, text)}`;
  return [`<strong>${escapeHtml(title)}</strong>`, ...lines.map(escapeHtml)].join('<br/>');
}
