// A vs B in one run: the differences B − A with their 95% intervals, and what
// each says (src/shared/comparisons.ts decides: "lower" only when the whole
// interval is beyond the margin of practical equality, "equivalent" only when
// it is wholly inside, and otherwise that this sample cannot tell), one metric at a time
// as the box plots show them. Main computes the comparisons (historyRun),
// the reader's at the setting's pace; this draws them.

import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ROUNDS_TO_SETTLE,
  type Comparison,
  type ComparisonMetric,
  type Difference,
} from '../../../../../shared/comparisons';
import { ChartCard } from '../../../charts/ChartCard';
import { Segmented } from '../../../components/Segmented';
import {
  differenceBarsOption,
  type DifferenceRow,
} from '../../../../../shared/charts/difference-bars';
import { useChartTheme } from '../../../charts/use-chart-theme';
import type { Formatters } from '../../../i18n/format';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { useStableFormat } from './use-results-text';

/** Room for the axis, then a row per comparison. */
const BASE_HEIGHT = 70;
/** Two lines of name per row. */
const ROW_HEIGHT = 40;

type Figure = 'first' | 'gap' | 'total' | 'reader';
const FIGURES: readonly Figure[] = ['first', 'gap', 'total', 'reader'];
/** TTFT and TTFB are both the first figure people compare. */
const FIGURE_OF: Record<ComparisonMetric, Figure> = {
  ttft_ms: 'first',
  first_byte_ms: 'first',
  gap_median_ms: 'gap',
  total_ms: 'total',
  reader_done_ms: 'reader',
};

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
  const format = useStableFormat();
  const theme = useChartTheme();
  const byFigure = useMemo(() => {
    const rows = comparisons.map((c) => differenceRow(c, profiles, t, format));
    return Object.fromEntries(
      FIGURES.map((f) => [f, rows.filter((row) => FIGURE_OF[row.comparison.metric] === f)]),
    ) as Record<Figure, DifferenceRow[]>;
  }, [comparisons, profiles, t, format]);
  // A figure no comparison measured (gaps, in a run without streams) is not offered.
  const offered = FIGURES.filter((f) => byFigure[f].length > 0);
  const [chosen, setChosen] = useState<Figure>('total');
  const figure = offered.includes(chosen) ? chosen : (offered[0] ?? 'total');
  const rows = byFigure[figure];
  const option = useMemo(
    () =>
      differenceBarsOption(rows, theme, {
        axis: t('results.differences.axis'),
        margin: t('results.differences.margin'),
      }),
    [rows, theme, t],
  );
  if (rows.length === 0) return null;
  const controls = (
    <Segmented
      label={t('results.differences.metric')}
      options={offered}
      value={figure}
      onChange={setChosen}
      text={(f) => t(`results.differences.option.${f}`)}
    />
  );
  return (
    <ChartCard
      title={t('results.differences.title')}
      description={<p>{t('results.differences.description')}</p>}
      option={option}
      height={BASE_HEIGHT + ROW_HEIGHT * rows.length}
      fileName={`${fileName}-${figure}`}
      controls={controls}
    />
  );
}

function differenceRow(
  c: Comparison,
  profiles: readonly RunProfile[],
  t: TFunction,
  format: Formatters,
): DifferenceRow {
  const modes = c.mode === 'stream_vs_plain';
  const metric =
    modes && c.metric === 'ttft_ms'
      ? t('results.differences.firstToken')
      : t(`common.metrics.${c.metric}`);
  const nameA = modes ? t('common.modes.plain') : profileOf(profiles, c.profile_a).name;
  const nameB = modes ? t('common.modes.stream') : profileOf(profiles, c.profile_b).name;
  const label = modes
    ? t('results.differences.rowModes', { profile: profileOf(profiles, c.profile_a).name, metric })
    : t('results.differences.row', {
        a: nameA,
        b: nameB,
        mode: t(`common.modes.${c.mode}`),
        metric,
      });
  const lines: [string, string] = modes
    ? [profileOf(profiles, c.profile_a).name, t('results.differences.rowModesDetail', { metric })]
    : [
        t('results.differences.rowPair', { a: nameA, b: nameB }),
        t('results.differences.rowDetail', { mode: t(`common.modes.${c.mode}`), metric }),
      ];
  return {
    label,
    lines,
    sentence: t('results.differences.sentence', {
      label,
      verdict: verdictText(c, nameA, nameB, t, format),
    }),
    comparison: c,
  };
}

/** What a difference B − A says in the verdict's words (DESIGN.md), with its interval and n. */
export function verdictText(
  c: Difference,
  nameA: string,
  nameB: string,
  t: TFunction,
  format: Formatters,
): string {
  const sample = c.paired
    ? t('results.findings.pairs', { count: c.n_pairs })
    : t('results.findings.unpaired', { a: c.n_a, b: c.n_b });
  const interval = {
    low: format.ms(c.ci_low_ms),
    high: format.ms(c.ci_high_ms),
    margin: format.ms(c.margin_ms),
    sample,
  };
  if (c.ci_low_ms === null) return t('results.differences.tooFew', interval);
  switch (c.verdict) {
    case 'equivalent':
      return t('results.differences.equivalent', interval);
    case 'inconclusive':
      return t('results.differences.inconclusive', {
        ...interval,
        settle:
          c.rounds_to_settle === null
            ? t('results.differences.settleBeyond', { rounds: format.count(MAX_ROUNDS_TO_SETTLE) })
            : t('results.differences.settle', { rounds: format.count(c.rounds_to_settle) }),
      });
    case 'a_lower':
    case 'b_lower':
      return t('results.differences.lower', {
        ...interval,
        side: c.verdict === 'a_lower' ? nameA : nameB,
        diff: format.ms(Math.abs(c.diff_ms)),
      });
  }
}
