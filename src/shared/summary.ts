// Per-endpoint, per-mode summary of a run's trials, as shown by the CLI table
// and the UI. Shared by the main process and the renderer.

import { describeSteps, type Distribution } from './stats';
import { completed, type Steps } from './steps';
import {
  MODES,
  SUMMARY_METRICS,
  TRIAL_STATUSES,
  type Mode,
  type SummaryMetric,
  type Trial,
  type TrialStatus,
} from './trial';

export interface ModeSummary {
  endpoint: string;
  mode: Mode;
  /** All trials of this mode, whatever their status. */
  trials: number;
  /** Trials with status 'ok'; the metrics are computed over these only. */
  ok: number;
  /** Count of every other status that occurred. */
  failures: Partial<Record<TrialStatus, number>>;
  /** A metric no ok trial measured is absent; each Distribution carries its own n. */
  metrics: Partial<Record<SummaryMetric, Distribution>>;
}

/** What a summary reads of a trial: its mode, status and scalar metrics. */
export type SummarizedTrial = Pick<Trial, 'mode' | 'status' | SummaryMetric>;

/** One summary per mode present, stream before plain. */
export function summarize(endpoint: string, trials: readonly SummarizedTrial[]): ModeSummary[] {
  return completed(summarizeSteps(endpoint, trials));
}

/** summarize, in steps (see steps.ts). */
export function* summarizeSteps(
  endpoint: string,
  trials: readonly SummarizedTrial[],
): Steps<ModeSummary[]> {
  const summaries: ModeSummary[] = [];
  for (const mode of MODES) {
    const ofMode = trials.filter((t) => t.mode === mode);
    if (ofMode.length === 0) continue;
    // A failed trial keeps the timings measured up to the failure; a timeout's
    // partial total would pull the figures towards the limit, not the endpoint.
    const ok = ofMode.filter((t) => t.status === 'ok');

    const failures: Partial<Record<TrialStatus, number>> = {};
    // Canonical status order, so the same counts always read the same way.
    for (const status of TRIAL_STATUSES) {
      if (status === 'ok') continue;
      const count = ofMode.filter((t) => t.status === status).length;
      if (count > 0) failures[status] = count;
    }

    const metrics: Partial<Record<SummaryMetric, Distribution>> = {};
    for (const metric of SUMMARY_METRICS) {
      const values: number[] = [];
      for (const t of ok) {
        const value = t[metric];
        if (value !== null) values.push(value);
      }
      const distribution = yield* describeSteps(values);
      if (distribution) metrics[metric] = distribution;
    }

    summaries.push({ endpoint, mode, trials: ofMode.length, ok: ok.length, failures, metrics });
  }
  return summaries;
}

/**
 * The first-token figure a mode is judged by. Plain mode has no token stream,
 * so its nearest equivalent is the first body byte, labelled TTFB (DESIGN.md).
 */
export function headlineFirstTokenMetric(mode: Mode): 'ttft_ms' | 'first_byte_ms' {
  return mode === 'stream' ? 'ttft_ms' : 'first_byte_ms';
}

// A Record, so adding a metric to SUMMARY_METRICS fails to compile until it has a label.
const LABELS: Record<SummaryMetric, string> = {
  ttft_ms: 'TTFT',
  ttfo_ms: 'TTFT (answer)',
  first_byte_ms: 'TTFB',
  headers_ms: 'headers',
  last_token_ms: 'last token',
  total_ms: 'total',
  gap_median_ms: 'median gap',
  gap_p95_ms: 'p95 gap',
  gap_max_ms: 'max gap',
  tokens: 'tokens',
  chunks: 'chunks',
  tokens_per_chunk_mean: 'tokens/chunk',
  itl_ms: 'ITL',
  decode_tps: 'tokens/s (decode)',
  e2e_tps: 'tokens/s (e2e)',
  max_silence_ms: 'max silence',
  reader_done_ms: 'reader done',
  reader_wait_ms: 'reader wait',
  reader_stall_ms: 'reader stall',
};

/** Short human label for a metric, for table headers and chart axes. */
export function metricLabel(metric: SummaryMetric, mode: Mode): string {
  // Plain mode has no decode phase to tell apart, so its only rate is simply tokens/s.
  if (mode === 'plain' && metric === 'e2e_tps') return 'tokens/s';
  return LABELS[metric];
}
