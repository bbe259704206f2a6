// Measurement error against the simulator's own record of when it wrote each
// event. Both sides read CLOCK_MONOTONIC, so arrival − write is the engine's
// whole error for an event: loopback transit plus any delay before the read
// was stamped. The streams are measured as the product measures them: one run
// of N profiles through startRun, on the shared measuring thread.
import { DEFAULT_LIMITS } from '../../src/main/probe';
import type { Measurer } from '../../src/main/measuring';
import { startRun, type RunSink } from '../../src/main/runs';
import type { SimTrace } from '../../src/main/sim';
import type { Profile, RunConfig, StoredTrial } from '../../src/shared/run';
import type { Trial } from '../../src/shared/trial';
import { makeProfile } from '../support/profile-fixture';
import { watchSection, type SectionVitals } from './vitals';

export interface AccuracySamples {
  /** Arrival of the first content event − its true write time. */
  ttft: number[];
  /** Measured TTFT without connect phases − the server's own time from request received to first write. */
  ttftNetOfConnect: number[];
  /** Measured gap − true gap between the same two events. */
  gaps: number[];
  /** The simulator's own precision: when it wrote each content event − when it meant to. */
  simLateness: number[];
  trials: number;
  failures: string[];
  /** Both threads over the measurement. */
  vitals: SectionVitals;
  /** Trials the run's `beside` profiles ended ok (null: none beside). */
  besideTrials: number | null;
}

/**
 * Concurrent endpoints keep their own time: stream i gets its own first-token
 * time and its own seeded gaps (mean about 5 ms), so events meet by chance.
 */
export const independentSchedule = (stream: number): string =>
  `sim-jitter:tokens=100,ttft=${40 + stream},gap=5,gap_min=1,gap_max=12,seed=${stream + 1}`;

async function fetchTrace(simUrl: string, id: string): Promise<SimTrace> {
  const response = await fetch(`${simUrl}/__sim/trace/${id}`);
  if (!response.ok) throw new Error(`no trace for request ${id}: HTTP ${response.status}`);
  return (await response.json()) as SimTrace;
}

export function emptySamples(vitals: SectionVitals): AccuracySamples {
  return {
    ttft: [],
    ttftNetOfConnect: [],
    gaps: [],
    simLateness: [],
    trials: 0,
    failures: [],
    vitals,
    besideTrials: null,
  };
}

/** A bench profile, reaching its endpoint directly whatever the environment's proxy. */
export function benchProfile(
  id: string,
  baseUrl: string,
  model: string,
  overrides: Partial<Profile> = {},
): Profile {
  return makeProfile(id, {
    name: id,
    base_url: baseUrl,
    model,
    notes: 'benchmark',
    proxy_mode: 'direct',
    has_key: false,
    ...overrides,
  });
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
  for (const write of writes) samples.simLateness.push(write.at_mono_ms - write.scheduled_mono_ms);
  for (let i = 1; i < chunks.length; i++) {
    const measured = (chunks[i]?.at_ms ?? 0) - (chunks[i - 1]?.at_ms ?? 0);
    const truth = (writes[i]?.at_mono_ms ?? 0) - (writes[i - 1]?.at_mono_ms ?? 0);
    samples.gaps.push(measured - truth);
  }
  samples.trials++;
}

/** A sink that keeps the run's trials in memory, for comparing once the run is over. */
function memorySink(): RunSink & { trials: StoredTrial[] } {
  const trials: StoredTrial[] = [];
  return {
    trials,
    createRun: () => {},
    saveTrial: (stored) => void trials.push(stored),
    saveProfileFailure: () => {},
    finishRun: () => {},
  };
}

function streamConfig(profiles: readonly Profile[], trials: number): RunConfig {
  return {
    prompt: 'Count slowly.',
    max_tokens: 4096,
    modes: ['stream'],
    trials,
    profile_ids: profiles.map((p) => p.id),
    limits: { ...DEFAULT_LIMITS },
    reuse_connection: false,
    warmup: false,
  };
}

export interface AccuracyOptions {
  /** Other profiles of the same run (a hostile server's, say): measured meanwhile, not compared. */
  beside?: readonly Profile[];
  /** The streams reach the simulator through this proxy (their profiles' proxy_mode `url`). */
  proxyUrl?: string;
  /** Where the run is measured. Default: the shared measuring thread, as in the product. */
  measurer?: Measurer;
}

/**
 * `streams` profiles of one run, `trialsPerStream` stream trials each, one
 * after another; profile i probes `modelOf(i)`.
 */
export async function measureAccuracy(
  simUrl: string,
  modelOf: (stream: number) => string,
  streams: number,
  trialsPerStream: number,
  options: AccuracyOptions = {},
): Promise<AccuracySamples> {
  const proxy: Partial<Profile> = options.proxyUrl
    ? { proxy_mode: 'url', proxy_url: options.proxyUrl }
    : {};
  const measured = Array.from({ length: streams }, (_, i) =>
    benchProfile(`stream-${i + 1}`, `${simUrl}/v1`, modelOf(i), proxy),
  );
  const beside = options.beside ?? [];
  const byId = new Map([...measured, ...beside].map((p) => [p.id, p]));
  const sink = memorySink();
  const stopWatching = watchSection(options.measurer === undefined);
  const run = startRun(
    {
      profiles: { get: (id) => byId.get(id) },
      keys: { readKeyForRequest: async () => undefined },
      sink,
      measurer: options.measurer,
    },
    streamConfig([...measured, ...beside], trialsPerStream),
  );
  const outcome = await run.done;
  const samples = emptySamples(await stopWatching());
  samples.failures.push(
    ...outcome.failures.map((f) => `${f.reason}: ${f.message}`),
    ...outcome.errors,
  );
  const besideIds = new Set(beside.map((p) => p.id));
  if (beside.length > 0) {
    samples.besideTrials = sink.trials.filter(
      (t) => besideIds.has(t.profile_id) && t.trial.status === 'ok',
    ).length;
  }
  // Traces are fetched after the run so that fetching cannot disturb it.
  for (const stored of sink.trials) {
    if (!besideIds.has(stored.profile_id)) await compare(simUrl, stored.trial, samples);
  }
  return samples;
}
