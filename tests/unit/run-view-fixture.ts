// A run view as main answers it (historyRun): the run's record and the digest
// of its trials, at the pace they carry. For tests of what the results and
// compare screens make of one.

import type { RunView } from '../../src/shared/api';
import { DEFAULT_READER_PACE_TPS } from '../../src/shared/reader';
import { runDigest } from '../../src/shared/run-digest';
import type { RunRecord } from '../../src/shared/run';
import type { Mode, Trial } from '../../src/shared/trial';
import { runRecord, snapshot } from '../support/store-fixtures';

/** Each profile's trials, numbered from 1 in each mode in the order given. */
export function runViewOf(run: RunRecord, byProfile: Record<string, readonly Trial[]>): RunView {
  const trials = Object.entries(byProfile).flatMap(([profile_id, list]) => {
    const next = { stream: 0, plain: 0 };
    return list.map((trial) => ({
      profile_id,
      trial_index: ++next[trial.mode],
      warmup: false,
      trial,
    }));
  });
  const pace = trials[0]?.trial.reader_pace_tps ?? DEFAULT_READER_PACE_TPS;
  return { run, ...runDigest(run.profiles, trials, pace) };
}

/** A run of these modes whose profiles (named as their ids) ran these trials. */
export function runViewOfTrials(
  trials: Record<string, readonly Trial[]>,
  modes: Mode[] = ['stream'],
  ids: readonly string[] = Object.keys(trials),
): RunView {
  const record = runRecord(
    'r1',
    ids.map((id) => snapshot(id, { name: id })),
  );
  return runViewOf({ ...record, config: { ...record.config, modes } }, trials);
}
