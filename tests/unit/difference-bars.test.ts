// A vs B as data: a box over each difference's 95% interval, its line at the
// difference, coloured only when the verdict says one side is lower.

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
  margin_ms: 5,
  verdict: 'b_lower',
};
const unsure: Comparison = {
  ...found,
  diff_ms: 8,
  ci_low_ms: -40,
  ci_high_ms: 60,
  verdict: 'no_difference',
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
    sentence: 'no detectable difference',
    comparison: unsure,
  },
  { label: 'one trial', sentence: 'too few', comparison: single },
];

type Box = { value: number[]; itemStyle: { color: string } };
const option = differenceBarsOption(rows, theme, { axis: 'B − A, ms' });
const series = (option.series as { type: string; data: Box[]; markLine: { data: unknown[] } }[])[0];

describe('differenceBarsOption', () => {
  it('draws each interval as a box with its line at the difference', () => {
    expect(series?.type).toBe('boxplot');
    expect(series?.data.map((d) => d.value)).toEqual([
      [-160, -160, -120, -80, -80],
      [-40, -40, 8, 60, 60],
      // No interval below two values: the difference alone, a box of no width.
      [3, 3, 3, 3, 3],
    ]);
    expect(differenceBox(found)).toEqual([-160, -160, -120, -80, -80]);
  });

  it('colours a difference the data shows, greys one it cannot tell apart from zero', () => {
    expect(series?.data.map((d) => d.itemStyle.color)).toEqual([
      theme.series[0],
      theme.muted,
      theme.muted,
    ]);
    expect(series?.markLine.data).toEqual([{ xAxis: 0 }]);
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
