// The live view's state as data: a run followed from runsLive and its events,
// overlapping snapshots and events applied once, bounded memory, what each
// profile has left, the timeline within its point budget, the redraw
// throttle, and durations as people read them.

import { describe, expect, it } from 'vitest';
import type { AppEvent, FinishedTrial, LiveRun, TrialBrief } from '../../src/shared/api';
import { DEFAULT_REQUEST_SHAPE, DEFAULT_RUN_LIMITS, type RunOutcome } from '../../src/shared/run';
import { resources } from '../../src/shared/i18n/resources';
import { durationParts } from '../../src/renderer/src/pages/run/live/duration';
import {
  LiveRunModel,
  MAX_FINISHED_LINES,
  MAX_RESULTS,
  MAX_RUNNING_POINTS,
  halvePoints,
} from '../../src/renderer/src/pages/run/live/live-run-model';
import {
  CHART_POINT_BUDGET,
  liveSnapshot,
  thinPoints,
} from '../../src/renderer/src/pages/run/live/live-snapshot';
import {
  RenderThrottle,
  type FrameScheduler,
} from '../../src/renderer/src/pages/run/live/render-throttle';

const RUN = 'run-1';
const STARTED = Date.parse('2026-01-01T10:00:00.000Z');

function liveRun(overrides: Partial<LiveRun> = {}, calls = 4): LiveRun {
  return {
    record: {
      id: RUN,
      config: {
        prompt: 'hi',
        max_tokens: 100,
        modes: ['stream', 'plain'],
        trials: calls / 2,
        profile_ids: ['a', 'b'],
        limits: DEFAULT_RUN_LIMITS,
        reuse_connection: false,
        warmup: false,
      },
      profiles: ['a', 'b'].map((id) => ({
        id,
        name: `Profile ${id.toUpperCase()}`,
        base_url: 'http://127.0.0.1:1/v1',
        model: `model-${id}`,
        dialect: 'openai-chat' as const,
        headers: {},
        defaults: {},
        notes: '',
        allow_insecure_key: false,
        ...DEFAULT_REQUEST_SHAPE,
        query: {},
        has_key: false,
        proxy_auth: false,
        builtin: false,
        color: id === 'a' ? 3 : 5,
      })),
      status: 'running',
      started_at: new Date(STARTED).toISOString(),
      ended_at: null,
      planned_calls: calls * 2,
      series_id: null,
      label: null,
      imported_at: null,
      profile_failures: [],
      environment: null,
    },
    plan: {
      calls: calls * 2,
      warmup_calls: 0,
      per_profile: [
        { profile_id: 'a', calls, min_ms: 0 },
        { profile_id: 'b', calls, min_ms: 0 },
      ],
      min_duration_ms: 0,
    },
    running: [],
    finished: [],
    failures: [],
    waits: [],
    errors: [],
    ...overrides,
  };
}

const brief = (status: TrialBrief['status'] = 'ok'): TrialBrief => ({
  status,
  error: status === 'ok' ? null : 'boom',
  http_status: null,
  ttft_ms: 100,
  ttfo_ms: 100,
  first_byte_ms: 90,
  last_token_ms: 400,
  total_ms: 410,
  tokens: 20,
  chunks: 20,
  gap_median_ms: 15,
  gap_p95_ms: 30,
  max_silence_ms: 30,
  pings: 0,
  e2e_tps: 48,
  decode_tps: 60,
  tokens_per_chunk_mean: 1,
});

function finished(profile_id: string, trial_index: number, mode: 'stream' | 'plain' = 'stream') {
  const trial: FinishedTrial = {
    profile_id,
    mode,
    trial_index,
    warmup: false,
    brief: brief(),
    saved: true,
    points:
      mode === 'stream'
        ? [
            [100, 1],
            [200, 10],
            [400, 20],
          ]
        : [[410, 20]],
  };
  return trial;
}

