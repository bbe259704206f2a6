// The run orchestrator against the simulated provider over real HTTP on
// 127.0.0.1: every call the plan announces is made, in the announced order,
// profiles side by side; every trial is saved once, off the socket path;
// cancel and keychain failures end cleanly; the key never leaks into events.
import { inThreadMeasurer } from '../../src/main/measuring';
import diagnostics from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProbeSession, DEFAULT_LIMITS } from '../../src/main/probe';
import {
  RunConfigError,
  startRun,
  type KeySource,
  type RunSink,
  type SessionFactory,
} from '../../src/main/runs';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type {
  Profile,
  ProfileFailure,
  RunConfig,
  RunEvent,
  RunRecord,
  RunStatus,
  StoredTrial,
} from '../../src/shared/run';
import type { Dialect, Trial } from '../../src/shared/trial';
import { makeProfile } from '../support/profile-fixture';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});

// ---------------------------------------------------------------------------
// Observing where code runs: a wrapped setImmediate marks the time spent
// directly inside an immediate callback (check phase). Microtasks run after
// the callback returns, so a write from an await continuation or a socket
// callback sees depth 0.
let immediateDepth = 0;
const realSetImmediate = globalThis.setImmediate;
function watchImmediates(): void {
  const wrapped = (callback: (...args: unknown[]) => void, ...args: unknown[]) =>
    realSetImmediate(() => {
      immediateDepth++;
      try {
        callback(...args);
      } finally {
        immediateDepth--;
      }
    });
  globalThis.setImmediate = Object.assign(wrapped, {
    __promisify__: realSetImmediate.__promisify__,
  }) as typeof setImmediate;
}
afterEach(() => {
  globalThis.setImmediate = realSetImmediate;
});

/** Where a sink call or an event delivery ran. */
interface Site {
  inImmediate: boolean;
  fromTurnQueue: boolean;
}
const site = (): Site => ({
  inImmediate: immediateDepth > 0,
  fromTurnQueue: /turn-queue\.ts/.test(new Error().stack ?? ''),
});

// ---------------------------------------------------------------------------
type SinkCall =
  | { kind: 'createRun'; record: RunRecord; site: Site }
  | { kind: 'saveTrial'; stored: StoredTrial; site: Site }
  | { kind: 'saveProfileFailure'; id: string; failure: ProfileFailure; site: Site }
  | { kind: 'finishRun'; id: string; status: RunStatus; ended_at: string; site: Site };

function memorySink(): RunSink & { calls: SinkCall[]; saved: () => StoredTrial[] } {
  const calls: SinkCall[] = [];
  return {
    calls,
    saved: () => calls.flatMap((c) => (c.kind === 'saveTrial' ? [c.stored] : [])),
    createRun: (record) => void calls.push({ kind: 'createRun', record, site: site() }),
    saveTrial: (stored) => void calls.push({ kind: 'saveTrial', stored, site: site() }),
    saveProfileFailure: (id, failure) =>
      void calls.push({ kind: 'saveProfileFailure', id, failure, site: site() }),
    finishRun: (id, status, ended_at) =>
      void calls.push({ kind: 'finishRun', id, status, ended_at, site: site() }),
  };
}

// Profiles are written down before the simulator has its port: `lookup` fills it in.
const SIM = '{sim}';

function profile(id: string, model: string, dialect: Dialect = 'openai-chat'): Profile {
  return makeProfile(id, {
    base_url: dialect === 'openai-chat' ? `${SIM}/v1` : SIM,
    model,
    dialect,
    headers: { 'x-profile': id },
  });
}

const lookup = (profiles: Profile[]) => {
  const byId = new Map(
    profiles.map((p) => [p.id, { ...p, base_url: p.base_url.replace(SIM, sim.url) }]),
  );
  return { get: (id: string) => byId.get(id) };
};

const noKeys: KeySource = { readKeyForRequest: async () => undefined };

