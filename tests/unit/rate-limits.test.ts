// Free tiers in the orchestrator, on a virtual clock: pacing spaces a
// profile's calls (warm-ups included) without holding the others back, a
// Retry-After holds the next call back as told and no longer than the cap,
// and a profile that keeps failing gives up while the others go on. Minutes
// of waiting take no time: the clock jumps to the next wake-up once nothing
// else can run.

import { inThreadMeasurer } from '../../src/main/measuring';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type TrialRunner } from '../../src/main/probe';
import {
  createCallGate,
  createCallGates,
  type CallGates,
  type CallTimers,
} from '../../src/main/runs/call-gate';
import { planRun, startRun, type SessionFactory } from '../../src/main/runs';
import type { Profile, RunConfig, RunEvent, StoredTrial } from '../../src/shared/run';
import type { Trial } from '../../src/shared/trial';
import { makeProfile } from '../support/profile-fixture';
import { makeTrial } from './trial-fixture';

/** Timers whose clock moves only when every task that does not sleep has run. */
function virtualTime() {
  let now = 0;
  const sleepers: { at: number; wake: () => void }[] = [];
  let driving = false;
  const idle = async (): Promise<void> => {
    for (let i = 0; i < 30; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };
  const drive = async (): Promise<void> => {
    if (driving) return;
    driving = true;
    for (;;) {
      await idle();
      sleepers.sort((a, b) => a.at - b.at);
      const next = sleepers.shift();
      if (!next) break;
      now = Math.max(now, next.at);
      next.wake();
    }
    driving = false;
  };
  const timers: CallTimers = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        const sleeper = { at: now + ms, wake: resolve };
        sleepers.push(sleeper);
        signal.addEventListener(
          'abort',
          () => {
            sleepers.splice(sleepers.indexOf(sleeper), 1);
            resolve();
          },
          { once: true },
        );
        void drive();
      }),
  };
  return { timers, now: () => now };
}

interface Call {
  profile: string;
  at: number;
}

/** Sessions that answer at once with what `answer` gives for the profile's nth call (from 1). */
function scriptedSessions(clock: CallTimers, answer: (model: string, n: number) => Partial<Trial>) {
  const calls: Call[] = [];
  const factory: SessionFactory = (endpoint) => {
    let n = 0;
    const runner: TrialRunner = {
      runTrial(request) {
        calls.push({ profile: endpoint.model, at: clock.now() });
        return Promise.resolve(makeTrial({ mode: request.mode, ...answer(endpoint.model, ++n) }));
      },
      close: () => undefined,
    };
    return runner;
  };
  const startsOf = (model: string): number[] =>
    calls.filter((c) => c.profile === model).map((c) => c.at);
  return { factory, calls, startsOf };
}

const profiles = (...list: Profile[]) => {
  const byId = new Map(list.map((p) => [p.id, p]));
  return { get: (id: string) => byId.get(id) };
};

const paced = (id: string, max_rpm: number) =>
  makeProfile(id, { model: id, defaults: { max_rpm } });
const plain = (id: string) => makeProfile(id, { model: id });

function config(overrides: Partial<RunConfig>): RunConfig {
  return {
    prompt: 'Hi',
    max_tokens: 16,
    modes: ['stream'],
    trials: 3,
    profile_ids: [],
    limits: { ...DEFAULT_LIMITS },
    reuse_connection: false,
    warmup: false,
    ...overrides,
  };
}

const limited = (retry_after_s: number): Partial<Trial> => ({
  status: 'http_error',
  http_status: 429,
  retry_after_s,
  error: 'HTTP 429: Rate limit exceeded',
});

function run(
  lookup: ReturnType<typeof profiles>,
  runConfig: RunConfig,
  factory: SessionFactory,
  gates: CallGates,
) {
  const saved: StoredTrial[] = [];
  const events: RunEvent[] = [];
  const handle = startRun(
    {
      profiles: lookup,
      keys: { readKeyForRequest: async () => undefined },
      sink: {
        createRun: () => undefined,
        saveTrial: (trial) => void saved.push(trial),
        saveProfileFailure: () => undefined,
        finishRun: () => undefined,
      },
      measurer: inThreadMeasurer({ createSession: factory, gates }),
    },
    runConfig,
  );
  handle.subscribe((event) => void events.push(event));
  return { handle, saved, events };
}

