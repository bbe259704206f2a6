// TTFT / TTFB, the median gap and the total compared across profiles: a box
// per profile × mode with every trial as a dot over it, stream beside plain,
// one metric at a time at the card's full width, so that every box has room
// for its label; the labels are fitted to the width the card has (1024 px
// windows included), so that no two of them run into each other.

import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxSeries } from '../../../../../shared/api';
import { MODES, type Mode, type SummaryMetric } from '../../../../../shared/trial';
import { boxPlotOption, type BoxGroup } from '../../../../../shared/charts/box-plots';
import { ChartCard } from '../../../charts/ChartCard';
import { Segmented } from '../../../components/Segmented';
import { useChartTheme } from '../../../charts/use-chart-theme';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat } from './use-results-text';

type Comparison = 'first' | 'gap' | 'total';
const COMPARISONS: readonly Comparison[] = ['first', 'gap', 'total'];

/** Which metric each comparison reads in each mode; plain mode has no gaps. */
const METRIC: Record<Comparison, Partial<Record<Mode, SummaryMetric>>> = {
  first: { stream: 'ttft_ms', plain: 'first_byte_ms' },
  gap: { stream: 'gap_median_ms' },
  total: { stream: 'total_ms', plain: 'total_ms' },
};

const HEIGHT = 340;

/** The width in pixels of the chart inside `frame`, as it changes; null before it is laid out. */
function useChartWidth(frame: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const target = frame.current?.querySelector('.echart') ?? frame.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      setWidth((previous) => (next > 0 && next !== previous ? next : previous));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [frame]);
  return width;
}

function groupsOf(
  boxes: readonly BoxSeries[],
  comparison: Comparison,
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

export function BoxPlots({
  boxes,
  profiles,
  fileName,
}: {
  boxes: readonly BoxSeries[];
  profiles: readonly RunProfile[];
  fileName: string;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const theme = useChartTheme();
  const frame = useRef<HTMLDivElement>(null);
  const width = useChartWidth(frame);
  const byComparison = useMemo(
    () =>
      Object.fromEntries(
        COMPARISONS.map((comparison) => [comparison, groupsOf(boxes, comparison, profiles)]),
      ) as Record<Comparison, BoxGroup[]>,
    [boxes, profiles],
  );
  // A comparison no ok trial measured (gaps, in a run without streams) is not offered.
  const offered = COMPARISONS.filter((comparison) => byComparison[comparison].length > 0);
  const [chosen, setChosen] = useState<Comparison>('first');
  const comparison = offered.includes(chosen) ? chosen : (offered[0] ?? 'first');
  const groups = byComparison[comparison];

  const option = useMemo(() => {
    const mode = (group: BoxGroup): string => t(`common.modes.${group.mode}`);
    return boxPlotOption(
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
        heading: (group) =>
          t('results.boxes.heading', { profile: group.profile, mode: mode(group) }),
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
  }, [groups, theme, t, format, width]);

  if (offered.length === 0) {
    return (
      <section className="card chart-card">
        <h3>{t('results.boxes.title')}</h3>
        <p className="muted">{t('results.boxes.empty')}</p>
      </section>
    );
  }
  const controls = (
    <Segmented
      label={t('results.boxes.metric')}
      options={offered}
      value={comparison}
      onChange={setChosen}
      text={(c) => t(`results.boxes.${c}.option`)}
    />
  );
  return (
    <div ref={frame} className="box-plots">
      <ChartCard
        title={t('results.boxes.title')}
        description={
          <>
            <p>{t(`results.boxes.${comparison}.description`)}</p>
            <p>{t('results.boxes.intro')}</p>
          </>
        }
        option={option}
        height={HEIGHT}
        fileName={`${fileName}-${comparison}`}
        controls={controls}
      />
    </div>
  );
}
