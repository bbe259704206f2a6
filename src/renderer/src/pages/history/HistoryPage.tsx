// History: every run kept, newest first, filtered and paged by the store (a
// history of 10,000 runs costs one page of 50 to show); the trend of the
// profile filtered by; two runs chosen for a comparison; a run deleted after
// a confirmation.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunListPage } from '../../../../shared/api';
import type { Profile, RunListItem } from '../../../../shared/run';
import { ApiCallError, lasttoken } from '../../api/client';
import { useApiValue, useAppEvents } from '../../api/use-api';
import { EmptyState } from '../../components/EmptyState';
import { ErrorMessage } from '../../components/ErrorMessage';
import { Loaded } from '../../components/Loaded';
import { Pager } from '../../components/Pager';
import { hrefOf } from '../../router';
import { CompareBar } from './CompareBar';
import { clearFilters, HistoryFilters } from './HistoryFilters';
import { ImportRuns } from './ImportRuns';
import {
  dateRangeReversed,
  formatHistoryQuery,
  isFiltered,
  listFilter,
  pageCount,
  PAGE_SIZE,
  parseHistoryQuery,
  type HistoryQuery,
} from './history-query';
import { RunsTable } from './RunsTable';
import { toggleChosen, type ChosenRun } from './run-selection';
import { TrendCard } from './TrendCard';
import { useRunTime } from './use-run-time';
import './history.css';

/** A page of the list, and which page it is: past the last page, the last one is shown. */
interface ShownPage extends RunListPage {
  page: number;
}

async function loadPage(query: HistoryQuery): Promise<ShownPage> {
  if (dateRangeReversed(query)) return { runs: [], total: 0, page: 1 };
  const api = lasttoken();
  const shown = await api.historyList(listFilter(query, query.page));
  const last = pageCount(shown.total);
  if (query.page <= last) return { ...shown, page: query.page };
  return { ...(await api.historyList(listFilter(query, last))), page: last };
}

