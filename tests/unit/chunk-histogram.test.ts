// Chunk sizes, as data: a profile's share of chunks per size, bins made common.

import { describe, expect, it } from 'vitest';
import type { HistogramBin } from '../../src/shared/api';
import {
  chunkHistogramOption,
  commonBinWidth,
  type HistogramSeries,
  type HistogramText,
} from '../../src/shared/charts/chunk-histogram';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

/** Bins of one width from counts, as main computes them. */
function bins(width: number, counts: number[]): HistogramBin[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((count, i) => ({
    from: i * width,
    to: (i + 1) * width,
    count,
    share: count / total,
  }));
}

const text: HistogramText = {
  size: 'tokens per chunk',
  share: 'share of chunks',
  bin: (from, to) => (to - from === 1 ? String(from) : `${from}–${to - 1}`),
  point: ({ bin, share, count, chunks }) =>
    `${Math.round(share * 100)}% carried ${bin} (${count} of ${chunks})`,
  percent: (ratio) => `${Math.round(ratio * 100)}%`,
};

const series = (profile: string, color: number, b: HistogramBin[]): HistogramSeries => ({
  profile,
  color,
  bins: b,
});

type Bar = { type: string; name: string; data: number[]; itemStyle: { color: string } };

describe('chunk histogram', () => {
  it('shows each profile’s share of chunks per size, a bar series per profile', () => {
    const option = chunkHistogramOption(
      [series('steady', 0, bins(1, [0, 40])), series(XSS, 1, bins(1, [0, 0, 0, 5, 15]))],
      theme,
      text,
    );
    const bars = option.series as Bar[];
    expect(bars.map((b) => [b.type, b.name, b.itemStyle.color])).toEqual([
      ['bar', 'steady', '#a00'],
      ['bar', XSS, '#0a0'],
    ]);
    expect(bars[0]?.data).toEqual([0, 1, 0, 0, 0]);
    expect(bars[1]?.data).toEqual([0, 0, 0, 0.25, 0.75]);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['0', '1', '2', '3', '4'] });
    expect(option.animation).toBe(false);
  });

  it('puts profiles with different bin widths on common bins, splitting no count', () => {
    expect(commonBinWidth([series('a', 0, bins(1, [1])), series('b', 1, bins(26, [1]))])).toBe(26);
    expect(commonBinWidth([series('a', 0, bins(4, [1])), series('b', 1, bins(6, [1]))])).toBe(12);
    const option = chunkHistogramOption(
      [series('a', 0, bins(4, [1, 2, 3, 4])), series('b', 1, bins(6, [5, 5]))],
      theme,
      text,
    );
    const bars = option.series as Bar[];
    // a: [0,4) [4,8) fall in [0,12), [8,12) too; [12,16) in [12,24). b: [0,6) [6,12) in [0,12).
    expect(bars[0]?.data).toEqual([0.6, 0.4]);
    expect(bars[1]?.data).toEqual([1, 0]);
    expect(option.xAxis).toMatchObject({ data: ['0–11', '12–23'] });
  });

  it('leaves out a profile without chunks', () => {
    const option = chunkHistogramOption(
      [series('none', 0, []), series('some', 1, bins(1, [0, 3]))],
      theme,
      text,
    );
    expect((option.series as Bar[]).map((b) => b.name)).toEqual(['some']);
    expect(option.legend).toMatchObject({ data: ['some'] });
  });

  it('escapes the profile name in its tooltip', () => {
    const option = chunkHistogramOption([series(XSS, 0, bins(1, [1, 3]))], theme, text);
    const html = tooltipOf(option)({ seriesIndex: 0, dataIndex: 1 });
    expect(html).toBe(`<strong>${XSS_ESCAPED}</strong><br>75% carried 1 (3 of 4)`);
  });
});
