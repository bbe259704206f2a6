// The runs list in either order, through a real SQLite file: newest first by
// default, oldest first when asked, paged and filtered the same way, ties at
// one start time in a fixed order; and the API's input says newest unless told.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/main/store/store';
import { ipcContract } from '../../src/shared/ipc-contract';
import { runRecord, snapshot, tempDatabase, type TempDatabase } from '../support/store-fixtures';

let temp: TempDatabase;
let store: Store;
beforeEach(() => {
  temp = tempDatabase();
  store = openStore(temp.path);
  const fast = snapshot('p-fast', { name: 'Fast', model: 'model-a' });
  const slow = snapshot('p-slow', { name: 'Slow', model: 'model-b' });
  // Saved out of order; run-3a and run-3b started at the same instant.
  for (const [id, day] of [
    ['run-4', 4],
    ['run-1', 1],
    ['run-3b', 3],
    ['run-2', 2],
    ['run-3a', 3],
    ['run-5', 5],
  ] as const) {
    store.runs.createRun(
      runRecord(id, day % 2 === 0 ? [fast, slow] : [fast], {
        started_at: `2026-01-0${day}T09:00:00.000Z`,
      }),
    );
    store.runs.finishRun(id, 'completed', null);
  }
});
afterEach(() => {
  store.close();
  temp.remove();
});

const ids = (filter: Parameters<Store['history']['listRuns']>[0]): string[] =>
  store.history.listRuns(filter).map((run) => run.id);

describe('the runs list order', () => {
  it('is newest first by default and oldest first when asked, ties by id either way', () => {
    const newest = ['run-5', 'run-4', 'run-3b', 'run-3a', 'run-2', 'run-1'];
    expect(ids({})).toEqual(newest);
    expect(ids({ order: 'newest' })).toEqual(newest);
    expect(ids({ order: 'oldest' })).toEqual([...newest].reverse());
  });

  it('pages and filters oldest first as it does newest first', () => {
    expect(ids({ order: 'oldest', limit: 2, offset: 2 })).toEqual(['run-3a', 'run-3b']);
    expect(ids({ order: 'oldest', profile_id: 'p-slow' })).toEqual(['run-2', 'run-4']);
    expect(ids({ order: 'oldest', from: '2026-01-03T00:00:00.000Z' })).toEqual([
      'run-3a',
      'run-3b',
      'run-4',
      'run-5',
    ]);
    // The count does not depend on the order.
    expect(store.history.countRuns({ order: 'oldest', profile_id: 'p-slow' })).toBe(2);
  });

  it('is newest first when the API is not told, and refuses an order it does not know', () => {
    const input = ipcContract.historyList.input;
    expect(input.parse({}).order).toBe('newest');
    expect(input.parse({ order: 'oldest' }).order).toBe('oldest');
    expect(input.safeParse({ order: 'status' }).success).toBe(false);
  });
});