const progress = (
  profile_id: string,
  trial_index: number,
  points: [number, number][],
): AppEvent => ({
  type: 'run_progress',
  run_id: RUN,
  trials: [
    {
      profile_id,
      mode: 'stream',
      trial_index,
      warmup: false,
      chunks: points.length,
      chars: points.length * 4,
      tokens: points.at(-1)?.[1] ?? 0,
      points,
    },
  ],
});

describe('a live run followed by the page', () => {
  it('starts from runsLive: running lines, finished trials, failures', () => {
    const model = new LiveRunModel(
      liveRun({
        running: [
          {
            profile_id: 'a',
            mode: 'stream',
            trial_index: 2,
            warmup: false,
            chunks: 2,
            chars: 8,
            tokens: 5,
            points: [
              [50, 2],
              [80, 5],
            ],
          },
        ],
        finished: [finished('a', 1)],
        failures: [{ profile_id: 'b', reason: 'profile_config', message: 'bad URL' }],
      }),
    );
    expect([...model.running.values()].map((t) => t.points)).toEqual([
      [
        [50, 2],
        [80, 5],
      ],
    ]);
    expect(model.results.map((r) => r.key)).toHaveLength(1);
    expect(model.tallies.get('a')).toEqual({ done: 1, ok: 1, failed: 0 });
    expect(model.failures).toEqual([
      { profile_id: 'b', reason: 'profile_config', message: 'bad URL' },
    ]);
  });

  it('grows a running line from progress points, each point once', () => {
    const model = new LiveRunModel(liveRun());
    model.apply({
      type: 'trial_started',
      run_id: RUN,
      profile_id: 'a',
      mode: 'stream',
      trial_index: 1,
      warmup: false,
    });
    model.apply(
      progress('a', 1, [
        [100, 1],
        [120, 3],
      ]),
    );
    // The same points again (a snapshot and an event overlapping), then new ones.
    model.apply(
      progress('a', 1, [
        [100, 1],
        [120, 3],
        [140, 4],
      ]),
    );
    const line = [...model.running.values()][0];
    expect(line?.points).toEqual([
      [100, 1],
      [120, 3],
      [140, 4],
    ]);
    expect(line?.tokens).toBe(4);
  });

  it("replaces a finished trial's running line by its final points, once", () => {
    const model = new LiveRunModel(liveRun());
    model.apply(progress('a', 1, [[100, 1]]));
    const event: AppEvent = { type: 'trial_finished', run_id: RUN, ...finished('a', 1) };
    model.apply(event);
    model.apply(event);
    // A late progress event of a finished trial does not bring its line back.
    model.apply(progress('a', 1, [[500, 30]]));
    expect(model.running.size).toBe(0);
    expect(model.lines.map((l) => l.points)).toEqual([
      [
        [100, 1],
        [200, 10],
        [400, 20],
      ],
    ]);
    expect(model.tallies.get('a')).toEqual({ done: 1, ok: 1, failed: 0 });
    // A later snapshot with the same trial changes nothing.
    model.applySnapshot(liveRun({ finished: [finished('a', 1)] }));
    expect(model.results).toHaveLength(1);
  });

  it('keeps plain trials out of the timeline but in the results', () => {
    const model = new LiveRunModel(liveRun());
    model.apply({ type: 'trial_finished', run_id: RUN, ...finished('a', 1, 'plain') });
    expect(model.lines).toEqual([]);
    expect(model.results).toHaveLength(1);
  });

  it("ignores other runs' events, and notes failures, errors and the end once", () => {
    const model = new LiveRunModel(liveRun());
    expect(model.apply({ type: 'run_error', run_id: 'other', message: 'x' })).toBe(false);
    const failure: AppEvent = {
      type: 'profile_failed',
      run_id: RUN,
      profile_id: 'b',
      reason: 'key_unavailable',
      message: 'no keychain',
    };
    model.apply(failure);
    model.apply(failure);
    model.apply({ type: 'run_error', run_id: RUN, message: 'disk full' });
    model.apply({ type: 'run_error', run_id: RUN, message: 'disk full' });
    expect(model.failures).toHaveLength(1);
    expect(model.errors).toEqual(['disk full']);
    const outcome: RunOutcome = {
      run_id: RUN,
      status: 'cancelled',
      ended_at: '2026-01-01T10:01:00.000Z',
      saved_trials: 1,
      dropped_trials: 1,
      failures: [],
      errors: [],
    };
    model.apply(progress('a', 1, [[100, 1]]));
    model.apply({ type: 'run_finished', run_id: RUN, status: 'cancelled', outcome });
    expect(model.end).toEqual({
      status: 'cancelled',
      outcome,
      failed_trials: 0,
      failing_profiles: 0,
    });
    expect(model.running.size).toBe(0);
  });

  it('ends counting what failed: the trials, and the profiles with no ok trial or mostly failed', () => {
    const model = new LiveRunModel(liveRun());
    const failed = (profile_id: string, k: number) => ({
      ...finished(profile_id, k),
      brief: brief('network_error'),
    });
    for (const trial of [failed('a', 1), failed('a', 2), finished('b', 1), failed('b', 2)]) {
      model.apply({ type: 'trial_finished', run_id: RUN, ...trial });
    }
    model.markGone();
    // a: 0 of 2 ok; b: 1 of 2, not fewer ok than failed.
    expect(model.end).toMatchObject({ failed_trials: 3, failing_profiles: 1 });
  });

  it('knows a run that runsLive no longer lists has ended', () => {
    const model = new LiveRunModel(liveRun());
    model.markGone();
    expect(model.end).toEqual({
      status: null,
      outcome: null,
      failed_trials: 0,
      failing_profiles: 0,
    });
  });

  it('stays bounded however long the run', () => {
    const model = new LiveRunModel(liveRun({}, 2000));
    const many: [number, number][] = Array.from({ length: 3 * MAX_RUNNING_POINTS }, (_, i) => [
      i,
      i,
    ]);
    model.apply(progress('a', 1, many));
    const line = [...model.running.values()][0]?.points ?? [];
    expect(line.length).toBeLessThanOrEqual(MAX_RUNNING_POINTS);
    expect(line.at(-1)).toEqual(many.at(-1));
    for (let i = 1; i <= MAX_RESULTS + MAX_FINISHED_LINES; i++) {
      model.apply({ type: 'trial_finished', run_id: RUN, ...finished('b', i) });
    }
    expect(model.results).toHaveLength(MAX_RESULTS);
    expect(model.lines).toHaveLength(MAX_FINISHED_LINES);
    expect(model.tallies.get('b')?.done).toBe(MAX_RESULTS + MAX_FINISHED_LINES);
    expect(model.results.at(-1)?.trial_index).toBe(MAX_RESULTS + MAX_FINISHED_LINES);
  });

  it('halves a line, keeping its last point', () => {
    const points: [number, number][] = [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ];
    expect(halvePoints(points, 3)).toEqual([
      [1, 1],
      [3, 3],
      [5, 5],
    ]);
    expect(halvePoints(points.slice(0, 4), 3)).toEqual([
      [1, 1],
      [3, 3],
      [4, 4],
    ]);
  });
});

