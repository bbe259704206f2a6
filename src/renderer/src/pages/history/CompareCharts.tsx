// Two runs in charts, one figure at a time (the first token, the gap, the
// total): each run's median per profile and mode side by side, then B − A
// with the interval and verdict main computed for it
// (src/shared/results/charts/run-pair.ts words and draws both).

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunComparison } from '../../../../shared/api';
import {
  offeredRunPairFigures,
  runPairChart,
  runPairDifferenceChart,
  type RunPairFigure,
} from '../../../../shared/results/charts/run-pair';
import { SpecChartCard } from '../../charts/SpecChartCard';
import { useChartTheme } from '../../charts/use-chart-theme';
import { Segmented } from '../../components/Segmented';
import { useWords } from '../run/results/use-results-text';

export function CompareCharts({ comparison }: { comparison: RunComparison }) {
  const { t } = useTranslation();
  const words = useWords();
  const theme = useChartTheme();
  const offered = useMemo(() => offeredRunPairFigures(comparison), [comparison]);
  const [chosen, setChosen] = useState<RunPairFigure>('total');
  const figure = offered.includes(chosen) ? chosen : (offered[0] ?? 'total');
  const sides = useMemo(
    () => runPairChart(comparison, figure, words, theme),
    [comparison, figure, words, theme],
  );
  const difference = useMemo(
    () => runPairDifferenceChart(comparison, figure, words, theme),
    [comparison, figure, words, theme],
  );
  if (!sides) return null;
  const fileName = `compare-${comparison.a.run.id}-${comparison.b.run.id}-${figure}`;

  return (
    <section className="stack compare-charts" aria-labelledby="compare-charts-title">
      <div className="compare-charts-header">
        <h2 id="compare-charts-title">{t('history.compareCharts.title')}</h2>
        <Segmented
          label={t('history.compareCharts.figure')}
          options={offered}
          value={figure}
          onChange={setChosen}
          text={(f) => t(`results.boxes.${f}.option`)}
        />
      </div>
      <SpecChartCard spec={sides} fileName={fileName} />
      {difference ? (
        <SpecChartCard spec={difference} fileName={`${fileName}-difference`} />
      ) : (
        <p className="message message-info">{t('history.compareCharts.difference.none')}</p>
      )}
    </section>
  );
}
