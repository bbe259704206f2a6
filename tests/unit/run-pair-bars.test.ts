// Two runs' figure side by side, as data: a bar series per profile and panel
// in the profile's colour (A paler than B), the intervals as lines, a panel
// per mode, and every bar's tooltip with its n, escaped.

import { describe, expect, it } from 'vitest';
import { sideBySideGrids } from '../../src/shared/charts/chart-parts';
import { runPairBarsOption, type PairRow } from '../../src/shared/charts/run-pair-bars';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

/** The profile measured in both runs and both modes. */
const fast = (mode: PairRow['mode'], a: PairRow['a'], b: PairRow['b']): PairRow => ({
  profile_id: 'fast',
  profile: 'Fast',
  color: 2,
  mode,
  a,
  b,
});

const rows: PairRow[] = [
  fast('stream', { median: 100, ci95: [90, 120], n: 5 }, { median: 80, ci95: [70, 95], n: 4 }),
  {
    profile_id: 'slow',
    profile: XSS,
    color: 5,
    mode: 'stream',
    a: { median: 300, ci95: null, n: 1 },
    b: null,
  },
  fast('plain', { median: 900, ci95: [850, 1000], n: 5 }, { median: 950, ci95: [900, 990], n: 5 }),
];

const text = {
  panel: (mode: string) => `${mode} · ms`,
  category: (row: PairRow, side: string) => `${row.profile}\n${side}`,
  sentence: (row: PairRow, side: string, figure: { median: number; n: number } | null) =>
    figure ? `${row.profile} ${row.mode} ${side}: ${figure.median} (n = ${figure.n})` : 'none',
  format: String,
};

type Bar = {
  type: string;
  name?: string;
  xAxisIndex: number;
  itemStyle?: { color?: string };
  data: unknown[];
  markLine?: { data: { coord: [number, number] }[][] };
};

describe('run pair bars', () => {
  const option = runPairBarsOption(rows, theme, text);
  const series = option.series as Bar[];
  const bars = series.filter((s) => s.type === 'bar');

  it('draws a bar series per profile and panel in the profile’s colour, A paler than B', () => {
    expect(bars.map((s) => [s.name, s.xAxisIndex, s.itemStyle?.color])).toEqual([
      ['Fast', 0, theme.series[2]],
      [XSS, 0, theme.series[5]],
      ['Fast', 1, theme.series[2]],
    ]);
    // Stream panel: Fast A, Fast B, slow A, slow B; each series fills only its own bars.
    expect(bars[0]?.data).toEqual([
      { value: 100, itemStyle: { opacity: 0.45 } },
      { value: 80, itemStyle: { opacity: 1 } },
      '-',
      '-',
    ]);
    expect(bars[1]?.data).toEqual(['-', '-', { value: 300, itemStyle: { opacity: 0.45 } }, '-']);
  });

  it('draws each interval as a line over its bar, and makes room for its top', () => {
    expect(bars[0]?.markLine?.data).toEqual([
      [{ coord: [0, 90] }, { coord: [0, 120] }],
      [{ coord: [1, 70] }, { coord: [1, 95] }],
    ]);
    // n = 1 has no interval.
    expect(bars[1]?.markLine?.data).toEqual([]);
    const reach = series.filter((s) => s.type === 'scatter');
    expect(reach.map((s) => s.data)).toEqual([
      [
        [0, 120],
        [1, 95],
      ],
      [
        [0, 1000],
        [1, 990],
      ],
    ]);
    // The reach is drawn in no colour: only the profiles' colours are the chart's.
    expect(reach.every((s) => s.itemStyle === undefined)).toBe(true);
  });

  it('has a panel per mode, stream first, with a bar per run and profile', () => {
    const xAxis = option.xAxis as { data: string[] }[];
    expect(xAxis.map((axis) => axis.data)).toEqual([
      ['Fast\nA', 'Fast\nB', `${XSS}\nA`, `${XSS}\nB`],
      ['Fast\nA', 'Fast\nB'],
    ]);
    expect((option.yAxis as { name: string }[]).map((axis) => axis.name)).toEqual([
      'stream · ms',
      'plain · ms',
    ]);
  });

  it('says a bar’s figure with its n, the profile’s name escaped', () => {
    const tooltip = tooltipOf(option);
    expect(tooltip([{ seriesIndex: 0, dataIndex: 1 }])).toBe('Fast stream B: 80 (n = 4)');
    expect(tooltip([{ seriesIndex: 1, dataIndex: 2 }])).toBe(
      `${XSS_ESCAPED} stream A: 300 (n = 1)`,
    );
    expect(tooltip([{ seriesIndex: 2, dataIndex: 0 }])).toBe('Fast plain A: 900 (n = 5)');
    expect(tooltip([{ seriesIndex: 1, dataIndex: 3 }])).toBe('none');
  });

  it('draws nothing of a mode no row has', () => {
    const streamOnly = runPairBarsOption(rows.slice(0, 2), theme, text);
    expect((streamOnly.xAxis as unknown[]).length).toBe(1);
  });
});

describe('side-by-side grids', () => {
  it('give each panel its share of the width, 4% apart', () => {
    expect(sideBySideGrids([6, 2]).map((g) => [g.left, g.width])).toEqual([
      ['0%', '72%'],
      ['76%', '24%'],
    ]);
    expect(sideBySideGrids([3]).map((g) => g.width)).toEqual(['100%']);
  });
});