describe('what the live view draws', () => {
  it("says each profile's progress, what it runs now, and roughly what is left", () => {
    const model = new LiveRunModel(liveRun({ finished: [finished('a', 1)] }));
    model.apply(progress('a', 2, [[100, 7]]));
    model.apply({
      type: 'profile_failed',
      run_id: RUN,
      profile_id: 'b',
      reason: 'profile_config',
      message: 'bad URL',
    });
    const snapshot = liveSnapshot(model, STARTED + 10_000);
    expect(snapshot.elapsedMs).toBe(10_000);
    expect(snapshot).toMatchObject({ done: 1, planned: 8 });
    const [a, b] = snapshot.profiles;
    expect(a).toMatchObject({
      name: 'Profile A',
      model: 'model-a',
      // Its own colour, not its place in the run.
      color: 3,
      planned: 4,
      done: 1,
      state: 'running',
      current: { mode: 'stream', trial_index: 2, tokens: 7 },
      // One trial in 10 s, three to go.
      leftMs: 30_000,
    });
    expect(b).toMatchObject({
      state: 'failed',
      failure: { reason: 'profile_config' },
      leftMs: null,
    });
    const waiting = liveSnapshot(new LiveRunModel(liveRun()), STARTED).profiles[0];
    expect(waiting).toMatchObject({ state: 'waiting', current: null, leftMs: null });
  });

  it('counts a rate limit or pacing wait down, from an event or a page opened mid-wait, until the next trial', () => {
    const rateLimited = {
      profile_id: 'a',
      reason: 'rate_limit' as const,
      wait_ms: 20_000,
      retry_after_s: 3600,
      capped: true,
      until: STARTED + 30_000,
    };
    const model = new LiveRunModel(liveRun({ finished: [finished('a', 1)] }));
    model.apply({ type: 'profile_waiting', run_id: RUN, ...rateLimited });
    expect(liveSnapshot(model, STARTED + 12_000).profiles[0]?.wait).toEqual({
      reason: 'rate_limit',
      retry_after_s: 3600,
      capped: true,
      leftMs: 18_000,
    });
    // What is left is never less than the wait: one trial in 1 s says 3 s, the wait 29 s.
    expect(liveSnapshot(model, STARTED + 1000).profiles[0]?.leftMs).toBe(29_000);
    // Past its moment (the next trial not started yet): nothing left, never less.
    expect(liveSnapshot(model, STARTED + 31_000).profiles[0]?.wait?.leftMs).toBe(0);
    model.apply({
      type: 'trial_started',
      run_id: RUN,
      profile_id: 'a',
      mode: 'plain',
      trial_index: 1,
      warmup: false,
    });
    expect(liveSnapshot(model, STARTED + 31_000).profiles[0]?.wait).toBeNull();

    // Nor less than its pacing: 4 calls 10 s apart, one done, two more after the next.
    const pacedRun = liveRun({ finished: [finished('a', 1)] });
    pacedRun.plan.per_profile[0] = { profile_id: 'a', calls: 4, min_ms: 30_000 };
    expect(liveSnapshot(new LiveRunModel(pacedRun), STARTED + 1000).profiles[0]?.leftMs).toBe(
      20_000,
    );

    const paced = {
      ...rateLimited,
      profile_id: 'b',
      reason: 'pacing' as const,
      retry_after_s: null,
      capped: false,
    };
    const opened = new LiveRunModel(liveRun({ finished: [finished('b', 1)], waits: [paced] }));
    expect(liveSnapshot(opened, STARTED + 25_000).profiles[1]?.wait).toMatchObject({
      reason: 'pacing',
      leftMs: 5000,
    });
    opened.apply({
      type: 'profile_failed',
      run_id: RUN,
      profile_id: 'b',
      reason: 'gave_up',
      message: 'stopped',
    });
    expect(liveSnapshot(opened, STARTED + 25_000).profiles[1]).toMatchObject({
      state: 'failed',
      wait: null,
    });
  });

  it('lists results newest first, and keeps what did not change the same object', () => {
    const model = new LiveRunModel(liveRun());
    model.apply({ type: 'trial_finished', run_id: RUN, ...finished('a', 1) });
    model.apply({ type: 'trial_finished', run_id: RUN, ...finished('a', 2) });
    const first = liveSnapshot(model, STARTED + 1000);
    expect(first.results.map((r) => r.trial_index)).toEqual([2, 1]);
    const second = liveSnapshot(model, STARTED + 2000, first);
    expect(second.results).toBe(first.results);
    expect(second.lines).toBe(first.lines);
    model.apply(progress('b', 1, [[100, 1]]));
    const third = liveSnapshot(model, STARTED + 3000, second);
    expect(third.lines).not.toBe(second.lines);
    expect(third.results).toBe(first.results);
  });

  it('draws finished lines first and running ones on top, dashed when failed, within the budget', () => {
    const model = new LiveRunModel(liveRun({}, 400));
    const long: [number, number][] = Array.from({ length: 1500 }, (_, i) => [i, i]);
    for (let i = 1; i <= 100; i++) {
      model.apply({
        type: 'trial_finished',
        run_id: RUN,
        ...finished('a', i),
        brief: brief(i === 1 ? 'idle_timeout' : 'ok'),
        points: long,
      });
    }
    model.apply(progress('b', 1, long));
    const { lines } = liveSnapshot(model, STARTED);
    expect(lines).toHaveLength(101);
    expect(lines[0]?.failed).toBe(true);
    expect(lines.at(-1)).toMatchObject({ profileId: 'b', color: 5, failed: false });
    const points = lines.reduce((sum, line) => sum + line.points.length, 0);
    expect(points).toBeLessThanOrEqual(CHART_POINT_BUDGET + lines.length);
    // Every line still ends where its trial got to.
    expect(lines.every((line) => line.points.at(-1)?.[0] === 1499)).toBe(true);
  });

  it('thins a line to about the points asked for, keeping the last', () => {
    const points: [number, number][] = Array.from({ length: 10 }, (_, i) => [i, i]);
    expect(thinPoints(points, 20)).toBe(points);
    expect(thinPoints(points, 4)).toEqual([
      [0, 0],
      [3, 3],
      [6, 6],
      [9, 9],
    ]);
    expect(thinPoints(points, 3)).toEqual([
      [0, 0],
      [4, 4],
      [8, 8],
      [9, 9],
    ]);
  });
});

