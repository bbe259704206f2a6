// The columns of the three CSV exports, and the rows they are made of.
// Column names are the metric names of DESIGN.md; a column is defined once,
// with the function that reads its cell, so a header and its cells cannot drift
// apart. Pure data in, rows out: no database, no file system, no Electron.

import type { Comparison } from '../../shared/comparisons';
import type { PrefillFit } from '../../shared/prefill';
import type { RunDigest } from '../../shared/run-digest';
import type { Distribution } from '../../shared/stats';
import type { ModeSummary } from '../../shared/summary';
import type { ProfileSnapshot, RunRecord, StoredTrial } from '../../shared/run';
import { SUMMARY_METRICS, TRIAL_STATUSES, type Trial } from '../../shared/trial';

/**
 * One CSV cell before formatting: a number is written as JavaScript prints it
 * (never quoted, never neutralised), a boolean as `true`/`false`, null as an
 * empty cell, a string as text (quoted when needed, neutralised when it starts
 * like a formula).
 */
export type Cell = string | number | boolean | null;

export interface Column<Context> {
  readonly name: string;
  readonly cell: (context: Context) => Cell;
}

function column<Context>(name: string, cell: (context: Context) => Cell): Column<Context> {
  return { name, cell };
}

/** Summaries keyed by profile id: one ModeSummary per mode the profile ran. */
export type SummariesByProfile =
  ReadonlyMap<string, readonly ModeSummary[]> | Readonly<Record<string, readonly ModeSummary[]>>;

// ---------------------------------------------------------------------------
// summary: one row per profile × mode

export interface SummaryContext {
  run: RunRecord;
  profile_id: string;
  /** Undefined when the run's snapshot has no profile of that id. */
  profile: ProfileSnapshot | undefined;
  summary: ModeSummary;
  /** How the first token grew with the prompt, for a profile × mode that swept input lengths. */
  prefill: PrefillFit | undefined;
}

/**
 * The statistics each summary metric gets a column for, as `<metric>_<stat>`:
 * every figure of its Distribution (the JSON's), the median's interval as two columns.
 */
export const SUMMARY_STATS = [
  'n',
  'median',
  'p95',
  'min',
  'max',
  'mean',
  'sd',
  'median_ci95_low',
  'median_ci95_high',
] as const;
export type SummaryStat = (typeof SUMMARY_STATS)[number];

// A Record, so a statistic added above fails to compile until it has a cell.
const STAT_CELLS: Record<SummaryStat, (d: Distribution) => Cell> = {
  n: (d) => d.n,
  median: (d) => d.median,
  p95: (d) => d.p95,
  min: (d) => d.min,
  max: (d) => d.max,
  mean: (d) => d.mean,
  // Null below n = 2, as in the JSON: an empty cell, not a zero.
  sd: (d) => d.sd,
  median_ci95_low: (d) => d.median_ci95?.[0] ?? null,
  median_ci95_high: (d) => d.median_ci95?.[1] ?? null,
};

/** "http_error:2; idle_timeout:1", in the canonical status order; empty when none failed. */
export function formatFailures(failures: ModeSummary['failures']): string {
  const parts: string[] = [];
  for (const status of TRIAL_STATUSES) {
    const count = failures[status];
    if (count !== undefined && count > 0) parts.push(`${status}:${count}`);
  }
  return parts.join('; ');
}

