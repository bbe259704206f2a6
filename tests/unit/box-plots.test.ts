// Profiles compared, as data: a box per profile × mode, every trial a dot over it.

import { describe, expect, it } from 'vitest';
import {
  boxPlotOption,
  categoryLabel,
  dotOffset,
  dotSpread,
  type BoxGroup,
  type BoxPlotText,
} from '../../src/shared/charts/box-plots';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

const text: BoxPlotText = {
  panel: (mode) => `${mode} · ms`,
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
type Series = {
  type: string;
  xAxisIndex: number;
  yAxisIndex: number;
  data: unknown[];
  itemStyle?: { color: string };
};

describe('box plots', () => {
  const option = boxPlotOption(groups, theme, text);
  const series = option.series as Series[];

  it('draws a box per profile × mode, coloured by profile, stream and plain each in a panel of its own', () => {
    // Stream's panel: its boxes, then a dot series per box; then plain's.
    expect(series.map((s) => [s.type, s.xAxisIndex, s.yAxisIndex])).toEqual([
      ['boxplot', 0, 0],
      ['scatter', 1, 0],
      ['scatter', 1, 0],
      ['boxplot', 2, 1],
      ['scatter', 3, 1],
    ]);
    const boxes = (s: Series | undefined) =>
      (s?.data as Box[]).map((b) => [b.value, b.itemStyle.borderColor, b.itemStyle.borderType]);
    expect(boxes(series[0])).toEqual([
      [[100, 105, 110, 115, 120], '#a00', 'solid'],
      [[300, 310, 320, 330, 340], '#0a0', 'solid'],
    ]);
    expect(boxes(series[3])).toEqual([[[900, 900, 900, 900, 900], '#a00', 'dashed']]);
    const xAxes = option.xAxis as { data?: string[]; gridIndex: number }[];
    expect(xAxes[0]?.data).toEqual(['fast\nstream · n = 3', `${XSS}\nstream · n = 2`]);
    expect(xAxes[2]?.data).toEqual(['fast\nplain · n = 1']);
    expect(
      (option.yAxis as { name: string; gridIndex: number }[]).map((y) => [y.name, y.gridIndex]),
    ).toEqual([
      ['stream · ms', 0],
      ['plain · ms', 1],
    ]);
    // Each panel as wide as its share of the boxes, with a gap between.
    expect(
      (option.grid as { left: string; width: string }[]).map((g) => [g.left, g.width]),
    ).toEqual([
      ['0%', '64%'],
      ['68%', '32%'],
    ]);
  });

  it('draws one panel when the run has one mode', () => {
    const streamOnly = boxPlotOption(
      groups.filter((g) => g.mode === 'stream'),
      theme,
      text,
    );
    expect((streamOnly.grid as object[]).length).toBe(1);
    expect((streamOnly.grid as { width: string }[])[0]?.width).toBe('100%');
  });

  it('puts every trial over its box as a dot, spread in the order they ran', () => {
    const dots = [series[1], series[2], series[4]];
    expect(dots.map((s) => [s?.type, s?.itemStyle?.color])).toEqual([
      ['scatter', '#a00'],
      ['scatter', '#0a0'],
      ['scatter', '#a00'],
    ]);
    // Two boxes in the widest panel: the dots spread over ±0.07 of a band, inside the box's half of it.
    const first = dots[0]?.data as [number, number][];
    expect(first.map(([x]) => x)).toEqual([
      expect.closeTo(-0.07),
      expect.closeTo(0),
      expect.closeTo(0.07),
    ]);
    expect(first.map(([, y]) => y)).toEqual([100, 120, 110]);
    expect(dots[2]?.data).toEqual([[0, 900]]);
    // The dots' hidden axis spans its panel's category bands exactly.
    expect((option.xAxis as object[])[1]).toMatchObject({
      type: 'value',
      show: false,
      min: -0.5,
      max: 1.5,
    });
    expect(dotOffset(0, 1, 0.2)).toBe(0);
    expect(dotOffset(1, 2, 0.2)).toBeCloseTo(0.2);
    expect([1, 4, 8, 20].map(dotSpread)).toEqual([0.035, 0.14, 0.2, 0.2]);
  });

  it('draws without animation, from zero', () => {
    expect(option.animation).toBe(false);
    expect((option.yAxis as object[])[0]).toMatchObject({ type: 'value', min: 0 });
  });

  it('escapes the profile name in the tooltips of boxes and dots', () => {
    const tooltip = tooltipOf(option);
    const box = tooltip({ seriesType: 'boxplot', dataIndex: 1, seriesIndex: 0 });
    expect(box).toBe(`<strong>${XSS_ESCAPED} · stream</strong><br>median 320 ms<br>n = 2`);
    const dot = tooltip({
      seriesType: 'scatter',
      seriesIndex: 2,
      dataIndex: 1,
      value: [2.18, 340],
    });
    expect(dot).toBe(`<strong>${XSS_ESCAPED} · stream</strong><br>trial 2 of 2: 340 ms`);
    expect(`${box}${dot}`).not.toContain('<img');
  });

  it('fits each box label within its band at the chart’s width, so that no two run into each other', () => {
    type Axis = { type: string; axisLabel?: { width: number; rotate: number; overflow: string } };
    // A 1024 px window's results card: about 880 px of chart.
    const fitted = boxPlotOption(groups, theme, text, 880);
    const axes = (fitted.xAxis as Axis[]).filter((axis) => axis.type === 'category');
    // Stream's panel: 64% of 880 px over two boxes; plain's: 32% over one.
    expect(axes.map((axis) => axis.axisLabel)).toMatchObject([
      { width: 271, rotate: 0, overflow: 'truncate' },
      { width: 271, rotate: 0, overflow: 'truncate' },
    ]);
    // Many boxes in a narrow chart: a band of 50 px slants its labels instead of cutting them to a letter.
    expect(categoryLabel(800, 100, 16)).toEqual({ width: 120, rotate: 40 });
    // Level labels are never wider than their band.
    for (const boxes of [1, 3, 6, 10, 12]) {
      const label = categoryLabel(700, 100, boxes);
      if (label.rotate === 0) expect(label.width).toBeLessThan(700 / boxes);
    }
    // Without a width (a report), the labels keep a fixed width.
    expect(categoryLabel(null, 50, 4)).toEqual({ width: 140, rotate: 0 });
  });
});
