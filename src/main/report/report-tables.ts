// The report's own tables as text, for its HTML and its Markdown alike: a
// profile's figures run by run (the trend), and B − A of two runs.

import type { RunComparison, TrendFigure, TrendSeries } from '../../shared/api';
import { MISSING } from '../../shared/i18n/format';
import { differenceCells } from '../../shared/results/differences-table';
import { runProfiles } from '../../shared/results/run-profiles';
import type { Words } from '../../shared/results/words';
import type { TableText } from '../../shared/table-text';

/** Per run of the series: when (and where), ok of counted trials, and each figure's median, p95 and n. */
export function trendTableText(series: TrendSeries, words: Words): TableText {
  const { t, format } = words;
  const figure = (f: TrendFigure | null): string =>
    f === null
      ? MISSING
      : t('report.trend.figure', { median: format.ms(f.median), p95: format.ms(f.p95), n: f.n });
  return {
    header: (['run', 'ok', 'first', 'gap', 'total'] as const).map((column) =>
      t(`report.trend.column.${column}`),
    ),
    rows: series.points.map((point) => [
      // Runs minutes apart read alike to the minute: the id's start tells them apart.
      [format.dateTime(point.started_at), point.label ?? '', point.run_id.slice(0, 8)]
        .filter(Boolean)
        .join(' · '),
      t('history.trend.trials', { ok: format.count(point.ok), trials: format.count(point.trials) }),
      figure(point.first),
      figure(point.gap_median),
      figure(point.total),
    ]),
  };
}

/** Every difference of run B against run A: the profile, the mode and figure, B − A with its interval, n and verdict. */
export function pairTableText(pair: RunComparison, words: Words): TableText {
  const { t } = words;
  const names = new Map(
    [...runProfiles(pair.a.run, t), ...runProfiles(pair.b.run, t)].map((p) => [p.id, p.name]),
  );
  return {
    header: [
      t('report.pair.column.profile'),
      ...(['mode', 'metric', 'difference', 'interval', 'n', 'verdict'] as const).map((column) =>
        t(`results.differences.table.${column}`),
      ),
    ],
    rows: pair.differences.map((d) => [
      names.get(d.profile_id) ?? d.profile_id,
      t(`common.modes.${d.mode}`),
      t(`common.metrics.${d.metric}`),
      ...differenceCells(d, 'A', 'B', words),
    ]),
  };
}
