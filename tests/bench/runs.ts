// Does a run that saves disturb the measurements? The accuracy benchmark (32
// concurrent streams, one run on the measuring thread, errors against the
// simulator's true write times) runs three times in this process:
//   alone            — the reference;
//   beside a run     — a run of `runProfiles` profiles streams on the same
//                      measuring thread, its sink does nothing: the cost of the
//                      extra streams alone;
//   while it saves   — the same run, each finished trial saved by the given
//                      sink (the real SQLite store, on the main thread) and
//                      every event cloned as IPC would: the difference to
//                      "beside a run" is what the writes and the fan-out cost
//                      the other sockets' timestamps.
// The run keeps going for as long as the measurement lasts and is cancelled
// after it. Warm-ups are the caller's business (tests/bench/run.ts), except
// for the run path itself, which gets one short run first.
import { DEFAULT_LIMITS } from '../../src/main/probe';
import { startRun, type RunSink } from '../../src/main/runs';
import type { Profile, RunConfig, RunOutcome, StoredTrial } from '../../src/shared/run';
import {
  benchProfile,
  independentSchedule,
  measureAccuracy,
  type AccuracySamples,
} from './accuracy';
import { errorFigures, formatErrorFigures, type ErrorFigures } from './percentiles';
import { formatSectionVitals } from './vitals';

export interface RunSavingBenchOptions {
  /** The simulator, e.g. http://127.0.0.1:PORT (ideally in another process). */
  simUrl: string;
  /**
   * Where the run's trials go: the real store. createRun and finishRun are
   * optional (a bare `{ saveTrial }` callback works).
   */
  sink: Pick<RunSink, 'saveTrial'> & Partial<RunSink>;
  /**
   * The run's profiles, pointing at simUrl (pass profiles saved in the store
   * when it checks that they exist). Default: `runProfiles` sim-steady profiles.
   */
  profiles?: Profile[];
  /** Default 4. Ignored when `profiles` is given. */
  runProfiles?: number;
  /** Model of the run's profiles (default: 200 tokens every 2 ms, so each saved trial carries 200 chunks). */
  runModel?: string;
  /** Measured concurrent streams (default 32). */
  streams?: number;
  /** Trials per measured stream (default 3). */
  trialsPerStream?: number;
  /** The model of measured stream i (default: sim-jitter, its own seed and TTFT). */
  modelOf?: (stream: number) => string;
}

export interface SaveDurations {
  /** Trials saved while the measurement ran. */
  n: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /** Chunks per saved trial, on average. */
  chunks_mean: number;
}

export interface RunSavingBench {
  alone: AccuracySamples;
  besideRun: AccuracySamples;
  whileSaving: AccuracySamples;
  /** How long each sink.saveTrial took (each one blocks the thread that stamps reads). */
  saves: SaveDurations | null;
  /** How the saving run ended (cancelled once the measurement was over). */
  outcome: RunOutcome;
}

function simProfiles(simUrl: string, count: number, model: string): Profile[] {
  return Array.from({ length: count }, (_, i) =>
    benchProfile(`bench-run-${i + 1}`, `${simUrl}/v1`, model),
  );
}

function runConfig(profiles: Profile[], trials: number): RunConfig {
  return {
    prompt: 'Count slowly.',
    max_tokens: 4096,
    modes: ['stream', 'plain'],
    trials,
    profile_ids: profiles.map((p) => p.id),
    limits: { ...DEFAULT_LIMITS },
    reuse_connection: false,
    warmup: false,
  };
}

/**
 * Starts a run and measures the 32 streams once the run has saved its first
 * trial (so that saving is under way for the whole measurement); then cancels
 * the run.
 */
async function measureBesideRun(
  options: RunSavingBenchOptions,
  profiles: Profile[],
  sink: RunSink,
  measure: () => Promise<AccuracySamples>,
): Promise<{ samples: AccuracySamples; outcome: RunOutcome }> {
  const byId = new Map(profiles.map((p) => [p.id, p]));
  let firstSave = (): void => {};
  const saving = new Promise<void>((resolve) => {
    firstSave = resolve;
  });
  const run = startRun(
    {
      profiles: { get: (id) => byId.get(id) },
      keys: { readKeyForRequest: async () => undefined },
      sink: {
        ...sink,
        saveTrial(stored) {
          sink.saveTrial(stored);
          firstSave();
        },
      },
    },
    // Far more than the measurement needs: it is cancelled at the end.
    runConfig(profiles, 10_000),
  );
  // What the app's IPC does to every event: serialize it.
  run.subscribe((event) => void structuredClone(event));
  await Promise.race([saving, run.done]);
  const samples = await measure();
  run.cancel();
  return { samples, outcome: await run.done };
}

