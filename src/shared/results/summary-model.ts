// The summary table as data: per mode, one row per profile with the figures
// its columns show, each with its n, and the best figure of each column
// marked (lowest time, highest rate) among the rows that have one, where the
// data shows it is best: its 95% interval clear of the runner-up's. Pure, so
// the marks and figures can be tested without a page.

import type { RunView } from '../api';
import type { ReportedTokens } from '../run-digest';
import type { Distribution } from '../stats';
import type { ModeSummary } from '../summary';
import type { Mode, SummaryMetric, TrialStatus } from '../trial';

export type ColumnKey =
  | 'first'
  | 'first_p95'
  | 'gap_median'
  | 'gap_p95'
  | 'max_silence'
  | 'total'
  | 'total_p95'
  | 'e2e_tps'
  | 'decode_tps'
  | 'tokens_per_chunk'
  | 'reader_done'
  | 'reader_wait'
  | 'reader_stall';

export interface Column {
  key: ColumnKey;
  metric: SummaryMetric;
  /** Which figure of the metric's distribution over trials. */
  stat: 'median' | 'p95';
  /** Which way is better; null: neither (tokens per chunk is a property, not a score). */
  better: 'lower' | 'higher' | null;
  /** The median's 95% interval is shown under it. */
  interval: boolean;
}

const col = (
  key: ColumnKey,
  metric: SummaryMetric,
  stat: Column['stat'],
  better: Column['better'],
  interval = false,
): Column => ({ key, metric, stat, better, interval });

/** Plain mode has no token stream: its first figure is the first byte (TTFB), and it has no gaps. */
export function columnsOf(mode: Mode): Column[] {
  if (mode === 'plain') {
    return [
      col('first', 'first_byte_ms', 'median', 'lower', true),
      col('first_p95', 'first_byte_ms', 'p95', 'lower'),
      col('total', 'total_ms', 'median', 'lower', true),
      col('total_p95', 'total_ms', 'p95', 'lower'),
      col('e2e_tps', 'e2e_tps', 'median', 'higher'),
      col('reader_done', 'reader_done_ms', 'median', 'lower', true),
      col('reader_wait', 'reader_wait_ms', 'median', 'lower'),
    ];
  }
  return [
    col('first', 'ttft_ms', 'median', 'lower', true),
    col('first_p95', 'ttft_ms', 'p95', 'lower'),
    col('gap_median', 'gap_median_ms', 'median', 'lower'),
    col('gap_p95', 'gap_p95_ms', 'median', 'lower'),
    col('max_silence', 'max_silence_ms', 'median', 'lower'),
    col('total', 'total_ms', 'median', 'lower', true),
    col('total_p95', 'total_ms', 'p95', 'lower'),
    col('e2e_tps', 'e2e_tps', 'median', 'higher'),
    col('decode_tps', 'decode_tps', 'median', 'higher'),
    col('tokens_per_chunk', 'tokens_per_chunk_mean', 'median', null),
    col('reader_done', 'reader_done_ms', 'median', 'lower', true),
    col('reader_wait', 'reader_wait_ms', 'median', 'lower'),
    col('reader_stall', 'reader_stall_ms', 'median', 'lower'),
  ];
}

export interface Cell {
  value: number;
  /** Trials that measured it. */
  n: number;
  /** The median's 95% interval, where the column shows it. */
  interval: [number, number] | null;
  /** The median's 95% interval, shown or not: what `best` is weighed by. */
  median_ci95: [number, number] | null;
  /**
   * The lowest time or highest rate of its column, with its median's 95%
   * interval clear of the runner-up's (so never a p95, which has none).
   */
  best: boolean;
}

/** A cell as markBest weighs it: its value as shown (to the microsecond) and its median's interval. */
interface Ranked {
  cell: Cell;
  value: number;
  ci: [number, number] | null;
}

/** The tokenizer's count beside what the API reported (from the run's digest). */
export interface TokenFigures extends ReportedTokens {
  /** Median of the tokenizer's counts, and its n. */
  counted: { median: number; n: number } | null;
}

