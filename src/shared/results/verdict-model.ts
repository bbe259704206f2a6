// The verdict cards as data: per mode of the run, who came first to the first
// token, to the last, and for a reader, in the words main's comparisons
// support (src/shared/comparisons.ts decides every verdict; nothing is
// computed here but which comparison to quote). Profiles that failed are
// named as not measured, never ranked. Pure, so it is tested without a page.

import type { RunView } from '../api';
import type { Comparison, ComparisonMetric } from '../comparisons';
import { isFailing } from '../failing-profiles';
import { headlineFirstTokenMetric } from '../summary';
import type { Mode } from '../trial';

/** The three questions a card answers: first token, last token, a reader. */
export type VerdictFigure = 'first' | 'total' | 'reader';

/** How many values each side of the quoted difference rests on. */
export interface VerdictSample {
  paired: boolean;
  /** Paired rounds; 0 when unpaired. */
  pairs: number;
  /** Values of the first-named and the second-named profile. */
  n_first: number;
  n_second: number;
}

export type VerdictOutcome =
  /** `first` is lower: the whole interval of its lead lies beyond the margin. */
  | {
      verdict: 'lower';
      first: string;
      second: string;
      /** How much sooner `first` is (ms, > 0), and the 95% interval of that lead. */
      lead_ms: number;
      low_ms: number;
      high_ms: number;
      /** Lower than every other profile measured, not only than `second`. */
      fastest: boolean;
      /** Other profiles (besides `second`) the data cannot yet set behind `first`. */
      unsettled: string[];
      sample: VerdictSample;
    }
  /** The whole interval lies within ±margin: practically the same. */
  | {
      verdict: 'equivalent';
      first: string;
      second: string;
      margin_ms: number;
      /** The interval of second − first. */
      low_ms: number;
      high_ms: number;
      sample: VerdictSample;
    }
  /** The interval crosses a margin line, or there is none (n < 2): this sample cannot tell. */
  | {
      verdict: 'inconclusive';
      first: string;
      second: string;
      margin_ms: number;
      low_ms: number | null;
      high_ms: number | null;
      rounds_to_settle: number | null;
      sample: VerdictSample;
    };

export interface VerdictLine {
  figure: VerdictFigure;
  metric: ComparisonMetric;
  outcome: VerdictOutcome;
}

export interface NotMeasured {
  profile_id: string;
  /** `none`: no ok trial in this mode; `most`: most trials failed, so it is left out of the ranking. */
  reason: 'none' | 'most';
  ok: number;
  trials: number;
}

export interface VerdictCard {
  mode: Mode;
  /** Profiles whose figures are compared, in the run's order. */
  measured: string[];
  notMeasured: NotMeasured[];
  /** Empty when fewer than two profiles were measured: there is nothing to compare. */
  lines: VerdictLine[];
}

type VerdictView = Pick<RunView, 'run' | 'summaries' | 'comparisons' | 'failing_profiles'>;

const FIGURE_METRICS = (mode: Mode): [VerdictFigure, ComparisonMetric][] => [
  ['first', headlineFirstTokenMetric(mode)],
  ['total', 'total_ms'],
  ['reader', 'reader_done_ms'],
];

/** One card per mode of the run, stream before plain as the run lists them. */
export function verdictCards(view: VerdictView): VerdictCard[] {
  return view.run.config.modes.map((mode) => cardOf(view, mode));
}

function cardOf(view: VerdictView, mode: Mode): VerdictCard {
  const failing = new Set(view.failing_profiles.map((f) => f.profile_id));
  const measured: string[] = [];
  const notMeasured: NotMeasured[] = [];
  for (const { id } of view.run.profiles) {
    const summary = view.summaries[id]?.find((s) => s.mode === mode);
    const ok = summary?.ok ?? 0;
    const trials = summary?.trials ?? 0;
    if (ok === 0) notMeasured.push({ profile_id: id, reason: 'none', ok, trials });
    else if (failing.has(id) || isFailing(trials, ok)) {
      notMeasured.push({ profile_id: id, reason: 'most', ok, trials });
    } else measured.push(id);
  }
  const lines =
    measured.length < 2
      ? []
      : FIGURE_METRICS(mode).flatMap(([figure, metric]): VerdictLine[] => {
          const outcome = outcomeOf(view, mode, metric, measured);
          return outcome ? [{ figure, metric, outcome }] : [];
        });
  return { mode, measured, notMeasured, lines };
}

