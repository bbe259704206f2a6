// A vs B as data: a box over each difference's 95% interval, its line at the
// difference, filled in colour only when the verdict says one side is lower,
// outlined when the two are equivalent, muted when the sample cannot tell;
// the margin as two ticks on each row.

import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/shared/comparisons';
import {
  differenceBarsOption,
  differenceBox,
  type DifferenceRow,
} from '../../src/shared/charts/difference-bars';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

const found: Comparison = {
  profile_a: 'a',
  profile_b: 'b',
  mode: 'stream',
  metric: 'total_ms',
  diff_ms: -120,
  ci_low_ms: -160,
  ci_high_ms: -80,
  n_pairs: 10,
  paired: true,
  n_a: 10,
  n_b: 10,
  median_a_ms: 600,
  median_b_ms: 480,
  margin_ms: 5,
  verdict: 'b_lower',
  rounds_to_settle: null,
};
const unsure: Comparison = {
  ...found,
  diff_ms: 8,
  ci_low_ms: -40,
  ci_high_ms: 60,
  margin_ms: 6,
  verdict: 'inconclusive',
  rounds_to_settle: 2560,
};
const same: Comparison = {
  ...found,
  diff_ms: 1,
  ci_low_ms: -2,
  ci_high_ms: 3,
  verdict: 'equivalent',
};
const single: Comparison = {
  ...unsure,
  diff_ms: 3,
  ci_low_ms: null,
  ci_high_ms: null,
  paired: false,
};

const rows: DifferenceRow[] = [
  {
    label: `${XSS} − fast · stream · total`,
    lines: [`${XSS} − fast`, 'stream · total'],
    sentence: `${XSS} is lower by 120 ms`,
    comparison: found,
  },
  {
    label: 'fast · stream − plain · total',
    lines: ['fast', 'stream − plain · total'],
    sentence: 'this sample cannot tell them apart',
    comparison: unsure,
  },
  { label: 'one trial', lines: ['one', 'trial'], sentence: 'too few', comparison: single },
  {
    label: 'same',
    lines: ['same', 'total'],
    sentence: 'equivalent within ±5 ms',
    comparison: same,
  },
];

type Box = { value: number[]; itemStyle: { color: string; borderColor: string } };
type Series = { type: string; data: Box[]; markLine: { data: unknown[] } };
const option = differenceBarsOption(rows, theme, { axis: 'B − A, ms', margin: 'margin' });
const [series, ticks, marks] = option.series as [
  Series,
  { type: string; silent: boolean; data: number[][] },
  { type: string; data: { value: number[]; itemStyle: { color: string } }[] },
];

describe('differenceBarsOption', () => {
  it('draws each interval as a box with its line at the difference', () => {
    expect(series?.type).toBe('boxplot');
    expect(series?.data.map((d) => d.value)).toEqual([
      [-160, -160, -120, -80, -80],
      [-40, -40, 8, 60, 60],
      // No interval below two values: the difference alone, a box of no width.
      [3, 3, 3, 3, 3],
      [-2, -2, 1, 3, 3],
    ]);
    expect(differenceBox(found)).toEqual([-160, -160, -120, -80, -80]);
  });

  it('fills a difference the data shows in ink (no profile’s colour), outlines an equivalence, greys what it cannot tell', () => {
    expect(series?.data.map((d) => [d.itemStyle.color, d.itemStyle.borderColor])).toEqual([
      [theme.text, theme.text],
      [theme.muted, theme.muted],
      [theme.muted, theme.muted],
      [theme.background, theme.text],
    ]);
    expect(series?.markLine.data).toEqual([{ xAxis: 0 }]);
  });

  it('marks each row’s own ±margin, out of the tooltip’s way', () => {
    expect(ticks.type).toBe('scatter');
    expect(ticks.silent).toBe(true);
    expect(ticks.data).toEqual([
      [-5, 0],
      [5, 0],
      [-6, 1],
      [6, 1],
      [-6, 2],
      [6, 2],
      [-5, 3],
      [5, 3],
    ]);
  });

  it('marks the difference itself in the box’s contrast: light on a filled box, ink elsewhere', () => {
    expect(marks.type).toBe('scatter');
    expect(marks.data.map((d) => [d.value, d.itemStyle.color])).toEqual([
      [[-120, 0], theme.background],
      [[8, 1], theme.text],
      [[3, 2], theme.text],
      [[1, 3], theme.text],
    ]);
  });

  it('names each row on two lines, the pair first, so a cut name keeps its mode and metric', () => {
    const axis = option.yAxis as {
      data: string[];
      axisLabel: { formatter: (value: string, index: number) => string };
    };
    expect(axis.data).toEqual(rows.map((r) => r.label));
    expect(axis.axisLabel.formatter('', 1)).toBe('fast\nstream − plain · total');
  });

  it('says the row in words wherever its band is hovered, escaped', () => {
    const tooltip = tooltipOf(option);
    // The axis trigger passes every series' item of the row: the box's names it.
    const html = tooltip([
      { seriesType: 'scatter', dataIndex: 7 },
      { seriesType: 'boxplot', dataIndex: 0 },
    ]);
    expect(html).toBe(`${XSS_ESCAPED} is lower by 120 ms`);
    expect(html).not.toContain('<img');
    expect(tooltip([{ seriesType: 'boxplot', dataIndex: 9 }])).toBe('');
    expect((option.tooltip as { trigger: string }).trigger).toBe('axis');
  });
});
