// The results page's table of every trial, as data: which page of which
// trials it asks main for (main filters, orders and sorts: a run may have
// 100,000 trials, never all loaded), the figures of a row and which of them a
// mode does not have, and what the drawer of one trial lists, unit by unit.

import type { TrialListFilter, TrialRow } from '../../../../../shared/api';
import type { TrialSortFigure } from '../../../../../shared/trial-order';
import type { Mode, TrialStatus } from '../../../../../shared/trial';
import type { Sort } from '../../../components/table/sort';

export const TRIALS_PAGE_SIZE = 50;

/** What the table shows: its filters (null: every one), its sort (null: failures first) and page (1-based). */
export interface TrialsQuery {
  profile_id: string | null;
  mode: Mode | null;
  status: TrialStatus | 'failed' | null;
  sort: Sort<TrialSortFigure>;
  page: number;
}

export const FIRST_QUERY: TrialsQuery = {
  profile_id: null,
  mode: null,
  status: null,
  sort: null,
  page: 1,
};

export const isFirstQuery = (query: TrialsQuery): boolean =>
  query.profile_id === null &&
  query.mode === null &&
  query.status === null &&
  query.sort === null &&
  query.page === 1;

/** The historyTrials input of a query: every failed trial first unless sorted by a figure. */
export function trialsInput(
  runId: string,
  query: TrialsQuery,
): TrialListFilter & { run_id: string } {
  return {
    run_id: runId,
    profile_id: query.profile_id ?? undefined,
    mode: query.mode ?? undefined,
    status: query.status ?? undefined,
    order: 'failed_first',
    sort: query.sort ? { figure: query.sort.key, direction: query.sort.direction } : undefined,
    limit: TRIALS_PAGE_SIZE,
    offset: (query.page - 1) * TRIALS_PAGE_SIZE,
  };
}

/** A changed filter or sort starts again from page 1. */
export function withFilter(
  query: TrialsQuery,
  change: Partial<Omit<TrialsQuery, 'page'>>,
): TrialsQuery {
  return { ...query, ...change, page: 1 };
}

/** How a figure is written: milliseconds, a count, tokens per second, seconds, yes/no, or text. */
export type FigureUnit = 'ms' | 'count' | 'tps' | 'flag' | 'text' | 's';

type TrialFields = TrialRow['trial'];

export interface FigureDef {
  key: keyof TrialFields;
  unit: FigureUnit;
  /** Only a streamed trial has it (TTFT, gaps, chunks: plain mode has no token stream). */
  streamOnly?: true;
}

/** A column of the table: a figure, and whether main sorts by it. */
export interface FigureColumn extends FigureDef {
  sort: TrialSortFigure | null;
}

export const FIGURE_COLUMNS: readonly FigureColumn[] = [
  { key: 'ttft_ms', unit: 'ms', streamOnly: true, sort: 'ttft_ms' },
  { key: 'total_ms', unit: 'ms', sort: 'total_ms' },
  { key: 'gap_p95_ms', unit: 'ms', streamOnly: true, sort: null },
  { key: 'gap_max_ms', unit: 'ms', streamOnly: true, sort: 'gap_max_ms' },
  { key: 'tokens', unit: 'count', sort: 'tokens' },
  { key: 'chunks', unit: 'count', streamOnly: true, sort: null },
  { key: 'e2e_tps', unit: 'tps', sort: 'e2e_tps' },
];

/** A figure of a trial: not one its mode has (`na`), or its value (null: not measured). */
export type FigureValue =
  { kind: 'na' } | { kind: 'value'; unit: FigureUnit; value: number | string | boolean | null };

export function figureValue(trial: TrialFields, figure: FigureDef): FigureValue {
  if (figure.streamOnly && trial.mode !== 'stream') return { kind: 'na' };
  const value = trial[figure.key];
  return {
    kind: 'value',
    unit: figure.unit,
    value:
      typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean'
        ? value
        : null,
  };
}

