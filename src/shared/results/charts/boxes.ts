// TTFT / TTFB, the median gap and the total compared across profiles: a box
// per profile × mode with every trial as a dot over it, stream beside plain,
// one metric (a comparison) at a time, its labels fitted to the width drawn.

import type { BoxSeries } from '../../api';
import type { ChartTheme } from '../../charts/chart-option';
import { boxPlotOption, type BoxGroup } from '../../charts/box-plots';
import { MODES, type Mode, type SummaryMetric } from '../../trial';
import type { ChartSpec } from '../chart-spec';
import type { RunProfile } from '../run-profiles';
import type { Words } from '../words';

export const BOX_COMPARISONS = ['first', 'gap', 'total'] as const;
export type BoxComparison = (typeof BOX_COMPARISONS)[number];

/** Which metric each comparison reads in each mode; plain mode has no gaps. */
const METRIC: Record<BoxComparison, Partial<Record<Mode, SummaryMetric>>> = {
  first: { stream: 'ttft_ms', plain: 'first_byte_ms' },
  gap: { stream: 'gap_median_ms' },
  total: { stream: 'total_ms', plain: 'total_ms' },
};

const HEIGHT = 340;

function groupsOf(
  boxes: readonly BoxSeries[],
  comparison: BoxComparison,
  profiles: readonly RunProfile[],
): BoxGroup[] {
  const groups: BoxGroup[] = [];
  // Stream beside plain, profile by profile, whatever order the run's modes were in.
  for (const profile of profiles) {
    for (const mode of MODES) {
      const series = boxes.find(
        (b) =>
          b.profile_id === profile.id && b.mode === mode && b.metric === METRIC[comparison][mode],
      );
      if (!series?.box) continue;
      groups.push({
        profile: profile.name,
        color: profile.color,
        mode,
        values: series.values,
        box: series.box,
      });
    }
  }
  return groups;
}

/** A comparison no ok trial measured (gaps, in a run without streams) is not offered. */
export function offeredBoxComparisons(
  boxes: readonly BoxSeries[],
  profiles: readonly RunProfile[],
): BoxComparison[] {
  return BOX_COMPARISONS.filter((comparison) => groupsOf(boxes, comparison, profiles).length > 0);
}

export function boxesChart(
  boxes: readonly BoxSeries[],
  comparison: BoxComparison,
  profiles: readonly RunProfile[],
  { t, format }: Words,
  theme: ChartTheme,
  /** The plot's width in pixels, which its labels are fitted to; null: not laid out yet. */
  width: number | null,
): ChartSpec | null {
  const groups = groupsOf(boxes, comparison, profiles);
  if (groups.length === 0) return null;
  const mode = (group: BoxGroup): string => t(`common.modes.${group.mode}`);
  const option = boxPlotOption(
    groups,
    theme,
    {
      panel: (panelMode) =>
        t('results.boxes.panel', {
          mode: t(`common.modes.${panelMode}`),
          unit: t('results.boxes.axisMs'),
        }),
      category: (group) =>
        t('results.boxes.category', {
          profile: group.profile,
          mode: mode(group),
          n: group.values.length,
        }),
      heading: (group) => t('results.boxes.heading', { profile: group.profile, mode: mode(group) }),
      box: (group) => [
        t('results.boxes.median', { value: format.ms(group.box.median) }),
        t('results.boxes.quartiles', {
          low: format.ms(group.box.q1),
          high: format.ms(group.box.q3),
        }),
        t('results.boxes.range', {
          low: format.ms(group.box.min),
          high: format.ms(group.box.max),
        }),
        t('common.units.n', { n: group.values.length }),
      ],
      dot: (group, position, value) =>
        t('results.boxes.dot', {
          k: position + 1,
          n: group.values.length,
          value: format.ms(value),
        }),
      format: (value) => format.count(value),
    },
    width,
  );
  return {
    id: `boxes-${comparison}`,
    view: t(`results.boxes.${comparison}.option`),
    hints: [],
    title: t('results.boxes.title'),
    description: [t(`results.boxes.${comparison}.description`), t('results.boxes.intro')],
    option,
    height: HEIGHT,
  };
}