const waits = (events: RunEvent[], profile: string) =>
  events.flatMap((e) =>
    e.type === 'profile_waiting' && e.profile_id === profile
      ? [{ reason: e.reason, wait_ms: e.wait_ms, retry_after_s: e.retry_after_s, capped: e.capped }]
      : [],
  );

describe('pacing', () => {
  it("starts a paced profile's calls 60/N s apart, warm-ups included, and never delays the others", async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, () => ({}));
    const { handle, events } = run(
      profiles(paced('slow', 2), plain('fast')),
      config({ profile_ids: ['slow', 'fast'], trials: 3, warmup: true }),
      sessions.factory,
      createCallGates(time.timers),
    );
    const outcome = await handle.done;
    expect(outcome.status).toBe('completed');
    expect(sessions.startsOf('slow')).toEqual([0, 30_000, 60_000, 90_000]);
    expect(sessions.startsOf('fast')).toEqual([0, 0, 0, 0]);
    expect(waits(events, 'slow')).toEqual(
      Array.from({ length: 3 }, () => ({
        reason: 'pacing',
        wait_ms: 30_000,
        retry_after_s: null,
        capped: false,
      })),
    );
    expect(waits(events, 'fast')).toEqual([]);
    // The plan said as much before the first call.
    expect(handle.plan.per_profile).toEqual([
      { profile_id: 'slow', calls: 4, min_ms: 90_000 },
      { profile_id: 'fast', calls: 4, min_ms: 0 },
    ]);
    expect(handle.plan.min_duration_ms).toBe(90_000);
  });

  it('keeps the spacing across two runs of one profile at once: they share its limit', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, () => ({}));
    const gates = createCallGates(time.timers);
    const lookup = profiles(paced('shared', 6));
    const first = run(
      lookup,
      config({ profile_ids: ['shared'], trials: 2 }),
      sessions.factory,
      gates,
    );
    const second = run(
      lookup,
      config({ profile_ids: ['shared'], trials: 2 }),
      sessions.factory,
      gates,
    );
    await Promise.all([first.handle.done, second.handle.done]);
    expect(sessions.startsOf('shared')).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it('plans the least time pacing takes: the slowest paced profile decides', () => {
    const plan = planRun(
      config({ profile_ids: ['a', 'b', 'c'], trials: 5, modes: ['stream', 'plain'] }),
      profiles(paced('a', 10), paced('b', 30), plain('c')),
    );
    // 10 calls each: 9 gaps of 6 s and of 2 s.
    expect(plan.per_profile.map((p) => p.min_ms)).toEqual([54_000, 18_000, 0]);
    expect(plan.min_duration_ms).toBe(54_000);
  });

  it('refuses a pacing that is no whole number of calls per minute', () => {
    expect(() => planRun(config({ profile_ids: ['a'] }), profiles(paced('a', 0.5)))).toThrow(
      'profile a: max_rpm must be a whole number from 1 to 60000, got 0.5',
    );
  });
});

