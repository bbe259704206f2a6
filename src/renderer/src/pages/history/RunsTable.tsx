// One page of the runs list: when, status, profiles, models, what was asked,
// the trials counted, the calls planned. A row opens its run; a box chooses
// it for a comparison (two at most); Delete asks first.

import { Fragment, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunListItem } from '../../../../shared/run';
import { ConfirmButton } from '../../components/ConfirmButton';
import { RunStatusBadge } from '../../components/StatusBadge';
import { hrefOf, navigate } from '../../router';
import { formatHistoryQuery, NO_FILTERS } from './history-query';
import { MAX_CHOSEN, type ChosenRun } from './run-selection';
import { useRunTime } from './use-run-time';

const COLUMNS = 9;

/** Names past this many are summed up as "+N more": a run may have a hundred profiles. */
const SHOWN_NAMES = 3;

export function RunsTable(props: {
  runs: readonly RunListItem[];
  chosen: readonly ChosenRun[];
  onToggle: (run: RunListItem) => void;
  onDelete: (run: RunListItem) => Promise<void>;
  /** Why deleting a run failed, shown under its row. */
  problem: { runId: string; message: ReactNode } | null;
}) {
  const { t } = useTranslation();
  const full = props.chosen.length >= MAX_CHOSEN;

  // The date is the row's link; a click anywhere else on the row (not on a control) follows it too.
  const openRow = (event: MouseEvent<HTMLTableRowElement>, run: RunListItem): void => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, label, select, [role="group"]')) return;
    if (window.getSelection()?.toString()) return;
    navigate({ page: 'run', runId: run.id });
  };

  return (
    <div className="table-wrap">
      <table className="runs-table">
        <caption className="visually-hidden">{t('history.list.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="runs-choose">
              <span className="visually-hidden">{t('history.list.columns.choose')}</span>
            </th>
            <th scope="col">{t('history.list.columns.started')}</th>
            <th scope="col">{t('history.list.columns.status')}</th>
            <th scope="col">{t('history.list.columns.profiles')}</th>
            <th scope="col">{t('history.list.columns.models')}</th>
            <th scope="col">{t('history.list.columns.setup')}</th>
            <th scope="col" className="number">
              {t('history.list.columns.trials')}
            </th>
            <th scope="col" className="number">
              {t('history.list.columns.calls')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('history.list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.runs.map((run) => {
            const chosen = props.chosen.some((c) => c.id === run.id);
            return (
              <Fragment key={run.id}>
                <tr
                  className={chosen ? 'history-run-row history-chosen' : 'history-run-row'}
                  onClick={(event) => openRow(event, run)}
                >
                  <td className="runs-choose">
                    <ChooseBox
                      run={run}
                      chosen={chosen}
                      disabled={full && !chosen}
                      onToggle={props.onToggle}
                    />
                  </td>
                  <td>
                    <StartedCell run={run} />
                  </td>
                  <td>
                    <RunStatusBadge status={run.status} withFailures={run.with_failures} />
                  </td>
                  <td>
                    <Names names={run.profiles.map((p) => p.name)} />
                  </td>
                  <td>
                    <Names names={[...new Set(run.profiles.map((p) => p.model))]} mono />
                  </td>
                  <td className="small history-setup">
                    {t('history.list.setup', {
                      modes: run.config.modes.map((m) => t(`common.modes.${m}`)).join(' + '),
                      trials: run.config.trials,
                    })}
                  </td>
                  <td className="number">
                    <TrialCounts run={run} />
                  </td>
                  <td className="number">{run.planned_calls}</td>
                  <td className="runs-actions">
                    <ConfirmButton
                      label={t('common.actions.delete')}
                      question={t('history.list.deleteQuestion', { n: run.trials })}
                      onConfirm={() => props.onDelete(run)}
                    />
                  </td>
                </tr>
                {props.problem?.runId === run.id && (
                  // Under the row it is about: the list may be scrolled far from its top.
                  <tr className="history-row-problem">
                    <td colSpan={COLUMNS}>{props.problem.message}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
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
