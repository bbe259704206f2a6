// The trend chart's option, as data: no DOM, no canvas.

import { describe, expect, it } from 'vitest';
import type { TrendPointView, TrendSeries } from '../../src/shared/api';
import type { ChartTheme } from '../../src/shared/charts/chart-option';
import {
  axisMax,
  LOW_N,
  markerSize,
  trendHeight,
  trendOption,
  type TrendText,
} from '../../src/shared/charts/trend';

const theme: ChartTheme = {
  text: '#111',
  muted: '#555',
  grid: '#ddd',
  background: '#fff',
  series: ['#a00', '#0a0', '#00a'],
  phases: [],
  danger: '#f00',
  warning: '#fa0',
};

const text: TrendText = {
  panel: { first: 'first token', gap_median: 'median gap', total: 'total' },
  seriesName: (model, mode, group) => `${model} · ${mode}${group === null ? '' : ` · ${group}`}`,
  metricName: (metric, mode) =>
    metric === 'first' ? (mode === 'stream' ? 'TTFT' : 'TTFB') : metric,
  figure: ({ metric, median, p95, n }) => `${metric}: median ${median} · p95 ${p95} · n = ${n}`,
  trials: ({ ok, trials }) => `${ok} of ${trials} trials ok`,
  lowN: (n) => `n = ${n}`,
  description: 'trend',
  ms: (v) => `${v} ms`,
  count: (v) => String(v),
  dateTime: (ms) => new Date(ms).toISOString(),
  axisTime: (ms) => String(ms),
};

const XSS = '<img src=x onerror=alert(1)>';

function point(overrides: Partial<TrendPointView> = {}): TrendPointView {
  return {
    run_id: 'r1',
    started_at: '2026-03-01T10:00:00.000Z',
    label: null,
    trials: 5,
    ok: 5,
    first: { n: 5, median: 200, p95: 260 },
    gap_median: { n: 5, median: 10, p95: 14 },
    total: { n: 5, median: 900, p95: 1100 },
    ...overrides,
  };
}

const stream: TrendSeries = {
  model: 'model-a',
  mode: 'stream',
  series_id: null,
  label: null,
  points: [
    point(),
    point({
      run_id: 'r2',
      started_at: '2026-03-02T10:00:00.000Z',
      trials: 3,
      ok: 1,
      first: { n: 1, median: 240, p95: 240 },
      gap_median: { n: 1, median: 12, p95: 12 },
      total: { n: 1, median: 1000, p95: 1000 },
    }),
    point({
      run_id: 'r3',
      started_at: '2026-03-03T10:00:00.000Z',
      ok: 0,
      first: null,
      gap_median: null,
      total: null,
    }),
  ],
};

const plain: TrendSeries = {
  model: 'model-a',
  mode: 'plain',
  series_id: null,
  label: null,
  points: [point({ gap_median: null, first: { n: 30, median: 700, p95: 800 } })],
};

type Datum = {
  value: [number, number | null];
  symbolSize?: number;
  itemStyle?: { color: string; borderColor: string };
  label?: { show: boolean; formatter: string };
};
type Series = {
  name: string;
  xAxisIndex: number;
  yAxisIndex: number;
  lineStyle: { color: string; type: string };
  data: Datum[];
  markLine: { data: [{ coord: number[] }, { coord: number[] }][] };
};

function seriesOf(option: ReturnType<typeof trendOption>): Series[] {
  return option.series as unknown as Series[];
}