function config(profile_ids: string[], overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    prompt: 'Explain in 100 words why free-tier latency is noisy.',
    max_tokens: 256,
    modes: ['stream', 'plain'],
    trials: 3,
    profile_ids,
    limits: { ...DEFAULT_LIMITS },
    reuse_connection: false,
    warmup: false,
    ...overrides,
  };
}

/** Every HTTP request this process starts, as the http module reports it. */
/** Counts this thread's HTTP requests: a test that counts measures here (inThreadMeasurer). */
function countHttpRequests(): { count: () => number; stop: () => void } {
  let n = 0;
  const onStart = (): void => {
    n++;
  };
  diagnostics.subscribe('http.client.request.start', onStart);
  return {
    count: () => n,
    stop: () => diagnostics.unsubscribe('http.client.request.start', onStart),
  };
}

interface TrialCall {
  model: string;
  mode: string;
  startedAfterCancel: boolean;
}

/** The real engine, watched: which trials started, in which order they resolved. */
function watchedSessions(isCancelled: () => boolean = () => false) {
  const started: TrialCall[] = [];
  const resolved: Trial[] = [];
  const factory: SessionFactory = (endpoint, options) => {
    const inner = createProbeSession(endpoint, options);
    return {
      async runTrial(request, limits, trialOptions) {
        started.push({
          model: endpoint.model,
          mode: request.mode,
          startedAfterCancel: isCancelled(),
        });
        const trial = await inner.runTrial(request, limits, trialOptions);
        resolved.push(trial);
        return trial;
      },
      close: () => inner.close(),
    };
  };
  return { factory, started, resolved };
}

const endOf = (t: Trial): number =>
  t.timeline.t0_mono_ms + (t.total_ms ?? t.last_token_ms ?? t.first_byte_ms ?? 0);

