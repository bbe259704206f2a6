// One page of the runs list: when, status, profiles, models, what was asked,
// the trials counted, the calls planned. A row opens its run; a box chooses
// it for a comparison (two at most); Delete asks first, in its place. The
// date and the box stay while the table scrolls; columns that do not fit the
// box move into each row's details (Delete never does). The order is by
// start, the store's (the list is paged there), newest or oldest first.

import { Fragment, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunListItem, RunListOrder } from '../../../../shared/run';
import { ConfirmButton } from '../../components/ConfirmButton';
import { RunAgainLink } from '../run/results/RunAgain';
import { RunStatusBadge } from '../../components/StatusBadge';
import { DetailsRow, DetailsToggle } from '../../components/table/RowDetails';
import { ScrollTable } from '../../components/table/ScrollTable';
import { SortHeader } from '../../components/table/SortHeader';
import type { Sort } from '../../components/table/sort';
import { useFittingColumns } from '../../components/table/use-fitting-columns';
import { hrefOf, navigate } from '../../router';
import { formatHistoryQuery, NO_FILTERS } from './history-query';
import { MAX_CHOSEN, type ChosenRun } from './run-selection';
import { useRunTime } from './use-run-time';

/** Names past this many are summed up as "+N more": a run may have a hundred profiles. */
const SHOWN_NAMES = 3;

type Column = 'status' | 'profiles' | 'models' | 'setup' | 'trials' | 'calls';
const COLUMNS: readonly Column[] = ['status', 'profiles', 'models', 'setup', 'trials', 'calls'];
/** What goes into the rows' details when the table is too wide for its box, the least needed first. */
const COLLAPSIBLE: readonly Column[] = ['calls', 'setup', 'models', 'profiles', 'trials'];
/** The box, the start and the actions: always shown. */
const FIXED_COLUMNS = 3;

const NUMBER_COLUMNS = new Set<Column>(['trials', 'calls']);

function Cell({ column, run }: { column: Column; run: RunListItem }) {
  const { t } = useTranslation();
  switch (column) {
    case 'status':
      return <RunStatusBadge status={run.status} withFailures={run.with_failures} />;
    case 'profiles':
      return <Names names={run.profiles.map((p) => p.name)} />;
    case 'models':
      return <Names names={[...new Set(run.profiles.map((p) => p.model))]} mono />;
    case 'setup':
      return (
        <span className="small history-setup">
          {t('history.list.setup', {
            modes: run.config.modes.map((m) => t(`common.modes.${m}`)).join(' + '),
            trials: run.config.trials,
          })}
        </span>
      );
    case 'trials':
      return <TrialCounts run={run} />;
    case 'calls':
      return <>{run.planned_calls}</>;
  }
}

