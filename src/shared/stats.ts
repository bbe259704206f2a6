// Statistics across trials (DESIGN.md, "Metric definitions" → "Across trials").
// Trials are few (often 5–20) and expensive, so every figure carries its n and
// the median carries a bootstrap interval: five trials are a sample, not a census.
// Shared by the main process and the renderer: plain TypeScript, no node:, no DOM.

import { seededRandom } from './random';
import { completed, type Steps } from './steps';

export interface Distribution {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
  /** Sample standard deviation (n − 1 denominator); null when n < 2. */
  sd: number | null;
  /** Bootstrap 95% percentile interval of the median; null when n < 2. */
  median_ci95: [number, number] | null;
}

export interface BootstrapOptions {
  /** Number of resamples; default 2000. */
  resamples?: number;
  /** PRNG seed; the default is fixed so the same data always shows the same interval. */
  seed?: number;
}

const DEFAULT_RESAMPLES = 2000;
const DEFAULT_SEED = 0x1a57_70c5;
/**
 * Values drawn between two steps of a bootstrap (about a millisecond): the
 * points where main may pause a long run's summaries (see steps.ts).
 */
const DRAWS_PER_STEP = 50_000;

/**
 * Summary of the finite values; null, NaN and ±Infinity are ignored (a metric a
 * trial could not measure must not move the figures). Null when nothing is left.
 */
export function describe(values: readonly number[]): Distribution | null {
  return completed(describeSteps(values));
}

/** describe, in steps (see steps.ts). */
export function* describeSteps(values: readonly number[]): Steps<Distribution | null> {
  const sorted = finiteSorted(values);
  const n = sorted.length;
  if (n === 0) return null;
  const min = sorted[0] as number;
  const max = sorted[n - 1] as number;

  // Welford's update: a single pass without the cancellation of Σx² − n·x̄².
  let mean = 0;
  let m2 = 0;
  for (let i = 0; i < n; i++) {
    const x = sorted[i] as number;
    const delta = x - mean;
    mean += delta / (i + 1);
    m2 += delta * (x - mean);
  }

  return {
    n,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min,
    max,
    // Welford's running mean can round an ulp outside [min, max].
    mean: clamp(mean, min, max),
    sd: n < 2 ? null : Math.sqrt(m2 / (n - 1)),
    median_ci95: n < 2 ? null : yield* bootstrapSorted(sorted, DEFAULT_RESAMPLES, DEFAULT_SEED),
  };
}

/** Median of the finite values (mean of the two middle ones for an even count); null when none. */
export function median(values: readonly number[]): number | null {
  const sorted = finiteSorted(values);
  return sorted.length === 0 ? null : quantile(sorted, 0.5);
}

/**
 * The q-quantile of an ascending array, by linear interpolation between the
 * closest ranks: h = (n − 1)·q, result = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 * This is Hyndman & Fan's type 7, the default of numpy.quantile, R's quantile()
 * and spreadsheets' PERCENTILE, so figures can be checked with any of them.
 * The caller guarantees the order; throws on an empty array or q outside [0, 1].
 * Accepts any array-like so typed arrays need no copy.
 */