/** The filters and page in the address, following it when it changes (the History link, Back). */
function useHistoryQuery(): [HistoryQuery, (query: HistoryQuery) => void] {
  const [query, setQuery] = useState(() => parseHistoryQuery(window.location.hash));
  useEffect(() => {
    const follow = (): void => {
      if (window.location.hash.startsWith('#/history')) {
        setQuery(parseHistoryQuery(window.location.hash));
      }
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const change = (next: HistoryQuery): void => {
    setQuery(next);
    // Replaced, not pushed: Back leaves the history screen rather than undoing each filter.
    window.history.replaceState(window.history.state, '', formatHistoryQuery(next));
  };
  return [query, change];
}

export function HistoryPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useHistoryQuery();
  const profiles = useApiValue(() => lasttoken().profilesList(), []);
  const list = useApiValue(() => loadPage(query), [formatHistoryQuery(query)]);
  const [chosen, setChosen] = useState<ChosenRun[]>([]);
  useAppEvents((event) => {
    if (event.type === 'run_started' || event.type === 'run_finished') list.reload();
  });
  const listed = list.loaded.state === 'ready' ? list.loaded.value.runs : [];

  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <h1>{t('history.title')}</h1>
          <p>{t('history.intro')}</p>
        </div>
        <div className="page-actions">
          <a className="button primary" href={hrefOf({ page: 'new-run' })}>
            {t('common.nav.newRun')}
          </a>
        </div>
      </header>
      <ImportRuns onImported={list.reload} />
      {/* A new user has nothing to filter: the filters come with the first run. */}
      {!(list.loaded.state === 'ready' && list.loaded.value.total === 0 && !isFiltered(query)) && (
        <Loaded value={profiles}>
          {(all) => (
            <>
              <HistoryFilters
                query={query}
                profiles={all}
                removedName={query.profile ? nameInRuns(query.profile, listed) : null}
                onChange={setQuery}
              />
              {query.profile && (
                <TrendCard
                  key={query.profile}
                  profileId={query.profile}
                  profileName={profileName(query.profile, all, listed)}
                  // A removed profile's colour is no longer known: the palette's first.
                  profileColor={all.find((p) => p.id === query.profile)?.color ?? 0}
                  query={query}
                />
              )}
            </>
          )}
        </Loaded>
      )}
      <Loaded value={list}>
        {(shown) => (
          <RunsSection
            shown={shown}
            query={query}
            chosen={chosen}
            onQuery={setQuery}
            onChosen={setChosen}
            onChanged={list.reload}
          />
        )}
      </Loaded>
    </div>
  );
}

/** A profile removed since its runs keeps the name its runs' snapshots gave it. */
function nameInRuns(id: string, runs: readonly RunListItem[]): string | null {
  for (const run of runs) {
    const profile = run.profiles.find((p) => p.id === id);
    if (profile) return profile.name;
  }
  return null;
}

function profileName(
  id: string,
  profiles: readonly Profile[],
  runs: readonly RunListItem[],
): string {
  return profiles.find((p) => p.id === id)?.name ?? nameInRuns(id, runs) ?? id;
}

const RUNS_TITLE = 'history-runs-title';

function RunsSection(props: {
  shown: ShownPage;
  query: HistoryQuery;
  chosen: ChosenRun[];
  onQuery: (query: HistoryQuery) => void;
  onChosen: (chosen: ChosenRun[]) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const runTime = useRunTime();
  const [deleted, setDeleted] = useState<string | null>(null);
  const [error, setError] = useState<{ run: RunListItem; error: unknown } | null>(null);
  const { shown, query } = props;

  const remove = async (run: RunListItem): Promise<void> => {
    setDeleted(null);
    setError(null);
    try {
      const { deleted } = await lasttoken().runsDelete({ run_id: run.id });
      if (!deleted) throw new NotDeleted();
      props.onChosen(props.chosen.filter((c) => c.id !== run.id));
      setDeleted(runTime(run.started_at));
    } catch (failure) {
      setError({ run, error: failure });
    }
    props.onChanged();
  };

  const turnTo = (page: number): void => {
    props.onQuery({ ...query, page });
    // From the pager under the list, the next page is read from its top.
    document.getElementById(RUNS_TITLE)?.scrollIntoView({ block: 'start' });
  };

  if (shown.total === 0) {
    return isFiltered(query) ? (
      <EmptyState title={t('history.empty.filteredTitle')}>
        <p>
          {dateRangeReversed(query) ? t('history.filters.reversed') : t('history.empty.filtered')}
        </p>
        <button
          type="button"
          onClick={() => props.onQuery({ ...query, ...clearFilters(), page: 1 })}
        >
          {t('history.filters.clear')}
        </button>
      </EmptyState>
    ) : (
      <EmptyState title={t('history.empty.title')}>
        <p>{t('history.empty.body')}</p>
        <a className="button primary" href={hrefOf({ page: 'new-run' })}>
          {t('history.empty.start')}
        </a>
      </EmptyState>
    );
  }

  return (
    <section className="stack runs-section" aria-labelledby={RUNS_TITLE}>
      <h2 id={RUNS_TITLE}>{t('history.list.title')}</h2>
      {deleted && (
        <p className="message message-info" role="status">
          {t('history.list.deleted', { when: deleted })}
        </p>
      )}
      <CompareBar
        chosen={props.chosen}
        onRemove={(run) => props.onChosen(props.chosen.filter((c) => c.id !== run.id))}
        onClear={() => props.onChosen([])}
      />
      <Pager
        label={t('history.pager.labelTop')}
        announce
        page={shown.page}
        pageSize={PAGE_SIZE}
        total={shown.total}
        rangeText={(range) => t('history.pager.range', range)}
        onPage={turnTo}
      />
      <RunsTable
        runs={shown.runs}
        order={query.order ?? 'newest'}
        // Another order starts from its first page.
        onOrder={(order) => props.onQuery({ ...query, order, page: 1 })}
        chosen={props.chosen}
        onToggle={(run) => props.onChosen(toggleChosen(props.chosen, run))}
        onDelete={remove}
        problem={
          error && {
            runId: error.run.id,
            message: <DeleteError run={error.run} error={error.error} />,
          }
        }
      />
      {pageCount(shown.total) > 1 && (
        <Pager
          label={t('history.pager.labelBottom')}
          page={shown.page}
          pageSize={PAGE_SIZE}
          total={shown.total}
          rangeText={(range) => t('history.pager.range', range)}
          onPage={turnTo}
        />
      )}
    </section>
  );
}

/** runsDelete answered that nothing was deleted: the run is being recorded (here or elsewhere), or gone. */
class NotDeleted extends Error {}

function DeleteError({ run, error }: { run: RunListItem; error: unknown }) {
  const { t } = useTranslation();
  const runTime = useRunTime();
  const when = runTime(run.started_at);
  // The service's words are English; a run still going is the case users meet, said in theirs.
  if (error instanceof NotDeleted || (error instanceof ApiCallError && run.status === 'running')) {
    return (
      <p className="message message-error" role="alert">
        {run.status === 'running'
          ? t('history.list.deleteRunning', { when })
          : t('history.list.deleteGone', { when })}
      </p>
    );
  }
  return <ErrorMessage error={error} />;
}
