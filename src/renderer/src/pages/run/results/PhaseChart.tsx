// Where the time went, per profile × mode: the medians of each phase, stacked.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhaseMedians } from '../../../../../shared/api';
import { ChartCard } from '../../../charts/ChartCard';
import {
  PHASES,
  phaseBarsOption,
  type Phase,
  type PhaseBar,
} from '../../../../../shared/charts/phase-bars';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat } from './use-results-text';

/** Room for the legend and the axis, then a row per bar. */
const BASE_HEIGHT = 110;
const ROW_HEIGHT = 44;

export function PhaseChart({
  medians: all,
  profiles,
  fileName,
}: {
  medians: readonly PhaseMedians[];
  profiles: readonly RunProfile[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const theme = useChartTheme();
  // A profile × mode without an ok trial has no phases: the table and the failures say why.
  const medians = useMemo(() => all.filter((m) => m.n > 0), [all]);
  const option = useMemo(() => {
    const bars: PhaseBar[] = medians.map((m) => ({
      profile: profileOf(profiles, m.profile_id).name,
      mode: t(`common.modes.${m.mode}`),
      n: m.n,
      phases: m.phases,
    }));
    const phase = Object.fromEntries(
      PHASES.map((p) => [p, t(`results.phases.phase.${p}`)]),
    ) as Record<Phase, string>;
    return phaseBarsOption(bars, theme, {
      time: t('results.phases.axis'),
      phase,
      category: (bar) =>
        t('results.phases.category', { profile: bar.profile, mode: bar.mode, n: bar.n }),
      heading: (bar) =>
        t('results.phases.heading', { profile: bar.profile, mode: bar.mode, n: bar.n }),
      sum: t('results.phases.sum'),
      ms: format.ms,
    });
  }, [medians, profiles, theme, t, format]);
  if (medians.length === 0) return null;
  return (
    <ChartCard
      title={t('results.phases.title')}
      description={<p>{t('results.phases.description')}</p>}
      option={option}
      height={BASE_HEIGHT + ROW_HEIGHT * medians.length}
      fileName={fileName}
    />
  );
}