export const SUMMARY_COLUMNS: readonly Column<SummaryContext>[] = [
  column('run_id', (c) => c.run.id),
  column('run_started_at', (c) => c.run.started_at),
  column('profile_id', (c) => c.profile_id),
  column('profile', (c) => c.profile?.name ?? null),
  column('model', (c) => c.profile?.model ?? null),
  column('base_url', (c) => c.profile?.base_url ?? null),
  column('dialect', (c) => c.profile?.dialect ?? null),
  column('mode', (c) => c.summary.mode),
  column('trials', (c) => c.summary.trials),
  column('ok', (c) => c.summary.ok),
  column('failures', (c) => formatFailures(c.summary.failures)),
  // Every summarised metric, in SUMMARY_METRICS order: ttft_ms_n, ttft_ms_median,
  // ttft_ms_p95 ... ttft_ms_median_ci95_high, ttfo_ms_n... A metric no ok trial
  // measured has n = 0 and empty figures.
  ...SUMMARY_METRICS.flatMap((metric) =>
    SUMMARY_STATS.map((stat) =>
      column<SummaryContext>(`${metric}_${stat}`, (c) => {
        const distribution = c.summary.metrics[metric];
        if (distribution === undefined) return stat === 'n' ? 0 : null;
        return STAT_CELLS[stat](distribution);
      }),
    ),
  ),
  // A sweep of input lengths (prefill.ts); empty for any other run.
  column('input_lengths', (c) => c.prefill?.groups.map((g) => g.input_tokens).join(';') ?? null),
  column('prefill_x', (c) => c.prefill?.x ?? null),
  column('prefill_n', (c) => c.prefill?.n ?? null),
  column('prefill_ms_per_ktok', (c) => c.prefill?.prefill_ms_per_ktok ?? null),
  column('prefill_ms_per_ktok_ci95_low', (c) => c.prefill?.prefill_ms_per_ktok_ci95?.[0] ?? null),
  column('prefill_ms_per_ktok_ci95_high', (c) => c.prefill?.prefill_ms_per_ktok_ci95?.[1] ?? null),
  column('ttft_fixed_ms', (c) => c.prefill?.ttft_fixed_ms ?? null),
];

function summaryEntries(summaries: SummariesByProfile): [string, readonly ModeSummary[]][] {
  return isMap(summaries) ? [...summaries.entries()] : Object.entries(summaries);
}

function isMap<K, V>(value: ReadonlyMap<K, V> | object): value is ReadonlyMap<K, V> {
  return value instanceof Map;
}

/** Profiles in the run's order, then any profile the snapshot does not know, in the summaries' order. */
export function* summaryContexts(
  run: RunRecord,
  summaries: SummariesByProfile,
  prefill: RunDigest['prefill'] = {},
): Generator<SummaryContext> {
  const byProfile = new Map(summaryEntries(summaries));
  const order = [
    ...run.profiles.map((p) => p.id).filter((id) => byProfile.has(id)),
    ...[...byProfile.keys()].filter((id) => !run.profiles.some((p) => p.id === id)),
  ];
  for (const profile_id of order) {
    const profile = run.profiles.find((p) => p.id === profile_id);
    for (const summary of byProfile.get(profile_id) ?? []) {
      yield { run, profile_id, profile, summary, prefill: prefill[profile_id]?.[summary.mode] };
    }
  }
}

// ---------------------------------------------------------------------------
// trials: one row per trial

export interface TrialContext {
  stored: StoredTrial;
  profile: ProfileSnapshot | undefined;
}

type ScalarTrialKey = {
  [K in keyof Trial]-?: Trial[K] extends Cell ? K : never;
}[keyof Trial];

/** The Trial fields written as they are, by their DESIGN.md names, in Trial's order. */
export const TRIAL_METRIC_FIELDS = [
  'reused_connection',
  'dns_ms',
  'connect_ms',
  'proxy_ms',
  'tls_ms',
  'proxy',
  'headers_ms',
  'first_byte_ms',
  'first_event_ms',
  'ttft_ms',
  'ttfo_ms',
  'last_token_ms',
  'total_ms',
  'chunks',
  'gap_median_ms',
  'gap_p95_ms',
  'gap_max_ms',
  'tokens',
  'reasoning_tokens',
  'usage_completion_tokens',
  'cached_prompt_tokens',
  'reasoning_tokens_api',
  'input_tokens',
  'usage_prompt_tokens',
  'usage_diff',
  'usage_requested',
  'token_param',
  'tokens_per_chunk_mean',
  'itl_ms',
  'decode_tps',
  'e2e_tps',
  'pings',
  'pings_before_ttft',
  'pings_after_ttft',
  'first_ping_ms',
  'max_silence_ms',
  'max_content_silence_ms',
  'stalled',
  'burst_share',
  'buffered',
  'events_per_read_max',
  'rebuffered',
  'reader_pace_tps',
  'reader_done_ms',
  'reader_wait_ms',
  'reader_stall_ms',
  'bytes',
  'bytes_after_end',
  'content_encoding',
  'finish_reason',
  'http_status',
  'request_id',
  'retry_after_s',
  'error',
] as const satisfies readonly ScalarTrialKey[];