describe('a run of 3 profiles × 2 modes × 3 trials with warm-ups', () => {
  const profiles = [
    profile('a', 'sim-steady:tokens=20,gap=5,ttft=30'),
    profile('b', 'sim-jitter:tokens=20,ttft=40,gap=6,gap_min=2,gap_max=12,seed=3'),
    profile('c', 'sim-batched:tokens=24,per=3,gap=15,ttft=25', 'anthropic-messages'),
  ];
  const ids = profiles.map((p) => p.id);
  const modelOf = new Map(profiles.map((p) => [p.model, p.id]));

  let sink: ReturnType<typeof memorySink>;
  let events: { event: RunEvent; site: Site }[];
  let watched: ReturnType<typeof watchedSessions>;
  let httpRequests: number;
  let run: ReturnType<typeof startRun>;
  let outcome: Awaited<ReturnType<typeof startRun>['done']>;

  beforeAll(async () => {
    watchImmediates();
    sink = memorySink();
    events = [];
    watched = watchedSessions();
    const http = countHttpRequests();
    try {
      run = startRun(
        {
          profiles: lookup(profiles),
          keys: noKeys,
          sink,
          measurer: inThreadMeasurer({ createSession: watched.factory }),
        },
        config(ids, { warmup: true }),
      );
      run.subscribe((event) => events.push({ event, site: site() }));
      outcome = await run.done;
    } finally {
      http.stop();
      globalThis.setImmediate = realSetImmediate;
    }
    httpRequests = http.count();
  }, 30_000);

  it('announces and makes exactly the planned calls, warm-ups included', () => {
    // Per profile: one warm-up per mode (2) + 3 rounds × 2 modes (6).
    expect(run.plan).toEqual({
      calls: 24,
      warmup_calls: 6,
      per_profile: ids.map((profile_id) => ({ profile_id, calls: 8, min_ms: 0 })),
      min_duration_ms: 0,
    });
    expect(httpRequests).toBe(24);
    expect(watched.started).toHaveLength(24);
    expect(sink.saved()).toHaveLength(24);
    expect(outcome).toMatchObject({
      status: 'completed',
      saved_trials: 24,
      dropped_trials: 0,
      failures: [],
      errors: [],
    });
    for (const stored of sink.saved()) expect(stored.trial.status).toBe('ok');
  });

  it('runs each profile warm-ups first, then rounds alternating stream and plain', () => {
    for (const id of ids) {
      const mine = sink.saved().filter((s) => s.profile_id === id);
      expect(mine.map((s) => [s.trial.mode, s.trial_index, s.warmup])).toEqual([
        ['stream', 0, true],
        ['plain', 0, true],
        ['stream', 1, false],
        ['plain', 1, false],
        ['stream', 2, false],
        ['plain', 2, false],
        ['stream', 3, false],
        ['plain', 3, false],
      ]);
      // Sequential within the profile: each trial starts after the previous one ended.
      for (let i = 1; i < mine.length; i++) {
        const previous = mine[i - 1] as StoredTrial;
        const current = mine[i] as StoredTrial;
        expect(current.trial.timeline.t0_mono_ms).toBeGreaterThanOrEqual(endOf(previous.trial));
      }
    }
    // The engine was asked in that order too.
    for (const [model, id] of modelOf) {
      const modes = watched.started.filter((c) => c.model === model).map((c) => c.mode);
      expect(modes, id).toEqual([
        'stream',
        'plain',
        'stream',
        'plain',
        'stream',
        'plain',
        'stream',
        'plain',
      ]);
    }
  });

  it('runs the profiles at the same time', () => {
    const byProfile = ids.map((id) =>
      sink
        .saved()
        .filter((s) => s.profile_id === id)
        .map((s) => s.trial),
    );
    // Every profile's first trial started before any profile's first trial ended.
    const firstStarts = byProfile.map((trials) => trials[0]?.timeline.t0_mono_ms ?? NaN);
    const firstEnds = byProfile.map((trials) => endOf(trials[0] as Trial));
    expect(Math.max(...firstStarts)).toBeLessThan(Math.min(...firstEnds));
    // And every pair of profiles had trials in flight together throughout.
    for (let i = 0; i < byProfile.length; i++) {
      for (let j = i + 1; j < byProfile.length; j++) {
        const overlaps = (byProfile[i] ?? []).some((x) =>
          (byProfile[j] ?? []).some(
            (y) => x.timeline.t0_mono_ms < endOf(y) && y.timeline.t0_mono_ms < endOf(x),
          ),
        );
        expect(overlaps, `${ids[i]} and ${ids[j]} overlap`).toBe(true);
      }
    }
    // The whole run took about as long as its slowest profile, not the sum.
    const all = byProfile.flat();
    const span = Math.max(...all.map(endOf)) - Math.min(...all.map((t) => t.timeline.t0_mono_ms));
    const slowest = Math.max(
      ...byProfile.map(
        (trials) => endOf(trials.at(-1) as Trial) - (trials[0]?.timeline.t0_mono_ms ?? 0),
      ),
    );
    expect(span).toBeLessThan(slowest * 1.5);
  });

  it('creates the run first, saves every trial once in the order trials ended, then finishes', () => {
    const [first, ...rest] = sink.calls;
    const last = rest.pop();
    expect(first?.kind).toBe('createRun');
    expect(last).toMatchObject({ kind: 'finishRun', id: run.runId, status: 'completed' });
    expect(rest.every((c) => c.kind === 'saveTrial')).toBe(true);

    const saved = sink.saved();
    expect(saved.every((s) => s.run_id === run.runId)).toBe(true);
    // Exactly once: the same trial objects the engine returned, in the order it returned them.
    expect(new Set(saved.map((s) => s.trial)).size).toBe(24);
    expect(saved.map((s) => s.trial)).toEqual(watched.resolved);
    saved.forEach((s, i) => expect(s.trial, `save #${i}`).toBe(watched.resolved[i]));
    const keys = saved.map((s) => `${s.profile_id}/${s.trial.mode}/${s.trial_index}`);
    expect(new Set(keys).size).toBe(24);
  });

  it('keeps a snapshot of the configuration and the profiles, without key', () => {
    const created = sink.calls[0];
    if (created?.kind !== 'createRun') throw new Error('no createRun');
    const { record } = created;
    expect(record).toMatchObject({
      id: run.runId,
      status: 'running',
      ended_at: null,
      planned_calls: 24,
      config: config(ids, { warmup: true }),
    });
    expect(record.profiles.map((p) => p.id)).toEqual(ids);
    expect(record.profiles[0]).toEqual({
      id: 'a',
      name: 'Profile a',
      base_url: `${sim.url}/v1`,
      model: profiles[0]?.model,
      dialect: 'openai-chat',
      headers: { 'x-profile': 'a' },
      defaults: {},
      params: {},
      notes: '',
      allow_insecure_key: false,
      key_header: null,
      key_prefix: null,
      query: {},
      key_env: null,
      has_key: null,
      proxy_mode: 'env',
      proxy_url: null,
      proxy_auth: false,
      builtin: false,
      color: profiles[0]?.color,
    });
    expect(Date.parse(record.started_at)).not.toBeNaN();
    const finished = sink.calls.at(-1);
    if (finished?.kind !== 'finishRun') throw new Error('no finishRun');
    expect(Date.parse(finished.ended_at)).toBeGreaterThanOrEqual(Date.parse(record.started_at));
  });

  it('saves and fans out only from its own check-phase turns, never inside the engine', () => {
    for (const call of sink.calls.filter((c) => c.kind !== 'createRun')) {
      expect(call.site).toEqual({ inImmediate: true, fromTurnQueue: true });
    }
    for (const { event, site: where } of events) {
      expect(where, event.type).toEqual({ inImmediate: true, fromTurnQueue: true });
    }
  });

  it('reports progress: started, coalesced progress, finished, in order per trial', () => {
    const types = events.map((e) => e.event.type);
    expect(types[0]).toBe('run_started');
    expect(types.at(-1)).toBe('run_finished');
    expect(events[0]?.event).toEqual({ type: 'run_started', run_id: run.runId, plan: run.plan });
    expect(events.at(-1)?.event).toEqual({
      type: 'run_finished',
      run_id: run.runId,
      status: 'completed',
      outcome,
    });
    expect(types.filter((t) => t === 'trial_started')).toHaveLength(24);
    expect(types.filter((t) => t === 'trial_finished')).toHaveLength(24);

    for (const id of ids) {
      const mine = events
        .map((e) => e.event)
        .filter((e) => 'profile_id' in e && e.profile_id === id);
      // started → progress* → finished, one trial at a time.
      let open: string | null = null;
      let lastChunks = 0;
      for (const event of mine) {
        if (event.type === 'trial_started') {
          expect(open).toBeNull();
          open = `${event.mode}/${event.trial_index}`;
          lastChunks = 0;
        } else if (event.type === 'trial_progress') {
          expect(`${event.mode}/${event.trial_index}`).toBe(open);
          expect(event.chunks).toBeGreaterThanOrEqual(lastChunks);
          lastChunks = event.chunks;
        } else if (event.type === 'trial_finished') {
          expect(`${event.mode}/${event.trial_index}`).toBe(open);
          expect(event).toMatchObject({
            status: 'ok',
            saved: true,
            warmup: event.trial_index === 0,
          });
          expect(lastChunks).toBeLessThanOrEqual(event.trial.chunks);
          open = null;
        }
      }
      expect(open).toBeNull();
      const progress = mine.filter((e) => e.type === 'trial_progress');
      expect(progress.length).toBeGreaterThan(0);
      // Coalesced: fewer progress events than chunks received in stream mode.
      const chunks = sink
        .saved()
        .filter((s) => s.profile_id === id && s.trial.mode === 'stream')
        .reduce((n, s) => n + s.trial.chunks, 0);
      expect(progress.length).toBeLessThanOrEqual(chunks);
    }
  });
});

