// A run's trials table ordered by main, in a real SQLite file: every failed
// trial first, or sorted by a figure either way with the trials that lack it
// last, filtered by profile, mode and status, page after page; and each sort
// read along its own index, never sorting the run's trials.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRIAL_FILTER } from '../../src/main/store/sorted-trials';
import { openStore, type Store } from '../../src/main/store/store';
import type { TrialListFilter, TrialRow } from '../../src/shared/api';
import type { StoredTrial } from '../../src/shared/run';
import { TRIAL_SORT_FIGURES, type TrialSort } from '../../src/shared/trial-order';
import { plainTrial } from '../support/ui-timing';
import {
  runRecord,
  snapshot,
  storedTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';
import { makeTrial } from '../unit/trial-fixture';

const RUN = 'sorted';
const PACE = 8;
let temp: TempDatabase;
let store: Store;
/** The trials in the order they were saved. */
let saved: StoredTrial[];

/** Two profiles, both modes, every fifth trial failed without a total, a few totals alike. */
function seed(): StoredTrial[] {
  const profiles = [snapshot('b', { name: 'B' }), snapshot('a', { name: 'A' })];
  store.runs.createRun(runRecord(RUN, profiles));
  const trials: StoredTrial[] = [];
  for (let k = 1; k <= 12; k++) {
    for (const profile_id of ['a', 'b']) {
      const stream = storedTrial(RUN, profile_id, k, 6 + (k % 4));
      const failed = k % 5 === 0;
      trials.push({
        ...stream,
        trial: failed
          ? makeTrial({ status: 'http_error', http_status: 500, total_ms: null, error: `no ${k}` })
          : { ...stream.trial, total_ms: 100 + ((k * 37) % 9) },
      });
      trials.push({ ...stream, trial: plainTrial(k + (profile_id === 'a' ? 0 : 3)) });
    }
  }
  for (const trial of trials) store.runs.saveTrial(trial);
  store.runs.finishRun(RUN, 'completed', '2026-03-01T10:00:00.000Z');
  return trials;
}

beforeEach(() => {
  temp = tempDatabase();
  store = openStore(temp.path);
  saved = seed();
});

afterEach(() => {
  store.close();
  temp.remove();
});

const place = (t: Pick<StoredTrial, 'profile_id' | 'trial_index'> & { trial: { mode: string } }) =>
  `${t.profile_id} ${t.trial.mode} ${t.trial_index}`;

/** Every page of the filter, `limit` at a time, with the total each page said. */
function allPages(filter: TrialListFilter, limit: number): { rows: TrialRow[]; totals: number[] } {
  const rows: TrialRow[] = [];
  const totals: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = store.history.trialPage(RUN, { ...filter, limit, offset }, PACE);
    if (!page) throw new Error('no such run');
    totals.push(page.total);
    rows.push(...page.trials);
    if (page.trials.length < limit) return { rows, totals };
  }
}

/** What a sort must give: the trials with the figure by it (ties as saved, reversed when descending), then the others as saved. */
function expectedOrder(trials: StoredTrial[], sort: TrialSort): string[] {
  const value = (t: StoredTrial) => t.trial[sort.figure];
  const valued = trials
    .map((t, at) => ({ t, at }))
    .filter(({ t }) => value(t) !== null)
    .sort((x, y) => (value(x.t) as number) - (value(y.t) as number) || x.at - y.at)
    .map(({ t }) => t);
  if (sort.direction === 'descending') valued.reverse();
  return [...valued, ...trials.filter((t) => value(t) === null)].map(place);
}

describe('a trials table sorted by a figure', () => {
  it.each(
    TRIAL_SORT_FIGURES.flatMap((figure) => [
      { figure, direction: 'ascending' as const },
      { figure, direction: 'descending' as const },
    ]),
  )('$figure $direction: page after page, those without it last', (sort) => {
    // 7 a page: pages end inside the trials with the figure and across into those without.
    const { rows, totals } = allPages({ sort }, 7);
    expect(rows.map(place)).toEqual(expectedOrder(saved, sort));
    expect(new Set(totals)).toEqual(new Set([saved.length]));
  });

  it('sorts what the filter keeps, by profile, mode and status', () => {
    const sort: TrialSort = { figure: 'total_ms', direction: 'descending' };
    const kept = saved.filter((t) => t.profile_id === 'a' && t.trial.mode === 'stream');
    expect(allPages({ sort, profile_id: 'a', mode: 'stream' }, 4).rows.map(place)).toEqual(
      expectedOrder(kept, sort),
    );
    const failed = saved.filter((t) => t.trial.status !== 'ok');
    const { rows, totals } = allPages(
      { sort: { ...sort, direction: 'ascending' }, status: 'failed' },
      3,
    );
    expect(rows.map(place)).toEqual(failed.map(place));
    expect(totals[0]).toBe(4);
    // The total of trials lacking the figure: a page that starts among them.
    const plain = allPages(
      { sort: { figure: 'ttft_ms', direction: 'ascending' }, mode: 'plain' },
      5,
    );
    expect(plain.rows.map(place)).toEqual(saved.filter((t) => t.trial.mode === 'plain').map(place));
  });

  it('reads each sort along the figure’s index, sorting nothing', () => {
    for (const figure of TRIAL_SORT_FIGURES) {
      for (const order of [`t.${figure}, t.rowid`, `t.${figure} DESC, t.rowid DESC`]) {
        const plan = store.db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT t.rowid FROM trials t
             WHERE t.run_id = @run_id AND t.${figure} IS NOT NULL AND ${TRIAL_FILTER}
             ORDER BY ${order} LIMIT 50 OFFSET 0`,
          )
          .all({ run_id: RUN, profile_id: 'a', mode: null, status: 'failed' })
          .map((row) => (row as { detail: string }).detail)
          .join('\n');
        expect(plan, `${figure} ${order}`).toMatch(/USING (COVERING )?INDEX trials_by_run_/);
        expect(plan, `${figure} ${order}`).not.toContain('TEMP B-TREE');
      }
    }
  });
});

describe('a trials table with its failures first', () => {
  it('lists every failed trial, then the rest, each by profile in the run’s order, mode and trial', () => {
    const runOrder = (trials: StoredTrial[]) =>
      ['b', 'a'].flatMap((profile) =>
        ['stream', 'plain'].flatMap((mode) =>
          trials
            .filter((t) => t.profile_id === profile && t.trial.mode === mode)
            .sort((x, y) => x.trial_index - y.trial_index)
            .map(place),
        ),
      );
    const failed = saved.filter((t) => t.trial.status !== 'ok');
    const ok = saved.filter((t) => t.trial.status === 'ok');
    const { rows, totals } = allPages({ order: 'failed_first' }, 5);
    expect(rows.map(place)).toEqual([...runOrder(failed), ...runOrder(ok)]);
    expect(totals[0]).toBe(saved.length);
    expect(rows.slice(0, 4).map((r) => r.trial.status)).toEqual(Array(4).fill('http_error'));
    // Of one profile.
    expect(allPages({ order: 'failed_first', profile_id: 'a' }, 50).rows.map(place)).toEqual([
      ...runOrder(failed.filter((t) => t.profile_id === 'a')),
      ...runOrder(ok.filter((t) => t.profile_id === 'a')),
    ]);
    // The run's order is still the default.
    expect(allPages({}, 9).rows.map(place)).toEqual(runOrder(saved));
  });
});
