// Where the time went, per profile × mode: the medians of each phase, stacked.

import type { PhaseMedians } from '../../api';
import type { ChartTheme } from '../../charts/chart-option';
import { PHASES, phaseBarsOption, type Phase, type PhaseBar } from '../../charts/phase-bars';
import type { ChartSpec } from '../chart-spec';
import { profileOf, type RunProfile } from '../run-profiles';
import type { Words } from '../words';

/** Room for the legend and the axis, then a row per bar. */
const BASE_HEIGHT = 110;
const ROW_HEIGHT = 44;

export function phasesChart(
  all: readonly PhaseMedians[],
  profiles: readonly RunProfile[],
  { t, format }: Words,
  theme: ChartTheme,
): ChartSpec | null {
  // A profile × mode without an ok trial has no phases: the table and the failures say why.
  const medians = all.filter((m) => m.n > 0);
  if (medians.length === 0) return null;
  const bars: PhaseBar[] = medians.map((m) => ({
    profile: profileOf(profiles, m.profile_id).name,
    mode: t(`common.modes.${m.mode}`),
    n: m.n,
    phases: m.phases,
  }));
  const phase = Object.fromEntries(
    PHASES.map((p) => [p, t(`results.phases.phase.${p}`)]),
  ) as Record<Phase, string>;
  const option = phaseBarsOption(bars, theme, {
    time: t('results.phases.axis'),
    phase,
    category: (bar) =>
      t('results.phases.category', { profile: bar.profile, mode: bar.mode, n: bar.n }),
    heading: (bar) =>
      t('results.phases.heading', { profile: bar.profile, mode: bar.mode, n: bar.n }),
    sum: t('results.phases.sum'),
    ms: format.ms,
  });
  return {
    id: 'phases',
    view: null,
    hints: [],
    title: t('results.phases.title'),
    description: [t('results.phases.description')],
    option,
    height: BASE_HEIGHT + ROW_HEIGHT * medians.length,
  };
}
