// A run or a series named on the command line: by its id or by the start of
// it, as long as only one matches.

import type { RunDetail, RunRecord } from '../../shared/run';
import type { Store } from '../store';
import { UsageError, shownRef } from './options';

const RUN_ID_PREFIX = /^[0-9a-f-]{4,}$/i;

const noRun = (ref: string): UsageError =>
  new UsageError(`no run ${shownRef(ref)} in this history (lasttoken history lists them)`);

/** The series with this id, or the only one whose id starts with it. */
export function findSeries(store: Store, ref: string): string {
  if (RUN_ID_PREFIX.test(ref)) {
    // Hex digits and dashes only: no LIKE wildcard can be in the prefix.
    const matches = store.db
      .prepare<[string], { series_id: string }>(
        'SELECT DISTINCT series_id FROM runs WHERE series_id LIKE ? LIMIT 2',
      )
      .all(`${ref}%`);
    if (matches.length > 1) {
      throw new UsageError(`several series start with ${shownRef(ref)}: give more of the id`);
    }
    if (matches[0]) return matches[0].series_id;
  }
  throw new UsageError(
    `no series ${shownRef(ref)} in this history (lasttoken history shows each run's series)`,
  );
}

/** The record of the run with this id, or of the only run whose id starts with it. */
export function findRunRecord(store: Store, ref: string): RunRecord {
  const exact = store.history.runRecord(ref);
  if (exact) return exact;
  if (RUN_ID_PREFIX.test(ref)) {
    // Hex digits and dashes only: no LIKE wildcard can be in the prefix.
    const matches = store.db
      .prepare<[string], { id: string }>('SELECT id FROM runs WHERE id LIKE ? LIMIT 2')
      .all(`${ref}%`);
    if (matches.length > 1) {
      throw new UsageError(`several runs start with ${shownRef(ref)}: give more of the id`);
    }
    const record = matches[0] && store.history.runRecord(matches[0].id);
    if (record) return record;
  }
  throw noRun(ref);
}

/** The run with this id, or the only run whose id starts with it, read whole. */
export function findRun(store: Store, ref: string): RunDetail {
  const detail = store.history.getRun(findRunRecord(store, ref).id);
  // Deleted between the two reads (another process): as if never there.
  if (!detail) throw noRun(ref);
  return detail;
}
