// How the time to the first token grows with the prompt (DESIGN.md, "Input
// length"): a run that sweeps input lengths gives, per profile and mode, its
// trials grouped by length, and a least-squares line through every trial's
// (prompt tokens, first-token time). Its slope is `prefill_ms_per_ktok`, the
// milliseconds each further 1,000 prompt tokens cost before the first token;
// its intercept `ttft_fixed_ms`, what a prompt of no length would still wait.
// The slope's interval is a bootstrap that resamples each length's trials
// within that length, so every resample keeps the sweep's lengths.
// Pure: no Node, no DOM.

import { seededRandom } from './random';
import { describeSteps, median, quantile, type Distribution } from './stats';
import { completed, type Steps } from './steps';
import { headlineFirstTokenMetric } from './summary';
import { MODES, type Mode, type Trial } from './trial';

/** What a fit reads of a trial. */
export type PrefillTrial = Pick<
  Trial,
  'mode' | 'status' | 'ttft_ms' | 'first_byte_ms' | 'input_tokens' | 'usage_prompt_tokens'
>;

/** One input length's ok counted trials. */
export interface InputLengthGroup {
  /** The length the synthetic prompts were made at (o200k_base). */
  input_tokens: number;
  /** Trials of this length that ended ok; the figures are over these. */
  n: number;
  /** Of all trials of this length, those that failed. */
  failed: number;
  /** Median of the prompt tokens the provider's usage reported; null when no trial's usage said. */
  prompt_tokens: number | null;
  /** The first-token metric over the ok trials; null when none ended ok. */
  first_token: Distribution | null;
}

/** One profile × mode of a sweep. */
export interface PrefillFit {
  /** The first-token metric fitted: ttft_ms streaming, first_byte_ms plain. */
  metric: 'ttft_ms' | 'first_byte_ms';
  /** In increasing length. */
  groups: InputLengthGroup[];
  /**
   * The fit's x: `usage`, the prompt tokens each trial's usage reported (every
   * trial of the fit reported them), or `requested`, the length the prompt was
   * made at (some trial's usage said nothing).
   */
  x: 'usage' | 'requested';
  /** Trials the line goes through: every ok trial of every length. */
  n: number;
  /** The slope in ms per 1,000 prompt tokens; null with fewer than two lengths that have ok trials. */
  prefill_ms_per_ktok: number | null;
  /** Bootstrap 95% interval of the slope; null unless every length has at least 2 ok trials. */
  prefill_ms_per_ktok_ci95: [number, number] | null;
  /** The line's value at no prompt tokens, in ms; null with the slope. */
  ttft_fixed_ms: number | null;
}

const RESAMPLES = 2000;
const SEED = 0x9e11_f17;
/** Resamples between two steps (steps.ts): a resample of a few hundred trials takes microseconds. */
const RESAMPLES_PER_STEP = 100;

/**
 * The fit of each mode whose counted trials sent at least two input lengths;
 * none for a run of one length or none (its summary says it all). Warm-ups
 * are left out by the caller, like every summary's.
 */
export function prefillFits(trials: readonly PrefillTrial[]): Partial<Record<Mode, PrefillFit>> {
  return completed(prefillFitsSteps(trials));
}

/** prefillFits, in steps (see steps.ts). */
export function* prefillFitsSteps(
  trials: readonly PrefillTrial[],
): Steps<Partial<Record<Mode, PrefillFit>>> {
  const fits: Partial<Record<Mode, PrefillFit>> = {};
  for (const mode of MODES) {
    const ofMode = trials.filter((t) => t.mode === mode && t.input_tokens !== null);
    const lengths = [...new Set(ofMode.map((t) => t.input_tokens as number))].sort((a, b) => a - b);
    if (lengths.length < 2) continue;
    fits[mode] = yield* fitSteps(mode, lengths, ofMode);
  }
  return fits;
}

type Point = readonly [x: number, y: number];

function* fitSteps(
  mode: Mode,
  lengths: readonly number[],
  trials: readonly PrefillTrial[],
): Steps<PrefillFit> {
  const metric = headlineFirstTokenMetric(mode);
  const ok = trials.filter((t) => t.status === 'ok' && Number.isFinite(t[metric]));
  const x: PrefillFit['x'] = ok.every((t) => t.usage_prompt_tokens !== null)
    ? 'usage'
    : 'requested';
  const groups: InputLengthGroup[] = [];
  const pointsByLength: Point[][] = [];
  for (const input_tokens of lengths) {
    const all = trials.filter((t) => t.input_tokens === input_tokens);
    const mine = ok.filter((t) => t.input_tokens === input_tokens);
    const reported = mine.flatMap((t) =>
      t.usage_prompt_tokens === null ? [] : [t.usage_prompt_tokens],
    );
    groups.push({
      input_tokens,
      n: mine.length,
      failed: all.length - mine.length,
      prompt_tokens: median(reported),
      first_token: yield* describeSteps(mine.map((t) => t[metric] as number)),
    });
    if (mine.length > 0) {
      pointsByLength.push(
        mine.map((t) => [
          x === 'usage' ? (t.usage_prompt_tokens as number) : input_tokens,
          t[metric] as number,
        ]),
      );
    }
  }
  const line = leastSquares(pointsByLength.flat());
  const intervalPossible = line !== null && groups.every((g) => g.n >= 2);
  return {
    metric,
    groups,
    x,
    n: ok.length,
    prefill_ms_per_ktok: line === null ? null : line.slope * 1000,
    prefill_ms_per_ktok_ci95: intervalPossible ? yield* slopeIntervalSteps(pointsByLength) : null,
    ttft_fixed_ms: line === null ? null : line.intercept,
  };
}

/** The least-squares line through the points; null when they have fewer than two distinct x. */
export function leastSquares(
  points: readonly Point[],
): { slope: number; intercept: number } | null {
  if (points.length < 2) return null;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / points.length;
  const my = sy / points.length;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) * (x - mx);
    sxy += (x - mx) * (y - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** 95% percentile interval of the slope (ms per 1,000 tokens) over resamples drawn within each length. */
function* slopeIntervalSteps(
  pointsByLength: readonly (readonly Point[])[],
): Steps<[number, number]> {
  const random = seededRandom(SEED);
  const slopes: number[] = [];
  const drawn: Point[] = [];
  for (let r = 0; r < RESAMPLES; r++) {
    if (r > 0 && r % RESAMPLES_PER_STEP === 0) yield;
    drawn.length = 0;
    for (const points of pointsByLength) {
      for (let i = 0; i < points.length; i++) {
        drawn.push(points[Math.floor(random() * points.length)] as Point);
      }
    }
    const line = leastSquares(drawn);
    if (line !== null) slopes.push(line.slope * 1000);
  }
  slopes.sort((a, b) => a - b);
  return [quantile(slopes, 0.025), quantile(slopes, 0.975)];
}