describe('cancel', () => {
  const profiles = [
    profile('slow1', 'sim-steady:tokens=40,gap=15,ttft=20'),
    profile('slow2', 'sim-steady:tokens=40,gap=12,ttft=30', 'anthropic-messages'),
  ];
  const ids = profiles.map((p) => p.id);

  it('mid-run: keeps the trials already finished, starts no more, ends cancelled', async () => {
    watchImmediates();
    const sink = memorySink();
    let cancelled = false;
    const watched = watchedSessions(() => cancelled);
    const events: RunEvent[] = [];
    const run = startRun(
      {
        profiles: lookup(profiles),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: watched.factory }),
      },
      config(ids, { trials: 5 }),
    );
    let finishedBeforeCancel = 0;
    run.subscribe((event) => {
      events.push(event);
      if (event.type === 'trial_finished' && !cancelled && ++finishedBeforeCancel === 3) {
        cancelled = true;
        run.cancel();
        run.cancel();
      }
    });
    const outcome = await run.done;
    run.cancel();

    expect(cancelled).toBe(true);
    expect(outcome.status).toBe('cancelled');
    expect(watched.started.filter((c) => c.startedAfterCancel)).toEqual([]);
    // One trial per profile was in flight; it is dropped, not saved.
    const saved = sink.saved();
    expect(saved.length).toBeGreaterThanOrEqual(3);
    expect(saved.length).toBeLessThan(20);
    expect(saved.every((s) => s.trial.status === 'ok')).toBe(true);
    expect(outcome.saved_trials).toBe(saved.length);
    expect(outcome.dropped_trials).toBeGreaterThanOrEqual(1);
    expect(watched.started).toHaveLength(saved.length + outcome.dropped_trials);

    const finished = events.filter((e) => e.type === 'trial_finished');
    expect(finished.filter((e) => e.saved)).toHaveLength(saved.length);
    for (const dropped of finished.filter((e) => !e.saved)) {
      expect(dropped.status).toBe('aborted');
    }
    expect(sink.calls.at(-1)).toMatchObject({ kind: 'finishRun', status: 'cancelled' });
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', status: 'cancelled' });
  });

  it('before the first trial: no API call, the run is still recorded and finished', async () => {
    const sink = memorySink();
    const http = countHttpRequests();
    const run = startRun(
      { profiles: lookup(profiles), keys: noKeys, sink, measurer: inThreadMeasurer() },
      config(ids, { warmup: true }),
    );
    const events: RunEvent[] = [];
    run.subscribe((event) => events.push(event));
    run.cancel();
    const outcome = await run.done;
    http.stop();
    expect(http.count()).toBe(0);
    expect(outcome).toMatchObject({ status: 'cancelled', saved_trials: 0, dropped_trials: 0 });
    expect(sink.calls.map((c) => c.kind)).toEqual(['createRun', 'finishRun']);
    expect(events.map((e) => e.type)).toEqual(['run_started', 'run_finished']);
  });

  it('while a key is being read (a keychain prompt): done resolves without waiting for it', async () => {
    const sink = memorySink();
    const pending: KeySource = { readKeyForRequest: () => new Promise(() => {}) };
    const run = startRun({ profiles: lookup(profiles), keys: pending, sink }, config(ids));
    setTimeout(() => run.cancel(), 20);
    const outcome = await run.done;
    expect(outcome).toMatchObject({ status: 'cancelled', saved_trials: 0, failures: [] });
  });
});

