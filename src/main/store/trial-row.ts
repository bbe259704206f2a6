// A StoredTrial as a row of `trials` and back. Each scalar metric is a column
// under its Trial name; booleans become 0/1, the abort record five abort_*
// columns, the timeline and gaps one BLOB.

import type { StoredTrial } from '../../shared/run';
import { withTimelineFigures } from '../../shared/read-bursts';
import { DEFAULT_READER_PACE_TPS, withReaderMetrics } from '../../shared/reader';
import type { AbortRecord, Trial } from '../../shared/trial';
import { fromBit, toBit, type Bit } from './row-values';
import { decodeTimeline, encodeTimeline } from './timeline-codec';

type BooleanField = { [K in keyof Trial]: Trial[K] extends boolean ? K : never }[keyof Trial];
type PackedField = 'gaps_ms' | 'timeline' | 'abort';
/** Fields stored unchanged: every one not converted or packed. */
type PlainField = Exclude<keyof Trial, BooleanField | PackedField>;

// Each plain field must be a value SQLite stores as it is: a new Trial field of
// another type fails this constraint until it is given a conversion.
type SqlScalar = number | string | null;
type Scalars<T extends Record<PlainField, SqlScalar>> = T;
type PlainColumns = Scalars<Pick<Trial, PlainField>>;

// Records keyed by every field, so a new Trial field fails to compile until listed.
const PLAIN_FIELDS = Object.keys({
  mode: true,
  status: true,
  started_at: true,
  dns_ms: true,
  connect_ms: true,
  proxy_ms: true,
  tls_ms: true,
  proxy: true,
  headers_ms: true,
  first_byte_ms: true,
  first_event_ms: true,
  ttft_ms: true,
  ttfo_ms: true,
  last_token_ms: true,
  total_ms: true,
  chunks: true,
  gap_median_ms: true,
  gap_p95_ms: true,
  gap_max_ms: true,
  tokens: true,
  reasoning_tokens: true,
  usage_completion_tokens: true,
  usage_prompt_tokens: true,
  cached_prompt_tokens: true,
  reasoning_tokens_api: true,
  token_param: true,
  input_tokens: true,
  usage_diff: true,
  tokens_per_chunk_mean: true,
  itl_ms: true,
  decode_tps: true,
  e2e_tps: true,
  pings: true,
  pings_before_ttft: true,
  pings_after_ttft: true,
  first_ping_ms: true,
  max_silence_ms: true,
  max_content_silence_ms: true,
  burst_share: true,
  events_per_read_max: true,
  reader_pace_tps: true,
  reader_done_ms: true,
  reader_wait_ms: true,
  reader_stall_ms: true,
  bytes: true,
  bytes_after_end: true,
  content_encoding: true,
  finish_reason: true,
  http_status: true,
  request_id: true,
  retry_after_s: true,
  error: true,
  text: true,
  reasoning_text: true,
} satisfies Record<PlainField, true>) as PlainField[];

const BOOLEAN_FIELDS = Object.keys({
  reused_connection: true,
  usage_requested: true,
  stalled: true,
  buffered: true,
  rebuffered: true,
} satisfies Record<BooleanField, true>) as BooleanField[];

interface AbortColumns {
  abort_after_tokens: number | null;
  abort_at_ms: number | null;
  abort_close_ms: number | null;
  abort_bytes_after: number | null;
  abort_chunks_after: number | null;
}

const ABORT_COLUMNS = Object.keys({
  abort_after_tokens: true,
  abort_at_ms: true,
  abort_close_ms: true,
  abort_bytes_after: true,
  abort_chunks_after: true,
} satisfies Record<keyof AbortColumns, true>) as (keyof AbortColumns)[];

export type TrialRow = PlainColumns &
  Record<BooleanField, Bit> &
  AbortColumns & {
    run_id: string;
    profile_id: string;
    trial_index: number;
    warmup: Bit;
    timeline: Buffer;
  };

/** Every column a trial is written to, for the INSERT statement. */
export const TRIAL_COLUMNS: readonly (keyof TrialRow)[] = [
  'run_id',
  'profile_id',
  'trial_index',
  'warmup',
  ...PLAIN_FIELDS,
  ...BOOLEAN_FIELDS,
  ...ABORT_COLUMNS,
  'timeline',
];

function pick<T, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = source[key];
  return picked;
}

function mapFields<F extends string, A, B>(
  source: Record<F, A>,
  fields: readonly F[],
  convert: (value: A) => B,
): Record<F, B> {
  const mapped = {} as Record<F, B>;
  for (const field of fields) mapped[field] = convert(source[field]);
  return mapped;
}

function abortColumns(abort: AbortRecord | null): AbortColumns {
  return {
    abort_after_tokens: abort?.after_tokens ?? null,
    abort_at_ms: abort?.at_ms ?? null,
    abort_close_ms: abort?.close_ms ?? null,
    abort_bytes_after: abort?.bytes_after ?? null,
    abort_chunks_after: abort?.chunks_after ?? null,
  };
}

function abortRecord(row: AbortColumns): AbortRecord | null {
  if (row.abort_after_tokens === null) return null;
  // The table's CHECK keeps the other required columns set whenever this one is.
  return {
    after_tokens: row.abort_after_tokens,
    at_ms: row.abort_at_ms as number,
    close_ms: row.abort_close_ms,
    bytes_after: row.abort_bytes_after as number,
    chunks_after: row.abort_chunks_after as number,
  };
}

