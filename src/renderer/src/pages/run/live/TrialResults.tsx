// Each trial's result as it ends, newest first: its status, the first figure
// (TTFT when streaming, TTFB in plain mode, which has no token stream), the
// total, the tokens, and what went wrong when it failed.

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormat } from '../../../i18n/format';
import { MAX_RESULTS, type FinishedEntry } from './live-run-model';
import { useTrialLabel } from './trial-label';

export function TrialResults(props: {
  results: readonly FinishedEntry[];
  done: number;
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className="card stack">
      <header className="card-header">
        <h2>{t('runs.live.results.title')}</h2>
        {props.done > props.results.length && (
          <p className="hint">
            {t('runs.live.results.latest', {
              shown: format.count(MAX_RESULTS),
              done: format.count(props.done),
            })}
          </p>
        )}
      </header>
      {props.results.length === 0 ? (
        <p className="muted">{t('runs.live.results.none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('runs.live.results.profile')}</th>
                <th scope="col">{t('runs.live.results.trial')}</th>
                <th scope="col">{t('runs.live.results.status')}</th>
                <th scope="col" className="number">
                  {t('runs.live.results.first')}
                </th>
                <th scope="col" className="number">
                  {t('runs.live.results.total')}
                </th>
                <th scope="col" className="number">
                  {t('runs.live.results.tokens')}
                </th>
                <th scope="col">{t('runs.live.results.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {props.results.map((entry) => (
                <ResultRow
                  key={entry.key}
                  entry={entry}
                  name={props.names.get(entry.profile_id) ?? entry.profile_id}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A finished trial never changes: its row is drawn once. */
const ResultRow = memo(function ResultRow({ entry, name }: { entry: FinishedEntry; name: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const trialLabel = useTrialLabel();
  const { brief } = entry;
  const stream = entry.mode === 'stream';
  const first = stream ? brief.ttft_ms : brief.first_byte_ms;
  return (
    <tr>
      <td className="wrap-anywhere">{name}</td>
      <td>
        {trialLabel(entry)}
        {!entry.saved && <span className="muted small"> {t('runs.live.results.notSaved')}</span>}
      </td>
      <td>
        <StatusBadge status={brief.status} />
      </td>
      <td className="number">
        {format.ms(first)}{' '}
        <span className="muted small">
          {stream ? t('runs.live.results.ttft') : t('runs.live.results.ttfb')}
        </span>
      </td>
      <td className="number">{format.ms(brief.total_ms)}</td>
      <td className="number">{format.count(brief.tokens)}</td>
      <td className="small result-detail">
        {brief.error !== null ? (
          <span className="result-error wrap-anywhere trial-message-text" title={brief.error}>
            {brief.error}
          </span>
        ) : (
          brief.status === 'ok' && format.tps(brief.e2e_tps)
        )}
      </td>
    </tr>
  );
});