describe('keys', () => {
  class KeychainUnavailableError extends Error {
    override name = 'KeychainUnavailableError';
  }
  const SENTINEL = 'sk-SENTINEL-7f3a9c1e-do-not-leak';
  const profiles = [
    profile('keyed', 'sim-steady:tokens=10,gap=5,ttft=20'),
    profile('locked', 'sim-steady:tokens=10,gap=5,ttft=20'),
    profile('keyless', 'sim-steady:tokens=10,gap=5,ttft=25', 'anthropic-messages'),
    profile('rejected', 'sim-error-401'),
    { ...profile('insecure', 'sim-steady'), base_url: 'http://203.0.113.7/v1' },
  ];
  const ids = profiles.map((p) => p.id);
  const keys: KeySource = {
    async readKeyForRequest(id) {
      if (id === 'locked') {
        throw new KeychainUnavailableError(
          'The OS keychain is locked: unlock the "login" keyring, then run again.',
        );
      }
      return id === 'keyless' ? undefined : SENTINEL;
    },
  };

  it('a profile whose key cannot be read fails clearly; the others are measured; the key never leaks', async () => {
    const sink = memorySink();
    const events: RunEvent[] = [];
    const http = countHttpRequests();
    const run = startRun(
      { profiles: lookup(profiles), keys, sink, measurer: inThreadMeasurer() },
      config(ids, { trials: 2 }),
    );
    run.subscribe((event) => events.push(event));
    const outcome = await run.done;
    http.stop();

    expect(outcome.status).toBe('completed');
    expect(outcome.failures).toEqual([
      {
        profile_id: 'locked',
        reason: 'key_unavailable',
        message: expect.stringContaining('The OS keychain is locked: unlock the "login" keyring'),
        text: expect.objectContaining({ key: 'runs.not_measured' }),
      },
      {
        profile_id: 'insecure',
        reason: 'profile_config',
        message: expect.stringMatching(/Profile insecure.*unencrypted over http/),
        // The reason in the catalogue's words, for the renderer to say in its language.
        text: {
          key: 'runs.not_measured_insecure',
          values: {
            name: 'Profile insecure',
            reason: { key: 'probe.insecure_key', values: expect.any(Object) },
          },
        },
      },
    ]);
    expect(outcome.failures[0]?.message).toContain('Profile locked');
    const failed = events.filter((e) => e.type === 'profile_failed');
    expect(failed.map((e) => e.profile_id)).toEqual(['locked', 'insecure']);
    // Kept with the run as they happen, in the same words, off the socket path, before it finishes.
    const kept = sink.calls.flatMap((c) => (c.kind === 'saveProfileFailure' ? [c] : []));
    expect(kept.map((c) => [c.id, c.failure])).toEqual(outcome.failures.map((f) => [run.runId, f]));
    for (const c of kept) expect(c.site.fromTurnQueue).toBe(true);
    expect(sink.calls.at(-1)?.kind).toBe('finishRun');
    expect(run.record.profile_failures).toEqual([]);

    const saved = sink.saved();
    const count = (id: string) => saved.filter((s) => s.profile_id === id).length;
    expect([count('keyed'), count('keyless'), count('rejected')]).toEqual([4, 4, 4]);
    expect([count('locked'), count('insecure')]).toEqual([0, 0]);
    expect(http.count()).toBe(12);
    expect(saved.filter((s) => s.profile_id === 'rejected').map((s) => s.trial.status)).toEqual(
      Array(4).fill('http_error'),
    );

    for (const text of [
      JSON.stringify(events),
      JSON.stringify(outcome),
      JSON.stringify(sink.calls),
      JSON.stringify(run.record),
    ]) {
      expect(text).not.toContain(SENTINEL);
      expect(text).not.toContain('7f3a9c1e');
    }
  });
});

describe('configuration', () => {
  it('is validated before anything happens', () => {
    const sink = memorySink();
    const profiles = lookup([profile('a', 'sim-steady')]);
    expect(() =>
      startRun({ profiles, keys: noKeys, sink }, config(['a', 'ghost'], { trials: 0 })),
    ).toThrow(RunConfigError);
    expect(sink.calls).toEqual([]);
  });

  it('a sink that cannot create the run fails startRun before any call', () => {
    const http = countHttpRequests();
    const sink: RunSink = {
      createRun: () => {
        throw new Error('SQLITE_FULL: database or disk is full');
      },
      saveTrial: () => {},
      saveProfileFailure: () => {},
      finishRun: () => {},
    };
    expect(() =>
      startRun(
        {
          profiles: lookup([profile('a', 'sim-steady')]),
          keys: noKeys,
          sink,
          measurer: inThreadMeasurer(),
        },
        config(['a']),
      ),
    ).toThrow('SQLITE_FULL');
    http.stop();
    expect(http.count()).toBe(0);
  });
});
