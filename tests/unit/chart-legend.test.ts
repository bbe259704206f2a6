// The legend a chart toggles, as the keyboard's buttons list it: read from the
// very options the builders make, in the legend's order, each name once.

import { describe, expect, it } from 'vitest';
import { legendNames } from '../../src/shared/charts/chart-legend';
import type { ChartOption } from '../../src/shared/charts/chart-option';

describe('legendNames', () => {
  it('lists the legend’s entries in order, strings and named items alike, once each', () => {
    const option: ChartOption = {
      legend: { data: ['Quick', { name: 'Slow' }, 'Quick', { icon: 'circle' }] },
      series: [],
    };
    expect(legendNames(option)).toEqual(['Quick', 'Slow']);
  });

  it('reads every legend of a chart that has several', () => {
    const option: ChartOption = {
      legend: [{ data: ['a'] }, { data: ['b', 'a'] }],
      series: [],
    };
    expect(legendNames(option)).toEqual(['a', 'b']);
  });

  it('offers nothing for a chart without a legend', () => {
    expect(legendNames({ series: [] })).toEqual([]);
    expect(legendNames({ legend: {}, series: [] })).toEqual([]);
  });
});
