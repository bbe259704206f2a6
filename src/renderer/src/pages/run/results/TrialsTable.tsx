// Every trial of the run, a page at a time (historyTrials): the failed ones
// first, with the provider's own words (text, never markup), then the rest
// by profile, mode and trial; filtered by profile, mode and status, sorted by
// a figure. Main filters, orders and sorts: a long run has 100,000 trials and
// the page holds 50. A row opens its trial in a drawer (TrialDrawer).

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrialPage, TrialRow } from '../../../../../shared/api';
import { TRIAL_STATUSES, type Mode } from '../../../../../shared/trial';
import type { TrialSortFigure } from '../../../../../shared/trial-order';
import { lasttoken } from '../../../api/client';
import { useApiValue } from '../../../api/use-api';
import { ErrorMessage } from '../../../components/ErrorMessage';
import { Pager } from '../../../components/Pager';
import { pagesFor } from '../../../components/paging';
import { StatusBadge } from '../../../components/StatusBadge';
import { ScrollTable } from '../../../components/table/ScrollTable';
import { SortHeader } from '../../../components/table/SortHeader';
import type { Sort } from '../../../components/table/sort';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { ProfileLabel } from './ProfileTag';
import { TrialDrawer } from './TrialDrawer';
import { FigureText, TrialMessage } from './trial-figures';
import {
  FIGURE_COLUMNS,
  FIRST_QUERY,
  figureValue,
  isFirstQuery,
  rowKey,
  trialsInput,
  TRIALS_PAGE_SIZE,
  withFilter,
  type TrialsQuery,
} from './trials-model';
import { useTrialLabel } from './use-results-text';
import './trials.css';

const TITLE_ID = 'results-trials-title';

/** The page of trials the run's results are loaded with (FIRST_QUERY), and the others on request. */
export function trialsPage(runId: string, query: TrialsQuery = FIRST_QUERY): Promise<TrialPage> {
  return lasttoken().historyTrials(trialsInput(runId, query));
}

export function TrialsTable({
  runId,
  first,
  profiles,
  modes,
}: {
  runId: string;
  /** FIRST_QUERY's page. */
  first: TrialPage;
  profiles: readonly RunProfile[];
  modes: readonly Mode[];
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<TrialsQuery>(FIRST_QUERY);
  const [open, setOpen] = useState<TrialRow | null>(null);
  // The row a drawer was opened from: focus goes back to it when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const { loaded, reload } = useApiValue(
    async () => ({ query, page: isFirstQuery(query) ? first : await trialsPage(runId, query) }),
    [runId, first, query],
  );
  if (first.total === 0) return null;

  let shown: ReactNode;
  if (loaded.state === 'failed') {
    shown = <ErrorMessage error={loaded.error} onRetry={reload} />;
  } else {
    // The first page is there at once; while another one loads, the one shown stays.
    const current = loaded.state === 'ready' ? loaded.value : { query: FIRST_QUERY, page: first };
    const { total } = current.page;
    const pager = (announce: boolean) =>
      pagesFor(total, TRIALS_PAGE_SIZE) > 1 && (
        <Pager
          label={t(announce ? 'results.trials.pages' : 'results.trials.pagesBelow')}
          announce={announce}
          page={current.query.page}
          pageSize={TRIALS_PAGE_SIZE}
          total={total}
          rangeText={(range) =>
            t(
              current.query.status === 'failed'
                ? 'results.trials.rangeFailed'
                : 'results.trials.range',
              range,
            )
          }
          onPage={(page) => setQuery({ ...current.query, page })}
        />
      );
    shown =
      total === 0 ? (
        <p className="muted">{t('results.trials.none')}</p>
      ) : (
        <>
          {pager(true)}
          <TrialRows
            trials={current.page.trials}
            profiles={profiles}
            sort={query.sort}
            onSort={(sort) => setQuery(withFilter(query, { sort }))}
            onOpen={(row, element) => {
              opener.current = element;
              setOpen(row);
            }}
          />
          {pager(false)}
        </>
      );
  }
  return (
    <section className="card stack trials-card" aria-labelledby={TITLE_ID}>
      <header className="card-header">
        <div>
          <h2 id={TITLE_ID}>{t('results.trials.title')}</h2>
          <p className="muted small">{t('results.trials.intro')}</p>
        </div>
        <TrialFilters
          query={query}
          profiles={profiles}
          modes={modes}
          onChange={(change) => setQuery(withFilter(query, change))}
        />
      </header>
      {shown}
      {open && (
        <TrialDrawer
          runId={runId}
          row={open}
          profile={profileOf(profiles, open.profile_id)}
          onClose={() => {
            setOpen(null);
            opener.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function TrialFilters({
  query,
  profiles,
  modes,
  onChange,
}: {
  query: TrialsQuery;
  profiles: readonly RunProfile[];
  modes: readonly Mode[];
  onChange: (change: Partial<Pick<TrialsQuery, 'profile_id' | 'mode' | 'status'>>) => void;
}) {
  const { t } = useTranslation();
  const ids = { profile: useId(), mode: useId(), status: useId() };
  return (
    <div className="card-actions trials-filters">
      {profiles.length > 1 && (
        <span className="inline-control">
          <label htmlFor={ids.profile}>{t('results.trials.profileFilter')}</label>
          <select
            id={ids.profile}
            value={query.profile_id ?? ''}
            onChange={(e) => onChange({ profile_id: e.target.value || null })}
          >
            <option value="">{t('results.trials.allProfiles')}</option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </span>
      )}
      {modes.length > 1 && (
        <span className="inline-control">
          <label htmlFor={ids.mode}>{t('results.trials.modeFilter')}</label>
          <select
            id={ids.mode}
            value={query.mode ?? ''}
            onChange={(e) => onChange({ mode: (e.target.value || null) as Mode | null })}
          >
            <option value="">{t('results.trials.allModes')}</option>
            {modes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`common.modes.${mode}`)}
              </option>
            ))}
          </select>
        </span>
      )}
      <span className="inline-control">
        <label htmlFor={ids.status}>{t('results.trials.statusFilter')}</label>
        <select
          id={ids.status}
          value={query.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || null) as TrialsQuery['status'] })}
        >
          <option value="">{t('results.trials.allStatuses')}</option>
          <option value="failed">{t('results.trials.failedStatuses')}</option>
          {TRIAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`common.status.${status}`)}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}

