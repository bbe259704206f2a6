// A vs B in one run: the differences B − A with their 95% intervals and what
// each says, one metric at a time as the box plots show them
// (src/shared/results/charts/differences.ts words and draws them).

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comparison } from '../../../../../shared/comparisons';
import {
  differencesChart,
  offeredDifferenceFigures,
  type DifferenceFigure,
} from '../../../../../shared/results/charts/differences';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { SpecChartCard } from '../../../charts/SpecChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { Segmented } from '../../../components/Segmented';
import { useWords } from './use-results-text';

export function DifferenceChart({
  comparisons,
  profiles,
  fileName,
}: {
  comparisons: readonly Comparison[];
  profiles: readonly RunProfile[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const words = useWords();
  const theme = useChartTheme();
  const offered = useMemo(() => offeredDifferenceFigures(comparisons), [comparisons]);
  const [chosen, setChosen] = useState<DifferenceFigure>('total');
  const figure = offered.includes(chosen) ? chosen : (offered[0] ?? 'total');
  const spec = useMemo(
    () => differencesChart(comparisons, figure, profiles, words, theme),
    [comparisons, figure, profiles, words, theme],
  );
  if (!spec) return null;
  const controls = (
    <Segmented
      label={t('results.differences.metric')}
      options={offered}
      value={figure}
      onChange={setChosen}
      text={(f) => t(`results.differences.option.${f}`)}
    />
  );
  return <SpecChartCard spec={spec} fileName={`${fileName}-${figure}`} controls={controls} />;
}
