// Trials stored before schema 7 gain their reader metrics, and those stored
// before schema 12 their read bursts and pings around the first token, when
// the history is next opened for writing: computed from their timelines,
// once, in one transaction. Each file is a real older history (made by this
// build's first migrations), its rows copied in from a store that measured them.

import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/main/store/migrations';
import { backfillFromTimelines } from '../../src/main/store/timeline-backfill';
import { openStore, type Store } from '../../src/main/store/store';
import { readerMetrics } from '../../src/shared/reader';
import type { StoredTrial } from '../../src/shared/run';
import {
  runRecord,
  snapshot,
  storedTrial,
  streamTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';
import { olderHistory } from '../support/older-history';
import { makePlainTrial, makeTrial } from '../unit/trial-fixture';
import type { ChunkRecord } from '../../src/shared/trial';

let source: TempDatabase;
let target: TempDatabase;
beforeEach(() => {
  source = tempDatabase();
  target = tempDatabase();
});
afterEach(() => {
  source.remove();
  target.remove();
});

const RUN = 'run-before-v7';

/** Stream trials (reasoning first, then content), a plain one, and a failed one. */
function trials(): StoredTrial[] {
  return [
    storedTrial(RUN, 'a', 1, 30),
    storedTrial(RUN, 'a', 2, 45),
    { ...storedTrial(RUN, 'a', 3), trial: streamTrial(12, 3, { status: 'idle_timeout' }) },
    {
      run_id: RUN,
      profile_id: 'a',
      trial_index: 1,
      warmup: false,
      trial: makePlainTrial({ total_ms: 640, tokens: 20 }),
    },
  ];
}

/** The finished run of `stored`, saved as any run is. */
function saveRun(store: Store, stored: readonly StoredTrial[]): void {
  const record = runRecord(RUN, [snapshot('a')], {
    status: 'completed',
    ended_at: '2026-03-01T10:05:00.000Z',
  });
  store.runs.importRuns([{ record, trials: stored }]);
}

/** A schema-6 history holding `stored`: what LastToken before the reader metrics left on disk. */
function historyAtVersion6(path: string, stored: readonly StoredTrial[]): void {
  const measured = openStore(source.path);
  saveRun(measured, stored);
  measured.close();
  olderHistory(path, 6, source.path);
}

describe('reader metrics of trials stored before schema 7', () => {
  it('are computed from the timelines when the history is opened, once', async () => {
    const stored = trials();
    historyAtVersion6(target.path, stored);
    const before = new Database(target.path);
    expect(before.pragma('user_version', { simple: true })).toBe(6);
    const trialColumns = before
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('trials')")
      .all()
      .map((c) => c.name);
    expect(trialColumns).not.toContain('reader_done_ms');
    expect(before.prepare('SELECT count(*) AS n FROM trials').get()).toEqual({ n: stored.length });
    before.close();

    const store = openStore(target.path);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    // Nothing left to do: every row has its pace, and a second pass finds none.
    expect(
      store.db.prepare('SELECT count(*) AS n FROM trials WHERE reader_pace_tps IS NULL').get(),
    ).toEqual({ n: 0 });
    expect(backfillFromTimelines(store.db)).toEqual({ reader: 0, read_bursts: 0 });

    const detail = store.history.getRun(RUN);
    expect(detail?.trials).toHaveLength(stored.length);
    for (const { trial } of detail?.trials ?? []) {
      const expected = readerMetrics(trial, 8);
      expect(trial.reader_pace_tps).toBe(8);
      expect(trial.reader_done_ms).toBe(expected.reader_done_ms);
      expect(trial.reader_wait_ms).toBe(expected.reader_wait_ms);
      expect(trial.reader_stall_ms).toBe(expected.reader_stall_ms);
    }
    // Each kind of trial got what the definitions give it.
    const of = (mode: string, status: string) =>
      detail?.trials.find((t) => t.trial.mode === mode && t.trial.status === status)?.trial;
    expect(of('stream', 'ok')?.reader_stall_ms).not.toBeNull();
    expect(of('plain', 'ok')).toMatchObject({
      reader_done_ms: 640 + (20 * 1000) / 8,
      reader_wait_ms: 640,
      reader_stall_ms: null,
    });
    expect(of('stream', 'idle_timeout')).toMatchObject({
      reader_done_ms: null,
      reader_wait_ms: null,
      reader_stall_ms: null,
    });
    // A page of the run's table (no timelines) and its digest read the stored figures too.
    const doneOf = (
      rows: readonly { trial_index: number; trial: Partial<StoredTrial['trial']> }[],
    ) => new Map(rows.map((t) => [`${t.trial.mode} ${t.trial_index}`, t.trial.reader_done_ms]));
    const page = store.history.trialPage(RUN, {}, 8);
    expect(doneOf(page?.trials ?? [])).toEqual(doneOf(detail?.trials ?? []));
    const digest = detail && (await store.digests.digest(detail.run, 8));
    expect(
      digest?.summaries['a']?.find((s) => s.mode === 'stream')?.metrics.reader_done_ms?.n,
    ).toBe(2);
    store.close();
  });

  it('left undone (a history not written since) are computed on read', () => {
    const stored = trials();
    const store = openStore(target.path);
    saveRun(store, stored);
    store.db.exec(
      'UPDATE trials SET reader_pace_tps = NULL, reader_done_ms = NULL, reader_wait_ms = NULL, reader_stall_ms = NULL',
    );
    for (const { trial } of store.history.getRun(RUN)?.trials ?? []) {
      expect(trial).toMatchObject({ reader_pace_tps: 8, ...readerMetrics(trial, 8) });
    }
    store.close();
  });
});

/** Content chunks at these stamps (a stamp repeated: events of one read). */
function chunksAt(stamps: readonly number[]): ChunkRecord[] {
  return stamps.map((at_ms) => ({ at_ms, kind: 'content', chars: 4, bytes: 90, tokens: 1 }));
}

describe('read bursts and pings of trials stored before schema 12', () => {
  // Four reads of 5 events, one of 1: a buffer's flushes. Pings at 50 and 100
  // ms while waiting, one in the first token's read, one after it began.
  const burstStamps = [200, 200, 200, 200, 200, 540, 540, 540, 540, 540, 880, 880, 880, 880, 880];
  const rebufferedTrial = makeTrial({
    ttft_ms: 200,
    timeline: {
      t0_mono_ms: 0,
      chunks: chunksAt([...burstStamps, 1220, 1220, 1220, 1220, 1220, 1300]),
      pings: [50, 100, 200, 700].map((at_ms) => ({ at_ms, kind: 'comment' as const })),
    },
  });
  const steadyTrial = makeTrial();
  const stored = (): StoredTrial[] => [
    { ...storedTrial(RUN, 'a', 1), trial: rebufferedTrial },
    { ...storedTrial(RUN, 'a', 2), trial: steadyTrial },
    {
      run_id: RUN,
      profile_id: 'a',
      trial_index: 1,
      warmup: false,
      trial: makePlainTrial(),
    },
  ];
  const expected = [
    { events_per_read_max: 5, rebuffered: true, pings_before_ttft: 3, pings_after_ttft: 1 },
    { events_per_read_max: 1, rebuffered: false, pings_before_ttft: 0, pings_after_ttft: 0 },
    { events_per_read_max: null, rebuffered: false, pings_before_ttft: 0, pings_after_ttft: 0 },
  ];
  const figuresOf = (store: Store) =>
    (store.history.getRun(RUN)?.trials ?? []).map(({ trial }) => ({
      events_per_read_max: trial.events_per_read_max,
      rebuffered: trial.rebuffered,
      pings_before_ttft: trial.pings_before_ttft,
      pings_after_ttft: trial.pings_after_ttft,
    }));

  it('are computed from the timelines when the history is opened, once', () => {
    const measured = openStore(source.path);
    saveRun(measured, stored());
    measured.close();
    olderHistory(target.path, 11, source.path);
    const before = new Database(target.path);
    const columns = before
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('trials')")
      .all()
      .map((c) => c.name);
    expect(columns).not.toContain('rebuffered');
    before.close();

    const store = openStore(target.path);
    expect(
      store.db.prepare('SELECT count(*) AS n FROM trials WHERE pings_before_ttft IS NULL').get(),
    ).toEqual({ n: 0 });
    expect(backfillFromTimelines(store.db)).toEqual({ reader: 0, read_bursts: 0 });
    expect(figuresOf(store)).toEqual(expected);
    // A table's page reads the stored columns, without timelines.
    const page = store.history.trialPage(RUN, {}, 8);
    expect(
      page?.trials.find((t) => t.trial_index === 1 && t.trial.mode === 'stream')?.trial,
    ).toMatchObject(expected[0] as object);
    store.close();
  });

  it('left undone (a history not written since) are computed on read', () => {
    const store = openStore(target.path);
    saveRun(store, stored());
    store.db.exec(
      'UPDATE trials SET events_per_read_max = NULL, rebuffered = 0, pings_before_ttft = NULL, pings_after_ttft = NULL',
    );
    expect(figuresOf(store)).toEqual(expected);
    store.close();
  });
});