export function quantile(sortedAscending: ArrayLike<number>, q: number): number {
  const n = sortedAscending.length;
  if (n === 0) throw new RangeError('quantile of an empty array');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile q must be in [0, 1], got ${q}`);
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const a = sortedAscending[lo] as number;
  const t = h - lo;
  if (t === 0) return a;
  const b = sortedAscending[lo + 1] as number;
  return lerp(a, b, t);
}

/**
 * Bootstrap 95% percentile interval of the median of the finite values: the
 * 2.5% and 97.5% quantiles of the medians of `resamples` resamples drawn with
 * replacement. Deterministic for the same input and options. Null when n < 2.
 */
export function bootstrapMedianCi(
  values: readonly number[],
  options: BootstrapOptions = {},
): [number, number] | null {
  return completed(bootstrapMedianCiSteps(values, options));
}

/** bootstrapMedianCi, in steps (see steps.ts). */
export function* bootstrapMedianCiSteps(
  values: readonly number[],
  options: BootstrapOptions = {},
): Steps<[number, number] | null> {
  const resamples = resamplesOf(options);
  const sorted = finiteSorted(values);
  if (sorted.length < 2) return null;
  return yield* bootstrapSorted(sorted, resamples, options.seed ?? DEFAULT_SEED);
}

/**
 * Bootstrap 95% percentile interval of median(b) − median(a) for two
 * independent samples (A and B measured apart, so no pairing): each side is
 * resampled on its own, and the interval is taken over the differences of the
 * resampled medians. Deterministic for the same input and options. Null when
 * either side has fewer than 2 finite values: one value cannot vary, and would
 * make the interval look narrower than the data allows.
 */
export function bootstrapMedianDifferenceCi(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions = {},
): [number, number] | null {
  return completed(bootstrapMedianDifferenceCiSteps(a, b, options));
}

/** bootstrapMedianDifferenceCi, in steps (see steps.ts). */
export function* bootstrapMedianDifferenceCiSteps(
  a: readonly number[],
  b: readonly number[],
  options: BootstrapOptions = {},
): Steps<[number, number] | null> {
  const resamples = resamplesOf(options);
  const sortedA = finiteSorted(a);
  const sortedB = finiteSorted(b);
  if (sortedA.length < 2 || sortedB.length < 2) return null;
  // One generator, drawn for A then for B: the two sides' draws are independent.
  const random = seededRandom(options.seed ?? DEFAULT_SEED);
  const mediansA = yield* resampledMedians(sortedA, resamples, random);
  const differences = yield* resampledMedians(sortedB, resamples, random);
  for (let r = 0; r < resamples; r++) {
    differences[r] = (differences[r] as number) - (mediansA[r] as number);
  }
  return percentileInterval(differences);
}

function resamplesOf(options: BootstrapOptions): number {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  }
  return resamples;
}

function* bootstrapSorted(
  sorted: readonly number[],
  resamples: number,
  seed: number,
): Steps<[number, number]> {
  return percentileInterval(yield* resampledMedians(sorted, resamples, seededRandom(seed)));
}

/** The 2.5% and 97.5% quantiles; sorts `values` in place. */
function percentileInterval(values: Float64Array): [number, number] {
  values.sort(); // typed-array sort is numeric
  return [quantile(values, 0.025), quantile(values, 0.975)];
}

/** The medians of `resamples` resamples of `sorted` drawn with replacement, in draw order. */
function* resampledMedians(
  sorted: readonly number[],
  resamples: number,
  random: () => number,
): Steps<Float64Array> {
  const n = sorted.length;
  const resamplesPerStep = Math.max(1, Math.floor(DRAWS_PER_STEP / n));
  // Draw indices into the sorted data instead of values: since the data is
  // sorted, the k-th smallest drawn index points at the k-th smallest drawn
  // value, and a counting pass over n slots finds it in O(n) without sorting or
  // moving any values (cheaper than a quickselect per resample).
  const counts = new Uint32Array(n);
  const lowRank = (n - 1) >> 1; // 0-based ranks of the middle one or two
  const highRank = n >> 1;
  const medians = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    if (r > 0 && r % resamplesPerStep === 0) yield;
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const slot = Math.floor(random() * n);
      counts[slot] = (counts[slot] as number) + 1;
    }
    // Walk the slots until the draws seen so far pass each middle rank.
    let seen = 0;
    let index = 0;
    while (seen + (counts[index] as number) <= lowRank) seen += counts[index++] as number;
    const a = sorted[index] as number;
    while (seen + (counts[index] as number) <= highRank) seen += counts[index++] as number;
    const b = sorted[index] as number;
    medians[r] = lerp(a, b, 0.5);
  }
  return medians;
}

/**
 * (1 − t)·a + t·b rather than a + t·(b − a): b − a can overflow for finite
 * a and b, and at t = ½ this is the correctly rounded mean of a and b.
 * Clamped because rounding must not put a result outside [a, b].
 */
function lerp(a: number, b: number, t: number): number {
  return clamp((1 - t) * a + t * b, a, b);
}

function clamp(x: number, low: number, high: number): number {
  return Math.min(Math.max(x, low), high);
}

function finiteSorted(values: readonly number[]): number[] {
  // Values come from JSON and SQLite, so a null can hide behind the number type.
  return values.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
}
