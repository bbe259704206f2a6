// Two runs in charts, one figure at a time (the first token, the gap, the
// total): each run's median per profile and mode side by side, in the
// profile's colour, with its 95% interval and n; then B − A with the interval
// and verdict main computed for it (historyCompare: run-pair.ts), drawn as
// the results page draws A against B.

import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunView } from '../../../../shared/api';
import type { RunPairDifference } from '../../../../shared/run-pair';
import type { Mode } from '../../../../shared/trial';
import { ChartCard } from '../../charts/ChartCard';
import {
  differenceBarsOption,
  type DifferenceRow,
} from '../../../../shared/charts/difference-bars';
import {
  runPairBarsOption,
  type PairFigure,
  type PairRow,
  type RunSide,
} from '../../../../shared/charts/run-pair-bars';
import { useChartTheme } from '../../charts/use-chart-theme';
import { Segmented } from '../../components/Segmented';
import type { Formatters } from '../../i18n/format';
import { verdictText } from '../run/results/DifferenceChart';
import { useStableFormat } from '../run/results/use-results-text';
import type { CompareMetric, ProfileModeComparison } from './compare-runs';

type Figure = 'first' | 'gap' | 'total';
const FIGURES: readonly Figure[] = ['first', 'gap', 'total'];

/** The metric a figure is in each mode: plain mode's first figure is TTFB; it has no gaps. */
const METRIC: Record<Figure, Record<Mode, CompareMetric | null>> = {
  first: { stream: 'ttft_ms', plain: 'first_byte_ms' },
  gap: { stream: 'gap_median_ms', plain: null },
  total: { stream: 'total_ms', plain: 'total_ms' },
};

const SIDES_HEIGHT = 340;
/** Room for the axis, then a row per difference (two lines of name each). */
const DIFF_BASE_HEIGHT = 70;
const DIFF_ROW_HEIGHT = 40;

export function CompareCharts({
  a,
  b,
  rows,
  differences,
}: {
  a: RunView;
  b: RunView;
  rows: readonly ProfileModeComparison[];
  differences: readonly RunPairDifference[];
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const theme = useChartTheme();
  const colorOf = useMemo(() => {
    const colors = new Map(
      [...b.run.profiles, ...a.run.profiles].map((profile) => [profile.id, profile.color]),
    );
    // Every compared profile is in both snapshots: the palette's first is never used.
    return (id: string): number => colors.get(id) ?? 0;
  }, [a, b]);
  const byFigure = useMemo(
    () =>
      Object.fromEntries(
        FIGURES.map((figure) => [figure, pairRows(rows, figure, colorOf)]),
      ) as Record<Figure, PairRow[]>,
    [rows, colorOf],
  );
  // A figure neither run measured (gaps, in runs without streams) is not offered.
  const offered = FIGURES.filter((figure) => byFigure[figure].length > 0);
  const [chosen, setChosen] = useState<Figure>('total');
  const figure = offered.includes(chosen) ? chosen : (offered[0] ?? 'total');
  const pairs = byFigure[figure];
  const diffRows = useMemo(
    () =>
      differences
        .filter((d) => METRIC[figure][d.mode] === d.metric)
        .map((d) => differenceRow(d, rows, t, format)),
    [differences, figure, rows, t, format],
  );

  const sidesOption = useMemo(() => {
    const side = (s: RunSide): string => t(`history.compareCharts.run${s}`);
    const mode = (m: Mode): string => t(`common.modes.${m}`);
    return runPairBarsOption(pairs, theme, {
      panel: (m) => t('results.boxes.panel', { mode: mode(m), unit: t('results.boxes.axisMs') }),
      category: (row, s) =>
        t('history.compareCharts.category', {
          profile: row.profile,
          side: side(s),
          n: (s === 'A' ? row.a : row.b)?.n ?? 0,
        }),
      sentence: (row, s, f) => figureSentence(row, side(s), mode(row.mode), f, t, format),
      format: (value) => format.count(value),
    });
  }, [pairs, theme, t, format]);
  const diffOption = useMemo(
    () =>
      differenceBarsOption(diffRows, theme, {
        axis: t('results.differences.axis'),
        margin: t('results.differences.margin'),
      }),
    [diffRows, theme, t],
  );
  if (offered.length === 0) return null;

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
      <ChartCard
        title={t('history.compareCharts.sides.title')}
        description={<p>{t('history.compareCharts.sides.description')}</p>}
        option={sidesOption}
        height={SIDES_HEIGHT}
        fileName={`compare-${a.run.id}-${b.run.id}-${figure}`}
      />
      {diffRows.length > 0 ? (
        <ChartCard
          title={t('history.compareCharts.difference.title')}
          description={<p>{t('history.compareCharts.difference.description')}</p>}
          option={diffOption}
          height={DIFF_BASE_HEIGHT + DIFF_ROW_HEIGHT * diffRows.length}
          fileName={`compare-${a.run.id}-${b.run.id}-${figure}-difference`}
        />
      ) : (
        <p className="message message-info">{t('history.compareCharts.difference.none')}</p>
      )}
    </section>
  );
}

/** Each profile × mode that measured the figure, with A's and B's median, interval and n. */
function pairRows(
  rows: readonly ProfileModeComparison[],
  figure: Figure,
  colorOf: (id: string) => number,
): PairRow[] {
  return rows.flatMap((row) => {
    const metric = METRIC[figure][row.mode];
    const compared = row.metrics.find((m) => m.metric === metric);
    if (!compared || (!compared.a && !compared.b)) return [];
    return [
      {
        profile_id: row.profile_id,
        profile: row.b.name,
        color: colorOf(row.profile_id),
        mode: row.mode,
        a: compared.a,
        b: compared.b,
      },
    ];
  });
}

function figureSentence(
  row: PairRow,
  side: string,
  mode: string,
  figure: PairFigure | null,
  t: TFunction,
  format: Formatters,
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
  rows: readonly ProfileModeComparison[],
  t: TFunction,
  format: Formatters,
): DifferenceRow<RunPairDifference> {
  const profile = rows.find((row) => row.profile_id === d.profile_id)?.b.name ?? d.profile_id;
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
        t,
        format,
      ),
    }),
    comparison: d,
  };
}
