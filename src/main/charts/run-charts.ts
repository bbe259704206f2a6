// The data behind a run's charts, computed in main from the stored trials so
// that the renderer receives a few thousand points, never the raw timelines:
// each trial's token arrivals (thinned, the kept points exact), chunk-size
// histograms, where each trial's time went, and the values behind each box.
// Gathered one trial at a time, in steps (src/shared/steps.ts): a trial's
// timeline is let go once its line and its counts are taken, so a run of any
// length is charted in one pass over its stored trials (src/main/slices.ts).

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
} from '../../shared/api';
import { longestContentStop } from '../../shared/content-stop';
import { lttb } from '../../shared/lttb';
import { eventsPerRead, REBUFFER_EVENTS_PER_READ } from '../../shared/read-bursts';
import type { RunDetail, RunRecord, StoredTrial } from '../../shared/run';
import { median, quantile } from '../../shared/stats';
import { completed, type Steps } from '../../shared/steps';
import type { Mode, SummaryMetric, Trial } from '../../shared/trial';
import { inSlices } from '../slices';
import type { RunTrialPages } from '../store/run-trial-pages';

/** Beyond this many points a trial's arrival line is thinned. */
export const MAX_ARRIVAL_POINTS = 2000;
/**
 * About the most arrival lines a mode's timeline gets: a chart of more is
 * not read line by line, and each line costs the page its drawing and main
 * its sending. A longer run's lines are those of every k-th round.
 */
export const MAX_ARRIVAL_LINES = 1000;
/** Pings, and bursts, marked per line: at most this many. */
const MAX_MARKS_SHOWN = 1000;
/** Chars-per-chunk bins: at most this many, of a whole width. */
const MAX_CHAR_BINS = 40;

/** The metrics a run's box plots compare: the first token (TTFB in plain mode), the median gap, the total. */
export const BOX_METRICS = [
  'ttft_ms',
  'first_byte_ms',
  'gap_median_ms',
  'total_ms',
] as const satisfies readonly SummaryMetric[];

/** Every field of a trial its charts read (the box metrics hold its first token and total). */
export const CHART_FIELDS = [
  'mode',
  'status',
  'timeline',
  'stalled',
  'rebuffered',
  'tokens',
  'headers_ms',
  'last_token_ms',
  'dns_ms',
  'connect_ms',
  'proxy_ms',
  'tls_ms',
  ...BOX_METRICS,
] as const satisfies readonly (keyof Trial)[];

/** A trial as its charts read it. */
export type ChartedTrial = Pick<Trial, (typeof CHART_FIELDS)[number]>;

