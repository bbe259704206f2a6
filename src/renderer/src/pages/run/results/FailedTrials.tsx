// Every trial that did not end ok, with its status and the provider's own
// words (text, never markup): a failure is a result too, never dropped.

import { useTranslation } from 'react-i18next';
import type { TrialRow } from '../../../../../shared/api';
import { MODES } from '../../../../../shared/trial';
import { StatusBadge } from '../../../components/StatusBadge';
import { profileOf, type RunProfile } from './run-profiles';
import { useStableFormat, useTrialLabel } from './use-results-text';

export function FailedTrials({
  trials,
  profiles,
}: {
  trials: readonly TrialRow[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const trialLabel = useTrialLabel();
  // As the run is read elsewhere: profile by profile, stream before plain, in trial order.
  const order = (row: TrialRow): [number, number, number] => [
    profiles.findIndex((p) => p.id === row.profile_id),
    MODES.indexOf(row.trial.mode),
    row.trial_index,
  ];
  const failed = trials
    .filter((row) => row.trial.status !== 'ok')
    .sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
  if (failed.length === 0) return null;
  return (
    <section className="card stack" aria-labelledby="results-failed-title">
      <div>
        <h2 id="results-failed-title">{t('results.failed.title')}</h2>
        <p className="muted small">{t('results.failed.intro')}</p>
      </div>
      <div className="table-wrap">
        <table className="failed-trials">
          <thead>
            <tr>
              <th scope="col">{t('results.failed.profile')}</th>
              <th scope="col">{t('results.failed.trial')}</th>
              <th scope="col">{t('results.failed.status')}</th>
              <th scope="col" className="number">
                {t('results.failed.http')}
              </th>
              <th scope="col">{t('results.failed.message')}</th>
            </tr>
          </thead>
          <tbody>
            {failed.map((row) => (
              <tr key={`${row.profile_id}-${row.trial.mode}-${row.trial_index}`}>
                <th scope="row" className="wrap-anywhere">
                  {profileOf(profiles, row.profile_id).name}
                </th>
                <td>{trialLabel(row.trial.mode, row.trial_index, row.warmup)}</td>
                <td>
                  <StatusBadge status={row.trial.status} />
                </td>
                <td className="number">{format.count(row.trial.http_status)}</td>
                <td className="failure-message wrap-anywhere">
                  {row.trial.error ?? t('results.failed.noMessage')}
                  {row.trial.retry_after_s !== null && (
                    <span className="muted small">
                      {' '}
                      {t('results.failed.retryAfter', {
                        seconds: format.count(row.trial.retry_after_s),
                      })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