export function toTrialRow(stored: StoredTrial): TrialRow {
  const { trial } = stored;
  return {
    run_id: stored.run_id,
    profile_id: stored.profile_id,
    trial_index: stored.trial_index,
    warmup: toBit(stored.warmup),
    ...pick(trial, PLAIN_FIELDS),
    ...mapFields(trial, BOOLEAN_FIELDS, toBit),
    ...abortColumns(trial.abort),
    timeline: encodeTimeline(trial.timeline, trial.gaps_ms),
  };
}

/** A trial's figures and texts without its timeline: what a table of trials needs. */
export type TrialFigures = Omit<Trial, 'timeline' | 'gaps_ms'>;

/** A stored trial without its timeline. */
export type StoredTrialFigures = Omit<StoredTrial, 'trial'> & { trial: TrialFigures };

/** A row read without its timeline column (see TRIAL_FIGURE_COLUMNS). */
export type TrialFiguresRow = Omit<TrialRow, 'timeline'>;

/** Every column but the timeline: decoding timelines is the costly part of reading a run. */
export const TRIAL_FIGURE_COLUMNS: readonly (keyof TrialFiguresRow)[] = TRIAL_COLUMNS.filter(
  (column): column is keyof TrialFiguresRow => column !== 'timeline',
);

function figuresOf(row: TrialFiguresRow): TrialFigures {
  return {
    ...pick(row, PLAIN_FIELDS),
    ...mapFields(row, BOOLEAN_FIELDS, fromBit),
    abort: abortRecord(row),
  };
}

/** Columns a trial's place in its run is stored in. */
const PLACE_COLUMNS = ['run_id', 'profile_id', 'trial_index', 'warmup'] as const;

/** A stored trial with only some of its fields. */
export type StoredTrialFields<F extends keyof Trial> = Omit<StoredTrial, 'trial'> & {
  trial: Pick<Trial, F>;
};

/** The columns that hold a trial's place and these of its fields (the timeline and gaps share one). */
export function columnsOfFields(fields: readonly (keyof Trial)[]): (keyof TrialRow)[] {
  const columns = fields.flatMap((field): readonly (keyof TrialRow)[] => {
    if (field === 'timeline' || field === 'gaps_ms') return ['timeline'];
    if (field === 'abort') return ABORT_COLUMNS;
    return [field];
  });
  return [...new Set([...PLACE_COLUMNS, ...columns])];
}

/**
 * A trial's place and these of its fields, from a row read with
 * columnsOfFields(fields): for work that reads a few fields of every trial of
 * a long run, where building whole trials is most of the cost. Reader
 * metrics as stored (fromTrialRow computes those a row predating them lacks).
 */
export function fieldsOfRow<F extends keyof Trial>(
  row: TrialRow,
  fields: readonly F[],
): StoredTrialFields<F> {
  const trial: Partial<Record<keyof Trial, unknown>> = {};
  let decoded: ReturnType<typeof decodeTimeline> | undefined;
  for (const field of fields) {
    if (field === 'timeline' || field === 'gaps_ms') {
      decoded ??= decodeTimeline(row.timeline);
      trial[field] = field === 'timeline' ? decoded.timeline : decoded.gaps_ms;
    } else if (field === 'abort') trial.abort = abortRecord(row);
    else if (BOOLEAN_SET.has(field)) trial[field] = fromBit(row[field as BooleanField]);
    else trial[field] = row[field as PlainField];
  }
  return { ...placeOf(row), trial: trial as Pick<Trial, F> };
}

const BOOLEAN_SET: ReadonlySet<keyof Trial> = new Set(BOOLEAN_FIELDS);

function placeOf(
  row: Pick<TrialFiguresRow, (typeof PLACE_COLUMNS)[number]>,
): Omit<StoredTrial, 'trial'> {
  return {
    run_id: row.run_id,
    profile_id: row.profile_id,
    trial_index: row.trial_index,
    warmup: fromBit(row.warmup),
  };
}

export function fromTrialRow(row: TrialRow): StoredTrial {
  const measured = { ...figuresOf(row), ...decodeTimeline(row.timeline) };
  // A row stored before schema 7 or 12 that no backfill has reached yet (a
  // history opened read-only): what those schemas added comes from its
  // timeline, the reader metrics at the pace every run had then.
  const trial = readBurstsUnbackfilled(row) ? withTimelineFigures(measured) : measured;
  return {
    ...placeOf(row),
    trial: readerUnbackfilled(row) ? withReaderMetrics(trial, DEFAULT_READER_PACE_TPS) : trial,
  };
}

// Such rows hold NULL in these columns, though Trial's type says a number.

/** Whether a row predates the reader columns and has not been backfilled (see timeline-backfill.ts). */
function readerUnbackfilled(row: Pick<TrialFiguresRow, 'reader_pace_tps'>): boolean {
  return (row.reader_pace_tps as number | null) === null;
}

/** Whether a row predates the read-burst and ping columns and has not been backfilled. */
function readBurstsUnbackfilled(row: Pick<TrialFiguresRow, 'pings_before_ttft'>): boolean {
  return (row.pings_before_ttft as number | null) === null;
}

export function fromTrialFiguresRow(row: TrialFiguresRow): StoredTrialFigures {
  return { ...placeOf(row), trial: figuresOf(row) };
}
