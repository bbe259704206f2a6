// The summary: a table per mode (stream, plain), a row per profile, columns
// grouped by what they answer (the first token, the gaps, the whole answer,
// the rate, the tokens), every figure with its n and the median's interval,
// the best of each column marked, and what each column means below. The
// profile's name and the headings stay while a narrow table scrolls; a
// column's heading sorts the rows by it; the whole table copies as Markdown or TSV.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFailing } from '../../../../../shared/failing-profiles';
import { StatusBadge } from '../../../components/StatusBadge';
import { CopyTable } from '../../../components/table/CopyTable';
import { ScrollTable } from '../../../components/table/ScrollTable';
import { SortHeader } from '../../../components/table/SortHeader';
import { sortRows, type Sort, type SortValue } from '../../../components/table/sort';
import type { Formatters } from '../../../i18n/format';
import { profileOf, type RunProfile } from '../../../../../shared/results/run-profiles';
import { ProfileLabel } from './ProfileTag';
import type {
  Cell,
  Column,
  ColumnKey,
  SummaryRow,
  SummaryTable,
} from '../../../../../shared/results/summary-model';
import {
  columnHelp,
  formatCell,
  glossaryText,
  GROUP_OF,
  groupLabel,
  summaryTableText,
  tokensText,
  type Group,
} from '../../../../../shared/results/summary-table-text';
import { useStableFormat } from './use-results-text';

/** What a summary table sorts by: the profile's name, its ok trials, a figure, the counted tokens. */
type SortKey = 'profile' | 'ok' | ColumnKey | 'tokens';

function sortValue(row: SummaryRow, key: SortKey, profiles: readonly RunProfile[]): SortValue {
  if (key === 'profile') return profileOf(profiles, row.profile_id).name;
  if (key === 'ok') return row.trials === 0 ? null : row.ok;
  if (key === 'tokens') return row.tokens.counted?.median;
  return row.cells[key]?.value;
}

export function SummaryTables({
  tables,
  profiles,
}: {
  tables: readonly SummaryTable[];
  profiles: readonly RunProfile[];
}) {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby="results-summary-title">
      <div>
        <h2 id="results-summary-title">{t('results.summary.title')}</h2>
        <p className="muted small">
          {t('results.summary.intro')} {t('results.summary.hover')}
        </p>
      </div>
      {tables.map((table) => (
        <ModeTable key={table.mode} table={table} profiles={profiles} />
      ))}
      <Glossary tables={tables} />
    </section>
  );
}

