// A profile's figures over time: its runs' median first token, median gap
// and total, a line per model × mode and per series of repeated runs.

import type { TrendSeries } from '../../api';
import type { ChartTheme } from '../../charts/chart-option';
import { trendHeight, trendOption, type TrendMetric, type TrendText } from '../../charts/trend';
import type { Mode } from '../../trial';
import type { ChartSpec } from '../chart-spec';
import type { RunProfile } from '../run-profiles';
import type { Words } from '../words';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Whose trend, and whether filters (a model, days) narrowed its series. */
export interface TrendChoice {
  profile: Pick<RunProfile, 'name' | 'color'>;
  filtered: boolean;
}

export function trendChart(
  series: readonly TrendSeries[],
  { profile, filtered }: TrendChoice,
  words: Words,
  /** The language dates are written in (i18next's `language`). */
  locale: string,
  theme: ChartTheme,
): ChartSpec | null {
  if (series.length === 0) return null;
  const { t, format } = words;
  const runs = new Set(series.flatMap((s) => s.points.map((p) => p.run_id))).size;
  return {
    id: 'trend',
    view: null,
    hints: [t('history.trend.zoom')],
    title: t('history.trend.title', { profile: profile.name }),
    description: [
      t('history.trend.intro', { runs: format.count(runs) }),
      t('history.trend.encoding'),
      ...(filtered ? [t('history.trend.filtered')] : []),
    ],
    option: trendOption(
      profile.name,
      profile.color,
      series,
      theme,
      trendText(profile.name, words, locale),
    ),
    height: trendHeight(series),
  };
}

function trendText(profile: string, { t, format }: Words, locale: string): TrendText {
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
}
