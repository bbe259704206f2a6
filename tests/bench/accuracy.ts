// Measurement error against the simulator's own record of when it wrote each
// event. Both sides read CLOCK_MONOTONIC, so arrival − write is the engine's
// whole error for an event: loopback transit plus any delay before the read
// was stamped.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import {
  createProbeSession,
  DEFAULT_LIMITS,
  type ProxyChoice,
  type RequestSpec,
} from '../../src/main/probe';
import type { SimTrace } from '../../src/main/sim';
import type { Trial } from '../../src/shared/trial';

export interface AccuracySamples {
  /** Arrival of the first content event − its true write time. */
  ttft: number[];
  /** Measured TTFT without connect phases − the server's own time from request received to first write. */
  ttftNetOfConnect: number[];
  /** Measured gap − true gap between the same two events. */
  gaps: number[];
  trials: number;
  failures: string[];
  /** The client's CPU time over the run, as a share of one core. */
  clientCpuShare: number;
  /** Garbage collection in the client: while it runs, no read is stamped. */
  gcPauses: number;
  gcLongestMs: number;
  gcTotalMs: number;
  /**
   * How late the client's event loop ran what was due (p99 and max): the
   * delay a socket read waits before it is stamped, whatever caused it.
   */
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** What the `alongside` load reported (e.g. how many answers it measured meanwhile). */
  alongside: number | null;
}

/**
 * Concurrent endpoints keep their own time: stream i gets its own first-token
 * time and its own seeded gaps (mean about 5 ms), so events meet by chance.
 */
export const independentSchedule = (stream: number): string =>
  `sim-jitter:tokens=100,ttft=${40 + stream},gap=5,gap_min=1,gap_max=12,seed=${stream + 1}`;

const REQUEST: RequestSpec = {
  messages: [{ role: 'user', content: 'Count slowly.' }],
  max_tokens: 4096,
  mode: 'stream',
};

async function fetchTrace(simUrl: string, id: string): Promise<SimTrace> {
  const response = await fetch(`${simUrl}/__sim/trace/${id}`);
  if (!response.ok) throw new Error(`no trace for request ${id}: HTTP ${response.status}`);
  return (await response.json()) as SimTrace;
}

export function emptySamples(): AccuracySamples {
  return {
    ttft: [],
    ttftNetOfConnect: [],
    gaps: [],
    trials: 0,
    failures: [],
    clientCpuShare: 0,
    gcPauses: 0,
    gcLongestMs: 0,
    gcTotalMs: 0,
    eventLoopDelayP99Ms: 0,
    eventLoopDelayMaxMs: 0,
    alongside: null,
  };
}

/**
 * Watches this process (the client) until the returned function is called:
 * its CPU share, its garbage collections, during which no read is stamped,
 * and its event loop's delay.
 */
export function observeClient(samples: AccuracySamples): () => void {
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      samples.gcPauses++;
      samples.gcTotalMs += entry.duration;
      samples.gcLongestMs = Math.max(samples.gcLongestMs, entry.duration);
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  return () => {
    gc.disconnect();
    loop.disable();
    // The histogram counts nanoseconds.
    samples.eventLoopDelayP99Ms = loop.percentile(99) / 1e6;
    samples.eventLoopDelayMaxMs = loop.max / 1e6;
    const cpu = process.cpuUsage(cpuBefore);
    samples.clientCpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
  };
}

/** Adds the trial's errors against the simulator's record of its writes to `samples`. */
export async function compare(
  simUrl: string,
  trial: Trial,
  samples: AccuracySamples,
): Promise<void> {
  if (trial.status !== 'ok' || !trial.request_id) {
    samples.failures.push(`${trial.status}: ${trial.error ?? 'no request id'}`);
    return;
  }
  const trace = await fetchTrace(simUrl, trial.request_id);
  const writes = trace.writes.filter((w) => w.kind === 'content' || w.kind === 'reasoning');
  const chunks = trial.timeline.chunks;
  if (writes.length !== chunks.length) {
    samples.failures.push(`chunk count ${chunks.length} ≠ ${writes.length} events written`);
    return;
  }
  const t0 = trial.timeline.t0_mono_ms;
  const first = writes[0];
  const firstChunk = chunks[0];
  if (!first || !firstChunk) return;
  samples.ttft.push(t0 + firstChunk.at_ms - first.at_mono_ms);
  const connect =
    (trial.dns_ms ?? 0) + (trial.connect_ms ?? 0) + (trial.proxy_ms ?? 0) + (trial.tls_ms ?? 0);
  samples.ttftNetOfConnect.push(
    firstChunk.at_ms - connect - (first.at_mono_ms - trace.received_mono_ms),
  );
  for (let i = 1; i < chunks.length; i++) {
    const measured = (chunks[i]?.at_ms ?? 0) - (chunks[i - 1]?.at_ms ?? 0);
    const truth = (writes[i]?.at_mono_ms ?? 0) - (writes[i - 1]?.at_mono_ms ?? 0);
    samples.gaps.push(measured - truth);
  }
  samples.trials++;
}

/**
 * `streams` sessions run side by side, each `trialsPerStream` trials in a row;
 * stream i probes `modelOf(i)`. `alongside`, when given, runs meanwhile as
 * other work of the same process, and is stopped when the streams are done.
 * `proxy`: how the sessions reach the simulator (default: directly).
 */
export async function measureAccuracy(
  simUrl: string,
  modelOf: (stream: number) => string,
  streams: number,
  trialsPerStream: number,
  alongside?: (signal: AbortSignal) => Promise<number>,
  proxy: ProxyChoice = { kind: 'direct' },
): Promise<AccuracySamples> {
  const samples = emptySamples();
  const trials: Trial[] = [];
  const stopLoad = new AbortController();
  const load = alongside?.(stopLoad.signal);
  const stopObserving = observeClient(samples);
  await Promise.all(
    Array.from({ length: streams }, async (_, stream) => {
      const session = createProbeSession({
        base_url: `${simUrl}/v1`,
        model: modelOf(stream),
        dialect: 'openai-chat',
        proxy,
      });
      try {
        for (let i = 0; i < trialsPerStream; i++)
          trials.push(await session.runTrial(REQUEST, DEFAULT_LIMITS));
      } finally {
        session.close();
      }
    }),
  );
  stopLoad.abort();
  samples.alongside = load === undefined ? null : await load;
  stopObserving();
  // Traces are fetched after all streams end so that fetching cannot disturb them.
  for (const trial of trials) await compare(simUrl, trial, samples);
  return samples;
}
