// Profiles, runs and trials through a real SQLite file: what is saved reads
// back equal, and the history queries answer from it.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/main/store/store';
import type { ProfileInput, ProfileSnapshot, StoredTrial } from '../../src/shared/run';
import { summarize } from '../../src/shared/summary';
import type { Mode } from '../../src/shared/trial';
import {
  profileInput,
  runRecord,
  snapshot,
  storedTrial,
  streamTrial,
  tempDatabase,
  type TempDatabase,
} from '../support/store-fixtures';
import { trialArbitrary } from '../support/trial-arbitrary';
import { makeTrial } from '../unit/trial-fixture';

let temp: TempDatabase;
let store: Store;
beforeEach(() => {
  temp = tempDatabase();
  store = openStore(temp.path);
});
afterEach(() => {
  store.close();
  temp.remove();
});

function columns(table: string): string[] {
  return store.db
    .prepare<[], string>(`SELECT name FROM pragma_table_info('${table}')`)
    .pluck()
    .all();
}

/** The database file and its write-ahead log, as bytes on disk. */
function fileBytes(): Buffer {
  const wal = `${temp.path}-wal`;
  return Buffer.concat([readFileSync(temp.path), readFileSync(wal)]);
}

describe('profiles', () => {
  it('are created, listed, read, updated and removed', () => {
    const a = store.profiles.create(profileInput({ name: 'b-endpoint' }));
    const demo = store.profiles.create(profileInput({ name: 'Demo (simulated)' }), {
      id: 'demo',
      builtin: true,
    });
    const c = store.profiles.create(
      profileInput({ name: 'A-endpoint', dialect: 'anthropic-messages' }),
    );
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.created_at).toBe(a.updated_at);
    // The built-in demo first, then by name whatever its case.
    expect(store.profiles.list().map((p) => p.name)).toEqual([
      'Demo (simulated)',
      'A-endpoint',
      'b-endpoint',
    ]);
    expect(store.profiles.get(demo.id)).toEqual(demo);
    expect(store.profiles.get('nope')).toBeNull();

    const updated = store.profiles.update(c.id, {
      model: 'claude-x',
      headers: { 'anthropic-beta': '中文-ok' },
      notes: undefined,
    });
    expect(updated).toEqual({
      ...c,
      model: 'claude-x',
      headers: { 'anthropic-beta': '中文-ok' },
      updated_at: updated?.updated_at,
    });
    expect(store.profiles.get(c.id)).toEqual(updated);
    expect(store.profiles.update('nope', { name: 'x' })).toBeNull();

    expect(store.profiles.remove(a.id)).toBe(true);
    expect(store.profiles.remove(a.id)).toBe(false);
    expect(store.profiles.list().map((p) => p.id)).toEqual([demo.id, c.id]);
  });

  it('keep what a profile says about its requests, and the keychain flags, in the profile and its snapshots', () => {
    const shaped = profileInput({
      key_header: 'api-key',
      key_prefix: 'Token ',
      query: { 'api-version': '2024-10-21', 名: '值' },
      key_env: 'AZURE_KEY',
      proxy_mode: 'url',
      proxy_url: 'socks5h://127.0.0.1:1080',
    });
    const created = store.profiles.create(shaped, { secrets: { has_key: true, proxy_auth: true } });
    expect(store.profiles.get(created.id)).toMatchObject({
      ...shaped,
      has_key: true,
      proxy_auth: true,
    });
    // Null: not known (a profile saved before the flag existed); the keychain is asked.
    expect(store.profiles.update(created.id, { has_key: null })?.has_key).toBeNull();
    const saved = store.profiles.get(created.id);
    if (!saved) throw new Error('not saved');
    const snapshotOfIt = Object.fromEntries(
      Object.entries(saved).filter(([field]) => field !== 'created_at' && field !== 'updated_at'),
    ) as ProfileSnapshot;
    store.runs.createRun(runRecord('run-shaped', [snapshotOfIt]));
    expect(store.history.getRun('run-shaped')?.run.profiles).toEqual([snapshotOfIt]);
  });

  it('refuse a second profile with the same id', () => {
    store.profiles.create(profileInput(), { id: 'demo', builtin: true });
    expect(() => store.profiles.create(profileInput(), { id: 'demo' })).toThrow(/UNIQUE/);
  });

  it('a patch cannot change the id, the built-in flag or the creation time', () => {
    const p = store.profiles.create(profileInput());
    const patch = { name: 'renamed', id: 'other', builtin: true, created_at: 'never' };
    const updated = store.profiles.update(p.id, patch as Partial<ProfileInput>);
    expect(updated).toMatchObject({
      id: p.id,
      name: 'renamed',
      builtin: false,
      created_at: p.created_at,
    });
  });

  it('have no key column, and nothing but their own fields reaches the file', () => {
    const profileColumns = [
      'id',
      'name',
      'base_url',
      'model',
      'dialect',
      'headers',
      'defaults',
      'notes',
      'allow_insecure_key',
      'builtin',
      'created_at',
      'updated_at',
      // Schema version 5: the request's shape, and flags (never values) of what the keychain holds.
      'key_header',
      'key_prefix',
      'query',
      'key_env',
      'has_key',
      'proxy_mode',
      'proxy_url',
      'proxy_auth',
      // Schema version 14: what requests say besides the prompt.
      'params',
      // Schema version 16: the profile's colour, the same in every run.
      'color',
    ];
    expect(columns('profiles')).toEqual(profileColumns);
    expect(columns('run_profiles')).toEqual([
      'run_id',
      'profile_id',
      'position',
      ...profileColumns.filter((c) => !['id', 'created_at', 'updated_at'].includes(c)),
    ]);

    // A caller that carries a key along in the object (a bug elsewhere) gets it dropped.
    const key = 'sk-test-7f3a9c0d2e4b6a8c1e3f5a7b9d';
    const withKey = { ...profileInput(), api_key: key } as ProfileInput;
    const profile = store.profiles.create(withKey);
    store.profiles.update(profile.id, { notes: 'edited', api_key: key } as Partial<ProfileInput>);
    store.runs.createRun(
      runRecord('run-1', [{ ...snapshot(profile.id), api_key: key } as ProfileSnapshot]),
    );
    expect(JSON.stringify(store.profiles.get(profile.id))).not.toContain(key);
    const bytes = fileBytes();
    expect(bytes.includes(profile.base_url)).toBe(true); // the search does see what was saved
    expect(bytes.includes(key)).toBe(false);
  });
});

