// How much each chunk carried, in tokens or in characters: the share of each
// profile's chunks by size, over its ok streams.

import type { ChunkHistogram } from '../../api';
import type { ChartTheme } from '../../charts/chart-option';
import { chunkHistogramOption, type HistogramSeries } from '../../charts/chunk-histogram';
import type { ChartSpec } from '../chart-spec';
import { profileOf, type RunProfile } from '../run-profiles';
import type { Words } from '../words';

export const CHUNK_UNITS = ['tokens', 'chars'] as const;
export type ChunkUnit = (typeof CHUNK_UNITS)[number];

const HEIGHT = 340;

export function chunksChart(
  histograms: readonly ChunkHistogram[],
  unit: ChunkUnit,
  profiles: readonly RunProfile[],
  { t, format }: Words,
  theme: ChartTheme,
): ChartSpec | null {
  if (!histograms.some((h) => h.chunks > 0)) return null;
  const series: HistogramSeries[] = histograms.map((h) => {
    const profile = profileOf(profiles, h.profile_id);
    return { profile: profile.name, color: profile.color, bins: h[unit] };
  });
  const option = chunkHistogramOption(series, theme, {
    size: t(`results.histogram.axis.${unit}`),
    share: t('results.histogram.share'),
    bin: (from, to) =>
      to - from === 1
        ? format.count(from)
        : t('common.units.range', { low: format.count(from), high: format.count(to - 1) }),
    point: ({ bin, share, count, chunks }) =>
      t(`results.histogram.point.${unit}`, {
        bin,
        share: format.percent(share),
        hits: format.count(count),
        chunks: format.count(chunks),
      }),
    percent: (ratio) => format.percent(ratio),
  });
  return {
    id: `chunks-${unit}`,
    view: t(`results.histogram.unitOption.${unit}`),
    hints: [],
    title: t('results.histogram.title'),
    description: [t('results.histogram.description')],
    option,
    height: HEIGHT,
  };
}
