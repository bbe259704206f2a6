// Every trial that did not end ok, with its status and the provider's own
// words (text, never markup): a failure is a result too, never dropped. Main
// sends them a page at a time (historyTrials), since a long run may have
// thousands: the first page comes with the run's results, the others, of
// every profile or of one, when asked for.

import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialPage, TrialRow } from '../../../../../shared/api';
import { lasttoken } from '../../../api/client';
import { useApiValue } from '../../../api/use-api';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Pager } from '../../../components/Pager';
import { pagesFor } from '../../../components/paging';
import { StatusBadge } from '../../../components/StatusBadge';
import { profileOf, type RunProfile } from './run-profiles';
import { useStableFormat, useTrialLabel } from './use-results-text';

export const FAILED_PAGE_SIZE = 50;

/** Which failures are shown: of one profile or all, and which page (1-based). */
interface FailedQuery {
  profile_id: string | null;
  page: number;
}

const isFirst = (query: FailedQuery): boolean => query.profile_id === null && query.page === 1;

/** The page of failures the run's results were loaded with, and the others on request. */
export function failedTrialsPage(runId: string, query: FailedQuery): Promise<TrialPage> {
  return lasttoken().historyTrials({
    run_id: runId,
    status: 'failed',
    profile_id: query.profile_id ?? undefined,
    limit: FAILED_PAGE_SIZE,
    offset: (query.page - 1) * FAILED_PAGE_SIZE,
  });
}

export function FailedTrials({
  runId,
  first,
  profiles,
}: {
  runId: string;
  /** Every profile's failures, page 1. */
  first: TrialPage;
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const profileId = useId();
  const [query, setQuery] = useState<FailedQuery>({ profile_id: null, page: 1 });
  const { loaded, reload } = useApiValue(
    async () => ({ query, page: isFirst(query) ? first : await failedTrialsPage(runId, query) }),
    [runId, first, query],
  );
  if (first.total === 0) return null;

  let shown: ReactNode;
  if (loaded.state === 'failed') {
    shown = <ErrorMessage error={loaded.error} onRetry={reload} />;
  } else {
    // The first page is there at once; while another one loads, the one shown stays.
    const current = loaded.state === 'ready' ? loaded.value : { query, page: first };
    const { total } = current.page;
    shown =
      total === 0 ? (
        <p className="muted">{t('results.failed.noneOfProfile')}</p>
      ) : (
        <>
          {pagesFor(total, FAILED_PAGE_SIZE) > 1 && (
            <Pager
              label={t('results.failed.pages')}
              announce
              page={current.query.page}
              pageSize={FAILED_PAGE_SIZE}
              total={total}
              rangeText={(range) => t('results.failed.range', range)}
              onPage={(page) => setQuery({ ...current.query, page })}
            />
          )}
          <FailedTable trials={current.page.trials} profiles={profiles} />
        </>
      );
  }
  return (
    <section className="card stack" aria-labelledby="results-failed-title">
      <header className="card-header">
        <div>
          <h2 id="results-failed-title">{t('results.failed.title')}</h2>
          <p className="muted small">{t('results.failed.intro')}</p>
        </div>
        {profiles.length > 1 && (
          <div className="card-actions">
            <span className="inline-control">
              <label htmlFor={profileId}>{t('results.failed.profileFilter')}</label>
              <select
                id={profileId}
                value={query.profile_id ?? ''}
                onChange={(e) => setQuery({ profile_id: e.target.value || null, page: 1 })}
              >
                <option value="">{t('results.failed.allProfiles')}</option>
                {profiles.map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.name}
                  </option>
                ))}
              </select>
            </span>
          </div>
        )}
      </header>
      {shown}
    </section>
  );
}

function FailedTable({
  trials,
  profiles,
}: {
  trials: readonly TrialRow[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  const trialLabel = useTrialLabel();
  return (
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
          {trials.map((row) => (
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
  );
}
