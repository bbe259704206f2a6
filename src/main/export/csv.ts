// CSV export of a run: summary (profile × mode), trials (one row per trial) and
// chunks (one row per chunk). RFC 4180 with CRLF between records and a header
// row of DESIGN.md names. Numbers stay numbers, milliseconds to the microsecond
// and the rest without binary noise; text that starts like a formula (= + - @, tab, CR) is neutralised
// with a leading single quote (OWASP's advice), so a spreadsheet shows it as
// text instead of evaluating it. Data in, CSV out: the callers (CLI, app) read
// the rows from wherever they keep them.

import { Readable, pipeline } from 'node:stream';
import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { Comparison } from '../../shared/comparisons';
import type { RunRecord, StoredTrial } from '../../shared/run';
import type { RunDigest } from '../../shared/run-digest';
import { summarize, type ModeSummary } from '../../shared/summary';
import {
  CHUNK_COLUMNS,
  COMPARISON_COLUMNS,
  SUMMARY_COLUMNS,
  TRIAL_COLUMNS,
  chunkRowMaker,
  columnNames,
  comparisonRows,
  summaryRows,
  trialRowMaker,
  type Cell,
  type SummariesByProfile,
} from './columns';

import { CSV_KINDS, type CsvKind } from '../../shared/api';

export { CSV_KINDS, type CsvKind };

export interface CsvOptions {
  /** Start with a UTF-8 byte order mark, so Excel reads non-ASCII text (Chinese...) as UTF-8. Default false. */
  bom?: boolean;
}

export interface SummaryExportData {
  run: RunRecord;
  /** Keyed by profile id; `summariesByProfile` computes them from stored trials. */
  summaries: SummariesByProfile;
  /** A sweep's fits (RunDigest.prefill, prefillByProfile); absent: none. */
  prefill?: RunDigest['prefill'];
}

export interface TrialsExportData {
  run: RunRecord;
  trials: Iterable<StoredTrial>;
}

/** For streaming, trials may also come one by one from an async source (a database cursor). */
export interface TrialsStreamData {
  run: RunRecord;
  trials: Iterable<StoredTrial> | AsyncIterable<StoredTrial>;
}

export interface ComparisonsExportData {
  run: RunRecord;
  /** `runComparisons` computes them from stored trials. */
  comparisons: Iterable<Comparison>;
  /** The reading pace their reader_done_ms was computed at. */
  reader_pace_tps: number;
}

export interface CsvData {
  summary: SummaryExportData;
  trials: TrialsExportData;
  chunks: TrialsExportData;
  comparisons: ComparisonsExportData;
}

export interface CsvStreamData {
  summary: SummaryExportData;
  trials: TrialsStreamData;
  chunks: TrialsStreamData;
  comparisons: ComparisonsExportData;
}

/** The header row of each kind, in order. */
export const CSV_COLUMNS: Readonly<Record<CsvKind, readonly string[]>> = {
  summary: columnNames(SUMMARY_COLUMNS),
  trials: columnNames(TRIAL_COLUMNS),
  chunks: columnNames(CHUNK_COLUMNS),
  comparisons: columnNames(COMPARISON_COLUMNS),
};

function stringifyOptions(kind: CsvKind, options: CsvOptions): Options {
  return {
    bom: options.bom === true,
    header: true,
    columns: [...CSV_COLUMNS[kind]],
    record_delimiter: '\r\n',
    // A bare \n or \r inside a field is quoted too, not only the CRLF delimiter.
    quote_record_delimiter: true,
    // Prefixes ' to a text cell starting with = + - @ tab CR (and their
    // full-width forms); a number's minus sign is left alone.
    escape_formulas: true,
    cast: {
      number: numberCell(CSV_COLUMNS[kind]),
      boolean: (value) => (value ? 'true' : 'false'),
    },
  };
}

/**
 * A number as a CSV cell: milliseconds (a column named `…_ms` or `…_ms_<stat>`)
 * to the microsecond, 3 decimals; every other number to 15 significant digits.
 * What was measured, without the binary noise of the arithmetic behind it
 * (-4.6370000000000005, 2.842170943040401e-14). Null for NaN and ±Infinity,
 * which are not data; 0 for -0, since a difference that rounds to nothing has
 * no sign.
 */