describe('Retry-After', () => {
  it('holds the next call back as long as the provider said, and says so', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, (_model, n) => (n === 1 ? limited(20) : {}));
    const { handle, saved, events } = run(
      profiles(plain('a'), plain('b')),
      config({ profile_ids: ['a', 'b'], trials: 3 }),
      sessions.factory,
      createCallGates(time.timers),
    );
    await handle.done;
    expect(sessions.startsOf('a')).toEqual([0, 20_000, 20_000]);
    expect(waits(events, 'a')).toEqual([
      { reason: 'rate_limit', wait_ms: 20_000, retry_after_s: 20, capped: false },
    ]);
    // A 429 is a measured trial like any other, kept with what the provider said.
    const first = saved.find((s) => s.profile_id === 'a' && s.trial_index === 1)?.trial;
    expect(first).toMatchObject({ status: 'http_error', http_status: 429, retry_after_s: 20 });
    expect(saved).toHaveLength(6);
  });

  it('waits no longer than max_retry_wait_ms, and says the wait was capped', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, (_model, n) => (n === 1 ? limited(3600) : {}));
    const { handle, events } = run(
      profiles(plain('a')),
      config({ profile_ids: ['a'], trials: 2, max_retry_wait_ms: 45_000 }),
      sessions.factory,
      createCallGates(time.timers),
    );
    await handle.done;
    expect(sessions.startsOf('a')).toEqual([0, 45_000]);
    expect(waits(events, 'a')).toEqual([
      { reason: 'rate_limit', wait_ms: 45_000, retry_after_s: 3600, capped: true },
    ]);
  });

  it('takes the later of pacing and the rate limit, and ignores Retry-After on a success', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, (_model, n) =>
      n === 1 ? limited(5) : { retry_after_s: 600 },
    );
    const { handle } = run(
      profiles(paced('a', 6)),
      config({ profile_ids: ['a'], trials: 3, max_retry_wait_ms: 0 }),
      sessions.factory,
      createCallGates(time.timers),
    );
    await handle.done;
    // max_retry_wait_ms 0: never wait for a Retry-After; pacing still spaces the calls.
    expect(sessions.startsOf('a')).toEqual([0, 10_000, 20_000]);

    const time2 = virtualTime();
    const sessions2 = scriptedSessions(time2.timers, (_model, n) =>
      n === 1 ? limited(25) : { retry_after_s: 600 },
    );
    const second = run(
      profiles(paced('a', 6)),
      config({ profile_ids: ['a'], trials: 3 }),
      sessions2.factory,
      createCallGates(time2.timers),
    );
    await second.handle.done;
    expect(sessions2.startsOf('a')).toEqual([0, 25_000, 35_000]);
  });

  it('stops waiting at once when the run is cancelled', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, () => limited(600));
    const gates = createCallGates(time.timers);
    const { handle, events } = run(
      profiles(plain('a')),
      config({ profile_ids: ['a'], trials: 3, max_retry_wait_ms: 600_000 }),
      sessions.factory,
      gates,
    );
    await new Promise<void>((resolve) =>
      handle.subscribe((e) => e.type === 'profile_waiting' && resolve()),
    );
    handle.cancel();
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ status: 'cancelled', saved_trials: 1 });
    expect(sessions.calls).toHaveLength(1);
    expect(time.now()).toBe(0);
    expect(waits(events, 'a')).toHaveLength(1);
  });

  it("cancels at once a run waiting out another run's rate limit on the same profile", async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, () => limited(600));
    const gates = createCallGates(time.timers);
    const lookup = profiles(plain('a'));
    const longRun = { profile_ids: ['a'], trials: 3, max_retry_wait_ms: 600_000 };
    const first = run(lookup, config(longRun), sessions.factory, gates);
    await new Promise<void>((resolve) =>
      first.handle.subscribe((e) => e.type === 'profile_waiting' && resolve()),
    );
    const second = run(lookup, config(longRun), sessions.factory, gates);
    await new Promise<void>((resolve) =>
      second.handle.subscribe((e) => e.type === 'profile_waiting' && resolve()),
    );
    second.handle.cancel();
    expect(await second.handle.done).toMatchObject({ status: 'cancelled', saved_trials: 0 });
    expect(time.now()).toBe(0);
    first.handle.cancel();
    await first.handle.done;
    expect(sessions.calls).toHaveLength(1);
  });

  it('a waiter that its signal stops takes no slot; the next one gets it on time', async () => {
    const time = virtualTime();
    const gate = createCallGate(time.timers);
    const stop = new AbortController();
    const never = new AbortController().signal;
    expect(await gate.acquire(60_000, never, () => undefined)).toBe(true);
    const first = gate.acquire(60_000, stop.signal, () => undefined);
    stop.abort();
    expect(await first).toBe(false);
    expect(await gate.acquire(60_000, never, () => undefined)).toBe(true);
    expect(time.now()).toBe(60_000);
  });
});

describe('a gate on timers that wake a fraction early', () => {
  it('never lets a call start early, and announces the wait once', async () => {
    let now = 0;
    // libuv's timers count whole ms from a cached loop time: they can fire just before the moment.
    const timers: CallTimers = {
      now: () => now,
      sleep: async (ms) => {
        now += Math.max(0.25, ms - 0.5);
      },
    };
    const gate = createCallGate(timers);
    const never = new AbortController().signal;
    const heard: number[] = [];
    expect(await gate.acquire(100, never, () => undefined)).toBe(true);
    now += 10.3;
    expect(await gate.acquire(100, never, (wait) => heard.push(wait.wait_ms))).toBe(true);
    expect(now).toBeGreaterThanOrEqual(100);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toBeCloseTo(89.7, 6);
  });
});