/** The drawer's sections, each a list of the trial's stored fields by their DESIGN.md names. */
export const DRAWER_SECTIONS = [
  {
    key: 'times',
    figures: [
      { key: 'dns_ms', unit: 'ms' },
      { key: 'connect_ms', unit: 'ms' },
      { key: 'proxy_ms', unit: 'ms' },
      { key: 'tls_ms', unit: 'ms' },
      { key: 'headers_ms', unit: 'ms' },
      { key: 'first_byte_ms', unit: 'ms' },
      { key: 'first_event_ms', unit: 'ms', streamOnly: true },
      { key: 'ttft_ms', unit: 'ms', streamOnly: true },
      { key: 'ttfo_ms', unit: 'ms', streamOnly: true },
      { key: 'last_token_ms', unit: 'ms', streamOnly: true },
      { key: 'total_ms', unit: 'ms' },
    ],
  },
  {
    key: 'stream',
    figures: [
      { key: 'chunks', unit: 'count', streamOnly: true },
      { key: 'gap_median_ms', unit: 'ms', streamOnly: true },
      { key: 'gap_p95_ms', unit: 'ms', streamOnly: true },
      { key: 'gap_max_ms', unit: 'ms', streamOnly: true },
      { key: 'max_silence_ms', unit: 'ms', streamOnly: true },
      { key: 'max_content_silence_ms', unit: 'ms', streamOnly: true },
      { key: 'pings', unit: 'count', streamOnly: true },
      { key: 'first_ping_ms', unit: 'ms', streamOnly: true },
      { key: 'stalled', unit: 'flag', streamOnly: true },
      { key: 'buffered', unit: 'flag', streamOnly: true },
      { key: 'rebuffered', unit: 'flag', streamOnly: true },
      { key: 'events_per_read_max', unit: 'count', streamOnly: true },
    ],
  },
  {
    key: 'tokens',
    figures: [
      { key: 'tokens', unit: 'count' },
      { key: 'reasoning_tokens', unit: 'count' },
      { key: 'usage_completion_tokens', unit: 'count' },
      { key: 'usage_diff', unit: 'count' },
      { key: 'usage_prompt_tokens', unit: 'count' },
      { key: 'cached_prompt_tokens', unit: 'count' },
      { key: 'reasoning_tokens_api', unit: 'count' },
      { key: 'tokens_per_chunk_mean', unit: 'count', streamOnly: true },
      { key: 'itl_ms', unit: 'ms', streamOnly: true },
      { key: 'decode_tps', unit: 'tps', streamOnly: true },
      { key: 'e2e_tps', unit: 'tps' },
    ],
  },
  {
    key: 'reader',
    figures: [
      { key: 'reader_done_ms', unit: 'ms' },
      { key: 'reader_wait_ms', unit: 'ms' },
      { key: 'reader_stall_ms', unit: 'ms', streamOnly: true },
    ],
  },
  {
    key: 'request',
    figures: [
      { key: 'token_param', unit: 'text' },
      { key: 'input_tokens', unit: 'count' },
      { key: 'usage_requested', unit: 'flag', streamOnly: true },
      { key: 'reused_connection', unit: 'flag' },
      { key: 'proxy', unit: 'text' },
    ],
  },
  {
    key: 'response',
    figures: [
      { key: 'http_status', unit: 'count' },
      { key: 'request_id', unit: 'text' },
      { key: 'retry_after_s', unit: 's' },
      { key: 'finish_reason', unit: 'text' },
      { key: 'content_encoding', unit: 'text' },
      { key: 'bytes', unit: 'count' },
      { key: 'bytes_after_end', unit: 'count', streamOnly: true },
    ],
  },
] as const satisfies readonly { key: string; figures: readonly FigureDef[] }[];

export type DrawerSectionKey = (typeof DRAWER_SECTIONS)[number]['key'];
export type DrawerFigureKey = (typeof DRAWER_SECTIONS)[number]['figures'][number]['key'];

/**
 * A drawer section's figures for a trial: those its mode has, each with its
 * value. The request section lists only what the trial stored of its request
 * (a trial measured before LastToken kept it has none of it).
 */
export function drawerFigures(
  trial: TrialFields,
  section: (typeof DRAWER_SECTIONS)[number],
): { key: DrawerFigureKey; value: Extract<FigureValue, { kind: 'value' }> }[] {
  return section.figures.flatMap((figure) => {
    const value = figureValue(trial, figure);
    if (value.kind === 'na') return [];
    if (section.key === 'request' && value.value === null) return [];
    return [{ key: figure.key, value }];
  });
}

/** A row's identity, for React and for finding it again. */
export const rowKey = (
  row: Pick<TrialRow, 'profile_id' | 'trial_index'> & { trial: { mode: Mode } },
) => `${row.profile_id}\u0000${row.trial.mode}\u0000${row.trial_index}`;
