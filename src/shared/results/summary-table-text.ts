// The summary's words and figures as text: each figure rounded as the table
// shows it (one rounding), the column groups' names and what each column
// means, and a whole mode's table as header and rows for "Copy as Markdown /
// TSV" and main's reports: every figure the table shows, its 95% interval in
// a column of its own, and its n where fewer trials measured it than the row's.

import { isFailing } from '../failing-profiles';
import type { TableText } from '../table-text';
import type { Formatters, Translate } from '../i18n/format';
import { profileOf, type RunProfile } from './run-profiles';
import type { Mode } from '../trial';
import type { Cell, Column, ColumnKey, SummaryRow, SummaryTable } from './summary-model';

export type Group = 'first' | 'gaps' | 'total' | 'rate' | 'chunk' | 'reader';

export const GROUP_OF: Record<ColumnKey, Group> = {
  first: 'first',
  first_p95: 'first',
  gap_median: 'gaps',
  gap_p95: 'gaps',
  max_silence: 'gaps',
  total: 'total',
  total_p95: 'total',
  e2e_tps: 'rate',
  decode_tps: 'rate',
  tokens_per_chunk: 'chunk',
  reader_done: 'reader',
  reader_wait: 'reader',
  reader_stall: 'reader',
};

/** A group's heading: its unit, and for the first figure which one it is (TTFT, TTFB). */
export function groupLabel(group: Group, table: SummaryTable, t: Translate): string {
  if (group === 'first') return t(`results.summary.group.first.${table.mode}`);
  if (group === 'reader') return t('results.summary.group.reader', { pace: table.reader_pace_tps });
  return t(`results.summary.group.${group}`);
}

/** What a column's help says: the metric's own help where common has one. */
export function columnHelp(column: Column, mode: Mode, t: Translate): string {
  switch (column.key) {
    case 'first':
      return t(mode === 'stream' ? 'common.metricHelp.ttft_ms' : 'common.metricHelp.first_byte_ms');
    case 'first_p95':
    case 'total_p95':
      return t('results.summary.help.p95');
    case 'gap_median':
      return t('common.metricHelp.gap_median_ms');
    case 'gap_p95':
      return t('results.summary.help.gap_p95');
    case 'max_silence':
      return t('common.metricHelp.max_silence_ms');
    case 'total':
      return t('common.metricHelp.total_ms');
    case 'e2e_tps':
      return t('common.metricHelp.e2e_tps');
    case 'decode_tps':
      return t('common.metricHelp.decode_tps');
    case 'tokens_per_chunk':
      return t('common.metricHelp.tokens_per_chunk_mean');
    case 'reader_done':
      return t('common.metricHelp.reader_done_ms');
    case 'reader_wait':
      return t('common.metricHelp.reader_wait_ms');
    case 'reader_stall':
      return t('common.metricHelp.reader_stall_ms');
  }
}

/** What every column means, for whoever reads the table for the first time. */
const GLOSSARY: { term: string; help: string; only?: Mode }[] = [
  { term: 'common.metrics.ttft_ms', help: 'common.metricHelp.ttft_ms', only: 'stream' },
  { term: 'common.metrics.first_byte_ms', help: 'common.metricHelp.first_byte_ms', only: 'plain' },
  { term: 'results.summary.glossary.interval', help: 'results.summary.help.interval' },
  { term: 'results.summary.glossary.p95', help: 'results.summary.help.p95' },
  { term: 'common.metrics.gap_median_ms', help: 'common.metricHelp.gap_median_ms', only: 'stream' },
  { term: 'common.metrics.gap_p95_ms', help: 'results.summary.help.gap_p95', only: 'stream' },
  {
    term: 'common.metrics.max_silence_ms',
    help: 'common.metricHelp.max_silence_ms',
    only: 'stream',
  },
  { term: 'common.metrics.total_ms', help: 'common.metricHelp.total_ms' },
  { term: 'common.metrics.e2e_tps', help: 'common.metricHelp.e2e_tps' },
  { term: 'common.metrics.decode_tps', help: 'common.metricHelp.decode_tps', only: 'stream' },
  {
    term: 'common.metrics.tokens_per_chunk_mean',
    help: 'common.metricHelp.tokens_per_chunk_mean',
    only: 'stream',
  },
  { term: 'common.metrics.reader_done_ms', help: 'common.metricHelp.reader_done_ms' },
  { term: 'common.metrics.reader_wait_ms', help: 'common.metricHelp.reader_wait_ms' },
  {
    term: 'common.metrics.reader_stall_ms',
    help: 'common.metricHelp.reader_stall_ms',
    only: 'stream',
  },
  { term: 'results.summary.glossary.tokens', help: 'results.summary.help.tokens' },
  { term: 'results.summary.glossary.best', help: 'results.summary.help.best' },
  { term: 'results.summary.glossary.n', help: 'results.summary.help.n' },
];