export function csvNumber(column: string, value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const rounded = MS_COLUMN.test(column)
    ? Math.round(value * 1000) / 1000
    : Number(value.toPrecision(15));
  return rounded === 0 ? 0 : rounded;
}

const MS_COLUMN = /_ms(_|$)/;

function numberCell(columns: readonly string[]) {
  return (value: number, context: { index: number }): string =>
    String(csvNumber(columns[context.index] ?? '', value) ?? '');
}

function* syncRows<K extends CsvKind>(kind: K, data: CsvData[K]): Generator<Cell[]> {
  if (kind === 'summary') {
    const { run, summaries, prefill } = data as SummaryExportData;
    yield* summaryRows(run, summaries, prefill);
    return;
  }
  if (kind === 'comparisons') {
    const { run, comparisons, reader_pace_tps } = data as ComparisonsExportData;
    yield* comparisonRows(run, comparisons, reader_pace_tps);
    return;
  }
  const { run, trials } = data as TrialsExportData;
  if (kind === 'trials') {
    const toRow = trialRowMaker(run);
    for (const stored of trials) yield toRow(stored);
  } else {
    const toRows = chunkRowMaker(run);
    for (const stored of trials) yield* toRows(stored);
  }
}

async function* asyncRows(
  kind: 'trials' | 'chunks',
  run: RunRecord,
  trials: AsyncIterable<StoredTrial>,
): AsyncGenerator<Cell[]> {
  if (kind === 'trials') {
    const toRow = trialRowMaker(run);
    for await (const stored of trials) yield toRow(stored);
  } else {
    const toRows = chunkRowMaker(run);
    for await (const stored of trials) yield* toRows(stored);
  }
}

function isAsyncIterable<T>(value: Iterable<T> | AsyncIterable<T>): value is AsyncIterable<T> {
  return typeof (value as Partial<AsyncIterable<T>>)[Symbol.asyncIterator] === 'function';
}

/**
 * The whole export as one string (BOM included when asked). For runs of many
 * chunks prefer `exportCsvStream` or `writeCsvFile`, which never hold the CSV.
 */
export function exportCsv<K extends CsvKind>(
  kind: K,
  data: CsvData[K],
  options: CsvOptions = {},
): string {
  assertKind(kind);
  return stringifySync(Array.from(syncRows(kind, data)), stringifyOptions(kind, options));
}

/**
 * The export as a byte stream (UTF-8), produced row by row as the reader
 * consumes it: memory stays bounded however many chunks a run has. Trials may
 * come from an async iterable; an error there destroys the stream with it.
 */
export function exportCsvStream<K extends CsvKind>(
  kind: K,
  data: CsvStreamData[K],
  options: CsvOptions = {},
): Readable {
  assertKind(kind);
  let rows: Iterable<Cell[]> | AsyncIterable<Cell[]>;
  if (kind === 'summary' || kind === 'comparisons') {
    rows = syncRows(kind, data as CsvData[typeof kind]);
  } else {
    const { run, trials } = data as TrialsStreamData;
    const trialKind = kind as 'trials' | 'chunks';
    rows = isAsyncIterable(trials)
      ? asyncRows(trialKind, run, trials)
      : syncRows(trialKind, { run, trials });
  }
  const stringifier: Stringifier = stringify(stringifyOptions(kind, options));
  // pipeline, not pipe: a failing source destroys the stringifier with its error.
  pipeline(Readable.from(rows, { objectMode: true }), stringifier, () => {});
  return stringifier;
}

function assertKind(kind: string): asserts kind is CsvKind {
  if (!(CSV_KINDS as readonly string[]).includes(kind)) {
    throw new TypeError(`unknown CSV kind "${kind}" (expected ${CSV_KINDS.join(', ')})`);
  }
}

/**
 * Summaries for the summary export from stored trials: per profile, one per
 * mode, over the counted trials (warm-ups are measured but not counted).
 */
export function summariesByProfile(trials: Iterable<StoredTrial>): Map<string, ModeSummary[]> {
  const byProfile = new Map<string, StoredTrial['trial'][]>();
  for (const stored of trials) {
    if (stored.warmup) continue;
    const list = byProfile.get(stored.profile_id) ?? [];
    list.push(stored.trial);
    byProfile.set(stored.profile_id, list);
  }
  return new Map([...byProfile].map(([id, list]) => [id, summarize(id, list)]));
}
