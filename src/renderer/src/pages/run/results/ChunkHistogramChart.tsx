// How much each chunk carried, in tokens or in characters: the share of each
// profile's chunks by size, over its ok streams.

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChunkHistogram } from '../../../../../shared/api';
import {
  CHUNK_UNITS,
  chunksChart,
  type ChunkUnit,
} from '../../../../../shared/results/charts/chunks';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { SpecChartCard } from '../../../charts/SpecChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { Segmented } from '../../../components/Segmented';
import { useWords } from './use-results-text';

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
  const words = useWords();
  const theme = useChartTheme();
  const [unit, setUnit] = useState<ChunkUnit>('tokens');
  const spec = useMemo(
    () => chunksChart(histograms, unit, profiles, words, theme),
    [histograms, unit, profiles, words, theme],
  );
  if (!spec) return null;
  const controls = (
    <Segmented
      label={t('results.histogram.unit')}
      options={CHUNK_UNITS}
      value={unit}
      onChange={setUnit}
      text={(u) => t(`results.histogram.unitOption.${u}`)}
    />
  );
  return <SpecChartCard spec={spec} fileName={`${fileName}-${unit}`} controls={controls} />;
}