function ModeTable({ table, profiles }: { table: SummaryTable; profiles: readonly RunProfile[] }) {
  const { t, i18n } = useTranslation();
  const format = useStableFormat();
  const captionId = useId();
  const [sort, setSort] = useState<Sort<SortKey>>(null);
  const groups: { group: Group; span: number }[] = [];
  for (const column of table.columns) {
    const group = GROUP_OF[column.key];
    const last = groups[groups.length - 1];
    if (last?.group === group) last.span += 1;
    else groups.push({ group, span: 1 });
  }
  const rows = sortRows(
    table.rows,
    sort,
    (row, key) => sortValue(row, key, profiles),
    i18n.language,
  );
  const header = { sort, onSort: setSort };
  return (
    <div className="stack summary-mode" data-mode={table.mode}>
      <CopyTable table={() => summaryTableText(table, profiles, t, format)} />
      <ScrollTable labelledBy={captionId}>
        <table className="summary-table" data-mode={table.mode}>
          <caption id={captionId}>{t(`results.summary.caption.${table.mode}`)}</caption>
          <thead>
            <tr>
              <SortHeader
                {...header}
                sortKey="profile"
                rowSpan={2}
                className="sticky-col sticky-col-edge"
              >
                {t('results.summary.profile')}
              </SortHeader>
              <SortHeader
                {...header}
                sortKey="ok"
                rowSpan={2}
                className="number"
                title={t('results.summary.help.n')}
              >
                {t('results.summary.ok')}
              </SortHeader>
              {groups.map(({ group, span }) => (
                <th key={group} colSpan={span} scope="colgroup" className="column-group">
                  {groupLabel(group, table, t)}
                </th>
              ))}
              <th scope="colgroup" className="column-group">
                {t('results.summary.group.tokens')}
              </th>
              <th rowSpan={2} scope="col">
                {t('results.summary.failures')}
              </th>
            </tr>
            <tr>
              {table.columns.map((column) => (
                <SortHeader
                  {...header}
                  key={column.key}
                  sortKey={column.key}
                  className="number has-help"
                  title={columnHelp(column, table.mode, t)}
                >
                  {t(`results.summary.column.${column.key}`)}
                </SortHeader>
              ))}
              <SortHeader
                {...header}
                sortKey="tokens"
                className="number has-help"
                title={t('results.summary.help.tokens')}
              >
                {t('results.summary.column.tokens')}
              </SortHeader>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row
                key={row.profile_id}
                row={row}
                columns={table.columns}
                profile={profileOf(profiles, row.profile_id)}
              />
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}

function Row({
  row,
  columns,
  profile,
}: {
  row: SummaryRow;
  columns: readonly Column[];
  profile: RunProfile;
}) {
  const { t } = useTranslation();
  const format = useStableFormat();
  return (
    <tr data-profile={row.profile_id}>
      <th scope="row" className="profile-cell sticky-col sticky-col-edge">
        <ProfileLabel profile={profile} />
        {isFailing(row.trials, row.ok) && (
          <span className="badge badge-failed profile-failing">
            {t(row.ok === 0 ? 'results.summary.failing.none' : 'results.summary.failing.most')}
          </span>
        )}
      </th>
      <td className="number" data-column="ok">
        {t('common.units.nOf', { ok: format.count(row.ok), n: format.count(row.trials) })}
      </td>
      {columns.map((column) => (
        <FigureCell
          key={column.key}
          column={column}
          cell={row.cells[column.key]}
          rowN={row.ok}
          format={format}
        />
      ))}
      <td className="number" data-column="tokens">
        <TokensCell row={row} format={format} />
      </td>
      <td data-column="failures">
        <Failures row={row} />
      </td>
    </tr>
  );
}

function FigureCell({
  column,
  cell,
  rowN,
  format,
}: {
  column: Column;
  cell: Cell | undefined;
  rowN: number;
  format: Formatters;
}) {
  const { t } = useTranslation();
  if (!cell) {
    return (
      <td className="number muted" data-column={column.key}>
        {format.number(null)}
      </td>
    );
  }
  const value = (v: number): string => formatCell(column, v, format);
  return (
    <td className={`number${cell.best ? ' best' : ''}`} data-column={column.key}>
      <span className="figure-value">
        {cell.best && (
          <span className="best-mark" aria-hidden="true">
            ★{' '}
          </span>
        )}
        <span className="figure-number">{value(cell.value)}</span>
        {cell.best && <span className="visually-hidden"> {t('results.summary.bestHidden')}</span>}
      </span>
      {cell.interval && (
        <span className="figure-note">
          {t('results.summary.interval', {
            low: value(cell.interval[0]),
            high: value(cell.interval[1]),
          })}
        </span>
      )}
      {/* The row's n is in its own column; a figure fewer trials measured says so. */}
      {cell.n !== rowN && (
        <span className="figure-note">{t('common.units.n', { n: format.count(cell.n) })}</span>
      )}
    </td>
  );
}

function TokensCell({ row, format }: { row: SummaryRow; format: Formatters }) {
  const { t } = useTranslation();
  if (!row.tokens.counted) return <span className="muted">{format.count(null)}</span>;
  const [value, ...notes] = tokensText(row, t, format);
  const { usage, difference } = row.tokens;
  return (
    <>
      <span className="figure-value">{value}</span>
      {notes.map((note, index) => (
        <span
          key={index}
          className={
            index === 0 && usage !== null && difference !== null && difference !== 0
              ? 'figure-note usage-difference'
              : 'figure-note'
          }
        >
          {note}
        </span>
      ))}
    </>
  );
}

function Failures({ row }: { row: SummaryRow }) {
  const { t } = useTranslation();
  const format = useStableFormat();
  if (row.trials === 0) return <span className="muted">{t('results.summary.notMeasured')}</span>;
  if (row.failures.length === 0)
    return <span className="muted">{t('results.summary.noFailures')}</span>;
  return (
    <ul className="failure-counts">
      {row.failures.map(([status, count]) => (
        <li key={status}>
          {t('results.summary.failureCount', { n: format.count(count) })}{' '}
          <StatusBadge status={status} />
        </li>
      ))}
    </ul>
  );
}

function Glossary({ tables }: { tables: readonly SummaryTable[] }) {
  const { t } = useTranslation();
  return (
    <details className="glossary">
      <summary>{t('results.summary.glossary.title')}</summary>
      <dl>
        {glossaryText(tables, t).map((entry) => (
          <div key={entry.term}>
            <dt>{entry.term}</dt>
            <dd>{entry.help}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
