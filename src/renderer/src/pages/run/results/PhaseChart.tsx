// Where the time went, per profile × mode: the medians of each phase, stacked.

import { useMemo } from 'react';
import type { PhaseMedians } from '../../../../../shared/api';
import { phasesChart } from '../../../../../shared/results/charts/phases';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { SpecChartCard } from '../../../charts/SpecChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { useWords } from './use-results-text';

export function PhaseChart({
  medians,
  profiles,
  fileName,
}: {
  medians: readonly PhaseMedians[];
  profiles: readonly RunProfile[];
  fileName: string;
}) {
  const words = useWords();
  const theme = useChartTheme();
  const spec = useMemo(
    () => phasesChart(medians, profiles, words, theme),
    [medians, profiles, words, theme],
  );
  if (!spec) return null;
  return <SpecChartCard spec={spec} fileName={fileName} />;
}
