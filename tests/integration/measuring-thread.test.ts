// The measuring thread: the protocol carries every report a run hears, in
// order, through a real structured clone; a run measured there is timed right
// while the main thread is blocked for 2 s; cancel reaches it at once; a
// thread that dies cuts its run short, keeps the trials finished before, and
// the next run gets a new thread.
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeasureReports, Measurer, TrialPlace } from '../../src/main/measuring';
import { createMeasuringThread } from '../../src/main/measuring';
import { createMeasuringClient } from '../../src/main/measuring/measuring-client';
import { hostMeasuring } from '../../src/main/measuring/measuring-host';
import { DEFAULT_LIMITS, type EndpointSpec, type TrialProgress } from '../../src/main/probe';
import { startRun, type KeySource } from '../../src/main/runs';
import { openStore, type Store } from '../../src/main/store';
import type { ProfileSnapshot, RunConfig, RunEvent, StoredTrial } from '../../src/shared/run';
import { bundleNodeScript, type NodeScript } from '../support/bundle-node-script';
import { makeProfile } from '../support/profile-fixture';
import { expectChunksMatchWrites, TIMED_AGAINST_TRUTH } from '../support/sim-truth';
import { startSimThread, type TracedSimThread } from '../support/sim-thread';
import { tempDatabase, type TempDatabase } from '../support/store-fixtures';
import { makeTrial } from '../unit/trial-fixture';

const noKeys: KeySource = { readKeyForRequest: async () => undefined };

function config(profile_ids: string[], overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    prompt: 'Say something long.',
    max_tokens: 256,
    modes: ['stream'],
    trials: 2,
    profile_ids,
    limits: { ...DEFAULT_LIMITS },
    reuse_connection: false,
    warmup: false,
    ...overrides,
  };
}

const memorySink = () => {
  const saved: StoredTrial[] = [];
  return {
    saved,
    createRun: () => {},
    saveTrial: (stored: StoredTrial) => void saved.push(stored),
    saveProfileFailure: () => {},
    finishRun: () => {},
  };
};

function busyWait(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The main thread does nothing else: an API call that takes 2 s, say.
  }
}