describe('runs and trials', () => {
  const profiles = [
    snapshot('p-1', { name: 'Fast' }),
    snapshot('p-2', { name: '慢い', model: 'm-2' }),
  ];

  function saveRunWith(trials: StoredTrial[], runId = 'run-1'): void {
    store.runs.createRun(runRecord(runId, profiles));
    for (const t of trials) store.runs.saveTrial(t);
  }

  it('give a profile’s latest ok counted trials of a mode, newest first, for a run’s estimate', () => {
    const trial = (k: number, total_ms: number, extra: Partial<StoredTrial> = {}): StoredTrial => {
      const base = storedTrial('run-1', 'p-1', k);
      return { ...base, ...extra, trial: { ...base.trial, total_ms, ...extra.trial } };
    };
    saveRunWith([
      trial(1, 100),
      trial(2, 200),
      trial(3, 999, { warmup: true }),
      trial(4, 888, { trial: { ...storedTrial('run-1', 'p-1', 4).trial, status: 'idle_timeout' } }),
      trial(5, 300, {
        trial: {
          ...storedTrial('run-1', 'p-1', 5).trial,
          total_ms: 300,
          tokens: 40,
          usage_completion_tokens: null,
          ttft_ms: 30,
        },
      }),
      trial(6, 400, {
        trial: {
          ...storedTrial('run-1', 'p-1', 6).trial,
          total_ms: 400,
          finish_reason: 'max_tokens',
          tokens: 60,
          usage_completion_tokens: 64,
          ttft_ms: 50,
        },
      }),
      {
        ...storedTrial('run-1', 'p-2', 1),
        trial: { ...storedTrial('run-1', 'p-2', 1).trial, total_ms: 50 },
      },
    ]);
    const totals = (id: string, mode: Mode) =>
      store.history.recentTrials(id, mode).map((t) => t.total_ms);
    expect(totals('p-1', 'stream')).toEqual([400, 300, 200, 100]);
    // How long each was, for a run with another max_tokens: the provider's count first, and whether it hit the limit.
    expect(store.history.recentTrials('p-1', 'stream').slice(0, 2)).toEqual([
      { total_ms: 400, ttft_ms: 50, tokens: 64, at_limit: true },
      { total_ms: 300, ttft_ms: 30, tokens: 40, at_limit: false },
    ]);
    expect(totals('p-1', 'plain')).toEqual([]);
    expect(totals('nobody', 'stream')).toEqual([]);
  });

  it('read back equal: the record, every trial field, the timeline, nulls and text', () => {
    const failed = makeTrial({
      mode: 'plain',
      status: 'http_error',
      reused_connection: true,
      dns_ms: null,
      connect_ms: null,
      tls_ms: null,
      ttft_ms: null,
      total_ms: null,
      chunks: 0,
      gaps_ms: [],
      http_status: 429,
      request_id: 'req_123',
      retry_after_s: 2.5,
      error: '429 Too Many Requests: 请稍后再试 🙏',
      text: '',
      usage_completion_tokens: null,
      usage_diff: null,
      timeline: { t0_mono_ms: 7.5, chunks: [], pings: [] },
    });
    const aborted = streamTrial(25, 3, {
      status: 'aborted',
      abort: { after_tokens: 10, at_ms: 420.5, close_ms: null, bytes_after: 77, chunks_after: 1 },
      stalled: true,
      buffered: true,
    });
    const trials: StoredTrial[] = [
      {
        run_id: 'run-1',
        profile_id: 'p-1',
        trial_index: 0,
        warmup: true,
        trial: streamTrial(12, 9),
      },
      {
        run_id: 'run-1',
        profile_id: 'p-1',
        trial_index: 1,
        warmup: false,
        trial: streamTrial(300, 1),
      },
      { run_id: 'run-1', profile_id: 'p-1', trial_index: 1, warmup: false, trial: failed },
      { run_id: 'run-1', profile_id: 'p-2', trial_index: 1, warmup: false, trial: aborted },
    ];
    saveRunWith(trials);
    store.runs.finishRun('run-1', 'completed', '2026-03-01T10:05:00.000Z');

    const detail = store.history.getRun('run-1');
    expect(detail?.run).toEqual({
      ...runRecord('run-1', profiles),
      status: 'completed',
      ended_at: '2026-03-01T10:05:00.000Z',
    });
    expect(detail?.trials).toEqual(trials);
    expect(store.history.getRun('nope')).toBeNull();
  });

  it('any trial reads back equal (property)', () => {
    let run = 0;
    fc.assert(
      fc.property(trialArbitrary, fc.boolean(), fc.nat(), (trial, warmup, trial_index) => {
        const run_id = `run-${++run}`;
        store.runs.createRun(runRecord(run_id, profiles));
        const stored = { run_id, profile_id: 'p-2', trial_index, warmup, trial };
        store.runs.saveTrial(stored);
        expect(store.history.getRun(run_id)?.trials).toEqual([stored]);
      }),
      { numRuns: 200 },
    );
  });

  it('refuse a trial saved twice, or for a run that does not exist', () => {
    saveRunWith([storedTrial('run-1', 'p-1', 1)]);
    expect(() => store.runs.saveTrial(storedTrial('run-1', 'p-1', 1))).toThrow(/UNIQUE/);
    expect(() => store.runs.saveTrial(storedTrial('run-x', 'p-1', 1))).toThrow(/FOREIGN KEY/);
    expect(() => store.runs.finishRun('run-x', 'completed', null)).toThrow(/no run run-x/);
  });

  it('summarise each profile × mode over its counted trials, named after the profile', () => {
    const trials = [
      { ...storedTrial('run-1', 'p-1', 0), warmup: true },
      storedTrial('run-1', 'p-1', 1),
      storedTrial('run-1', 'p-1', 2),
      {
        ...storedTrial('run-1', 'p-2', 1),
        trial: makeTrial({ mode: 'plain', status: 'deadline' }),
      },
    ];
    saveRunWith(trials);
    const summaries = store.history.getRun('run-1')!.summaries;
    expect(Object.keys(summaries)).toEqual(['p-1', 'p-2']);
    expect(summaries['p-1']).toEqual(summarize('Fast', [trials[1]!.trial, trials[2]!.trial]));
    expect(summaries['p-2']).toEqual(summarize('慢い', [trials[3]!.trial]));
    expect(summaries['p-2']?.[0]).toMatchObject({
      mode: 'plain',
      trials: 1,
      ok: 0,
      failures: { deadline: 1 },
    });
  });

  it('keep the snapshot of a profile edited or deleted after the run', () => {
    const live = store.profiles.create(profileInput({ name: 'Before' }));
    store.runs.createRun(runRecord('run-1', [{ ...live, builtin: false }]));
    store.profiles.update(live.id, { name: 'After' });
    store.profiles.remove(live.id);
    expect(store.history.getRun('run-1')?.run.profiles[0]?.name).toBe('Before');
    expect(store.history.listRuns()[0]?.profiles).toEqual([
      { id: live.id, name: 'Before', model: live.model },
    ]);
  });
});

