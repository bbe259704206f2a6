import { describe, expect, it } from 'vitest';
import { itemTooltip, valueAxis } from '../../src/shared/charts/chart-parts';
import { theme, tooltipOf } from './chart-fixtures';

describe('valueAxis', () => {
  it('names a y axis at its end and an x axis under its middle, from 0 unless told', () => {
    expect(valueAxis(theme, { name: 'ms', nameAt: 'end' })).toMatchObject({
      type: 'value',
      name: 'ms',
      min: 0,
      nameTextStyle: { color: theme.muted, align: 'left' },
    });
    const x = valueAxis(theme, { name: 'tokens', nameAt: 'middle', nameGap: 28, max: 1 });
    expect(x).toMatchObject({ nameLocation: 'middle', nameGap: 28, min: 0, max: 1 });
    expect(valueAxis(theme, { name: 'B − A', nameAt: 'middle', min: null })).not.toHaveProperty(
      'min',
    );
  });

  it('labels through the format given, or leaves ECharts’ own labels', () => {
    const axis = valueAxis(theme, { name: 'ms', nameAt: 'end', format: (v) => `${v} ms` });
    const formatter = (axis.axisLabel as { formatter: (v: number) => string }).formatter;
    expect(formatter(120)).toBe('120 ms');
    expect(valueAxis(theme, { name: 'ms', nameAt: 'end' }).axisLabel).not.toHaveProperty(
      'formatter',
    );
  });
});

describe('itemTooltip', () => {
  it('describes the first hovered item, and nothing when there is none', () => {
    const tooltip = { tooltip: itemTooltip((item) => `#${item.seriesIndex}/${item.dataIndex}`) };
    expect(tooltipOf(tooltip)({ seriesIndex: 2, dataIndex: 5 })).toBe('#2/5');
    expect(tooltipOf(tooltip)([{ seriesIndex: 1, dataIndex: 0 }, { seriesIndex: 3 }])).toBe('#1/0');
    expect(tooltipOf(tooltip)([])).toBe('');
  });
});