/**
 * Where every Trial field the list above leaves out goes instead. Together they
 * name each field exactly once, so a new Trial field fails to compile until it
 * is given a place in the trials export.
 */
export const TRIAL_FIELDS_ELSEWHERE: Record<
  Exclude<keyof Trial, (typeof TRIAL_METRIC_FIELDS)[number]>,
  string
> = {
  mode: 'mode column',
  status: 'status column',
  started_at: 'started_at column',
  text: 'text_chars column (the text itself is not exported)',
  reasoning_text: 'reasoning_chars column (the text itself is not exported)',
  gaps_ms: 'chunks export, gap_ms column',
  timeline: 'chunks export',
  abort: 'abort_* columns',
};

export const TRIAL_COLUMNS: readonly Column<TrialContext>[] = [
  column('run_id', (c) => c.stored.run_id),
  column('profile_id', (c) => c.stored.profile_id),
  column('profile', (c) => c.profile?.name ?? null),
  column('model', (c) => c.profile?.model ?? null),
  column('mode', (c) => c.stored.trial.mode),
  column('trial_index', (c) => c.stored.trial_index),
  column('warmup', (c) => c.stored.warmup),
  column('status', (c) => c.stored.trial.status),
  column('started_at', (c) => c.stored.trial.started_at),
  ...TRIAL_METRIC_FIELDS.map((field) => column<TrialContext>(field, (c) => c.stored.trial[field])),
  // UTF-16 code units, as ChunkRecord.chars counts them.
  column('text_chars', (c) => c.stored.trial.text.length),
  column('reasoning_chars', (c) => c.stored.trial.reasoning_text.length),
  // The abort experiment, flattened; empty when the trial did not abort.
  column('abort_after_tokens', (c) => c.stored.trial.abort?.after_tokens ?? null),
  column('abort_at_ms', (c) => c.stored.trial.abort?.at_ms ?? null),
  column('abort_close_ms', (c) => c.stored.trial.abort?.close_ms ?? null),
  column('abort_bytes_after', (c) => c.stored.trial.abort?.bytes_after ?? null),
  column('abort_chunks_after', (c) => c.stored.trial.abort?.chunks_after ?? null),
];

// ---------------------------------------------------------------------------
// chunks: one row per content-bearing SSE event

export interface ChunkContext {
  stored: StoredTrial;
  profile: ProfileSnapshot | undefined;
  /** 0-based position in the trial's timeline; the column is 1-based. */
  index: number;
}

const roundMicros = (ms: number): number => Math.round(ms * 1000) / 1000;

/**
 * Arrival difference to the previous chunk: the engine's gaps_ms when they
 * match the timeline, else computed and rounded to microseconds as the engine
 * does. Null for the first chunk.
 */
function gapMs(stored: StoredTrial, index: number): number | null {
  if (index === 0) return null;
  const { gaps_ms, timeline } = stored.trial;
  if (gaps_ms.length === timeline.chunks.length - 1) return gaps_ms[index - 1] ?? null;
  const at = timeline.chunks[index]?.at_ms;
  const previous = timeline.chunks[index - 1]?.at_ms;
  return at === undefined || previous === undefined ? null : roundMicros(at - previous);
}

function chunkOf(c: ChunkContext) {
  const chunk = c.stored.trial.timeline.chunks[c.index];
  if (chunk === undefined) throw new RangeError(`no chunk ${c.index}`);
  return chunk;
}