/**
 * The two lowest medians (main's summaries) name the pair to quote; their
 * comparison says what can be said of it. Null when fewer than two measured
 * this metric, or main has no comparison of them.
 */
function outcomeOf(
  view: VerdictView,
  mode: Mode,
  metric: ComparisonMetric,
  measured: readonly string[],
): VerdictOutcome | null {
  const medians = measured.flatMap((id) => {
    const figure = view.summaries[id]?.find((s) => s.mode === mode)?.metrics[metric];
    return figure ? [{ id, median: figure.median }] : [];
  });
  // A stable sort: equal medians keep the run's order.
  const ranked = [...medians].sort((a, b) => a.median - b.median).map((m) => m.id);
  const [top, next] = ranked;
  if (top === undefined || next === undefined) return null;
  const between = (x: string, y: string): Comparison | undefined =>
    view.comparisons.find(
      (c) =>
        c.mode === mode &&
        c.metric === metric &&
        ((c.profile_a === x && c.profile_b === y) || (c.profile_a === y && c.profile_b === x)),
    );
  const c = between(top, next);
  if (!c) return null;
  if (c.verdict === 'a_lower' || c.verdict === 'b_lower') {
    const first = c.verdict === 'a_lower' ? c.profile_a : c.profile_b;
    const second = first === top ? next : top;
    const lead = leadOf(c, first);
    const unsettled = ranked.filter((id) => {
      if (id === first || id === second) return false;
      const other = between(first, id);
      return !other || lowerOf(other) !== first;
    });
    return {
      verdict: 'lower',
      first,
      second,
      ...lead,
      fastest: unsettled.length === 0,
      unsettled,
      sample: sampleOf(c, first),
    };
  }
  // Read as the second's figure less the first's: how far behind the runner-up is, if at all.
  const { low_ms, high_ms } = leadOf(c, top);
  const said = { first: top, second: next, margin_ms: c.margin_ms, sample: sampleOf(c, top) };
  if (c.verdict === 'equivalent') return { verdict: 'equivalent', ...said, low_ms, high_ms };
  const interval = c.ci_low_ms !== null && c.ci_high_ms !== null;
  return {
    verdict: 'inconclusive',
    ...said,
    low_ms: interval ? low_ms : null,
    high_ms: interval ? high_ms : null,
    rounds_to_settle: c.rounds_to_settle,
  };
}

function lowerOf(c: Comparison): string | null {
  if (c.verdict === 'a_lower') return c.profile_a;
  return c.verdict === 'b_lower' ? c.profile_b : null;
}

/**
 * The comparison turned to read as `first`'s lead: B − A when `first` is A
 * (a positive B − A means A is lower), A − B when it is B.
 */
function leadOf(
  c: Comparison,
  first: string,
): { lead_ms: number; low_ms: number; high_ms: number } {
  const low = c.ci_low_ms ?? c.diff_ms;
  const high = c.ci_high_ms ?? c.diff_ms;
  return first === c.profile_a
    ? { lead_ms: c.diff_ms, low_ms: low, high_ms: high }
    : { lead_ms: -c.diff_ms, low_ms: -high, high_ms: -low };
}

function sampleOf(c: Comparison, first: string): VerdictSample {
  const aFirst = first === c.profile_a;
  return {
    paired: c.paired,
    pairs: c.n_pairs,
    n_first: aFirst ? c.n_a : c.n_b,
    n_second: aFirst ? c.n_b : c.n_a,
  };
}

/** Below this many trials a p95 is about the slowest one or two of them. */
export const FEW_FOR_P95 = 20;

/** The fewest ok trials any figure of the run rests on, when that is too few for a p95; else null. */
export function fewestForP95(view: Pick<RunView, 'summaries'>): number | null {
  const counts = Object.values(view.summaries)
    .flat()
    .map((summary) => summary.ok)
    .filter((ok) => ok > 0);
  const fewest = Math.min(...counts);
  return fewest < FEW_FOR_P95 ? fewest : null;
}