// ---------------------------------------------------------------------------
describe('the protocol', () => {
  const place = (trial_index: number, warmup = false): TrialPlace => ({
    run_id: 'r1',
    profile_id: 'a',
    mode: 'stream',
    trial_index,
    warmup,
    input_tokens: warmup ? null : 8000,
  });
  const endpoint: EndpointSpec = {
    base_url: 'http://127.0.0.1:9/v1',
    model: 'm',
    dialect: 'openai-chat',
    api_key: 'sk-test-only',
    proxy: { kind: 'url', url: 'socks5://127.0.0.1:1080', username: 'u', password: 'p' },
  };
  const measured = makeTrial({ request_id: 'req-1' });
  const dropped = makeTrial({ status: 'aborted' });

  /** Says every kind of report once, progress three times in one turn, and asks for two endpoints. */
  const scripted = (heard: { endpoints: unknown[]; cancelled: boolean }): Measurer => ({
    async measure(job, run) {
      const profile = job.profiles[0] as ProfileSnapshot;
      heard.endpoints.push(await run.endpoint(profile));
      heard.endpoints.push(await run.endpoint(profile).catch((e: Error) => e.message));
      run.reports.waiting({
        profile_id: 'a',
        reason: 'rate_limit',
        wait_ms: 1500,
        retry_after_s: 2,
        capped: false,
      });
      run.reports.trialStarted(place(0, true));
      const progress = run.reports.progressOf(place(0, true));
      progress({ chunks: 1, chars: 3, tokens: 1, points: [[10, 1]] });
      progress({ chunks: 2, chars: 6, tokens: 2, points: [[20, 2]] });
      progress({ chunks: 3, chars: 9, tokens: null, points: [] });
      run.reports.trialEnded(place(0, true), measured);
      run.reports.trialStarted(place(1));
      await new Promise<void>((resolve) =>
        run.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      heard.cancelled = true;
      run.reports.trialDropped(place(1), dropped);
      run.reports.profileFailed('a', 'gave_up', 'profile “a” stopped after 5 failed trials');
      return { broken: null };
    },
  });

  it('carries every report kind, in order, and endpoints and cancel the other way', async () => {
    const channel = new MessageChannel();
    const heard = { endpoints: [] as unknown[], cancelled: false };
    hostMeasuring(channel.port2, scripted(heard));
    const client = createMeasuringClient((message) => channel.port1.postMessage(message));
    channel.port1.on('message', (message) => client.receive(message));

    const said: unknown[] = [];
    const progressSaid: TrialProgress[] = [];
    const reports: MeasureReports = {
      waiting: (wait) => said.push(['waiting', wait]),
      trialStarted: (p) => said.push(['started', p]),
      progressOf: (p) => (progress) => {
        progressSaid.push(progress);
        said.push(['progress', p]);
      },
      trialEnded: (p, trial) => {
        said.push(['ended', p, trial]);
        stop.abort();
      },
      trialDropped: (p, trial) => said.push(['dropped', p, trial]),
      profileFailed: (id, reason, message) => said.push(['failed', id, reason, message]),
    };
    const stop = new AbortController();
    let asked = 0;
    const end = await client.measure(
      {
        runId: 'r1',
        config: config(['a']),
        prompts: [{ input_tokens: null, text: 'hi' }],
        schedule: [],
        profiles: [makeProfile('a')],
        liveTokens: true,
        abortAfterTokens: 5,
      },
      {
        reports,
        signal: stop.signal,
        endpoint: async () => {
          asked++;
          if (asked === 2) throw new Error('The OS keychain is locked');
          return endpoint;
        },
      },
    );
    channel.port1.close();

    expect(end).toEqual({ broken: null });
    expect(heard).toEqual({ endpoints: [endpoint, 'The OS keychain is locked'], cancelled: true });
    expect(said).toEqual([
      [
        'waiting',
        { profile_id: 'a', reason: 'rate_limit', wait_ms: 1500, retry_after_s: 2, capped: false },
      ],
      ['started', place(0, true)],
      ['progress', place(0, true)],
      ['ended', place(0, true), measured],
      ['started', place(1)],
      ['dropped', place(1), dropped],
      ['failed', 'a', 'gave_up', 'profile “a” stopped after 5 failed trials'],
    ]);
    // Three reports in one turn travel as one, with every point.
    expect(progressSaid).toEqual([
      {
        chunks: 3,
        chars: 9,
        tokens: null,
        points: [
          [10, 1],
          [20, 2],
        ],
      },
    ]);
    expect(client.jobs).toBe(0);
  });

  it('a lost thread’s text is kept without the keys it was given', async () => {
    const sentToThread: unknown[] = [];
    const client = createMeasuringClient((message) => sentToThread.push(message));
    const failures: string[] = [];
    const ended = client.measure(
      {
        runId: 'r2',
        config: config(['a']),
        prompts: [{ input_tokens: null, text: 'hi' }],
        schedule: [{ mode: 'stream', trial_index: 1, warmup: false, input_tokens: null }],
        profiles: [makeProfile('a')],
        liveTokens: false,
        abortAfterTokens: null,
      },
      {
        reports: {
          waiting: () => {},
          trialStarted: () => {},
          progressOf: () => () => {},
          trialEnded: () => {},
          trialDropped: () => {},
          profileFailed: (_, __, message) => void failures.push(message),
        },
        signal: new AbortController().signal,
        endpoint: async () => endpoint,
      },
    );
    client.receive({
      kind: 'reports',
      reports: [{ kind: 'endpoint_wanted', run_id: 'r2', request: 0, profile_id: 'a' }],
    });
    await vi.waitFor(() => expect(sentToThread).toHaveLength(2));
    client.lost('the measuring thread failed (bad header value "Bearer sk-test-only" for p)');
    const { broken } = await ended;
    for (const text of [broken ?? '', ...failures]) {
      expect(text).toContain('the measuring thread failed');
      expect(text).not.toContain('sk-test-only');
    }
    expect(failures).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------
describe('runs on the measuring thread', () => {
  let sim: TracedSimThread;
  beforeAll(async () => {
    sim = await startSimThread();
  });
  afterAll(async () => {
    await sim.close();
  });

  const simProfile = (id: string, model: string) =>
    makeProfile(id, { base_url: `${sim.url}/v1`, model });
  const lookup = (...profiles: ReturnType<typeof simProfile>[]) => ({
    get: (id: string) => profiles.find((p) => p.id === id),
  });

  it(
    'a main thread blocked for 2 s mid-run changes no gap and times out no trial',
    { ...TIMED_AGAINST_TRUTH, timeout: 20_000 },
    async () => {
      const profiles = ['a', 'b', 'c'].map((id) =>
        simProfile(id, 'sim-steady:tokens=80,gap=25,ttft=60'),
      );
      const sink = memorySink();
      const run = startRun(
        { profiles: lookup(...profiles), keys: noKeys, sink },
        // An idle limit the block would pass twice over, were the sockets read here.
        config(['a', 'b', 'c'], { limits: { ...DEFAULT_LIMITS, idle_timeout_ms: 1000 } }),
      );
      let blockedAt: number | null = null;
      run.subscribe((event: RunEvent) => {
        if (event.type === 'trial_progress' && blockedAt === null && event.chunks > 5) {
          blockedAt = performance.now();
          busyWait(2000);
        }
      });
      const outcome = await run.done;
      expect(blockedAt).not.toBeNull();
      expect(outcome.status).toBe('completed');
      expect(sink.saved).toHaveLength(6);
      for (const { trial } of sink.saved) {
        expect(trial.status).toBe('ok');
        expectChunksMatchWrites(trial, await sim.trace(trial.request_id ?? ''));
      }
    },
  );

  it('cancel reaches the thread within 100 ms', TIMED_AGAINST_TRUTH, async () => {
    const run = startRun(
      {
        profiles: lookup(simProfile('a', 'sim-steady:tokens=400,gap=20,ttft=30')),
        keys: noKeys,
        sink: memorySink(),
      },
      config(['a']),
    );
    let cancelledAt = 0;
    let droppedAfter = Infinity;
    run.subscribe((event) => {
      if (event.type === 'trial_progress' && cancelledAt === 0) {
        cancelledAt = performance.now();
        run.cancel();
      }
      if (event.type === 'trial_finished' && !event.saved) {
        droppedAfter = performance.now() - cancelledAt;
      }
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ status: 'cancelled', saved_trials: 0, dropped_trials: 1 });
    expect(droppedAfter).toBeLessThan(100);
  });
});

// ---------------------------------------------------------------------------
describe('a measuring thread that dies', () => {
  let sim: TracedSimThread;
  let crashing: NodeScript;
  let db: TempDatabase;
  let store: Store;
  beforeAll(async () => {
    sim = await startSimThread();
    crashing = await bundleNodeScript('tests/support/crashing-measuring-worker.ts');
    db = tempDatabase();
    store = openStore(db.path);
  });
  afterAll(async () => {
    store.close();
    db.remove();
    crashing.remove();
    await sim.close();
  });

  it('fails the run with a clear message and keeps every trial finished before; the next run gets a new thread', async () => {
    const thread = createMeasuringThread({ workerUrl: pathToFileURL(crashing.file) });
    const profiles = ['a', 'b'].map((id) =>
      makeProfile(id, { base_url: `${sim.url}/v1`, model: 'sim-steady:tokens=30,gap=10,ttft=20' }),
    );
    const measureOnce = async () => {
      const run = startRun(
        {
          profiles: { get: (id) => profiles.find((p) => p.id === id) },
          keys: noKeys,
          sink: store.runs,
          measurer: thread,
        },
        config(['a', 'b'], { trials: 4 }),
      );
      const events: RunEvent[] = [];
      run.subscribe((event) => events.push(event));
      return { outcome: await run.done, events, run_id: run.runId };
    };

    const first = await measureOnce();
    expect(first.outcome.status).toBe('interrupted');
    expect(first.outcome.errors).toEqual([
      expect.stringMatching(
        /^the measuring thread failed \(stand-in engine bug after two trials\): the run was cut short; the trials it finished before are saved$/,
      ),
    ]);
    expect(first.events.filter((e) => e.type === 'run_error')).toHaveLength(1);
    expect(first.outcome.failures.map((f) => [f.profile_id, f.reason])).toEqual([
      ['a', 'internal'],
      ['b', 'internal'],
    ]);
    const stored = store.history.getRun(first.run_id);
    expect(stored?.run.status).toBe('interrupted');
    expect(stored?.trials.length).toBe(first.outcome.saved_trials);
    expect(first.outcome.saved_trials).toBeGreaterThanOrEqual(2);
    expect(stored?.trials.every((t) => t.trial.status === 'ok')).toBe(true);
    expect(stored?.run.profile_failures?.map((f) => f.message)).toEqual([
      expect.stringContaining('profile “Profile a” stopped: the measuring thread failed'),
      expect.stringContaining('profile “Profile b” stopped: the measuring thread failed'),
    ]);

    // A new thread for the next run, which measures (and crashes again, as this stand-in does).
    const second = await measureOnce();
    expect(second.outcome.saved_trials).toBeGreaterThanOrEqual(2);
    expect(second.outcome.status).toBe('interrupted');
    await thread.close();
  });
});