function TrialRows({
  trials,
  profiles,
  sort,
  onSort,
  onOpen,
}: {
  trials: readonly TrialRow[];
  profiles: readonly RunProfile[];
  sort: Sort<TrialSortFigure>;
  onSort: (sort: Sort<TrialSortFigure>) => void;
  onOpen: (row: TrialRow, element: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const trialLabel = useTrialLabel();
  const openOnEnter = (row: TrialRow) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onOpen(row, event.currentTarget);
  };
  return (
    <ScrollTable labelledBy={TITLE_ID}>
      <table className="trials-table" aria-labelledby={TITLE_ID}>
        <thead>
          <tr>
            <th scope="col" className="trials-profile sticky-col sticky-col-edge">
              {t('results.trials.column.profile')}
            </th>
            <th scope="col">{t('results.trials.column.trial')}</th>
            <th scope="col">{t('results.trials.column.status')}</th>
            {FIGURE_COLUMNS.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.key}
                  sortKey={column.sort}
                  sort={sort}
                  onSort={onSort}
                  className="number"
                >
                  {t(`results.trials.column.${column.key}`)}
                </SortHeader>
              ) : (
                <th key={column.key} scope="col" className="number">
                  {t(`results.trials.column.${column.key}`)}
                </th>
              ),
            )}
            <th scope="col">{t('results.trials.column.message')}</th>
          </tr>
        </thead>
        <tbody>
          {trials.map((row) => {
            const profile = profileOf(profiles, row.profile_id);
            const failed = row.trial.status !== 'ok';
            return (
              <tr
                key={rowKey(row)}
                tabIndex={0}
                data-status={row.trial.status}
                data-failed={failed || undefined}
                onClick={(event) => onOpen(row, event.currentTarget)}
                onKeyDown={openOnEnter(row)}
              >
                <th scope="row" className="trials-profile sticky-col sticky-col-edge">
                  <ProfileLabel profile={profile} />
                </th>
                <td className="trials-trial">
                  {trialLabel(row.trial.mode, row.trial_index, row.warmup)}
                </td>
                <td className="trials-status">
                  <StatusBadge status={row.trial.status} />
                  {failed && row.trial.http_status !== null && (
                    <span className="muted small"> {row.trial.http_status}</span>
                  )}
                </td>
                {FIGURE_COLUMNS.map((column) => (
                  <td key={column.key} className="number" data-column={column.key}>
                    <FigureText figure={figureValue(row.trial, column)} withUnit={false} />
                  </td>
                ))}
                <td className="trials-message">{failed && <TrialMessage trial={row.trial} />}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