describe('the redraw throttle', () => {
  function fakeFrames() {
    let now = 0;
    let next = 1;
    const timers = new Map<number, { at: number; run: () => void }>();
    const frames = new Map<number, () => void>();
    const scheduler: FrameScheduler = {
      now: () => now,
      setTimeout: (run, ms) => (timers.set(next, { at: now + ms, run }), next++),
      clearTimeout: (handle) => void timers.delete(handle),
      requestFrame: (run) => (frames.set(next, run), next++),
      cancelFrame: (handle) => void frames.delete(handle),
    };
    return {
      scheduler,
      /** Moves the clock on, running the timers due and then one frame. */
      advance(ms: number) {
        now += ms;
        for (const [handle, timer] of [...timers]) {
          if (timer.at <= now) {
            timers.delete(handle);
            timer.run();
          }
        }
        for (const [handle, frame] of [...frames]) {
          frames.delete(handle);
          frame();
        }
      },
      pending: () => timers.size + frames.size,
    };
  }

  it('redraws at most once per interval, in a frame, merging the requests between', () => {
    const frames = fakeFrames();
    let redraws = 0;
    const throttle = new RenderThrottle(250, frames.scheduler, () => redraws++);
    throttle.request();
    throttle.request();
    frames.advance(0);
    expect(redraws).toBe(1);
    for (let i = 0; i < 10; i++) {
      throttle.request();
      frames.advance(20);
    }
    // 200 ms after the first redraw: not yet.
    expect(redraws).toBe(1);
    frames.advance(60);
    expect(redraws).toBe(2);
    frames.advance(1000);
    expect(redraws).toBe(2);
  });

  it('draws nothing after it is disposed', () => {
    const frames = fakeFrames();
    let redraws = 0;
    const throttle = new RenderThrottle(250, frames.scheduler, () => redraws++);
    throttle.request();
    throttle.dispose();
    frames.advance(1000);
    expect(redraws).toBe(0);
    expect(frames.pending()).toBe(0);
  });
});

describe('durations', () => {
  it('are whole seconds, minutes and hours, never "0 s" for time that passed', () => {
    expect(durationParts(0)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(durationParts(300)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(durationParts(61_499)).toEqual({ hours: 0, minutes: 1, seconds: 1 });
    expect(durationParts(3_725_000)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
  });
});

describe('the live view words', () => {
  it('name every reason a profile may fail, in both languages', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const reasons = resources[language].translation.runs.live.failureReason;
      expect(Object.keys(reasons).sort()).toEqual([
        'gave_up',
        'internal',
        'key_unavailable',
        'profile_config',
      ]);
    }
  });
});
