// Two runs against each other (History's compare page): for every profile
// both ran and every mode both measured, the difference B − A of the figures
// people choose an endpoint by, with a bootstrap 95% interval and a verdict
// against the margin of practical equality, as comparisons.ts reads one run's
// A against B. Unpaired: the trials of two runs were not measured side by
// side, so a round of one says nothing of the same round of the other; each
// side is resampled on its own. Counted ok trials only.
// Pure: no Node, no DOM. Deterministic: the same data always gives the same interval.

import {
  compareSamplesSteps,
  countedOkSteps,
  reader,
  valuesOf,
  type ComparedTrial,
  type ComparisonMetric,
  type Difference,
} from './comparisons';
import { completed, type Steps } from './steps';
import { headlineFirstTokenMetric } from './summary';
import { MODES, type Mode } from './trial';

/** B − A of one profile's figure in one mode, A and B being the two runs. */
export interface RunPairDifference extends Difference {
  profile_id: string;
  mode: Mode;
  metric: ComparisonMetric;
}

/** The figures compared per mode: the first token (TTFB in plain mode), the median gap of a stream, the total. */
export function runPairMetrics(mode: Mode): ComparisonMetric[] {
  return [
    headlineFirstTokenMetric(mode),
    ...(mode === 'stream' ? (['gap_median_ms'] as const) : []),
    'total_ms',
  ];
}

export interface PairSide {
  /** The run's profiles, in its order. */
  profile_ids: readonly string[];
  trials: Iterable<ComparedTrial>;
}

/**
 * Every difference of B against A: A's profiles in A's order that B ran too,
 * stream before plain, each metric of runPairMetrics. A metric a side has no
 * value of is left out.
 */
export function compareRunPair(a: PairSide, b: PairSide): RunPairDifference[] {
  return completed(compareRunPairSteps(a, b));
}

/** compareRunPair, in steps (see steps.ts). */
export function* compareRunPairSteps(a: PairSide, b: PairSide): Steps<RunPairDifference[]> {
  const ofA = yield* countedOkSteps(a.trials);
  const ofB = yield* countedOkSteps(b.trials);
  const inB = new Set(b.profile_ids);
  const differences: RunPairDifference[] = [];
  for (const profile_id of a.profile_ids.filter((id) => inB.has(id))) {
    for (const mode of MODES) {
      for (const metric of runPairMetrics(mode)) {
        const difference = yield* compareSamplesSteps(
          valuesOf(ofA(profile_id, mode), reader(metric)),
          valuesOf(ofB(profile_id, mode), reader(metric)),
          { paired: false },
        );
        if (difference) differences.push({ profile_id, mode, metric, ...difference });
      }
    }
  }
  return differences;
}
