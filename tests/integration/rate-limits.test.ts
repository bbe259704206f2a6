// Free tiers over real HTTP on 127.0.0.1, with real timers: a provider that
// answers 429 with Retry-After (in seconds, and as an HTTP date) then 200, one
// that is down, and pacing. A Retry-After's wait is measured where the
// requests arrive (the wait starts after the refused answer ended, so arrivals
// bound it from below); pacing, which spaces the calls' starts, where each
// call starts. Both on the monotonic clock the engine uses.

import { inThreadMeasurer } from '../../src/main/measuring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monotonicClock } from '../../src/main/clock';
import { createProbeSession, DEFAULT_LIMITS } from '../../src/main/probe';
import { startRun } from '../../src/main/runs';
import { createCallGates } from '../../src/main/runs/call-gate';
import type { Profile, RunConfig, RunEvent, StoredTrial } from '../../src/shared/run';
import { gapsBetween, startFreeTierServer, type FreeTierServer } from '../support/free-tier-server';
import { makeProfile } from '../support/profile-fixture';

// A timer never fires before its time, but Node's timers count whole
// milliseconds while the monotonic clock has microseconds.
const TIMER_GRAIN_MS = 1;

let server: FreeTierServer;
beforeAll(async () => {
  server = await startFreeTierServer();
});
afterAll(async () => {
  await server.close();
});

let profileCount = 0;
function profile(model: string, defaults: Profile['defaults'] = {}): Profile {
  profileCount++;
  return makeProfile(`p${profileCount}`, {
    name: `${model} #${profileCount}`,
    base_url: server.baseUrl,
    model,
    defaults,
  });
}

function runOf(chosen: Profile[], overrides: Partial<RunConfig>) {
  const byId = new Map(chosen.map((p) => [p.id, p]));
  const saved: StoredTrial[] = [];
  const events: RunEvent[] = [];
  /** When each call started, by model: the moment the engine was asked for the trial. */
  const starts = new Map<string, number[]>();
  const handle = startRun(
    {
      profiles: { get: (id) => byId.get(id) },
      keys: { readKeyForRequest: async () => undefined },
      sink: {
        createRun: () => undefined,
        saveTrial: (trial) => void saved.push(trial),
        saveProfileFailure: () => undefined,
        finishRun: () => undefined,
      },
      // This file's own gates: no other test's profile shares them.
      measurer: inThreadMeasurer({
        gates: createCallGates(),
        createSession: (endpoint, options) => {
          const session = createProbeSession(endpoint, options);
          return {
            runTrial: (...args) => {
              starts.set(endpoint.model, [
                ...(starts.get(endpoint.model) ?? []),
                monotonicClock.now(),
              ]);
              return session.runTrial(...args);
            },
            close: () => session.close(),
          };
        },
      }),
    },
    {
      prompt: 'Hi',
      max_tokens: 16,
      modes: ['stream'],
      trials: 2,
      profile_ids: chosen.map((p) => p.id),
      limits: { ...DEFAULT_LIMITS },
      reuse_connection: false,
      warmup: false,
      ...overrides,
    },
  );
  handle.subscribe((event) => void events.push(event));
  const startGaps = (model: string): number[] => gapsBetween(starts.get(model) ?? []);
  return { handle, saved, events, startGaps };
}

describe('a 429 with Retry-After', () => {
  it('is saved as a measured http_error, and the next call waits the seconds it says', async () => {
    const model = 'limited:n=1,after=1';
    const limited = profile(model);
    const steady = profile('ok');
    const { handle, saved, events } = runOf([limited, steady], { trials: 3 });
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ status: 'completed', saved_trials: 6, failures: [] });

    const trials = saved.filter((s) => s.profile_id === limited.id).map((s) => s.trial);
    expect(trials.map((t) => t.status)).toEqual(['http_error', 'ok', 'ok']);
    expect(trials[0]).toMatchObject({ http_status: 429, retry_after_s: 1 });
    expect(trials[0]?.error).toContain('Rate limit exceeded');
    expect(server.callsOf(model).map((r) => r.status)).toEqual([429, 200, 200]);
    const [afterLimit = 0] = server.gapsOf(model);
    expect(afterLimit).toBeGreaterThanOrEqual(1000 - TIMER_GRAIN_MS);
    // One wait in the whole run: once answered, no more; the other profile never waited for it.
    expect(events.filter((e) => e.type === 'profile_waiting')).toEqual([
      {
        type: 'profile_waiting',
        run_id: handle.runId,
        profile_id: limited.id,
        reason: 'rate_limit',
        wait_ms: expect.any(Number),
        retry_after_s: 1,
        capped: false,
      },
    ]);
    expect(saved.filter((s) => s.profile_id === steady.id).map((s) => s.trial.status)).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('as an HTTP date, waits until that date', async () => {
    const model = 'limited-date:n=1,after=2';
    const { handle, saved } = runOf([profile(model)], { trials: 2 });
    await handle.done;
    // The date has whole seconds: what is left of them when it arrives, 1 or 2.
    const told = saved[0]?.trial.retry_after_s ?? 0;
    expect([1, 2]).toContain(told);
    expect(server.gapsOf(model)[0]).toBeGreaterThanOrEqual(told * 1000 - TIMER_GRAIN_MS);
  });

  it('waits no longer than the cap the user set, however long the provider asks', async () => {
    const model = 'limited:n=1,after=30';
    const { handle, saved, events } = runOf([profile(model)], {
      trials: 2,
      max_retry_wait_ms: 400,
    });
    await handle.done;
    expect(saved[0]?.trial.retry_after_s).toBe(30);
    const [gap = 0] = server.gapsOf(model);
    expect(gap).toBeGreaterThanOrEqual(400 - TIMER_GRAIN_MS);
    expect(gap).toBeLessThan(5000);
    expect(events.find((e) => e.type === 'profile_waiting')).toMatchObject({
      reason: 'rate_limit',
      retry_after_s: 30,
      capped: true,
    });
  });
});

describe('a provider that is down', () => {
  it('is given up after K failures in a row; the other profiles make every call', async () => {
    const down = profile('down');
    const steady = profile('ok');
    const before = server.callsOf('down').length;
    const { handle, saved } = runOf([down, steady], {
      trials: 4,
      modes: ['stream', 'plain'],
      give_up_after: 2,
    });
    const outcome = await handle.done;
    expect(server.callsOf('down').length - before).toBe(2);
    expect(saved.filter((s) => s.profile_id === steady.id)).toHaveLength(8);
    expect(outcome.status).toBe('completed');
    expect(outcome.failures).toEqual([
      {
        profile_id: down.id,
        reason: 'gave_up',
        message: expect.stringMatching(
          /^profile “down #\d+” stopped after 2 failed trials in a row \(the last: http_error: HTTP 503.*\); its 6 remaining calls were not made$/,
        ),
        text: {
          key: 'runs.gave_up_other',
          values: expect.objectContaining({ failed: 2, left: 6 }),
        },
      },
    ]);
  });
});

describe('pacing', () => {
  it("starts a paced profile's calls at least 60/N s apart, warm-ups included", async () => {
    const model = 'ok:paced';
    const { handle, startGaps } = runOf([profile(model, { max_rpm: 600 })], {
      trials: 2,
      modes: ['stream', 'plain'],
      warmup: true,
    });
    expect(handle.plan.min_duration_ms).toBe(500);
    await handle.done;
    const gaps = startGaps(model);
    expect(gaps).toHaveLength(5);
    expect(server.callsOf(model)).toHaveLength(6);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(100 - TIMER_GRAIN_MS);
  });
});