export const CHUNK_COLUMNS: readonly Column<ChunkContext>[] = [
  column('run_id', (c) => c.stored.run_id),
  column('profile_id', (c) => c.stored.profile_id),
  column('profile', (c) => c.profile?.name ?? null),
  column('mode', (c) => c.stored.trial.mode),
  column('trial_index', (c) => c.stored.trial_index),
  column('warmup', (c) => c.stored.warmup),
  column('chunk_index', (c) => c.index + 1),
  column('at_ms', (c) => chunkOf(c).at_ms),
  column('gap_ms', (c) => gapMs(c.stored, c.index)),
  column('kind', (c) => chunkOf(c).kind),
  column('chars', (c) => chunkOf(c).chars),
  column('bytes', (c) => chunkOf(c).bytes),
  column('tokens', (c) => chunkOf(c).tokens),
];

// ---------------------------------------------------------------------------
// comparisons: one row per pair of profiles (or stream against plain), mode and metric

export interface ComparisonContext {
  run: RunRecord;
  comparison: Comparison;
  /** The reading pace reader_done_ms was computed at. */
  reader_pace_tps: number;
  profile_a: ProfileSnapshot | undefined;
  profile_b: ProfileSnapshot | undefined;
}

/** The fields of a Comparison written as they are, by their names in `show --json`. */
export const COMPARISON_FIELDS = [
  'diff_ms',
  'ci_low_ms',
  'ci_high_ms',
  'n_pairs',
  'paired',
  'n_a',
  'n_b',
  'median_a_ms',
  'median_b_ms',
  'margin_ms',
  'verdict',
  'rounds_to_settle',
] as const satisfies readonly (keyof Comparison)[];

export const COMPARISON_COLUMNS: readonly Column<ComparisonContext>[] = [
  column('run_id', (c) => c.run.id),
  column('run_started_at', (c) => c.run.started_at),
  column('mode', (c) => c.comparison.mode),
  column('metric', (c) => c.comparison.metric),
  column('profile_a_id', (c) => c.comparison.profile_a),
  column('profile_a', (c) => c.profile_a?.name ?? null),
  column('profile_b_id', (c) => c.comparison.profile_b),
  column('profile_b', (c) => c.profile_b?.name ?? null),
  ...COMPARISON_FIELDS.map((field) => column<ComparisonContext>(field, (c) => c.comparison[field])),
  // Only the reader's figure depends on a pace: empty for the others.
  column('reader_pace_tps', (c) =>
    c.comparison.metric === 'reader_done_ms' ? c.reader_pace_tps : null,
  ),
];

// ---------------------------------------------------------------------------
// rows

export function row<Context>(columns: readonly Column<Context>[], context: Context): Cell[] {
  return columns.map((c) => c.cell(context));
}

export function profileLookup(run: RunRecord): (id: string) => ProfileSnapshot | undefined {
  const byId = new Map(run.profiles.map((p) => [p.id, p]));
  return (id) => byId.get(id);
}

export function* summaryRows(
  run: RunRecord,
  summaries: SummariesByProfile,
  prefill: RunDigest['prefill'] = {},
): Generator<Cell[]> {
  for (const context of summaryContexts(run, summaries, prefill)) {
    yield row(SUMMARY_COLUMNS, context);
  }
}

export function* comparisonRows(
  run: RunRecord,
  comparisons: Iterable<Comparison>,
  reader_pace_tps: number,
): Generator<Cell[]> {
  const profileOf = profileLookup(run);
  for (const comparison of comparisons) {
    yield row(COMPARISON_COLUMNS, {
      run,
      comparison,
      reader_pace_tps,
      profile_a: profileOf(comparison.profile_a),
      profile_b: profileOf(comparison.profile_b),
    });
  }
}

export function trialRowMaker(run: RunRecord): (stored: StoredTrial) => Cell[] {
  const profileOf = profileLookup(run);
  return (stored) => row(TRIAL_COLUMNS, { stored, profile: profileOf(stored.profile_id) });
}

export function chunkRowMaker(run: RunRecord): (stored: StoredTrial) => Generator<Cell[]> {
  const profileOf = profileLookup(run);
  return function* chunkRows(stored) {
    const profile = profileOf(stored.profile_id);
    const count = stored.trial.timeline.chunks.length;
    for (let index = 0; index < count; index++) {
      yield row(CHUNK_COLUMNS, { stored, profile, index });
    }
  };
}

export const columnNames = (columns: readonly Column<never>[]): string[] =>
  columns.map((c) => c.name);
