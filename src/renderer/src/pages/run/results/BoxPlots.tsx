// TTFT / TTFB, the median gap and the total compared across profiles: a box
// per profile × mode with every trial as a dot over it, stream beside plain,
// one metric at a time at the card's full width, so that every box has room
// for its label; the labels are fitted to the width the card has (1024 px
// windows included), so that no two of them run into each other.

import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxSeries } from '../../../../../shared/api';
import {
  boxesChart,
  offeredBoxComparisons,
  type BoxComparison,
} from '../../../../../shared/results/charts/boxes';
import type { RunProfile } from '../../../../../shared/results/run-profiles';
import { SpecChartCard } from '../../../charts/SpecChartCard';
import { useChartTheme } from '../../../charts/use-chart-theme';
import { Segmented } from '../../../components/Segmented';
import { useWords } from './use-results-text';

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
  const words = useWords();
  const theme = useChartTheme();
  const frame = useRef<HTMLDivElement>(null);
  const width = useChartWidth(frame);
  const offered = useMemo(() => offeredBoxComparisons(boxes, profiles), [boxes, profiles]);
  const [chosen, setChosen] = useState<BoxComparison>('first');
  const comparison = offered.includes(chosen) ? chosen : (offered[0] ?? 'first');
  const spec = useMemo(
    () => boxesChart(boxes, comparison, profiles, words, theme, width),
    [boxes, comparison, profiles, words, theme, width],
  );

  if (!spec) {
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
      <SpecChartCard spec={spec} fileName={`${fileName}-${comparison}`} controls={controls} />
    </div>
  );
}
