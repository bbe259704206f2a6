// The run orchestrator's parts without a network: the plan and its
// validation, the turn queue, the emitter, and the orchestrator driven by
// fake probe sessions (sink failures, listeners that throw, runners that
// resolve at once or throw, cancel races).
import { inThreadMeasurer } from '../../src/main/measuring';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type TrialOptions, type TrialRunner } from '../../src/main/probe';
import {
  createEmitter,
  createTurnQueue,
  planRun,
  RunConfigError,
  runConfigProblems,
  startRun,
  trialSchedule,
  type RunSink,
  type SessionFactory,
} from '../../src/main/runs';
import type { Profile, RunConfig, RunEvent, StoredTrial } from '../../src/shared/run';
import type { Mode, Trial } from '../../src/shared/trial';
import { makeProfile } from '../support/profile-fixture';
import { makeTrial } from './trial-fixture';

function profile(id: string, overrides: Partial<Profile> = {}): Profile {
  return makeProfile(id, { name: `P ${id}`, ...overrides });
}

const lookup = (...profiles: Profile[]) => {
  const byId = new Map(profiles.map((p) => [p.id, p]));
  return { get: (id: string) => byId.get(id) };
};

function config(overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    prompt: 'Hi',
    max_tokens: 64,
    modes: ['stream', 'plain'],
    trials: 2,
    profile_ids: ['a'],
    limits: { ...DEFAULT_LIMITS },
    reuse_connection: false,
    warmup: false,
    ...overrides,
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('trialSchedule', () => {
  it('puts one warm-up per mode first, then interleaved rounds in the configured order', () => {
    const brief = (m: Mode) => m[0];
    const order = (c: Partial<RunConfig>) =>
      trialSchedule(config(c)).map((t) => `${brief(t.mode)}${t.trial_index}${t.warmup ? 'w' : ''}`);
    expect(order({ trials: 3, warmup: true })).toEqual([
      's0w',
      'p0w',
      's1',
      'p1',
      's2',
      'p2',
      's3',
      'p3',
    ]);
    expect(order({ trials: 2, modes: ['plain', 'stream'] })).toEqual(['p1', 's1', 'p2', 's2']);
    expect(order({ trials: 3, modes: ['stream'], warmup: true })).toEqual([
      's0w',
      's1',
      's2',
      's3',
    ]);
  });
});

describe('trialSchedule of a sweep of input lengths', () => {
  const order = (c: Partial<RunConfig>) =>
    trialSchedule(config(c)).map(
      (t) => `${t.mode[0]}${t.trial_index}${t.warmup ? 'w' : ''}@${t.input_tokens ?? '-'}`,
    );

  it('runs every length once per round, every mode at each, one index per length and round', () => {
    expect(order({ trials: 2, input_tokens: [1000, 8000], warmup: true })).toEqual([
      's0w@1000',
      'p0w@1000',
      's1@1000',
      'p1@1000',
      's2@8000',
      'p2@8000',
      's3@1000',
      'p3@1000',
      's4@8000',
      'p4@8000',
    ]);
  });

  it('gives one length, or none, to every trial', () => {
    expect(order({ trials: 2, modes: ['stream'], input_tokens: 500 })).toEqual([
      's1@500',
      's2@500',
    ]);
    expect(order({ trials: 1, modes: ['stream'] })).toEqual(['s1@-']);
  });

  it('plans trials × lengths × modes calls', () => {
    const plan = planRun(
      config({ trials: 3, input_tokens: [100, 200, 300], warmup: true }),
      lookup(profile('a')),
    );
    expect(plan).toMatchObject({ calls: 3 * 3 * 2 + 2, warmup_calls: 2 });
  });

  it('says every problem with the lengths at once', () => {
    const profiles = lookup(profile('a'));
    expect(
      runConfigProblems(
        config({ input_tokens: [0, 1000, 1000, 2.5], cache: 'warm', warmup: true }),
        profiles,
      ),
    ).toEqual([
      'input_tokens must be whole numbers from 1 to 2000000, got 0, 2.5',
      'input length 1000 is listed more than once',
      'a warm cache is primed by one warm-up prompt, and a sweep sends several: ' +
        'sweep with a cold cache, or measure each length as its own warm run',
    ]);
    expect(runConfigProblems(config({ input_tokens: [] }), profiles)).toEqual([
      'input_tokens is an empty list: give at least one length, or leave it out',
    ]);
    const many = Array.from({ length: 13 }, (_, i) => (i + 1) * 100);
    expect(runConfigProblems(config({ input_tokens: many }), profiles)).toEqual([
      'a sweep takes at most 12 input lengths, got 13',
    ]);
    // One length with a warm cache is a warm run like any other.
    expect(
      runConfigProblems(config({ input_tokens: [4000], cache: 'warm', warmup: true }), profiles),
    ).toEqual([]);
  });
});

describe('planRun', () => {
  const profiles = lookup(profile('a'), profile('b'), profile('c'));

  it('counts trials × modes per profile, plus one warm-up per mode', () => {
    expect(planRun(config({ profile_ids: ['a', 'b', 'c'], trials: 5 }), profiles)).toEqual({
      calls: 30,
      warmup_calls: 0,
      per_profile: [
        { profile_id: 'a', calls: 10, min_ms: 0 },
        { profile_id: 'b', calls: 10, min_ms: 0 },
        { profile_id: 'c', calls: 10, min_ms: 0 },
      ],
      min_duration_ms: 0,
    });
    const plan = planRun(
      config({ profile_ids: ['a', 'b'], modes: ['stream'], trials: 3, warmup: true }),
      profiles,
    );
    expect(plan).toMatchObject({ calls: 8, warmup_calls: 2 });
  });

  it('lists every problem with the configuration at once', () => {
    const bad = config({
      prompt: '  ',
      profile_ids: ['a', 'a', 'ghost', 'phantom'],
      modes: ['stream', 'stream', 'batch' as Mode],
      trials: 0,
      max_tokens: 1.5,
      limits: { ...DEFAULT_LIMITS, idle_timeout_ms: 0 },
    });
    expect(runConfigProblems(bad, profiles)).toEqual([
      'the prompt is empty',
      'max_tokens must be a whole number of at least 1, got 1.5',
      'trials must be a whole number of at least 1, got 0',
      'unknown mode batch (modes: stream, plain)',
      'mode stream is listed more than once',
      'profile a is listed more than once',
      'no saved profiles with id ghost, phantom',
      'limits.idle_timeout_ms must be a positive number of milliseconds, got 0',
    ]);
    expect(() => planRun(bad, profiles)).toThrow(RunConfigError);
  });

  it('explains an empty choice and a single problem in one line', () => {
    expect(runConfigProblems(config({ profile_ids: [], modes: [] }), profiles)).toEqual([
      'choose at least one mode (stream, plain)',
      'choose at least one profile',
    ]);
    let error: unknown;
    try {
      planRun(config({ profile_ids: ['nope'] }), profiles);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RunConfigError);
    expect((error as RunConfigError).message).toBe(
      'cannot start the run: no saved profile with id nope',
    );
    expect((error as RunConfigError).problems).toEqual(['no saved profile with id nope']);
  });
});

describe('createTurnQueue', () => {
  it('runs tasks in order, one per loop turn, never synchronously', async () => {
    const queue = createTurnQueue();
    const log: string[] = [];
    queue.push(() => log.push('a'));
    queue.push(() => log.push('b'));
    queue.push(() => log.push('c'));
    expect(log).toEqual([]);
    expect(queue.size).toBe(3);
    await Promise.resolve();
    expect(log).toEqual([]);
    // A poll phase runs between two tasks: an immediate queued by a task lands
    // before the next task, and so does a timer that came due.
    queue.push(() => log.push('d'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.size).toBe(0);
  });

  it('lets the poll phase run between two tasks: a read that arrives during a task is handled before the next', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const client = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const peer = await accepted;
    try {
      const log: string[] = [];
      peer.on('data', () => log.push('read'));
      const queue = createTurnQueue();
      queue.push(() => {
        log.push('task 1');
        // Loopback: the bytes are in the peer's receive buffer before this task returns.
        client.write('x');
      });
      queue.push(() => log.push('task 2'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(log).toEqual(['task 1', 'read', 'task 2']);
    } finally {
      client.destroy();
      peer.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('survives a task that throws', async () => {
    const errors: unknown[] = [];
    const queue = createTurnQueue((e) => errors.push(e));
    const log: string[] = [];
    queue.push(() => {
      throw new Error('boom');
    });
    queue.push(() => log.push('after'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(log).toEqual(['after']);
    expect(errors).toHaveLength(1);
  });
});

describe('createEmitter', () => {
  it('delivers in subscription order, isolates throwing listeners, unsubscribes', () => {
    const errors: unknown[] = [];
    const emitter = createEmitter<number>((e) => errors.push(e));
    const got: string[] = [];
    emitter.subscribe(() => {
      throw new Error('closed window');
    });
    const off = emitter.subscribe((n) => got.push(`x${n}`));
    emitter.subscribe((n) => got.push(`y${n}`));
    emitter.emit(1);
    off();
    emitter.emit(2);
    expect(got).toEqual(['x1', 'y1', 'y2']);
    expect(errors).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------
// The orchestrator with fake sessions.

interface FakeCall {
  model: string;
  mode: Mode;
  options: TrialOptions | undefined;
}

/** Sessions whose trials end when `behave` says so. */
function fakeSessions(
  behave: (call: FakeCall) => Promise<Trial> | Trial = (call) =>
    makeTrial({ mode: call.mode, request_id: call.model }),
) {
  const calls: FakeCall[] = [];
  const closed: string[] = [];
  const factory: SessionFactory = (endpoint) => {
    const runner: TrialRunner = {
      runTrial(request, _limits, options) {
        const call = { model: endpoint.model, mode: request.mode, options };
        calls.push(call);
        return Promise.resolve(behave(call));
      },
      close: () => void closed.push(endpoint.model),
    };
    return runner;
  };
  return { factory, calls, closed };
}

function recordingSink(overrides: Partial<RunSink> = {}) {
  const log: string[] = [];
  const saved: StoredTrial[] = [];
  const sink: RunSink = {
    createRun: (r) => void log.push(`create ${r.id}`),
    saveTrial: (s) => {
      saved.push(s);
      log.push(`save ${s.profile_id} ${s.trial.mode} ${s.trial_index}`);
    },
    saveProfileFailure: (id, f) => void log.push(`fail ${f.profile_id} ${f.reason}`),
    finishRun: (id, status) => void log.push(`finish ${id} ${status}`),
    ...overrides,
  };
  return { sink, log, saved };
}

const noKeys = { readKeyForRequest: async () => undefined };

describe('startRun with fake sessions', () => {
  it('writes nothing in the turn where a trial resolves, even when the runner resolves at once', async () => {
    const { sink, log } = recordingSink();
    const sessions = fakeSessions();
    const run = startRun(
      {
        profiles: lookup(profile('a')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: sessions.factory }),
        newId: () => 'r1',
      },
      config({ trials: 1, modes: ['stream'] }),
    );
    expect(log).toEqual(['create r1']);
    // The fake resolves synchronously: drain every microtask of this turn.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(sessions.calls).toHaveLength(1);
    expect(log).toEqual(['create r1']);
    const outcome = await run.done;
    expect(log).toEqual(['create r1', 'save a stream 1', 'finish r1 completed']);
    expect(outcome).toEqual({
      run_id: 'r1',
      status: 'completed',
      ended_at: expect.any(String),
      saved_trials: 1,
      dropped_trials: 0,
      failures: [],
      errors: [],
    });
    expect(sessions.closed).toEqual(['model-a']);
  });

  it('uses the given clock for timestamps and passes the config to the sessions', async () => {
    const { sink } = recordingSink();
    const records: unknown[] = [];
    sink.createRun = (r) => void records.push(r);
    let finishedAt = '';
    sink.finishRun = (_id, _status, at) => {
      finishedAt = at;
    };
    const times = [new Date('2030-01-02T03:04:05.000Z'), new Date('2030-01-02T03:09:00.000Z')];
    const seen: unknown[] = [];
    const sessions = fakeSessions();
    const factory: SessionFactory = (endpoint, options) => {
      seen.push({ endpoint, options });
      return sessions.factory(endpoint, options);
    };
    const run = startRun(
      {
        profiles: lookup(profile('a', { headers: { 'x-org': 'o1' }, allow_insecure_key: true })),
        keys: { readKeyForRequest: async () => 'k-1234' },
        sink,
        measurer: inThreadMeasurer({ createSession: factory }),
        now: () => times.shift() ?? new Date(0),
      },
      config({ reuse_connection: true, trials: 1, modes: ['plain'], max_tokens: 7, prompt: 'Go' }),
    );
    await run.done;
    expect(records[0]).toMatchObject({ started_at: '2030-01-02T03:04:05.000Z' });
    expect(finishedAt).toBe('2030-01-02T03:09:00.000Z');
    expect(seen).toEqual([
      {
        endpoint: {
          base_url: 'http://127.0.0.1:9/v1',
          model: 'model-a',
          dialect: 'openai-chat',
          api_key: 'k-1234',
          headers: { 'x-org': 'o1' },
          allow_insecure_key: true,
          query: {},
          proxy: { kind: 'env' },
        },
        options: { reuse_connection: true, clock: undefined },
      },
    ]);
    expect(sessions.calls[0]?.options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('a listener that throws changes nothing for the run or the other listeners', async () => {
    const { sink, saved } = recordingSink();
    const run = startRun(
      {
        profiles: lookup(profile('a')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: fakeSessions().factory }),
      },
      config(),
    );
    run.subscribe(() => {
      throw new Error('window closed');
    });
    const types: string[] = [];
    run.subscribe((e) => types.push(e.type));
    const outcome = await run.done;
    expect(outcome.status).toBe('completed');
    expect(saved).toHaveLength(4);
    expect(types.filter((t) => t === 'trial_finished')).toHaveLength(4);
  });

  it('a trial the sink refuses is saved as an internal_error in its words, and the run goes on', async () => {
    const { sink, saved, log } = recordingSink();
    const save = sink.saveTrial;
    sink.saveTrial = (stored) => {
      if (stored.profile_id === 'b' && stored.trial.status === 'ok') {
        throw new Error('cannot store REAL value in INTEGER column trials.usage_diff');
      }
      save(stored);
    };
    const sessions = fakeSessions((call) =>
      makeTrial({ mode: call.mode, started_at: '2031-01-01T00:00:00.000Z', proxy: null }),
    );
    const events: RunEvent[] = [];
    const run = startRun(
      {
        profiles: lookup(profile('a'), profile('b'), profile('c')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: sessions.factory }),
        newId: () => 'r5',
      },
      config({ profile_ids: ['a', 'b', 'c'], trials: 2 }),
    );
    run.subscribe((e) => events.push(e));
    const outcome = await run.done;
    expect(outcome).toMatchObject({ status: 'completed', saved_trials: 12, errors: [] });
    expect(log.at(-1)).toBe('finish r5 completed');
    const of = (id: string) => saved.filter((s) => s.profile_id === id).map((s) => s.trial);
    expect(of('a').map((t) => t.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(of('c').map((t) => t.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const refused = of('b');
    expect(refused).toHaveLength(4);
    for (const trial of refused) {
      expect(trial).toMatchObject({
        status: 'internal_error',
        error:
          'LastToken could not save this trial as measured (please report it): ' +
          'cannot store REAL value in INTEGER column trials.usage_diff',
        started_at: '2031-01-01T00:00:00.000Z',
        tokens: 0,
        total_ms: null,
      });
    }
    const finished = events.filter((e) => e.type === 'trial_finished');
    expect(finished).toHaveLength(12);
    expect(finished.every((e) => e.saved)).toBe(true);
    expect(
      finished.filter((e) => e.profile_id === 'b').map((e) => [e.status, e.trial.status]),
    ).toEqual(Array(4).fill(['internal_error', 'internal_error']));
    expect(events.some((e) => e.type === 'run_error')).toBe(false);
  });

  it('a sink that cannot save even that stops the run as interrupted, and says why', async () => {
    let saves = 0;
    const { sink, log } = recordingSink({
      // From the second save on, the disk is gone: the trial and what would be kept of it fail alike.
      saveTrial: () => {
        if (++saves >= 2) throw new Error('SQLITE_IOERR: disk I/O error');
      },
    });
    // Trials of profile a take 2 ms; those of b never end on their own. Both end when aborted.
    const sessions = fakeSessions(
      (call) =>
        new Promise<Trial>((resolve) => {
          const timer =
            call.model === 'model-a'
              ? setTimeout(() => resolve(makeTrial({ mode: call.mode })), 2)
              : undefined;
          call.options?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve(makeTrial({ mode: call.mode, status: 'aborted' }));
          });
        }),
    );
    const events: RunEvent[] = [];
    const run = startRun(
      {
        profiles: lookup(profile('a'), profile('b')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: sessions.factory }),
        newId: () => 'r2',
      },
      config({ profile_ids: ['a', 'b'], trials: 10 }),
    );
    run.subscribe((e) => events.push(e));
    const outcome = await run.done;
    expect(outcome.status).toBe('interrupted');
    expect(outcome.saved_trials).toBe(1);
    // In flight when saving failed: a's third trial and b's first.
    expect(outcome.dropped_trials).toBe(2);
    expect(outcome.errors).toEqual([
      'saving trial 1 (plain) of profile a failed: SQLITE_IOERR: disk I/O error',
    ]);
    expect(events.filter((e) => e.type === 'run_error')).toEqual([
      { type: 'run_error', run_id: 'r2', message: outcome.errors[0] },
    ]);
    // Profile a stopped right after: its third trial was the last one asked for.
    expect(sessions.calls.map((c) => `${c.model} ${c.mode}`)).toEqual([
      'model-a stream',
      'model-b stream',
      'model-a plain',
      'model-a stream',
    ]);
    expect(log.at(-1)).toBe('finish r2 interrupted');
    const unsaved = events.filter((e) => e.type === 'trial_finished' && !e.saved);
    expect(unsaved.length).toBeGreaterThanOrEqual(2);
  });

  it('a sink that cannot keep why a profile stopped stops the run as interrupted; the reason is still told', async () => {
    const { sink, log } = recordingSink({
      saveProfileFailure: () => {
        throw new Error('SQLITE_FULL: database or disk is full');
      },
    });
    const events: RunEvent[] = [];
    const keys = {
      readKeyForRequest: async (id: string) => {
        if (id === 'a') throw new Error('The OS keychain is locked');
        return undefined;
      },
    };
    // b's trials never end on their own: only the stop ends them.
    const sessions = fakeSessions(
      (call) =>
        new Promise<Trial>((resolve) => {
          call.options?.signal?.addEventListener('abort', () =>
            resolve(makeTrial({ mode: call.mode, status: 'aborted' })),
          );
        }),
    );
    const run = startRun(
      {
        profiles: lookup(profile('a'), profile('b')),
        keys,
        sink,
        measurer: inThreadMeasurer({ createSession: sessions.factory }),
        newId: () => 'r3',
      },
      config({ profile_ids: ['a', 'b'], trials: 3 }),
    );
    run.subscribe((e) => events.push(e));
    const outcome = await run.done;
    expect(outcome.status).toBe('interrupted');
    expect(outcome.failures.map((f) => [f.profile_id, f.reason])).toEqual([
      ['a', 'key_unavailable'],
    ]);
    expect(outcome.errors).toEqual([
      'saving why profile a stopped failed: SQLITE_FULL: database or disk is full',
    ]);
    expect(events.map((e) => e.type)).toContain('profile_failed');
    expect(log.at(-1)).toBe('finish r3 interrupted');
  });

  it('a sink that fails to finish the run still resolves done', async () => {
    const { sink } = recordingSink({
      finishRun: () => {
        throw new Error('database is locked');
      },
    });
    const run = startRun(
      {
        profiles: lookup(profile('a')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: fakeSessions().factory }),
      },
      config({ trials: 1 }),
    );
    const outcome = await run.done;
    expect(outcome).toMatchObject({
      status: 'completed',
      saved_trials: 2,
      errors: ['finishing the run failed: database is locked'],
    });
  });

  it('a runner that throws stops only its profile, and the key is redacted from the message', async () => {
    const key = 'sk-live-abcdef123456';
    const sessions = fakeSessions((call) => {
      if (call.model === 'model-bad') throw new Error(`exploded while sending Bearer ${key}`);
      return makeTrial({ mode: call.mode });
    });
    const { sink, saved } = recordingSink();
    const events: RunEvent[] = [];
    const run = startRun(
      {
        profiles: lookup(profile('good'), profile('bad', { model: 'model-bad' })),
        keys: { readKeyForRequest: async () => key },
        sink,
        measurer: inThreadMeasurer({ createSession: sessions.factory }),
      },
      config({ profile_ids: ['good', 'bad'] }),
    );
    run.subscribe((e) => events.push(e));
    const outcome = await run.done;
    expect(outcome.status).toBe('completed');
    expect(saved.filter((s) => s.profile_id === 'good')).toHaveLength(4);
    expect(outcome.failures).toEqual([
      {
        profile_id: 'bad',
        reason: 'internal',
        message: 'profile “P bad” stopped: exploded while sending Bearer [redacted]',
        // Redacted in the renderer's words too.
        text: {
          key: 'runs.profile_stopped',
          values: { name: 'P bad', reason: 'exploded while sending Bearer [redacted]' },
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(key);
    expect(sessions.closed.sort()).toEqual(['model-bad', 'model-good']);
  });

  it('a trial that ended on its own while cancel came in is saved; an aborted one is not', async () => {
    const handle: { run?: ReturnType<typeof startRun> } = {};
    const sessions = fakeSessions(
      (call) =>
        new Promise<Trial>((resolve) => {
          if (call.model === 'model-a') {
            // Ends normally in the same turn the user cancels.
            setTimeout(() => {
              handle.run?.cancel();
              resolve(makeTrial({ mode: call.mode }));
            }, 5);
          } else {
            call.options?.signal?.addEventListener('abort', () =>
              resolve(makeTrial({ mode: call.mode, status: 'aborted' })),
            );
          }
        }),
    );
    const { sink, saved } = recordingSink();
    const run = startRun(
      {
        profiles: lookup(profile('a'), profile('b')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: sessions.factory }),
      },
      config({ profile_ids: ['a', 'b'], trials: 3 }),
    );
    handle.run = run;
    const outcome = await run.done;
    expect(outcome).toMatchObject({ status: 'cancelled', saved_trials: 1, dropped_trials: 1 });
    expect(saved.map((s) => `${s.profile_id} ${s.trial.status}`)).toEqual(['a ok']);
    expect(sessions.calls).toHaveLength(2);
  });

  it('events that a late subscriber missed are not replayed, and cancel after done is harmless', async () => {
    const { sink } = recordingSink();
    const run = startRun(
      {
        profiles: lookup(profile('a')),
        keys: noKeys,
        sink,
        measurer: inThreadMeasurer({ createSession: fakeSessions().factory }),
      },
      config({ trials: 1 }),
    );
    const outcome = await run.done;
    const late: RunEvent[] = [];
    run.subscribe((e) => late.push(e));
    run.cancel();
    await nextTurn();
    await nextTurn();
    expect(late).toEqual([]);
    expect(outcome.status).toBe('completed');
  });
});
