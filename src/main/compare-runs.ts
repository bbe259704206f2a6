// Two stored runs side by side: B − A per profile both ran, mode and figure
// (shared/run-pair.ts), from one pass over each run's trials in slices. The
// history's comparison page and a two-run report read the same differences.

import type { RunComparison, RunView } from '../shared/api';
import { COMPARISON_METRICS } from '../shared/comparisons';
import { compareRunPairSteps } from '../shared/run-pair';
import { inSlices } from './slices';
import type { RunTrialPages } from './store/run-trial-pages';

const PAIR_FIELDS = ['mode', 'status', ...COMPARISON_METRICS] as const;

export async function compareRuns(
  a: RunView,
  b: RunView,
  pages: Pick<RunTrialPages, 'fields'>,
): Promise<RunComparison> {
  const side = (view: RunView) => ({
    profile_ids: view.run.profiles.map((p) => p.id),
    trials: pages.fields(view.run.id, PAIR_FIELDS),
  });
  const differences = await inSlices(compareRunPairSteps(side(a), side(b)));
  return { a, b, differences };
}
