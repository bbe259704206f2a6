// Profiles compared, as data: a box per profile × mode, every trial a dot over it.

import { describe, expect, it } from 'vitest';
import {
  boxPlotOption,
  dotOffset,
  dotSpread,
  type BoxGroup,
  type BoxPlotText,
} from '../../src/renderer/src/charts/box-plots';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

const text: BoxPlotText = {
  axis: 'ms',
  category: (g) => `${g.profile}\n${g.mode} · n = ${g.values.length}`,
  heading: (g) => `${g.profile} · ${g.mode}`,
  box: (g) => [`median ${g.box.median} ms`, `n = ${g.values.length}`],
  dot: (g, k, v) => `trial ${k + 1} of ${g.values.length}: ${v} ms`,
  format: (v) => String(v),
};

const groups: BoxGroup[] = [
  {
    profile: 'fast',
    color: 0,
    mode: 'stream',
    values: [100, 120, 110],
    box: { min: 100, q1: 105, median: 110, q3: 115, max: 120 },
  },
  {
    profile: 'fast',
    color: 0,
    mode: 'plain',
    values: [900],
    box: { min: 900, q1: 900, median: 900, q3: 900, max: 900 },
  },
  {
    profile: XSS,
    color: 1,
    mode: 'stream',
    values: [300, 340],
    box: { min: 300, q1: 310, median: 320, q3: 330, max: 340 },
  },
];

type Box = { value: number[]; itemStyle: { borderColor: string; borderType: string } };
type Series = { type: string; xAxisIndex: number; data: unknown[]; itemStyle?: { color: string } };

describe('box plots', () => {
  const option = boxPlotOption(groups, theme, text);
  const series = option.series as Series[];

  it('draws a box per profile × mode, coloured by profile, plain dashed beside stream', () => {
    expect(series[0]?.type).toBe('boxplot');
    expect(
      (series[0]?.data as Box[]).map((b) => [
        b.value,
        b.itemStyle.borderColor,
        b.itemStyle.borderType,
      ]),
    ).toEqual([
      [[100, 105, 110, 115, 120], '#a00', 'solid'],
      [[900, 900, 900, 900, 900], '#a00', 'dashed'],
      [[300, 310, 320, 330, 340], '#0a0', 'solid'],
    ]);
    expect((option.xAxis as { data?: string[] }[])[0]?.data).toEqual([
      'fast\nstream · n = 3',
      'fast\nplain · n = 1',
      `${XSS}\nstream · n = 2`,
    ]);
  });

  it('puts every trial over its box as a dot, spread in the order they ran', () => {
    const dots = series.slice(1);
    expect(dots.map((s) => [s.type, s.xAxisIndex, s.itemStyle?.color])).toEqual([
      ['scatter', 1, '#a00'],
      ['scatter', 1, '#a00'],
      ['scatter', 1, '#0a0'],
    ]);
    // Three boxes: the dots spread over ±0.105 of a band, inside the box's half of it.
    const first = dots[0]?.data as [number, number][];
    expect(first.map(([x]) => x)).toEqual([
      expect.closeTo(-0.105),
      expect.closeTo(0),
      expect.closeTo(0.105),
    ]);
    expect(first.map(([, y]) => y)).toEqual([100, 120, 110]);
    expect(dots[1]?.data).toEqual([[1, 900]]);
    // The dots' hidden axis spans the category axis' bands exactly.
    expect((option.xAxis as object[])[1]).toMatchObject({
      type: 'value',
      show: false,
      min: -0.5,
      max: 2.5,
    });
    expect(dotOffset(0, 1, 0.2)).toBe(0);
    expect(dotOffset(1, 2, 0.2)).toBeCloseTo(0.2);
    expect([1, 4, 8, 20].map(dotSpread)).toEqual([0.035, 0.14, 0.2, 0.2]);
  });

  it('draws without animation, from zero', () => {
    expect(option.animation).toBe(false);
    expect(option.yAxis).toMatchObject({ type: 'value', min: 0, name: 'ms' });
  });

  it('escapes the profile name in the tooltips of boxes and dots', () => {
    const tooltip = tooltipOf(option);
    const box = tooltip({ seriesType: 'boxplot', dataIndex: 2, seriesIndex: 0 });
    expect(box).toBe(`<strong>${XSS_ESCAPED} · stream</strong><br>median 320 ms<br>n = 2`);
    const dot = tooltip({
      seriesType: 'scatter',
      seriesIndex: 3,
      dataIndex: 1,
      value: [2.18, 340],
    });
    expect(dot).toBe(`<strong>${XSS_ESCAPED} · stream</strong><br>trial 2 of 2: 340 ms`);
    expect(`${box}${dot}`).not.toContain('<img');
  });
});
