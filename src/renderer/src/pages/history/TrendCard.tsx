// A profile's figures over time, for the profile the history is filtered by:
// its runs' median first token, median gap and total, within the model and
// days the filters choose.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrendSeries } from '../../../../shared/api';
import { trendChart } from '../../../../shared/results/charts/trend';
import { lasttoken } from '../../api/client';
import { useApiValue, useAppEvents } from '../../api/use-api';
import { SpecChartCard } from '../../charts/SpecChartCard';
import { useChartTheme } from '../../charts/use-chart-theme';
import { Loaded } from '../../components/Loaded';
import { useWords } from '../run/results/use-results-text';
import { NO_FILTERS, withinDays, type HistoryQuery } from './history-query';

export function TrendCard(props: {
  profileId: string;
  profileName: string;
  profileColor: number;
  query: HistoryQuery;
}) {
  const trend = useApiValue(
    () => lasttoken().historyTrend({ profile_id: props.profileId }),
    [props.profileId],
  );
  useAppEvents((event) => {
    if (event.type === 'run_finished') trend.reload();
  });
  return (
    <Loaded value={trend}>
      {(series) => (
        <TrendChart
          profileName={props.profileName}
          profileColor={props.profileColor}
          series={series}
          query={props.query}
        />
      )}
    </Loaded>
  );
}

/** The series and runs the model and day filters keep; a series left without runs goes. */
function narrowed(series: readonly TrendSeries[], query: HistoryQuery): TrendSeries[] {
  return series
    .filter((s) => !query.model || s.model === query.model)
    .map((s) => ({ ...s, points: s.points.filter((p) => withinDays(query, p.started_at)) }))
    .filter((s) => s.points.length > 0);
}

function TrendChart(props: {
  profileName: string;
  profileColor: number;
  series: readonly TrendSeries[];
  query: HistoryQuery;
}) {
  const { t, i18n } = useTranslation();
  const words = useWords();
  const theme = useChartTheme();
  const { model, from, to } = props.query;
  const filtered = Boolean(model || from || to);
  const series = useMemo(
    // Only the model and the days narrow the trend, not the page or the status.
    () => narrowed(props.series, { ...NO_FILTERS, model, from, to }),
    [props.series, model, from, to],
  );
  const locale = i18n.language;
  const { profileName: name, profileColor: color } = props;
  const spec = useMemo(
    () => trendChart(series, { profile: { name, color }, filtered }, words, locale, theme),
    [series, name, color, filtered, words, locale, theme],
  );
  if (!spec) {
    return (
      <section className="card stack">
        <h2>{t('history.trend.title', { profile: name })}</h2>
        <p className="muted">
          {filtered ? t('history.trend.noneFiltered') : t('history.trend.none')}
        </p>
      </section>
    );
  }
  return <SpecChartCard spec={spec} fileName={t('history.trend.fileName')} />;
}
