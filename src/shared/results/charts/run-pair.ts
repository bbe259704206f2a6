// Two runs in charts, one figure at a time (the first token, the gap, the
// total): each run's median per profile and mode side by side, in the
// profile's colour, with its 95% interval and n; then B − A with the interval
// and verdict main computed for it (historyCompare: src/shared/run-pair.ts),
// drawn as the results page draws A against B.

import type { RunComparison, RunView } from '../../api';
import type { ChartTheme } from '../../charts/chart-option';
import type { DifferenceRow } from '../../charts/difference-bars';
import {
  runPairBarsOption,
  type PairFigure,
  type PairRow,
  type RunSide,
} from '../../charts/run-pair-bars';
import type { RunPairDifference } from '../../run-pair';
import { MODES, type Mode, type SummaryMetric } from '../../trial';
import type { ChartSpec } from '../chart-spec';
import type { Words } from '../words';
import { differenceDrawing, verdictText } from './differences';

export const RUN_PAIR_FIGURES = ['first', 'gap', 'total'] as const;
export type RunPairFigure = (typeof RUN_PAIR_FIGURES)[number];

/** The metric a figure is in each mode: plain mode's first figure is TTFB; it has no gaps. */
const METRIC: Record<RunPairFigure, Record<Mode, SummaryMetric | null>> = {
  first: { stream: 'ttft_ms', plain: 'first_byte_ms' },
  gap: { stream: 'gap_median_ms', plain: null },
  total: { stream: 'total_ms', plain: 'total_ms' },
};

const SIDES_HEIGHT = 340;

/**
 * The profiles both runs measured, in A's order: named as B's snapshot has
 * them (a profile may be renamed between runs), in A's colour.
 */
function comparedProfiles({ a, b }: RunComparison): { id: string; name: string; color: number }[] {
  return a.run.profiles.flatMap((profile) => {
    const inB = b.run.profiles.find((p) => p.id === profile.id);
    return inB ? [{ id: profile.id, name: inB.name, color: profile.color }] : [];
  });
}

function sideFigure(
  view: RunView,
  profileId: string,
  mode: Mode,
  metric: SummaryMetric,
): PairFigure | null {
  const distribution = view.summaries[profileId]?.find((s) => s.mode === mode)?.metrics[metric];
  return distribution
    ? { median: distribution.median, ci95: distribution.median_ci95, n: distribution.n }
    : null;
}

/** Each profile × mode that measured the figure in either run, with A's and B's median, interval and n. */
function pairRows(pair: RunComparison, figure: RunPairFigure): PairRow[] {
  const { a, b } = pair;
  const modes = MODES.filter(
    (m) => a.run.config.modes.includes(m) || b.run.config.modes.includes(m),
  );
  return comparedProfiles(pair).flatMap((profile) =>
    modes.flatMap((mode) => {
      const metric = METRIC[figure][mode];
      if (!metric) return [];
      const sideA = sideFigure(a, profile.id, mode, metric);
      const sideB = sideFigure(b, profile.id, mode, metric);
      if (!sideA && !sideB) return [];
      return [
        {
          profile_id: profile.id,
          profile: profile.name,
          color: profile.color,
          mode,
          a: sideA,
          b: sideB,
        },
      ];
    }),
  );
}

/** A figure neither run measured (gaps, in runs without streams) is not offered. */
export function offeredRunPairFigures(pair: RunComparison): RunPairFigure[] {
  return RUN_PAIR_FIGURES.filter((figure) => pairRows(pair, figure).length > 0);
}

/** Each run's figure side by side (id `run-pair-<figure>`). */
export function runPairChart(
  pair: RunComparison,
  figure: RunPairFigure,
  words: Words,
  theme: ChartTheme,
): ChartSpec | null {
  const rows = pairRows(pair, figure);
  if (rows.length === 0) return null;
  const { t, format } = words;
  const side = (s: RunSide): string => t(`history.compareCharts.run${s}`);
  const mode = (m: Mode): string => t(`common.modes.${m}`);
  const option = runPairBarsOption(rows, theme, {
    panel: (m) => t('results.boxes.panel', { mode: mode(m), unit: t('results.boxes.axisMs') }),
    category: (row, s) =>
      t('history.compareCharts.category', {
        profile: row.profile,
        side: side(s),
        n: (s === 'A' ? row.a : row.b)?.n ?? 0,
      }),
    sentence: (row, s, f) => figureSentence(row, side(s), mode(row.mode), f, words),
    format: (value) => format.count(value),
  });
  return {
    id: `run-pair-${figure}`,
    view: t(`results.boxes.${figure}.option`),
    hints: [],
    title: t('history.compareCharts.sides.title'),
    description: [t('history.compareCharts.sides.description')],
    option,
    height: SIDES_HEIGHT,
  };
}

/** B − A of the figure per profile and mode, as main compared them (id `run-pair-difference-<figure>`). */
export function runPairDifferenceChart(
  pair: RunComparison,
  figure: RunPairFigure,
  words: Words,
  theme: ChartTheme,
): ChartSpec | null {
  const names = new Map(comparedProfiles(pair).map((profile) => [profile.id, profile.name]));
  const rows = pair.differences
    .filter((d) => METRIC[figure][d.mode] === d.metric)
    .map((d) => differenceRow(d, names.get(d.profile_id) ?? d.profile_id, words));
  if (rows.length === 0) return null;
  const { t } = words;
  return {
    id: `run-pair-difference-${figure}`,
    view: t(`results.boxes.${figure}.option`),
    hints: [t('history.compareCharts.difference.hover')],
    title: t('history.compareCharts.difference.title'),
    description: [t('history.compareCharts.difference.description')],
    ...differenceDrawing(rows, t, theme),
  };
}

function figureSentence(
  row: PairRow,
  side: string,
  mode: string,
  figure: PairFigure | null,
  { t, format }: Words,
): string {
  const where = { profile: row.profile, mode, side };
  if (!figure) return t('history.compareCharts.sentenceMissing', where);
  const value = format.ms(figure.median);
  return figure.ci95
    ? t('history.compareCharts.sentence', {
        ...where,
        value,
        low: format.ms(figure.ci95[0]),
        high: format.ms(figure.ci95[1]),
        n: figure.n,
      })
    : t('history.compareCharts.sentenceNoInterval', { ...where, value, n: figure.n });
}

function differenceRow(
  d: RunPairDifference,
  profile: string,
  words: Words,
): DifferenceRow<RunPairDifference> {
  const { t } = words;
  const mode = t(`common.modes.${d.mode}`);
  const metric = t(`common.metrics.${d.metric}`);
  const label = t('history.compareCharts.difference.row', { profile, mode, metric });
  return {
    label,
    lines: [profile, t('results.differences.rowDetail', { mode, metric })],
    sentence: t('results.differences.sentence', {
      label,
      verdict: verdictText(
        d,
        t('history.compareCharts.runA'),
        t('history.compareCharts.runB'),
        words,
      ),
    }),
    comparison: d,
  };
}