describe('giving up', () => {
  const down: Partial<Trial> = {
    status: 'http_error',
    http_status: 503,
    error: 'HTTP 503: Provider returned error',
  };

  it('stops a profile after K failures in a row and says why; the others go on', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, (model) => (model === 'down' ? down : {}));
    const { handle, saved, events } = run(
      profiles(plain('down'), plain('up')),
      config({
        profile_ids: ['down', 'up'],
        trials: 4,
        modes: ['stream', 'plain'],
        give_up_after: 3,
      }),
      sessions.factory,
      createCallGates(time.timers),
    );
    const outcome = await handle.done;
    expect(sessions.startsOf('down')).toHaveLength(3);
    expect(sessions.startsOf('up')).toHaveLength(8);
    const message =
      'profile “Profile down” stopped after 3 failed trials in a row (the last: http_error: HTTP 503: Provider returned error); its 5 remaining calls were not made';
    expect(outcome).toMatchObject({
      status: 'completed',
      saved_trials: 11,
      failures: [{ profile_id: 'down', reason: 'gave_up', message }],
    });
    expect(events.filter((e) => e.type === 'profile_failed')).toEqual([
      {
        type: 'profile_failed',
        run_id: handle.runId,
        profile_id: 'down',
        reason: 'gave_up',
        message,
        // The same, for the renderer to say in its language.
        text: {
          key: 'runs.gave_up_other',
          values: {
            name: 'Profile down',
            failed: 3,
            why: 'http_error: HTTP 503: Provider returned error',
            left: 5,
          },
        },
      },
    ]);
    expect(saved.filter((s) => s.profile_id === 'down').map((s) => s.trial.status)).toEqual([
      'http_error',
      'http_error',
      'http_error',
    ]);
  });

  it('counts failures in a row only: a success in between starts the count again', async () => {
    const time = virtualTime();
    // fail, fail, ok, fail, fail, ok: never 3 in a row.
    const sessions = scriptedSessions(time.timers, (_model, n) => (n % 3 === 0 ? {} : down));
    const { handle } = run(
      profiles(plain('a')),
      config({ profile_ids: ['a'], trials: 6, give_up_after: 3 }),
      sessions.factory,
      createCallGates(time.timers),
    );
    expect((await handle.done).failures).toEqual([]);
    expect(sessions.calls).toHaveLength(6);
  });

  it('gives up by default after 5, never with 0, and not when nothing is left to call', async () => {
    const counts: number[] = [];
    for (const give_up_after of [undefined, 0, 6]) {
      const time = virtualTime();
      const sessions = scriptedSessions(time.timers, () => down);
      const { handle } = run(
        profiles(plain('a')),
        config({ profile_ids: ['a'], trials: 6, give_up_after }),
        sessions.factory,
        createCallGates(time.timers),
      );
      const outcome = await handle.done;
      counts.push(sessions.calls.length);
      expect(outcome.failures.map((f) => f.reason)).toEqual(
        give_up_after === undefined ? ['gave_up'] : [],
      );
    }
    expect(counts).toEqual([5, 6, 6]);
  });

  it('waits for each Retry-After before giving up on a profile the provider keeps refusing', async () => {
    const time = virtualTime();
    const sessions = scriptedSessions(time.timers, () => limited(10));
    const { handle, events } = run(
      profiles(plain('a')),
      config({ profile_ids: ['a'], trials: 5, give_up_after: 3 }),
      sessions.factory,
      createCallGates(time.timers),
    );
    const outcome = await handle.done;
    expect(sessions.startsOf('a')).toEqual([0, 10_000, 20_000]);
    expect(waits(events, 'a').map((w) => w.reason)).toEqual(['rate_limit', 'rate_limit']);
    expect(outcome.failures[0]?.message).toContain('stopped after 3 failed trials in a row');
    expect(outcome.failures[0]?.message).toContain('its 2 remaining calls were not made');
  });
});
