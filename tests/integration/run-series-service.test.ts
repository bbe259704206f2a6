// The app's "repeat every" in the run service: real runs of the built-in demo
// (the simulator inside the process) into a real SQLite file, with the series'
// clock and timers stepped by hand, so half an hour between repetitions takes
// no time and every wait is checked to the millisecond.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileService } from '../../src/main/profiles';
import { createEmitter } from '../../src/main/runs';
import { RunService } from '../../src/main/runs/run-service';
import type { SeriesTimers } from '../../src/main/runs/run-series';
import { MemoryKeyStore } from '../../src/main/secrets';
import { BuiltinSimulator } from '../../src/main/sim';
import { openStore, type Store } from '../../src/main/store';
import type { AppEvent, SeriesView } from '../../src/shared/api';
import type { RunConfig } from '../../src/shared/run';

const HALF_HOUR = 30 * 60_000;

/** A wall clock and timers that move only when told. */
class ManualTimers implements SeriesTimers {
  time = Date.parse('2026-06-01T12:00:00.000Z');
  private pending: { at: number; run: () => void }[] = [];

  now = (): number => this.time;
  setTimeout = (run: () => void, ms: number): unknown => {
    const timer = { at: this.time + ms, run };
    this.pending.push(timer);
    return timer;
  };
  clearTimeout = (handle: unknown): void => {
    this.pending = this.pending.filter((t) => t !== handle);
  };

  /** When the next timer fires; null when none is set. */
  get nextAt(): number | null {
    return this.pending.length === 0 ? null : Math.min(...this.pending.map((t) => t.at));
  }

  advance(ms: number): void {
    this.time += ms;
    const due = this.pending.filter((t) => t.at <= this.time);
    this.pending = this.pending.filter((t) => t.at > this.time);
    for (const timer of due) timer.run();
  }
}

let dir: string;
let store: Store;
let timers: ManualTimers;
let service: RunService;
let events: AppEvent[];
let profiles: ProfileService;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-series-service-'));
  store = openStore(join(dir, 'history.db'));
  const keys = new MemoryKeyStore();
  profiles = new ProfileService(store.profiles, keys);
  profiles.ensureDemoProfile();
  const emitter = createEmitter<AppEvent>();
  events = [];
  emitter.subscribe((event) => events.push(event));
  timers = new ManualTimers();
  service = new RunService({
    store,
    keys,
    events: emitter,
    simulator: new BuiltinSimulator(),
    timers,
  });
});

