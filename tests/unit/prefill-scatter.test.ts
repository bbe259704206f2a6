// TTFT against prompt tokens, as data: per profile × mode, the lengths'
// medians, their intervals as whiskers and the fitted line, in the profile's
// colour.

import { describe, expect, it } from 'vitest';
import {
  pointX,
  prefillScatterOption,
  type PrefillScatterText,
  type PrefillSeries,
} from '../../src/shared/charts/prefill-scatter';
import type { InputLengthGroup, PrefillFit } from '../../src/shared/prefill';
import type { Distribution } from '../../src/shared/stats';
import { theme, tooltipOf, XSS, XSS_ESCAPED } from './chart-fixtures';

const first = (median: number, ci: [number, number] | null): Distribution => ({
  n: 3,
  median,
  p95: median,
  min: median,
  max: median,
  mean: median,
  sd: null,
  median_ci95: ci,
});

const group = (
  input_tokens: number,
  median: number | null,
  ci: [number, number] | null = null,
): InputLengthGroup => ({
  input_tokens,
  n: median === null ? 0 : 3,
  failed: median === null ? 3 : 0,
  prompt_tokens: median === null ? null : input_tokens + 7,
  first_token: median === null ? null : first(median, ci),
});

const fit = (overrides: Partial<PrefillFit> = {}): PrefillFit => ({
  metric: 'ttft_ms',
  groups: [group(1000, 170, [165, 175]), group(8000, 310, [300, 320]), group(32000, 790, null)],
  x: 'usage',
  n: 9,
  prefill_ms_per_ktok: 20,
  prefill_ms_per_ktok_ci95: [19, 21],
  ttft_fixed_ms: 150,
  ...overrides,
});

const text: PrefillScatterText = {
  xAxis: 'prompt tokens',
  yAxis: 'ms',
  legend: (s) => `${s.profile} · ${s.mode}`,
  point: (s, g) => [`${g.input_tokens} tokens`, `median ${g.first_token?.median} ms`],
  line: (s) => [`${s.fit.prefill_ms_per_ktok} ms per 1,000`],
  tokens: (v) => String(v),
  ms: (v) => `${v} ms`,
};

type Series = {
  type: string;
  name: string;
  data: unknown[];
  itemStyle?: { color: string; borderColor: string };
  lineStyle?: { color: string; type?: string };
};

describe('prefillScatterOption', () => {
  const series: PrefillSeries[] = [
    { profile: 'Fast', color: 0, mode: 'stream', fit: fit() },
    {
      profile: XSS,
      color: 1,
      mode: 'plain',
      fit: fit({ metric: 'first_byte_ms', x: 'requested' }),
    },
  ];
  const option = prefillScatterOption(series, theme, text);
  const drawn = option.series as Series[];

  it('draws points, whiskers and the line of each fit, in its profile’s colour, under one legend name', () => {
    expect(drawn.map((s) => [s.type, s.name])).toEqual([
      ['scatter', 'Fast · stream'],
      ['line', 'Fast · stream'],
      ['line', 'Fast · stream'],
      ['scatter', `${XSS} · plain`],
      ['line', `${XSS} · plain`],
      ['line', `${XSS} · plain`],
    ]);
    expect(drawn[0]?.itemStyle?.color).toBe(theme.series[0]);
    // Plain's points are hollow: the chart's background inside the profile's ring.
    expect(drawn[3]?.itemStyle).toMatchObject({
      color: theme.background,
      borderColor: theme.series[1],
    });
    expect(drawn[5]?.lineStyle).toMatchObject({ color: theme.series[1], type: 'dashed' });
    expect((option.legend as { data: string[] }).data).toEqual(['Fast · stream', `${XSS} · plain`]);
  });

  it('places points at the usage’s prompt tokens, or at the requested length', () => {
    expect(drawn[0]?.data).toEqual([
      [1007, 170],
      [8007, 310],
      [32007, 790],
    ]);
    expect(drawn[3]?.data).toEqual([
      [1000, 170],
      [8000, 310],
      [32000, 790],
    ]);
    expect(pointX(fit(), group(500, null))).toBe(500);
  });

  it('draws a whisker for each interval, a gap for a length without one', () => {
    expect(drawn[1]?.data).toEqual([
      [1007, 165],
      [1007, 175],
      [1007, '-'],
      [8007, 300],
      [8007, 320],
      [8007, '-'],
      [32007, '-'],
      [32007, '-'],
      [32007, '-'],
    ]);
  });

  it('draws the fitted line across the lengths, and none without a fit', () => {
    expect(drawn[2]?.data).toEqual([
      [1007, 150 + 20 * 1.007],
      [32007, 150 + 20 * 32.007],
    ]);
    const none = prefillScatterOption(
      [
        {
          profile: 'A',
          color: 0,
          mode: 'stream',
          fit: fit({
            prefill_ms_per_ktok: null,
            ttft_fixed_ms: null,
            groups: [group(1000, 170), group(2000, null)],
          }),
        },
      ],
      theme,
      text,
    ).series as Series[];
    expect(none[2]?.data).toEqual([]);
    // A length no trial measured has no point.
    expect(none[0]?.data).toEqual([[1007, 170]]);
  });

  it('escapes the profile’s name in every tooltip', () => {
    const tooltip = tooltipOf(option);
    const point = tooltip({ seriesIndex: 3, dataIndex: 1 });
    expect(point).toContain(XSS_ESCAPED);
    expect(point).not.toContain(XSS);
    expect(point).toContain('8000 tokens');
    expect(tooltip({ seriesIndex: 4, dataIndex: 4 })).toContain('8000 tokens');
    expect(tooltip({ seriesIndex: 5, dataIndex: 0 })).toContain('20 ms per 1,000');
  });
});
