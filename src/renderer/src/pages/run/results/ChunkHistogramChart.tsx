// How much each chunk carried, in tokens or in characters: the share of each
// profile's chunks by size, over its ok streams.

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChunkHistogram } from '../../../../../shared/api';
import { ChartCard } from '../../../charts/ChartCard';
import {
  chunkHistogramOption,
  type HistogramSeries,
} from '../../../../../shared/charts/chunk-histogram';
import { Segmented } from '../../../components/Segmented';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat } from './use-results-text';

type Unit = 'tokens' | 'chars';
const UNITS: readonly Unit[] = ['tokens', 'chars'];
const HEIGHT = 340;

export function ChunkHistogramChart({
  histograms,
  profiles,
  fileName,
}: {
  histograms: readonly ChunkHistogram[];
  profiles: readonly RunProfile[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const theme = useChartTheme();
  const [unit, setUnit] = useState<Unit>('tokens');
  const option = useMemo(() => {
    const series: HistogramSeries[] = histograms.map((h) => {
      const profile = profileOf(profiles, h.profile_id);
      return { profile: profile.name, color: profile.color, bins: h[unit] };
    });
    return chunkHistogramOption(series, theme, {
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
  }, [histograms, profiles, unit, theme, t, format]);

  if (!histograms.some((h) => h.chunks > 0)) return null;
  const controls = (
    <Segmented
      label={t('results.histogram.unit')}
      options={UNITS}
      value={unit}
      onChange={setUnit}
      text={(u) => t(`results.histogram.unitOption.${u}`)}
    />
  );
  return (
    <ChartCard
      title={t('results.histogram.title')}
      description={<p>{t('results.histogram.description')}</p>}
      option={option}
      height={HEIGHT}
      fileName={`${fileName}-${unit}`}
      controls={controls}
    />
  );
}