describe('history queries', () => {
  const fast = snapshot('p-fast', { name: 'Fast', model: 'model-a' });
  const slow = snapshot('p-slow', { name: 'Slow', model: 'model-b' });

  /** Runs on consecutive days; each profile gets ok stream trials and one failed plain trial. */
  function history(days: number): void {
    for (let day = 1; day <= days; day++) {
      const id = `run-${day}`;
      const profiles = day % 2 === 0 ? [fast, slow] : [fast];
      store.runs.createRun(
        runRecord(id, profiles, {
          started_at: `2026-01-${String(day).padStart(2, '0')}T09:00:00.000Z`,
        }),
      );
      for (const p of profiles) {
        store.runs.saveTrial({ ...storedTrial(id, p.id, 0), warmup: true });
        for (let k = 1; k <= 3; k++) store.runs.saveTrial(storedTrial(id, p.id, k, 10 + day));
        store.runs.saveTrial({
          ...storedTrial(id, p.id, 1),
          trial: makeTrial({
            mode: 'plain',
            status: 'ok',
            first_byte_ms: 100 + day,
            total_ms: 900,
          }),
        });
        store.runs.saveTrial({
          ...storedTrial(id, p.id, 2),
          trial: makeTrial({ mode: 'plain', status: 'network_error' }),
        });
      }
      store.runs.finishRun(id, 'completed', null);
    }
  }

  it('list runs newest first with counts and profile names, filtered and paged', () => {
    history(6);
    const all = store.history.listRuns();
    expect(all.map((r) => r.id)).toEqual(['run-6', 'run-5', 'run-4', 'run-3', 'run-2', 'run-1']);
    // Counted trials only (the warm-ups are not): 3 stream ok, 1 plain ok, 1 plain failed per profile.
    expect(all[0]).toMatchObject({
      status: 'completed',
      trials: 10,
      ok: 8,
      failed: 2,
      planned_calls: 12,
      profiles: [
        { id: 'p-fast', name: 'Fast', model: 'model-a' },
        { id: 'p-slow', name: 'Slow', model: 'model-b' },
      ],
    });
    expect(all[0]?.config.prompt).toBe('Count from 1 to 100.');
    expect(all[1]).toMatchObject({ trials: 5, ok: 4, failed: 1 });

    const ids = (filter: Parameters<Store['history']['listRuns']>[0]) =>
      store.history.listRuns(filter).map((r) => r.id);
    expect(ids({ profile_id: 'p-slow' })).toEqual(['run-6', 'run-4', 'run-2']);
    expect(ids({ model: 'model-b' })).toEqual(['run-6', 'run-4', 'run-2']);
    expect(ids({ model: 'model-a', profile_id: 'p-slow' })).toEqual(['run-6', 'run-4', 'run-2']);
    expect(ids({ model: 'nope' })).toEqual([]);
    expect(ids({ from: '2026-01-02', to: '2026-01-05' })).toEqual(['run-4', 'run-3', 'run-2']);
    expect(ids({ from: '2026-01-04T09:00:00.000Z' })).toEqual(['run-6', 'run-5', 'run-4']);
    expect(ids({ limit: 2, offset: 3 })).toEqual(['run-3', 'run-2']);
  });

  it('say which completed runs hide a failure: a profile with no ok trial, or one stopped early', () => {
    history(1);
    // run-x: p-slow's every counted trial failed; run-y: p-fast was stopped early.
    for (const [id, day] of [
      ['run-x', '02'],
      ['run-y', '03'],
    ] as const) {
      store.runs.createRun(
        runRecord(id, [fast, slow], { started_at: `2026-01-${day}T09:00:00.000Z` }),
      );
      for (let k = 1; k <= 3; k++) {
        store.runs.saveTrial(storedTrial(id, fast.id, k));
        store.runs.saveTrial({
          ...storedTrial(id, slow.id, k),
          trial: makeTrial({ status: id === 'run-x' ? 'network_error' : 'ok' }),
        });
      }
      store.runs.finishRun(id, 'completed', null);
    }
    store.runs.saveProfileFailure('run-y', {
      profile_id: fast.id,
      reason: 'gave_up',
      message: '5 failed trials in a row',
    });
    const flags = store.history.listRuns().map((r) => [r.id, r.with_failures]);
    // run-1's one failed plain trial of five is not a failing profile.
    expect(flags).toEqual([
      ['run-y', true],
      ['run-x', true],
      ['run-1', false],
    ]);
  });

  it('imports finished runs all or none, leaving a run it has already as it is', () => {
    const profile = snapshot('p-1');
    const imported_at = '2026-02-01T00:00:00.000Z';
    const run = (id: string) => ({
      record: runRecord(id, [profile], {
        status: 'completed' as const,
        ended_at: '2026-03-01T10:05:00.000Z',
        series_id: 'series-a',
        label: 'lab',
        imported_at,
      }),
      trials: [storedTrial(id, 'p-1', 1), storedTrial(id, 'p-1', 2)],
    });
    expect(store.runs.importRuns([run('r-1')])).toEqual(['r-1']);
    // r-1 again is skipped; r-2's duplicated trial fails the insert, and r-3 is rolled back with it.
    const broken = run('r-2');
    broken.trials.push(storedTrial('r-2', 'p-1', 2));
    expect(() => store.runs.importRuns([run('r-3'), run('r-1'), broken])).toThrow(/UNIQUE/);
    expect(store.history.listRuns().map((r) => r.id)).toEqual(['r-1']);
    expect(store.runs.importRuns([run('r-1'), run('r-3')])).toEqual(['r-3']);
    const listed = store.history.listRuns({ series_id: 'series-a' });
    expect(listed.map((r) => [r.id, r.label, r.imported_at])).toEqual([
      ['r-3', 'lab', imported_at],
      ['r-1', 'lab', imported_at],
    ]);
    expect(store.history.getRun('r-1')?.trials).toHaveLength(2);
    expect(() =>
      store.runs.importRuns([{ ...run('r-4'), record: runRecord('r-4', [profile]) }]),
    ).toThrow(/still being recorded/);
  });

  it("trend: per model and mode, each run's counted trials with median and p95 of the ok ones, oldest first", () => {
    history(4);
    const trend = store.history.trend('p-slow');
    expect(trend.map((s) => [s.model, s.mode, s.series_id])).toEqual([
      ['model-b', 'stream', null],
      ['model-b', 'plain', null],
    ]);
    const [stream, plain] = trend;
    expect(stream?.points.map((p) => p.run_id)).toEqual(['run-2', 'run-4']);
    const day2 = [1, 2, 3].map((k) => storedTrial('run-2', 'p-slow', k, 12).trial);
    const figure = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      // Type-7 quantiles of three values: the middle one, and 95% of the way from the second to the third.
      const [, middle = NaN, top = NaN] = sorted;
      return { n: 3, median: middle, p95: middle + 0.9 * (top - middle) };
    };
    expect(stream?.points[0]).toEqual({
      run_id: 'run-2',
      started_at: '2026-01-02T09:00:00.000Z',
      label: null,
      trials: 3,
      ok: 3,
      first: figure(day2.map((t) => t.ttft_ms as number)),
      gap_median: figure(day2.map((t) => t.gap_median_ms as number)),
      total: figure(day2.map((t) => t.total_ms as number)),
    });
    // Plain mode: TTFB, no gaps; the failed trial counts as a trial, not in the figures.
    expect(plain?.points[0]).toEqual({
      run_id: 'run-2',
      started_at: '2026-01-02T09:00:00.000Z',
      label: null,
      trials: 2,
      ok: 1,
      first: { n: 1, median: 102, p95: 102 },
      gap_median: null,
      total: { n: 1, median: 900, p95: 900 },
    });
    expect(store.history.trend('nobody')).toEqual([]);
  });

  it('counts the runs a filter matches, and filters by status', () => {
    history(4);
    store.runs.createRun(runRecord('run-live', [fast], { started_at: '2026-01-09T09:00:00.000Z' }));
    expect(store.history.countRuns()).toBe(5);
    expect(store.history.countRuns({ profile_id: 'p-slow' })).toBe(2);
    expect(store.history.listRuns({ status: 'running' }).map((r) => r.id)).toEqual(['run-live']);
    expect(store.history.countRuns({ status: 'completed', limit: 1 })).toBe(4);
    // A running run is not deleted; a finished one goes with its trials.
    expect(store.runs.deleteRun('run-live')).toBe(false);
    expect(store.runs.deleteRun('run-2')).toBe(true);
    expect(store.history.getRun('run-2')).toBeNull();
    expect(
      store.db.prepare("SELECT count(*) AS n FROM trials WHERE run_id = 'run-2'").get(),
    ).toEqual({ n: 0 });
    expect(store.runs.deleteRun('run-2')).toBe(false);
  });

  it("reads one trial's text", () => {
    history(1);
    expect(store.history.trialText('run-1', 'p-fast', 'stream', 1)).toEqual({
      text: storedTrial('run-1', 'p-fast', 1, 11).trial.text,
      reasoning_text: storedTrial('run-1', 'p-fast', 1, 11).trial.reasoning_text,
    });
    expect(store.history.trialText('run-1', 'p-fast', 'stream', 9)).toBeNull();
  });

  it('chunk rows: every chunk of every trial, with its gap', () => {
    store.runs.createRun(runRecord('run-1', [fast, slow]));
    const slowTrial = storedTrial('run-1', 'p-slow', 1, 3);
    const fastTrial = { ...storedTrial('run-1', 'p-fast', 0, 2), warmup: true };
    store.runs.saveTrial(slowTrial);
    store.runs.saveTrial(fastTrial);
    store.runs.saveTrial({
      ...storedTrial('run-1', 'p-fast', 1),
      trial: makeTrial({ mode: 'plain', timeline: { t0_mono_ms: 0, chunks: [], pings: [] } }),
    });

    const rows = [...store.history.chunkRows('run-1')];
    // By profile in the run's order: Fast's warm-up first, its plain trial has no chunks.
    const [c0, c1] = fastTrial.trial.timeline.chunks;
    expect(rows.slice(0, 2)).toEqual([
      {
        run_id: 'run-1',
        profile_id: 'p-fast',
        profile: 'Fast',
        mode: 'stream',
        trial_index: 0,
        warmup: true,
        chunk_index: 1,
        gap_ms: null,
        ...c0,
      },
      {
        run_id: 'run-1',
        profile_id: 'p-fast',
        profile: 'Fast',
        mode: 'stream',
        trial_index: 0,
        warmup: true,
        chunk_index: 2,
        gap_ms: fastTrial.trial.gaps_ms[0],
        ...c1,
      },
    ]);
    expect(rows.slice(2).map((r) => [r.profile, r.chunk_index, r.gap_ms])).toEqual([
      ['Slow', 1, null],
      ['Slow', 2, slowTrial.trial.gaps_ms[0]],
      ['Slow', 3, slowTrial.trial.gaps_ms[1]],
    ]);
    expect([...store.history.chunkRows('nope')]).toEqual([]);
  });
});
