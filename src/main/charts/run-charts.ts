// The data behind a run's charts, computed in main from the stored trials so
// that the renderer receives a few thousand points, never the raw timelines:
// each trial's token arrivals (thinned, the kept points exact), chunk-size
// histograms, where each trial's time went, and the values behind each box.
// Pure functions of a RunDetail.

import type {
  ArrivalPoint,
  ArrivalSeries,
  BoxSeries,
  ChunkHistogram,
  HistogramBin,
  PhaseBreakdown,
  PhaseMedians,
  RunCharts,
  TrialBrief,
  TrialPhases,
} from '../../shared/api';
import { lttb } from '../../shared/lttb';
import type { RunDetail, StoredTrial } from '../../shared/run';
import { median, quantile } from '../../shared/stats';
import type { Mode, SummaryMetric, Trial } from '../../shared/trial';

/** Beyond this many points a trial's arrival line is thinned. */
export const MAX_ARRIVAL_POINTS = 2000;
const MAX_PINGS_SHOWN = 1000;
/** Chars-per-chunk bins: at most this many, of a whole width. */
const MAX_CHAR_BINS = 40;

/** The metrics a run's box plots compare. */
export const BOX_METRICS = [
  'ttft_ms',
  'first_byte_ms',
  'gap_median_ms',
  'gap_p95_ms',
  'total_ms',
  'e2e_tps',
  'decode_tps',
  'tokens_per_chunk_mean',
  'max_silence_ms',
] as const satisfies readonly SummaryMetric[];

export function trialBrief(trial: Trial): TrialBrief {
  return {
    status: trial.status,
    error: trial.error,
    http_status: trial.http_status,
    ttft_ms: trial.ttft_ms,
    ttfo_ms: trial.ttfo_ms,
    first_byte_ms: trial.first_byte_ms,
    last_token_ms: trial.last_token_ms,
    total_ms: trial.total_ms,
    tokens: trial.tokens,
    chunks: trial.chunks,
    gap_median_ms: trial.gap_median_ms,
    gap_p95_ms: trial.gap_p95_ms,
    max_silence_ms: trial.max_silence_ms,
    pings: trial.pings,
    e2e_tps: trial.e2e_tps,
    decode_tps: trial.decode_tps,
    tokens_per_chunk_mean: trial.tokens_per_chunk_mean,
  };
}

/**
 * Tokens received over time: one point per chunk (cumulative tokens at its
 * arrival), thinned beyond MAX_ARRIVAL_POINTS. A whole body (plain mode) is
 * one step: nothing, then every token when the answer completed.
 */
export function arrivalPoints(trial: Trial): ArrivalPoint[] {
  const { chunks } = trial.timeline;
  if (chunks.length === 0) {
    const at = trial.total_ms ?? trial.first_byte_ms;
    return at === null || trial.tokens === 0 ? [] : [[at, trial.tokens]];
  }
  let tokens = 0;
  const points = chunks.map((chunk): ArrivalPoint => [chunk.at_ms, (tokens += chunk.tokens)]);
  return lttb(points, MAX_ARRIVAL_POINTS);
}

const nonNegative = (ms: number): number => Math.max(0, ms);

/** Where the trial's time went; null when it did not complete (no total to divide). */
export function phaseBreakdown(trial: Trial): PhaseBreakdown | null {
  const { total_ms, headers_ms } = trial;
  const first = trial.mode === 'stream' ? trial.ttft_ms : trial.first_byte_ms;
  if (total_ms === null || headers_ms === null || first === null) return null;
  const dns = trial.dns_ms ?? 0;
  const connect = trial.connect_ms ?? 0;
  const proxy = trial.proxy_ms ?? 0;
  const tls = trial.tls_ms ?? 0;
  const last = trial.mode === 'stream' ? (trial.last_token_ms ?? first) : total_ms;
  return {
    dns_ms: dns,
    connect_ms: connect,
    proxy_ms: proxy,
    tls_ms: tls,
    wait_headers_ms: nonNegative(headers_ms - dns - connect - proxy - tls),
    wait_first_token_ms: nonNegative(first - headers_ms),
    streaming_ms: nonNegative(last - first),
    tail_ms: nonNegative(total_ms - last),
  };
}

interface Group {
  profile_id: string;
  mode: Mode;
  trials: Trial[];
}

/** Counted ok trials per profile × mode, in the run's profile order and mode order. */
function okGroups(detail: RunDetail): Group[] {
  const groups: Group[] = [];
  for (const profile of detail.run.profiles) {
    for (const mode of detail.run.config.modes) {
      const trials = detail.trials
        .filter(
          (t) =>
            t.profile_id === profile.id &&
            t.trial.mode === mode &&
            !t.warmup &&
            t.trial.status === 'ok',
        )
        .map((t) => t.trial);
      groups.push({ profile_id: profile.id, mode, trials });
    }
  }
  return groups;
}

