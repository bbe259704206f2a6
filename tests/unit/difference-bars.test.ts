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
} from '../../src/renderer/src/charts/difference-bars';
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
    sentence: `${XSS} is lower by 120 ms`,
    comparison: found,
  },
  {
    label: 'fast · stream − plain · total',
    sentence: 'this sample cannot tell them apart',
    comparison: unsure,
  },
  { label: 'one trial', sentence: 'too few', comparison: single },
  { label: 'same', sentence: 'equivalent within ±5 ms', comparison: same },
];

type Box = { value: number[]; itemStyle: { color: string; borderColor: string } };
type Series = { type: string; data: Box[]; markLine: { data: unknown[] } };
const option = differenceBarsOption(rows, theme, { axis: 'B − A, ms', margin: 'margin' });
const [series, ticks] = option.series as [
  Series,
  { type: string; silent: boolean; data: number[][] },
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

  it('lists the rows in order, names on canvas, the sentence escaped in the tooltip', () => {
    expect((option.yAxis as { data: string[]; inverse: boolean }).data).toEqual(
      rows.map((r) => r.label),
    );
    const tooltip = tooltipOf(option)({ dataIndex: 0 });
    expect(tooltip).toBe(`${XSS_ESCAPED} is lower by 120 ms`);
    expect(tooltip).not.toContain('<img');
    expect(tooltipOf(option)({ dataIndex: 9 })).toBe('');
  });
});