export async function measureRunSaving(options: RunSavingBenchOptions): Promise<RunSavingBench> {
  const streams = options.streams ?? 32;
  const trials = options.trialsPerStream ?? 3;
  const modelOf = options.modelOf ?? independentSchedule;
  const profiles =
    options.profiles ??
    simProfiles(
      options.simUrl,
      options.runProfiles ?? 4,
      options.runModel ?? 'sim-steady:tokens=200,gap=2,ttft=20',
    );
  const measure = () => measureAccuracy(options.simUrl, modelOf, streams, trials);
  const noop = (): void => {};
  const realSink: RunSink = {
    createRun: options.sink.createRun?.bind(options.sink) ?? noop,
    saveTrial: options.sink.saveTrial.bind(options.sink),
    saveProfileFailure: options.sink.saveProfileFailure?.bind(options.sink) ?? noop,
    finishRun: options.sink.finishRun?.bind(options.sink) ?? noop,
  };
  const idleSink: RunSink = {
    createRun: noop,
    saveTrial: noop,
    saveProfileFailure: noop,
    finishRun: noop,
  };

  // Warm the run path (orchestrator, sink, its prepared statements) first.
  const warm = startRun(
    {
      profiles: { get: (id) => profiles.find((p) => p.id === id) },
      keys: { readKeyForRequest: async () => undefined },
      sink: realSink,
    },
    runConfig(profiles, 1),
  );
  await warm.done;

  const alone = await measure();
  const beside = await measureBesideRun(options, profiles, idleSink, measure);

  const durations: number[] = [];
  let chunks = 0;
  const timedSink: RunSink = {
    ...realSink,
    saveTrial(stored: StoredTrial) {
      const start = performance.now();
      realSink.saveTrial(stored);
      durations.push(performance.now() - start);
      chunks += stored.trial.timeline.chunks.length;
    },
  };
  const saving = await measureBesideRun(options, profiles, timedSink, measure);

  return {
    alone,
    besideRun: beside.samples,
    whileSaving: saving.samples,
    saves: saveDurations(durations, chunks),
    outcome: saving.outcome,
  };
}

function saveDurations(durations: number[], chunks: number): SaveDurations | null {
  const figures: ErrorFigures | null = errorFigures(durations);
  if (!figures) return null;
  return {
    n: figures.n,
    p50_ms: figures.p50,
    p95_ms: figures.p95,
    max_ms: figures.max,
    chunks_mean: chunks / figures.n,
  };
}

/** Lines for `npm run bench`: gap and TTFT errors of the three measurements, and the writes. */
export function formatRunSaving(result: RunSavingBench, gapTargetP95 = 1): string[] {
  const lines: string[] = [];
  const rows: [string, AccuracySamples][] = [
    ['alone', result.alone],
    ['beside a run (sink does nothing)', result.besideRun],
    ['while the run saves', result.whileSaving],
  ];
  for (const [label, samples] of rows) {
    lines.push(
      formatErrorFigures(`  gap error, ${label}`, errorFigures(samples.gaps), gapTargetP95),
      formatErrorFigures(`  TTFT error, ${label}`, errorFigures(samples.ttft)),
      ...formatSectionVitals(samples.vitals).map((line) => `  ${line}`),
    );
    for (const failure of samples.failures.slice(0, 3)) lines.push(`    not compared: ${failure}`);
  }
  const { saves, outcome } = result;
  lines.push(
    saves
      ? `  saveTrial: ${saves.n} trials of ${saves.chunks_mean.toFixed(0)} chunks on average, ` +
          `p50 ${saves.p50_ms.toFixed(3)} ms, p95 ${saves.p95_ms.toFixed(3)} ms, max ${saves.max_ms.toFixed(3)} ms`
      : '  saveTrial: no trial saved during the measurement',
    `  the run: ${outcome.status}, ${outcome.saved_trials} trials saved` +
      (outcome.errors.length ? `, errors: ${outcome.errors.join('; ')}` : ''),
  );
  return lines;
}