export function RunsTable(props: {
  runs: readonly RunListItem[];
  order: RunListOrder;
  onOrder: (order: RunListOrder) => void;
  chosen: readonly ChosenRun[];
  onToggle: (run: RunListItem) => void;
  onDelete: (run: RunListItem) => Promise<void>;
  /** Why deleting a run failed, shown under its row. */
  problem: { runId: string; message: ReactNode } | null;
}) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const box = useRef<HTMLDivElement>(null);
  const hidden = useFittingColumns(box, COLLAPSIBLE, [props.runs, i18n.language]);
  const shown = COLUMNS.filter((column) => !hidden.has(column));
  const span = FIXED_COLUMNS + shown.length;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const full = props.chosen.length >= MAX_CHOSEN;
  const sort: Sort<'started'> = {
    key: 'started',
    direction: props.order === 'oldest' ? 'ascending' : 'descending',
  };

  const toggleDetails = (id: string): void => {
    const next = new Set(open);
    if (!next.delete(id)) next.add(id);
    setOpen(next);
  };

  // The date is the row's link; a click anywhere else on the row (not on a control) follows it too.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, run: RunListItem): void => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, label, select, [role="group"]')) return;
    if (window.getSelection()?.toString()) return;
    navigate({ page: 'run', runId: run.id });
  };

  return (
    <ScrollTable labelledBy={captionId} box={box}>
      <table className="runs-table">
        <caption id={captionId} className="visually-hidden">
          {t(props.order === 'oldest' ? 'history.list.captionOldest' : 'history.list.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="runs-choose sticky-col">
              <span className="visually-hidden">{t('history.list.columns.choose')}</span>
            </th>
            <SortHeader
              sortKey="started"
              sort={sort}
              cycle={false}
              onSort={(next) =>
                props.onOrder(next?.direction === 'ascending' ? 'oldest' : 'newest')
              }
              className="runs-started sticky-col sticky-col-edge"
            >
              {t('history.list.columns.started')}
            </SortHeader>
            {shown.map((column) => (
              <th
                key={column}
                scope="col"
                data-column={column}
                className={NUMBER_COLUMNS.has(column) ? 'number' : undefined}
              >
                {t(`history.list.columns.${column}`)}
              </th>
            ))}
            <th scope="col" className="runs-actions">
              <span className="visually-hidden">{t('history.list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.runs.map((run) => {
            const chosen = props.chosen.some((c) => c.id === run.id);
            const detailsId = `run-details-${run.id}`;
            const detailsOpen = hidden.size > 0 && open.has(run.id);
            return (
              <Fragment key={run.id}>
                <tr
                  className={chosen ? 'history-run-row history-chosen' : 'history-run-row'}
                  data-run={run.id}
                  onClick={(event) => openRow(event, run)}
                >
                  <td className="runs-choose sticky-col">
                    <ChooseBox
                      run={run}
                      chosen={chosen}
                      disabled={full && !chosen}
                      onToggle={props.onToggle}
                    />
                  </td>
                  <td className="runs-started sticky-col sticky-col-edge">
                    <StartedCell run={run} />
                  </td>
                  {shown.map((column) => (
                    <td
                      key={column}
                      data-column={column}
                      className={NUMBER_COLUMNS.has(column) ? 'number' : undefined}
                    >
                      <Cell column={column} run={run} />
                    </td>
                  ))}
                  <td className="runs-actions">
                    <span className="runs-actions-inner">
                      {hidden.size > 0 && (
                        <DetailsToggle
                          open={detailsOpen}
                          controls={detailsId}
                          onToggle={() => toggleDetails(run.id)}
                        />
                      )}
                      <RunAgainLink runId={run.id} className="button" />
                      <ConfirmButton
                        label={t('common.actions.delete')}
                        question={t('history.list.deleteQuestion', { n: run.trials })}
                        onConfirm={() => props.onDelete(run)}
                      />
                    </span>
                  </td>
                </tr>
                {detailsOpen && (
                  <DetailsRow
                    id={detailsId}
                    span={span}
                    items={COLUMNS.filter((column) => hidden.has(column)).map((column) => ({
                      key: column,
                      label: t(`history.list.columns.${column}`),
                      value: <Cell column={column} run={run} />,
                    }))}
                  />
                )}
                {props.problem?.runId === run.id && (
                  // Under the row it is about: the list may be scrolled far from its top.
                  <tr className="history-row-problem">
                    <td colSpan={span}>{props.problem.message}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function ChooseBox(props: {
  run: RunListItem;
  chosen: boolean;
  disabled: boolean;
  onToggle: (run: RunListItem) => void;
}) {
  const { t } = useTranslation();
  const runTime = useRunTime();
  return (
    <input
      type="checkbox"
      checked={props.chosen}
      disabled={props.disabled}
      aria-label={t('history.list.choose', { when: runTime(props.run.started_at) })}
      title={props.disabled ? t('history.compare.full') : undefined}
      onChange={() => props.onToggle(props.run)}
    />
  );
}

function StartedCell({ run }: { run: RunListItem }) {
  const runTime = useRunTime();
  return (
    <div className="history-run-started">
      <a href={hrefOf({ page: 'run', runId: run.id })}>{runTime(run.started_at)}</a>
      {/* The prompt tells runs of the same day apart: the start of it, all of it on hover. */}
      <span className="history-run-prompt small muted" title={run.config.prompt}>
        {run.config.prompt}
      </span>
      <RunTags run={run} />
    </div>
  );
}

/** Where the run was measured, and the series it is a repetition of (a link to its runs). */
function RunTags({ run }: { run: RunListItem }) {
  const { t } = useTranslation();
  if (run.label === null && run.series_id === null && run.imported_at === null) return null;
  return (
    <span className="history-run-tags small">
      {run.label !== null && (
        <span className="history-run-label" title={t('history.list.labelTitle')}>
          {run.label}
        </span>
      )}
      {run.series_id !== null && (
        <a
          className="history-run-series"
          href={formatHistoryQuery({ ...NO_FILTERS, series: run.series_id })}
          title={t('history.list.seriesTitle')}
        >
          {t('history.list.series', { series: run.series_id.slice(0, 8) })}
        </a>
      )}
      {run.imported_at !== null && <span className="muted">{t('history.list.imported')}</span>}
    </span>
  );
}

function Names({ names, mono = false }: { names: readonly string[]; mono?: boolean }) {
  const { t } = useTranslation();
  const shown = names.slice(0, SHOWN_NAMES);
  const more = names.length - shown.length;
  return (
    <ul className={`history-run-names${mono ? ' mono' : ''}`}>
      {shown.map((name, index) => (
        <li key={`${index}-${name}`}>
          <Breakable text={name} />
        </li>
      ))}
      {more > 0 && (
        <li className="muted" title={names.slice(SHOWN_NAMES).join(', ')}>
          {t('history.list.more', { n: more })}
        </li>
      )}
    </ul>
  );
}

/**
 * Model ids are long words (`vendor/model:tag`, `sim-steady:tokens=24,gap=2`):
 * a line may break after their separators rather than at any character.
 */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[/:,=@])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function TrialCounts({ run }: { run: RunListItem }) {
  const { t } = useTranslation();
  if (run.trials === 0) return <span className="muted">{t('history.list.noTrials')}</span>;
  return (
    <span className="history-trial-counts">
      <span>{t('history.list.ok', { n: run.ok })}</span>
      {run.failed > 0 && (
        <span className="history-trial-failed">{t('history.list.failed', { n: run.failed })}</span>
      )}
    </span>
  );
}
