// A vs B in one run (DESIGN.md, "Comparisons"): for each pair of profiles in
// one mode, and for stream against plain within each profile, the difference
// B − A of the figures people choose an endpoint by, with a bootstrap 95%
// interval and a verdict from where that interval lies against the margin of
// practical equality: beyond it on one side, "lower"; wholly inside it,
// "equivalent"; across a margin line, "inconclusive", with an estimate of the
// rounds that would likely settle it. Few trials cannot tell small differences
// apart, and saying so is not the same as saying there is none.
// Pure: no Node, no DOM. Deterministic: the same data always gives the same interval.

import { atReaderPace, readerPaceOf } from './reader';
import type { RunDetail } from './run';
import {
  bootstrapMedianCiSteps,
  bootstrapMedianDifferenceCiSteps,
  median,
  type BootstrapOptions,
} from './stats';
import { completed, ITEMS_PER_STEP, type Steps } from './steps';
import { headlineFirstTokenMetric } from './summary';
import type { Mode, Trial } from './trial';

/**
 * The metrics compared, by their DESIGN.md names. In stream mode the first
 * token is `ttft_ms`, in plain mode `first_byte_ms` (TTFB); stream against
 * plain sets the stream's TTFT against the plain TTFB, under `ttft_ms`.
 */
export const COMPARISON_METRICS = [
  'ttft_ms',
  'first_byte_ms',
  'gap_median_ms',
  'total_ms',
  'reader_done_ms',
] as const;
export type ComparisonMetric = (typeof COMPARISON_METRICS)[number];

/** `stream_vs_plain`: one profile, A its plain trials and B its stream trials. */
export type ComparisonMode = Mode | 'stream_vs_plain';