function bins(values: readonly number[], width: number): HistogramBin[] {
  if (values.length === 0) return [];
  const counts = new Map<number, number>();
  let top = 0;
  for (const value of values) {
    const from = Math.floor(value / width) * width;
    counts.set(from, (counts.get(from) ?? 0) + 1);
    top = Math.max(top, from);
  }
  const result: HistogramBin[] = [];
  // Every bin from 0 to the largest, empty ones included: gaps in a histogram are data.
  for (let from = 0; from <= top; from += width) {
    const count = counts.get(from) ?? 0;
    result.push({ from, to: from + width, count, share: count / values.length });
  }
  return result;
}

/** A whole bin width that keeps the chars histogram to MAX_CHAR_BINS bins. */
function charBinWidth(largest: number): number {
  return Math.max(1, Math.ceil((largest + 1) / MAX_CHAR_BINS));
}

function histogram(group: Group): ChunkHistogram {
  const chunks = group.trials.flatMap((t) => t.timeline.chunks);
  const chars = chunks.map((c) => c.chars);
  // A loop, not Math.max(...chars): a long stream has more chunks than a call takes arguments.
  let largest = 0;
  for (const value of chars) largest = Math.max(largest, value);
  return {
    profile_id: group.profile_id,
    mode: group.mode,
    chunks: chunks.length,
    tokens: bins(
      chunks.map((c) => c.tokens),
      1,
    ),
    chars: bins(chars, charBinWidth(largest)),
  };
}

function box(group: Group, metric: SummaryMetric): BoxSeries {
  const values = group.trials
    .map((t) => t[metric])
    .filter((v): v is number => v !== null && Number.isFinite(v));
  const sorted = [...values].sort((a, b) => a - b);
  return {
    profile_id: group.profile_id,
    mode: group.mode,
    metric,
    values,
    box:
      sorted.length === 0
        ? null
        : {
            min: sorted[0] as number,
            q1: quantile(sorted, 0.25),
            median: quantile(sorted, 0.5),
            q3: quantile(sorted, 0.75),
            max: sorted[sorted.length - 1] as number,
          },
  };
}

function phaseMedians(group: Group): PhaseMedians {
  const breakdowns = group.trials.flatMap((t) => phaseBreakdown(t) ?? []);
  const of = (key: keyof PhaseBreakdown): number => median(breakdowns.map((b) => b[key])) ?? 0;
  return {
    profile_id: group.profile_id,
    mode: group.mode,
    n: breakdowns.length,
    phases: {
      dns_ms: of('dns_ms'),
      connect_ms: of('connect_ms'),
      proxy_ms: of('proxy_ms'),
      tls_ms: of('tls_ms'),
      wait_headers_ms: of('wait_headers_ms'),
      wait_first_token_ms: of('wait_first_token_ms'),
      streaming_ms: of('streaming_ms'),
      tail_ms: of('tail_ms'),
    },
  };
}

/** The longest stretch without content, when it passed the stall limit. */
function stallOf(trial: Trial): [number, number] | null {
  if (!trial.stalled) return null;
  const arrivals = [0, ...trial.timeline.chunks.map((c) => c.at_ms)];
  const end = trial.total_ms ?? arrivals[arrivals.length - 1] ?? 0;
  arrivals.push(end);
  let longest: [number, number] | null = null;
  for (let i = 1; i < arrivals.length; i++) {
    const from = arrivals[i - 1] as number;
    const to = arrivals[i] as number;
    if (!longest || to - from > longest[1] - longest[0]) longest = [from, to];
  }
  return longest;
}

function arrivalSeries(stored: StoredTrial): ArrivalSeries {
  const { trial } = stored;
  return {
    profile_id: stored.profile_id,
    mode: trial.mode,
    trial_index: stored.trial_index,
    warmup: stored.warmup,
    status: trial.status,
    points: arrivalPoints(trial),
    pings: trial.timeline.pings.slice(0, MAX_PINGS_SHOWN).map((p) => p.at_ms),
    stall: stallOf(trial),
  };
}

export function runCharts(detail: RunDetail): RunCharts {
  const groups = okGroups(detail);
  return {
    run_id: detail.run.id,
    arrivals: detail.trials.map(arrivalSeries),
    histograms: groups.filter((g) => g.mode === 'stream').map(histogram),
    phases: detail.trials.flatMap((stored): TrialPhases[] => {
      const phases = phaseBreakdown(stored.trial);
      return phases === null
        ? []
        : [
            {
              profile_id: stored.profile_id,
              mode: stored.trial.mode,
              trial_index: stored.trial_index,
              warmup: stored.warmup,
              status: stored.trial.status,
              phases,
            },
          ];
    }),
    phase_medians: groups.map(phaseMedians),
    boxes: groups.flatMap((group) => BOX_METRICS.map((metric) => box(group, metric))),
  };
}
