// Above a run of a series ("repeat every"): which repetition this is, when the
// next one starts, and Stop series. While the page shows the series' latest
// run, it follows the series to each new repetition, so a screen left open
// watches the whole measurement. Nothing is shown for a run of no series, or
// of a series that ended before the page opened.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeriesView } from '../../../../shared/api';
import { lasttoken } from '../../api/client';
import { useApiValue, useAppEvents } from '../../api/use-api';
import { ConfirmButton } from '../../components/ConfirmButton';
import { formatHistoryQuery, NO_FILTERS } from '../history/history-query';
import { navigate } from '../../router';
import { useDuration } from './live/duration';
import './series.css';

export function SeriesBanner({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const going = useApiValue(() => lasttoken().runsSeries(), [runId]);
  const [pushed, setPushed] = useState<SeriesView | null>(null);
  const fromList =
    going.loaded.state === 'ready'
      ? (going.loaded.value.find((s) => s.run_ids.includes(runId)) ?? null)
      : null;
  const series = pushed?.run_ids.includes(runId) ? pushed : fromList;

  useAppEvents((event) => {
    if (event.type !== 'series_progress') return;
    const view = event.series;
    if (!view.run_ids.includes(runId)) return;
    setPushed(view);
    // The page showed the latest run: it follows the series to the next one.
    const next = view.run_id;
    if (
      view.state === 'running' &&
      next !== null &&
      next !== runId &&
      view.run_ids.at(-2) === runId
    ) {
      navigate({ page: 'run', runId: next });
    }
  });

  if (!series) return null;
  const position = series.run_ids.indexOf(runId) + 1;
  const ended = series.state === 'finished' || series.state === 'cancelled';
  const historyHref = formatHistoryQuery({ ...NO_FILTERS, series: series.series_id });

  return (
    <section className="message message-info series-banner" aria-label={t('runs.series.title')}>
      <p>
        <strong>{t('runs.series.repetition', { k: position, n: series.count })}</strong>
        {series.label !== null && <> · {t('runs.series.label', { label: series.label })}</>}
        {' · '}
        {t('runs.series.every', { every: duration(series.every_ms) })}
      </p>
      <p role="status">
        {series.state === 'waiting' && series.next_at !== null
          ? series.late
            ? t('runs.series.late', { k: series.repetition + 1 })
            : t('runs.series.next', {
                k: series.repetition + 1,
                time: new Date(series.next_at).toLocaleTimeString(),
              })
          : series.state === 'running' && series.run_id !== runId
            ? t('runs.series.running', { k: series.repetition })
            : series.state === 'finished'
              ? t('runs.series.finished', { count: series.run_ids.length, failed: series.failed })
              : series.state === 'cancelled'
                ? t('runs.series.cancelled', { count: series.run_ids.length })
                : null}
      </p>
      <div className="series-actions">
        <a href={historyHref}>{t('runs.series.history')}</a>
        {!ended && (
          <ConfirmButton
            label={t('runs.series.stop')}
            question={t('runs.series.stopQuestion')}
            onConfirm={() =>
              lasttoken()
                .runsCancelSeries({ series_id: series.series_id })
                .then(() => undefined)
            }
          />
        )}
      </div>
    </section>
  );
}