export const VERDICTS = ['a_lower', 'b_lower', 'equivalent', 'inconclusive'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** B − A of one metric, and what can be said of it. */
export interface Difference {
  /** Paired: median of the per-round differences B − A. Unpaired: median(B) − median(A). */
  diff_ms: number;
  /** Bootstrap 95% interval of diff_ms; null when there are too few values to resample (n < 2). */
  ci_low_ms: number | null;
  ci_high_ms: number | null;
  /** Rounds where both were measured (and ok); 0 when unpaired. */
  n_pairs: number;
  paired: boolean;
  /** Values on each side that went into the figures: the paired rounds' when paired. */
  n_a: number;
  n_b: number;
  /** Each side's median over those same values: what a sentence about this difference quotes. */
  median_a_ms: number;
  median_b_ms: number;
  /** The margin of practical equality: max(1 ms, 1% of the smaller median). */
  margin_ms: number;
  verdict: Verdict;
  /**
   * Inconclusive only: about how many rounds in all would likely settle it,
   * from the interval's width shrinking as 1/√n; null when the interval is
   * missing (n < 2) or the difference sits on the margin, where no n settles it.
   */
  rounds_to_settle: number | null;
}

export interface Comparison extends Difference {
  profile_a: string;
  profile_b: string;
  mode: ComparisonMode;
  metric: ComparisonMetric;
}

/** One measured value and the round (trial_index) it was measured in. */
export interface RoundValue {
  round: number;
  value: number;
}

export interface ComparisonOptions extends BootstrapOptions {
  /** Pair by round where both trials of a round are ok (default true); false compares the medians only. */
  paired?: boolean;
}

/**
 * What a comparison reads of a trial: StoredTrial and the run view's TrialRow
 * both fit; reader_done_ms at the pace the trials carry (see atReaderPace in
 * reader.ts for another).
 */
export interface ComparedTrial {
  profile_id: string;
  /** The round: trials of one index were measured side by side (runs interleave them). */
  trial_index: number;
  warmup: boolean;
  trial: Pick<
    Trial,
    | 'mode'
    | 'status'
    | 'ttft_ms'
    | 'first_byte_ms'
    | 'gap_median_ms'
    | 'total_ms'
    | 'reader_done_ms'
  >;
}

type Side = ComparedTrial['trial'];
export type Read = (trial: Side) => number | null | undefined;

/**
 * Two figures closer than this are practically equal (DESIGN.md: the margin
 * of practical equality, max(1 ms, 1% of the smaller median)).
 */
export function practicalMargin(a: number, b: number): number {
  return Math.max(1, 0.01 * Math.min(Math.abs(a), Math.abs(b)));
}

/**
 * B − A from each side's values by round. Paired when asked (the default) and
 * any round has both: then only those rounds count, on both sides. Unpaired
 * otherwise, from every value of each side. Null when a side has no value at all.
 */
export function compareSamples(
  a: readonly RoundValue[],
  b: readonly RoundValue[],
  options: ComparisonOptions = {},
): Difference | null {
  return completed(compareSamplesSteps(a, b, options));
}

/** compareSamples, in steps (see steps.ts). */
export function* compareSamplesSteps(
  a: readonly RoundValue[],
  b: readonly RoundValue[],
  options: ComparisonOptions = {},
): Steps<Difference | null> {
  const valuesA = finite(a);
  const valuesB = finite(b);
  if (valuesA.length === 0 || valuesB.length === 0) return null;

  const byRound = new Map(valuesA.map((v) => [v.round, v.value]));
  const pairs = valuesB.flatMap((v) => {
    const other = byRound.get(v.round);
    return other === undefined ? [] : [{ a: other, b: v.value }];
  });
  const paired = options.paired !== false && pairs.length > 0;

  const used = paired
    ? { a: pairs.map((p) => p.a), b: pairs.map((p) => p.b) }
    : { a: valuesA.map((v) => v.value), b: valuesB.map((v) => v.value) };
  const medianA = median(used.a) as number;
  const medianB = median(used.b) as number;
  let diff: number;
  let ci: [number, number] | null;
  if (paired) {
    const differences = pairs.map((p) => p.b - p.a);
    diff = median(differences) as number;
    ci = yield* bootstrapMedianCiSteps(differences, options);
  } else {
    diff = medianB - medianA;
    ci = yield* bootstrapMedianDifferenceCiSteps(used.a, used.b, options);
  }
  const margin = practicalMargin(medianA, medianB);
  const verdict = verdictOf(ci, margin);
  // Rounds: a paired round is one value a side; unpaired, each side's count grows by one a round.
  const n = paired ? pairs.length : (used.a.length + used.b.length) / 2;
  return {
    diff_ms: diff,
    ci_low_ms: ci ? ci[0] : null,
    ci_high_ms: ci ? ci[1] : null,
    n_pairs: paired ? pairs.length : 0,
    paired,
    n_a: used.a.length,
    n_b: used.b.length,
    median_a_ms: medianA,
    median_b_ms: medianB,
    margin_ms: margin,
    verdict,
    rounds_to_settle: verdict === 'inconclusive' && ci ? roundsToSettle(diff, ci, margin, n) : null,
  };
}

/**
 * "Lower" when the whole interval lies beyond the margin on that side,
 * "equivalent" when it lies wholly within ±margin, "inconclusive" otherwise
 * (it crosses a margin line, or there is no interval at all).
 */
export function verdictOf(ci: readonly [number, number] | null, margin: number): Verdict {
  if (!ci) return 'inconclusive';
  if (ci[0] > margin) return 'a_lower';
  if (ci[1] < -margin) return 'b_lower';
  if (ci[0] >= -margin && ci[1] <= margin) return 'equivalent';
  return 'inconclusive';
}

/** Past this, "about N rounds" is no longer a plan: the caller says "more than". */
export const MAX_ROUNDS_TO_SETTLE = 10_000;

/**
 * About how many rounds would bring an interval that crosses a margin line
 * wholly to one side of it, if the difference stayed where it is and the
 * interval's two arms (diff − low, high − diff) shrank as 1/√n: the arm that
 * crosses must shrink to the distance from the difference to that line.
 * Null when the difference sits on a margin line (no n settles it) or the
 * estimate passes MAX_ROUNDS_TO_SETTLE.
 */
export function roundsToSettle(
  diff: number,
  ci: readonly [number, number],
  margin: number,
  n: number,
): number | null {
  const below = diff - ci[0];
  const above = ci[1] - diff;
  // The factor s by which both arms must shrink: the smallest the crossing lines ask for.
  let scale: number;
  if (diff > margin) scale = (diff - margin) / below;
  else if (diff < -margin) scale = (-margin - diff) / above;
  else scale = Math.min((diff + margin) / below, (margin - diff) / above);
  if (!(scale > 0) || !Number.isFinite(n / (scale * scale))) return null;
  // Just past the line counts as settled; the interval's ends are not exact to the last bit.
  const rounds = Math.ceil(n / (scale * scale) - 1e-9);
  return rounds > MAX_ROUNDS_TO_SETTLE ? null : Math.max(rounds, Math.floor(n) + 1);
}

/**
 * Every comparison of a run: per mode (stream first), each pair of profiles in
 * the order given (A before B); then per profile that ran both modes, stream
 * (B) against plain (A). Counted ok trials only. A metric neither or only one
 * side measured is left out.
 */
export function compareRun(
  profileIds: readonly string[],
  trials: readonly ComparedTrial[],
  options: ComparisonOptions = {},
): Comparison[] {
  return completed(compareRunSteps(profileIds, trials, options));
}

/** compareRun, in steps (see steps.ts). */
export function* compareRunSteps(
  profileIds: readonly string[],
  trials: readonly ComparedTrial[],
  options: ComparisonOptions = {},
): Steps<Comparison[]> {
  // Grouped once: a run of many profiles has a comparison per pair and metric.
  const of = yield* countedOkSteps(trials);
  const comparisons: Comparison[] = [];
  function* push(
    profile_a: string,
    profile_b: string,
    mode: ComparisonMode,
    metric: ComparisonMetric,
    a: { trials: readonly ComparedTrial[]; read: Read },
    b: { trials: readonly ComparedTrial[]; read: Read },
  ): Steps<void> {
    const difference = yield* compareSamplesSteps(
      valuesOf(a.trials, a.read),
      valuesOf(b.trials, b.read),
      options,
    );
    if (difference) comparisons.push({ profile_a, profile_b, mode, metric, ...difference });
  }

  for (const mode of ['stream', 'plain'] as const) {
    for (let i = 0; i < profileIds.length; i++) {
      for (let j = i + 1; j < profileIds.length; j++) {
        const idA = profileIds[i] as string;
        const idB = profileIds[j] as string;
        for (const metric of sameModeMetrics(mode)) {
          const read = reader(metric);
          yield* push(
            idA,
            idB,
            mode,
            metric,
            { trials: of(idA, mode), read },
            { trials: of(idB, mode), read },
          );
        }
      }
    }
  }
  for (const id of profileIds) {
    const plain = of(id, 'plain');
    const stream = of(id, 'stream');
    for (const metric of ['ttft_ms', 'total_ms', 'reader_done_ms'] as const) {
      // Each mode's own first-token figure: plain mode has no token stream, only its first byte.
      const readPlain = reader(metric === 'ttft_ms' ? 'first_byte_ms' : metric);
      yield* push(
        id,
        id,
        'stream_vs_plain',
        metric,
        { trials: plain, read: readPlain },
        { trials: stream, read: reader(metric) },
      );
    }
  }
  return comparisons;
}

/**
 * Every comparison of a stored run, its reader_done_ms at `pace` (recomputed
 * from the timelines when the trials carry another; as stored by default).
 */
export function runComparisons(
  detail: Pick<RunDetail, 'run' | 'trials'>,
  pace: number = readerPaceOf(detail.trials.map((t) => t.trial)),
): Comparison[] {
  return compareRun(
    detail.run.profiles.map((p) => p.id),
    detail.trials.map((t) => ({ ...t, trial: atReaderPace(t.trial, pace) })),
  );
}

const groupKey = (profile_id: string, mode: Mode): string => `${profile_id}\u0000${mode}`;

/** The counted ok trials by profile and mode, grouped in one pass: `of` them, [] when none. */
export function* countedOkSteps(
  trials: Iterable<ComparedTrial>,
): Steps<(profile_id: string, mode: Mode) => ComparedTrial[]> {
  const groups = new Map<string, ComparedTrial[]>();
  let i = 0;
  for (const t of trials) {
    if (i > 0 && i % ITEMS_PER_STEP === 0) yield;
    i += 1;
    if (t.warmup || t.trial.status !== 'ok') continue;
    const key = groupKey(t.profile_id, t.trial.mode);
    const group = groups.get(key);
    if (group) group.push(t);
    else groups.set(key, [t]);
  }
  return (profile_id, mode) => groups.get(groupKey(profile_id, mode)) ?? [];
}

function sameModeMetrics(mode: Mode): ComparisonMetric[] {
  return [
    headlineFirstTokenMetric(mode),
    ...(mode === 'stream' ? (['gap_median_ms'] as const) : []),
    'total_ms',
    'reader_done_ms',
  ];
}

export function reader(metric: ComparisonMetric): Read {
  return (trial) => trial[metric];
}

/** The values `read` gives of these trials, by round; a trial without one is left out. */
export function valuesOf(trials: readonly ComparedTrial[], read: Read): RoundValue[] {
  return trials.flatMap((t) => {
    const value = read(t.trial);
    return value === null || value === undefined ? [] : [{ round: t.trial_index, value }];
  });
}

function finite(values: readonly RoundValue[]): RoundValue[] {
  // Values come from JSON and SQLite, so a null can hide behind the number type.
  return values.filter((v) => Number.isFinite(v.value));
}
