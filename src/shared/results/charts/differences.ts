// A vs B in one run: the differences B − A with their 95% intervals, and what
// each says (src/shared/comparisons.ts decides: "lower" only when the whole
// interval is beyond the margin of practical equality, "equivalent" only when
// it is wholly inside, and otherwise that this sample cannot tell), one figure
// at a time as the box plots show them. Main computes the comparisons
// (historyRun), the reader's at the setting's pace; this words and draws them.

import type { ChartTheme } from '../../charts/chart-option';
import { differenceBarsOption, type DifferenceRow } from '../../charts/difference-bars';
import {
  MAX_ROUNDS_TO_SETTLE,
  type Comparison,
  type ComparisonMetric,
  type Difference,
} from '../../comparisons';
import type { Translate } from '../../i18n/format';
import type { ChartSpec } from '../chart-spec';
import { profileOf, type RunProfile } from '../run-profiles';
import type { Words } from '../words';

/** Room for the axis, then a row per comparison. */
const BASE_HEIGHT = 70;
/** Two lines of name per row. */
const ROW_HEIGHT = 40;

export const DIFFERENCE_FIGURES = ['first', 'gap', 'total', 'reader'] as const;
export type DifferenceFigure = (typeof DIFFERENCE_FIGURES)[number];

/** TTFT and TTFB are both the first figure people compare. */
const FIGURE_OF: Record<ComparisonMetric, DifferenceFigure> = {
  ttft_ms: 'first',
  first_byte_ms: 'first',
  gap_median_ms: 'gap',
  total_ms: 'total',
  reader_done_ms: 'reader',
};

/** A figure no comparison measured (gaps, in a run without streams) is not offered. */
export function offeredDifferenceFigures(comparisons: readonly Comparison[]): DifferenceFigure[] {
  return DIFFERENCE_FIGURES.filter((figure) =>
    comparisons.some((c) => FIGURE_OF[c.metric] === figure),
  );
}

export function differencesChart(
  comparisons: readonly Comparison[],
  figure: DifferenceFigure,
  profiles: readonly RunProfile[],
  words: Words,
  theme: ChartTheme,
): ChartSpec | null {
  const rows = comparisons
    .filter((c) => FIGURE_OF[c.metric] === figure)
    .map((c) => differenceRow(c, profiles, words));
  if (rows.length === 0) return null;
  const { t } = words;
  return {
    id: `differences-${figure}`,
    view: t(`results.differences.option.${figure}`),
    hints: [t('results.differences.hover')],
    title: t('results.differences.title'),
    description: [t('results.differences.description')],
    ...differenceDrawing(rows, t, theme),
  };
}

/** The chart of difference rows, one run's A against B or two runs' (run-pair.ts): drawn alike. */
export function differenceDrawing(
  rows: readonly DifferenceRow<Difference>[],
  t: Translate,
  theme: ChartTheme,
): Pick<ChartSpec, 'option' | 'height'> {
  return {
    option: differenceBarsOption(rows, theme, {
      axis: t('results.differences.axis'),
      margin: t('results.differences.margin'),
    }),
    height: BASE_HEIGHT + ROW_HEIGHT * rows.length,
  };
}

function differenceRow(
  c: Comparison,
  profiles: readonly RunProfile[],
  words: Words,
): DifferenceRow {
  const { t } = words;
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
      verdict: verdictText(c, nameA, nameB, words),
    }),
    comparison: c,
  };
}

/** What a difference B − A says in the verdict's words (DESIGN.md), with its interval and n. */
export function verdictText(
  c: Difference,
  nameA: string,
  nameB: string,
  { t, format }: Words,
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