describe('trend chart', () => {
  it('draws three panels over one time axis: first token, median gap, total', () => {
    const option = trendOption('fast', 0, [stream, plain], theme, text);
    const yAxes = option.yAxis as { name: string; gridIndex: number }[];
    expect(yAxes.map((a) => a.name)).toEqual(['first token', 'median gap', 'total']);
    expect((option.xAxis as { type: string }[]).every((a) => a.type === 'time')).toBe(true);
    expect((option.grid as unknown[]).length).toBe(3);
  });

  it('has one series per model × mode and panel; plain mode has no gap panel', () => {
    const series = seriesOf(trendOption('fast', 0, [stream, plain], theme, text));
    expect(series.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['model-a · stream', 0],
      ['model-a · plain', 0],
      ['model-a · stream', 1],
      ['model-a · stream', 2],
      ['model-a · plain', 2],
    ]);
  });

  it('colours a model alike in every panel and dashes plain mode', () => {
    const other: TrendSeries = { ...stream, model: 'model-b' };
    const series = seriesOf(trendOption('fast', 0, [stream, plain, other], theme, text));
    const first = series.filter((s) => s.yAxisIndex === 0);
    expect(first.map((s) => [s.lineStyle.color, s.lineStyle.type])).toEqual([
      ['#a00', 'solid'],
      ['#a00', 'dashed'],
      ['#0a0', 'solid'],
    ]);
  });

  it('draws the profile in its own colour; a further model takes the next slot', () => {
    const other: TrendSeries = { ...stream, model: 'model-b' };
    const series = seriesOf(trendOption('fast', 1, [stream, other], theme, text));
    expect(series.filter((s) => s.yAxisIndex === 0).map((s) => s.lineStyle.color)).toEqual([
      '#0a0',
      '#00a',
    ]);
  });

  it('puts each run at its start time, with the median as y and a gap where no trial was ok', () => {
    const [first] = seriesOf(trendOption('fast', 0, [stream], theme, text));
    expect(first?.data.map((d) => d.value)).toEqual([
      [Date.parse('2026-03-01T10:00:00.000Z'), 200],
      [Date.parse('2026-03-02T10:00:00.000Z'), 240],
      [Date.parse('2026-03-03T10:00:00.000Z'), null],
    ]);
  });

  it('makes n visible: bigger markers for more trials, hollow and labelled below LOW_N', () => {
    const [first] = seriesOf(trendOption('fast', 0, [stream], theme, text));
    const [five, one] = first?.data ?? [];
    expect(one?.symbolSize).toBeLessThan(five?.symbolSize ?? 0);
    expect(one?.itemStyle?.color).toBe(theme.background);
    expect(one?.label).toEqual({ show: true, formatter: 'n = 1' });
    expect(five?.itemStyle?.color).toBe('#a00');
    expect(five?.label).toBeUndefined();
    expect(LOW_N).toBeGreaterThan(1);
    expect(markerSize(1)).toBeLessThan(markerSize(30));
    expect(markerSize(1000)).toBe(markerSize(10_000));
  });

  it('draws a whisker from the median to the p95, none where they are equal', () => {
    const [first] = seriesOf(trendOption('fast', 0, [stream], theme, text));
    const at = Date.parse('2026-03-01T10:00:00.000Z');
    expect(first?.markLine.data).toEqual([[{ coord: [at, 200] }, { coord: [at, 260] }]]);
  });

  it('says in the tooltip what a point is, with n, p95 and the ok trials', () => {
    const option = trendOption('fast', 0, [stream], theme, text);
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter({ seriesIndex: 0, dataIndex: 1 });
    expect(html).toContain('fast · model-a · stream');
    expect(html).toContain('TTFT: median 240 ms · p95 240 ms · n = 1');
    expect(html).toContain('1 of 3 trials ok');
  });

  it('escapes profile and model names in the tooltip', () => {
    const hostile: TrendSeries = { ...stream, model: XSS };
    const option = trendOption(XSS, 0, [hostile], theme, text);
    const tooltip = option.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter({ seriesIndex: 0, dataIndex: 0 });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('adds a zoom slider, and room for it, only for long histories', () => {
    const long: TrendSeries = {
      ...stream,
      points: Array.from({ length: 40 }, (_, i) =>
        point({ run_id: `r${i}`, started_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }),
      ),
    };
    const zooms = (s: TrendSeries[]): string[] =>
      (trendOption('fast', 0, s, theme, text).dataZoom as { type: string }[]).map((z) => z.type);
    expect(zooms([stream])).toEqual(['inside']);
    expect(zooms([long])).toEqual(['inside', 'slider']);
    expect(trendHeight([long])).toBeGreaterThan(trendHeight([stream]));
  });
});

describe('trend axes', () => {
  it('reach a round number above the highest p95, so whiskers and labels fit', () => {
    expect(axisMax([stream], 'first')).toBe(300);
    expect(axisMax([stream], 'total')).toBe(1500);
    expect(axisMax([stream], 'gap_median')).toBe(20);
    expect(axisMax([plain], 'gap_median')).toBe(1);
  });
});