/** A stored trial as its charts read it. */
export type StoredChartedTrial = Omit<StoredTrial, 'trial'> & { trial: ChartedTrial };

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
export function arrivalPoints(trial: ChartedTrial): ArrivalPoint[] {
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
export function phaseBreakdown(trial: ChartedTrial): PhaseBreakdown | null {
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

type BoxMetric = (typeof BOX_METRICS)[number];

/** What the charts keep of a profile × mode's ok counted trials: counts and figures, no timeline. */
interface Group {
  profile_id: string;
  mode: Mode;
  /** Chunks by their tokens, and by their characters (exact values: the bins' width comes last). */
  tokens: Map<number, number>;
  chars: Map<number, number>;
  chunks: number;
  breakdowns: PhaseBreakdown[];
  /** Each box metric's values, in the trials' order. */
  values: Record<BoxMetric, number[]>;
}

function newGroup(profile_id: string, mode: Mode): Group {
  const values = Object.fromEntries(
    BOX_METRICS.map((metric) => [metric, []]),
  ) as unknown as Group['values'];
  return {
    profile_id,
    mode,
    tokens: new Map(),
    chars: new Map(),
    chunks: 0,
    breakdowns: [],
    values,
  };
}

const countIn = (counts: Map<number, number>, value: number): void => {
  counts.set(value, (counts.get(value) ?? 0) + 1);
};

function addToGroup(group: Group, trial: ChartedTrial): void {
  if (group.mode === 'stream') {
    for (const chunk of trial.timeline.chunks) {
      countIn(group.tokens, chunk.tokens);
      countIn(group.chars, chunk.chars);
    }
    group.chunks += trial.timeline.chunks.length;
  }
  const breakdown = phaseBreakdown(trial);
  if (breakdown) group.breakdowns.push(breakdown);
  for (const metric of BOX_METRICS) {
    const value = trial[metric];
    if (value !== null && Number.isFinite(value)) group.values[metric].push(value);
  }
}

/** Counts of exact values as bins of `width`: every bin from 0 to the largest, empty ones included. */
function bins(counts: ReadonlyMap<number, number>, total: number, width: number): HistogramBin[] {
  if (total === 0) return [];
  const binned = new Map<number, number>();
  let top = 0;
  for (const [value, count] of counts) {
    const from = Math.floor(value / width) * width;
    binned.set(from, (binned.get(from) ?? 0) + count);
    top = Math.max(top, from);
  }
  const result: HistogramBin[] = [];
  // Gaps in a histogram are data.
  for (let from = 0; from <= top; from += width) {
    const count = binned.get(from) ?? 0;
    result.push({ from, to: from + width, count, share: count / total });
  }
  return result;
}

/** A whole bin width that keeps the chars histogram to MAX_CHAR_BINS bins. */
function charBinWidth(largest: number): number {
  return Math.max(1, Math.ceil((largest + 1) / MAX_CHAR_BINS));
}

function histogram(group: Group): ChunkHistogram {
  let largest = 0;
  for (const value of group.chars.keys()) largest = Math.max(largest, value);
  return {
    profile_id: group.profile_id,
    mode: group.mode,
    chunks: group.chunks,
    tokens: bins(group.tokens, group.chunks, 1),
    chars: bins(group.chars, group.chunks, charBinWidth(largest)),
  };
}

function box(group: Group, metric: BoxMetric): BoxSeries {
  const values = group.values[metric];
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
  const { breakdowns } = group;
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

/** Where a stalled trial's content stopped longest, after it began (the wait before is TTFT). */
function stallOf(trial: ChartedTrial): [number, number] | null {
  if (!trial.stalled) return null;
  const arrivals = trial.timeline.chunks.map((c) => c.at_ms);
  return longestContentStop(arrivals, trial.total_ms ?? arrivals[arrivals.length - 1] ?? 0);
}

/** A rebuffered trial's reads of many events, where its line jumps: [at, tokens so far, events]. */
function burstsOf(trial: ChartedTrial): [number, number, number][] {
  if (!trial.rebuffered) return [];
  const { chunks } = trial.timeline;
  const bursts: [number, number, number][] = [];
  let next = 0;
  let tokens = 0;
  for (const events of eventsPerRead(chunks)) {
    for (const end = next + events; next < end; next++) tokens += chunks[next]?.tokens ?? 0;
    if (events >= REBUFFER_EVENTS_PER_READ && bursts.length < MAX_MARKS_SHOWN) {
      bursts.push([chunks[next - 1]?.at_ms ?? 0, tokens, events]);
    }
  }
  return bursts;
}

/** A stream's wait for its first token, when it passed the stall limit: a wait, shaded apart from stalls. */
function longWaitOf(trial: ChartedTrial, stallMs: number): [number, number] | null {
  const first = trial.ttft_ms;
  return trial.mode === 'stream' && first !== null && first >= stallMs ? [0, first] : null;
}

function arrivalSeries(stored: StoredChartedTrial, stallMs: number): ArrivalSeries {
  const { trial } = stored;
  return {
    profile_id: stored.profile_id,
    mode: trial.mode,
    trial_index: stored.trial_index,
    warmup: stored.warmup,
    status: trial.status,
    points: arrivalPoints(trial),
    pings: trial.timeline.pings.slice(0, MAX_MARKS_SHOWN).map((p) => p.at_ms),
    stall: stallOf(trial),
    wait: longWaitOf(trial, stallMs),
    bursts: burstsOf(trial),
  };
}

/** Of each profile, the lines of every `every`-th round (from the first), and its warm-ups. */
const drawnRound = (stored: StoredChartedTrial, every: number): boolean =>
  stored.warmup || (stored.trial_index - 1) % every === 0;

/** The charts of a stored run, read a page of trials at a time in slices that let other calls in. */
export function storedRunCharts(
  run: RunRecord,
  pages: Pick<RunTrialPages, 'fields'>,
  signal?: AbortSignal,
): Promise<RunCharts> {
  return inSlices(runChartsSteps(run, pages.fields(run.id, CHART_FIELDS)), signal);
}

export function runCharts(detail: RunDetail): RunCharts {
  return completed(runChartsSteps(detail.run, detail.trials));
}

/**
 * The charts of a run, its trials taken one per step in the order they were
 * saved. Lines come profile by profile in the run's order (a profile missing
 * from the run's snapshot last), as the run is read everywhere else; boxes,
 * histograms and phase medians are of the counted ok trials per profile ×
 * mode, in the run's profile order and mode order.
 */
export function* runChartsSteps(
  run: RunRecord,
  trials: Iterable<StoredChartedTrial>,
): Steps<RunCharts> {
  const groups = run.profiles.flatMap((profile) =>
    run.config.modes.map((mode) => newGroup(profile.id, mode)),
  );
  const groupOf = new Map(groups.map((g) => [`${g.profile_id}\u0000${g.mode}`, g]));
  const every = Math.max(
    1,
    Math.ceil((run.profiles.length * run.config.trials) / MAX_ARRIVAL_LINES),
  );
  const lines = new Map<string, ArrivalSeries[]>(run.profiles.map((p) => [p.id, []]));
  const elsewhere: ArrivalSeries[] = [];
  for (const stored of trials) {
    if (drawnRound(stored, every)) {
      (lines.get(stored.profile_id) ?? elsewhere).push(
        arrivalSeries(stored, run.config.limits.stall_ms),
      );
    }
    const group = groupOf.get(`${stored.profile_id}\u0000${stored.trial.mode}`);
    if (group && !stored.warmup && stored.trial.status === 'ok') addToGroup(group, stored.trial);
    yield;
  }
  const charts: RunCharts = {
    run_id: run.id,
    arrivals: [...lines.values(), elsewhere].flat(),
    arrival_every: every,
    histograms: [],
    phase_medians: [],
    boxes: [],
  };
  for (const group of groups) {
    if (group.mode === 'stream') charts.histograms.push(histogram(group));
    charts.phase_medians.push(phaseMedians(group));
    for (const metric of BOX_METRICS) charts.boxes.push(box(group, metric));
    yield;
  }
  return charts;
}