export interface SummaryRow {
  profile_id: string;
  mode: Mode;
  trials: number;
  ok: number;
  failures: [TrialStatus, number][];
  cells: Partial<Record<ColumnKey, Cell>>;
  tokens: TokenFigures;
}

export interface SummaryTable {
  mode: Mode;
  columns: Column[];
  rows: SummaryRow[];
  /** The reading pace of the reader columns (tokens/s). */
  reader_pace_tps: number;
}

function cellOf(distribution: Distribution | undefined, column: Column): Cell | null {
  if (!distribution) return null;
  return {
    value: column.stat === 'median' ? distribution.median : distribution.p95,
    n: distribution.n,
    interval: column.interval ? distribution.median_ci95 : null,
    median_ci95: distribution.median_ci95,
    best: false,
  };
}

function tokenFigures(summary: ModeSummary, reported: ReportedTokens | undefined): TokenFigures {
  const counted = summary.metrics.tokens;
  return {
    counted: counted ? { median: counted.median, n: counted.n } : null,
    usage: reported?.usage ?? null,
    difference: reported?.difference ?? null,
  };
}

/**
 * Marks the best figure of each column (ties all marked) when the data shows
 * it: every best cell's median interval lies wholly on the better side of
 * every runner-up's. Overlapping intervals (158 against 159 ms at n = 5), a
 * figure without an interval (n = 1, or a p95), or every row alike: no mark.
 * Values are weighed as they are shown, to the microsecond, so binary noise
 * (2.8e-14 against 0) is a tie, not a difference.
 */
function markBest(rows: SummaryRow[], columns: readonly Column[]): void {
  for (const column of columns) {
    if (column.better === null || column.stat !== 'median') continue;
    const lower = column.better === 'lower';
    const ranked: Ranked[] = rows.flatMap((row) => {
      const cell = row.cells[column.key];
      return cell ? [{ cell, value: toMicro(cell.value), ci: cell.median_ci95 }] : [];
    });
    const pick = (values: number[]): number => (lower ? Math.min(...values) : Math.max(...values));
    const best = pick(ranked.map((r) => r.value));
    const leaders = ranked.filter((r) => r.value === best);
    const rest = ranked.filter((r) => r.value !== best);
    if (rest.length === 0) continue;
    const second = pick(rest.map((r) => r.value));
    const runnersUp = rest.filter((r) => r.value === second);
    const clear = leaders.every((leader) =>
      runnersUp.every((other) => {
        if (!leader.ci || !other.ci) return false;
        return lower ? leader.ci[1] < other.ci[0] : leader.ci[0] > other.ci[1];
      }),
    );
    if (clear) for (const leader of leaders) leader.cell.best = true;
  }
}

const toMicro = (ms: number): number => Math.round(ms * 1000) / 1000;

function emptyRow(profile_id: string, mode: Mode): SummaryRow {
  return {
    profile_id,
    mode,
    trials: 0,
    ok: 0,
    failures: [],
    cells: {},
    tokens: { counted: null, usage: null, difference: null },
  };
}

/** One table per mode of the run, rows in the run's profile order. */
export function summaryTables(view: RunView): SummaryTable[] {
  return view.run.config.modes.map((mode) => {
    const columns = columnsOf(mode);
    const rows = view.run.profiles.map((profile): SummaryRow => {
      const summary = view.summaries[profile.id]?.find((s) => s.mode === mode);
      // A profile without a trial in this mode (it could not be measured) keeps its row.
      if (!summary) return emptyRow(profile.id, mode);
      const cells: Partial<Record<ColumnKey, Cell>> = {};
      for (const column of columns) {
        const cell = cellOf(summary.metrics[column.metric], column);
        if (cell) cells[column.key] = cell;
      }
      return {
        profile_id: profile.id,
        mode,
        trials: summary.trials,
        ok: summary.ok,
        failures: Object.entries(summary.failures) as [TrialStatus, number][],
        cells,
        tokens: tokenFigures(summary, view.reported_tokens[profile.id]?.[mode]),
      };
    });
    markBest(rows, columns);
    return { mode, columns, rows, reader_pace_tps: view.reader_pace_tps };
  });
}
