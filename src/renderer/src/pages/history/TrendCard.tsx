// A profile's figures over time, for the profile the history is filtered by:
// its runs' median first token, median gap and total, within the model and
// days the filters choose.

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrendSeries } from '../../../../shared/api';
import type { Mode } from '../../../../shared/trial';
import { lasttoken } from '../../api/client';
import { useApiValue, useAppEvents } from '../../api/use-api';
import { ChartCard } from '../../charts/ChartCard';
import {
  trendHeight,
  trendOption,
  type TrendMetric,
  type TrendText,
} from '../../../../shared/charts/trend';
import { useChartTheme } from '../../charts/use-chart-theme';
import { Loaded } from '../../components/Loaded';
import { useFormat } from '../../i18n/format';
import { NO_FILTERS, withinDays, type HistoryQuery } from './history-query';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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
  const { t } = useTranslation();
  const format = useFormat();
  const text = useTrendText(props.profileName);
  const theme = useChartTheme();
  const { model, from, to } = props.query;
  const filtered = Boolean(model || from || to);
  const series = useMemo(
    // Only the model and the days narrow the trend, not the page or the status.
    () => narrowed(props.series, { ...NO_FILTERS, model, from, to }),
    [props.series, model, from, to],
  );
  const option = useMemo(
    () => trendOption(props.profileName, props.profileColor, series, theme, text),
    [props.profileName, props.profileColor, series, theme, text],
  );
  const title = t('history.trend.title', { profile: props.profileName });
  if (series.length === 0) {
    return (
      <section className="card stack">
        <h2>{title}</h2>
        <p className="muted">
          {filtered ? t('history.trend.noneFiltered') : t('history.trend.none')}
        </p>
      </section>
    );
  }
  const runs = new Set(series.flatMap((s) => s.points.map((p) => p.run_id))).size;
  return (
    <ChartCard
      title={title}
      fileName={t('history.trend.fileName')}
      height={trendHeight(series)}
      option={option}
      description={
        <>
          <p>{t('history.trend.intro', { runs: format.count(runs) })}</p>
          <p>{t('history.trend.encoding')}</p>
          {filtered && <p>{t('history.trend.filtered')}</p>}
        </>
      }
    />
  );
}

function useTrendText(profile: string): TrendText {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const locale = i18n.language;
  // A new object only when the language changes: the chart's option is rebuilt from it.
  return useMemo((): TrendText => {
    const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    const seconds = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
    const minutes = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    const days = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
    const metricName = (metric: TrendMetric, mode: Mode): string =>
      metric === 'first'
        ? t(mode === 'stream' ? 'common.metrics.ttft_ms' : 'common.metrics.first_byte_ms')
        : t(metric === 'gap_median' ? 'common.metrics.gap_median_ms' : 'common.metrics.total_ms');
    return {
      panel: {
        first: t('history.trend.panels.first'),
        gap_median: t('history.trend.panels.gap'),
        total: t('history.trend.panels.total'),
      },
      seriesName: (model, mode, group) =>
        group === null
          ? t('history.trend.series', { model, mode: t(`common.modes.${mode}`) })
          : t('history.trend.seriesInGroup', { model, mode: t(`common.modes.${mode}`), group }),
      metricName,
      figure: (values) => t('history.trend.figure', values),
      trials: (values) => t('history.trend.trials', values),
      lowN: (n) => t('common.units.n', { n }),
      description: t('history.trend.aria', { profile }),
      ms: (value) => format.ms(value),
      count: (value) => format.count(value),
      dateTime: (epochMs) => full.format(epochMs),
      axisTime: (epochMs, spanMs) =>
        (spanMs < 10 * MINUTE ? seconds : spanMs < 2 * DAY ? minutes : days).format(epochMs),
    };
    // `format` follows the language, which `locale` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, locale, profile]);
}