/** The glossary of the modes these tables show: each term with what it means. */
export function glossaryText(
  tables: readonly SummaryTable[],
  t: Translate,
): { term: string; help: string }[] {
  const modes = new Set(tables.map((table) => table.mode));
  return GLOSSARY.filter((entry) => !entry.only || modes.has(entry.only)).map((entry) => ({
    term: t(entry.term),
    help: t(entry.help),
  }));
}

/**
 * A figure without its unit, which the column's header gives once: milliseconds
 * as format.ms writes them (whole from 100 up, one decimal below), rates and
 * tokens per chunk with one decimal.
 */
export function formatCell(column: Column, value: number, format: Formatters): string {
  if (column.metric === 'e2e_tps' || column.metric === 'decode_tps') {
    return format.number(value, 1);
  }
  if (column.metric === 'tokens_per_chunk_mean') return format.number(value, 1);
  return format.msValue(value);
}

/** "12 / 14 (API +2)": the tokenizer's count against the API's, as the table's tokens cell says it. */
export function tokensText(row: SummaryRow, t: Translate, format: Formatters): string[] {
  const { counted, usage, difference } = row.tokens;
  if (!counted) return [format.count(null)];
  const parts = [
    t('results.summary.tokensValue', {
      counted: format.count(counted.median),
      usage: usage ? format.count(usage.median) : format.count(null),
    }),
  ];
  if (usage === null) parts.push(t('results.summary.usageMissing'));
  else if (difference !== null && difference !== 0) {
    parts.push(
      t('results.summary.usageDifference', {
        difference: `${difference > 0 ? '+' : ''}${format.count(difference)}`,
      }),
    );
  }
  if (usage !== null && usage.n !== row.ok) {
    parts.push(t('common.units.n', { n: format.count(usage.n) }));
  }
  return parts;
}

/** A row's failed trials by status, or that there were none (or nothing was saved). */
export function failuresText(row: SummaryRow, t: Translate, format: Formatters): string {
  if (row.trials === 0) return t('results.summary.notMeasured');
  if (row.failures.length === 0) return t('results.summary.noFailures');
  return row.failures
    .map(
      ([status, count]) =>
        `${t('results.summary.failureCount', { n: format.count(count) })} ${t(`common.status.${status}`)}`,
    )
    .join(', ');
}

function figureText(
  column: Column,
  cell: Cell | undefined,
  row: SummaryRow,
  t: Translate,
  format: Formatters,
): string[] {
  const value = (v: number): string => formatCell(column, v, format);
  const shown = cell ? value(cell.value) : format.number(null);
  const notes = [
    ...(cell?.best ? ['★'] : []),
    ...(cell && cell.n !== row.ok ? [`(${t('common.units.n', { n: format.count(cell.n) })})`] : []),
  ];
  const figure = [shown, ...notes].join(' ');
  if (!column.interval) return [figure];
  const interval = cell?.interval
    ? t('results.summary.interval', { low: value(cell.interval[0]), high: value(cell.interval[1]) })
    : format.number(null);
  return [figure, interval];
}

/** One mode's summary table as text: a line per profile, every figure the screen shows. */
export function summaryTableText(
  table: SummaryTable,
  profiles: readonly RunProfile[],
  t: Translate,
  format: Formatters,
): TableText {
  const header = [t('results.summary.profile'), t('results.summary.ok')];
  for (const column of table.columns) {
    const group = groupLabel(GROUP_OF[column.key], table, t);
    const name = t(`results.summary.copyColumn.${column.key}`);
    header.push(t('results.summary.copyHeader', { group, column: name }));
    if (column.interval) {
      header.push(
        t('common.table.copy.interval', {
          column: t('results.summary.copyHeader', { group, column: name }),
        }),
      );
    }
  }
  header.push(
    t('results.summary.copyHeader', {
      group: t('results.summary.group.tokens'),
      column: t('results.summary.column.tokens'),
    }),
    t('results.summary.failures'),
  );
  const rows = table.rows.map((row) => {
    const profile = profileOf(profiles, row.profile_id);
    const failing = isFailing(row.trials, row.ok)
      ? ` (${t(row.ok === 0 ? 'results.summary.failing.none' : 'results.summary.failing.most')})`
      : '';
    return [
      `${profile.name}${failing}`,
      t('common.units.nOf', { ok: format.count(row.ok), n: format.count(row.trials) }),
      ...table.columns.flatMap((column) =>
        figureText(column, row.cells[column.key], row, t, format),
      ),
      tokensText(row, t, format).join('; '),
      failuresText(row, t, format),
    ];
  });
  return { header, rows };
}