afterEach(async () => {
  await service.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function config(profile_ids = ['demo']): RunConfig {
  return {
    prompt: 'Count.',
    max_tokens: 12,
    modes: ['stream'],
    trials: 1,
    profile_ids,
    limits: {
      connect_timeout_ms: 2000,
      idle_timeout_ms: 5000,
      stall_ms: 5000,
      deadline_ms: 10_000,
      max_event_bytes: 1 << 20,
      max_response_bytes: 1 << 24,
      max_text_chars: 100_000,
    },
    reuse_connection: false,
    warmup: false,
  };
}

/** The series' views as pushed, in order. */
const views = (series_id: string): SeriesView[] =>
  events.flatMap((e) =>
    e.type === 'series_progress' && e.series.series_id === series_id ? [e.series] : [],
  );

async function until(
  state: SeriesView['state'],
  series_id: string,
  count = 1,
): Promise<SeriesView> {
  await expect
    .poll(() => views(series_id).filter((v) => v.state === state).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return views(series_id).filter((v) => v.state === state)[count - 1] as SeriesView;
}

describe('RunService.repeat', () => {
  it('runs N repetitions start to start, tagged with one series and a label', async () => {
    const start = timers.time;
    const { series_id, run_id } = await service.repeat({
      config: config(),
      count: 3,
      every_ms: HALF_HOUR,
      label: 'office',
    });
    expect(series_id).toMatch(/^[0-9a-f-]{36}$/);
    const first = await until('waiting', series_id as string);
    expect(first).toMatchObject({
      repetition: 1,
      count: 3,
      run_id: null,
      run_ids: [run_id],
      failed: 0,
      late: false,
      next_at: new Date(start + HALF_HOUR).toISOString(),
    });
    expect(service.liveSeries()).toEqual([first]);
    // Nothing starts before the half hour is up.
    timers.advance(HALF_HOUR - 1);
    expect(views(series_id as string).at(-1)?.state).toBe('waiting');
    expect(store.history.listRuns()).toHaveLength(1);
    timers.advance(1);
    await until('waiting', series_id as string, 2);
    timers.advance(HALF_HOUR);
    const last = await until('finished', series_id as string);
    expect(last).toMatchObject({ repetition: 3, failed: 0, run_id: null, next_at: null });
    expect(last.run_ids).toHaveLength(3);
    expect(service.liveSeries()).toEqual([]);

    const runs = store.history.listRuns({ series_id: series_id as string });
    expect(runs.map((r) => r.id).reverse()).toEqual(last.run_ids);
    expect(runs.every((r) => r.status === 'completed' && r.label === 'office')).toBe(true);
    // The trend draws the series as a line of its own.
    const trend = store.history.trend('demo');
    expect(trend.map((s) => [s.mode, s.series_id, s.label, s.points.length])).toEqual([
      ['stream', series_id, 'office', 3],
    ]);
  });

  it('starts the next repetition at once when one took longer than the interval', async () => {
    const { series_id } = await service.repeat({
      config: config(),
      count: 2,
      every_ms: 1000,
      label: null,
    });
    // The run "takes" two seconds of the series' clock.
    timers.advance(2000);
    const waiting = await until('waiting', series_id as string);
    expect(waiting.late).toBe(true);
    expect(waiting.next_at).toBe(new Date(timers.time).toISOString());
    expect(timers.nextAt).toBe(timers.time);
    timers.advance(0);
    expect((await until('finished', series_id as string)).run_ids).toHaveLength(2);
  });

  it('goes on past failed repetitions', async () => {
    // Nothing listens there: every trial fails to connect.
    const dead = await profiles.create({
      name: 'Down',
      base_url: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    const { series_id } = await service.repeat({
      config: config([dead.id]),
      count: 2,
      every_ms: 5000,
      label: null,
    });
    await until('waiting', series_id as string);
    timers.advance(5000);
    const last = await until('finished', series_id as string);
    expect(last.failed).toBe(2);
    const runs = store.history.listRuns({ series_id: series_id as string });
    expect(runs.map((r) => [r.status, r.failed])).toEqual([
      ['completed', 1],
      ['completed', 1],
    ]);
  });

  it('cancelling while waiting ends the series: no further run', async () => {
    const { series_id } = await service.repeat({
      config: config(),
      count: 5,
      every_ms: HALF_HOUR,
      label: null,
    });
    await until('waiting', series_id as string);
    expect(service.cancelSeries(series_id as string)).toBe(true);
    expect(views(series_id as string).at(-1)).toMatchObject({ state: 'cancelled', next_at: null });
    expect(timers.nextAt).toBeNull();
    timers.advance(10 * HALF_HOUR);
    expect(store.history.listRuns()).toHaveLength(1);
    expect(service.cancelSeries(series_id as string)).toBe(false);
  });

  it("cancelling a repetition's run ends its series, keeping the run as cancelled", async () => {
    const slow = { ...config(), trials: 40, max_tokens: 40 };
    const { series_id, run_id } = await service.repeat({
      config: slow,
      count: 3,
      every_ms: 0,
      label: null,
    });
    await expect
      .poll(() => events.some((e) => e.type === 'trial_finished' && e.run_id === run_id), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(service.cancel(run_id)).toBe(true);
    const end = await until('cancelled', series_id as string);
    expect(end.run_ids).toEqual([run_id]);
    expect(store.history.listRuns().map((r) => r.status)).toEqual(['cancelled']);
    expect(timers.nextAt).toBeNull();
  });

  it('a count of 1 is one run with its label, outside any series', async () => {
    const { series_id, run_id } = await service.repeat({
      config: config(),
      count: 1,
      every_ms: 0,
      label: 'laptop',
    });
    expect(series_id).toBeNull();
    await expect
      .poll(() => events.some((e) => e.type === 'run_finished' && e.run_id === run_id))
      .toBe(true);
    expect(store.history.listRuns()).toMatchObject([
      { id: run_id, series_id: null, label: 'laptop' },
    ]);
  });
});
