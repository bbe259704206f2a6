// `npm run bench`: how exact the ruler is, and how fast. The simulator runs in
// a child process (its own core and event loop) so that its schedule and the
// engine's timestamps do not compete for one thread.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../src/main/store';
import { startSimulator } from '../../src/main/sim';
import { configureMeasuringThread, inThreadMeasurer } from '../../src/main/measuring';
import { configureTokenWorker } from '../../src/main/probe/tokens';
import { configureReportThread } from '../../src/main/report/report-thread';
import { independentSchedule, measureAccuracy, type AccuracySamples } from './accuracy';
import { errorFigures, formatErrorFigures } from './percentiles';
import { formatRunSaving, measureRunSaving } from './runs';
import { formatStoreFigures, measureRunsList, measureSaveRun } from './store';
import { measureBootstrap, measureThroughput } from './throughput';
import { formatTokenizerFigures, measurePattern, measureTokenizer } from './tokenizer';
import { longWordProfiles, printHostileFigures } from './hostile';
import { measureLiveEvents } from './live-events';
import { printUiFigures } from './ui';
import {
  BIG_RUN_TRIALS,
  formatOpening,
  formatOpenTimes,
  LARGER_RUN_TRIALS,
  MAIN_LOOP_TARGET_P99_MS,
  measureBigRuns,
} from './big-runs';
import { formatSectionVitals } from './vitals';
import { formatReportFigures, measureReport } from './report';
import { startHostileServer } from '../support/hostile-server';
import { startConnectProxy } from '../support/connect-proxy';

const SIM_CHILD_FLAG = '--sim-child';
const STEADY = 'sim-steady:tokens=100,gap=5,ttft=40';
/** Profiles answering long words back to back beside the steady stream: enough to last as long as it does. */
const LONG_WORD_STRESS_PROFILES = 2;
/**
 * Opening a 100,000-trial run is measured only when this is 1: making one
 * takes minutes (its stored summaries compare its 50 profiles pair by pair).
 */
const LARGER_RUN_FLAG = 'LASTTOKEN_BENCH_100K';

// This file is bundled into out/cli/bench.mjs, beside the workers' bundles.
configureMeasuringThread(new URL('./measuring-worker.mjs', import.meta.url));
configureTokenWorker(new URL('./token-worker.mjs', import.meta.url));
configureReportThread(new URL('./report-worker.mjs', import.meta.url));

async function runSimChild(): Promise<void> {
  const sim = await startSimulator({ port: 0 });
  process.send?.({ url: sim.url });
  process.on('disconnect', () => void sim.close().then(() => process.exit(0)));
}

function startSimProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(fileURLToPath(import.meta.url), [SIM_CHILD_FLAG], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve({ url: message.url, child }));
    child.once('exit', (code) =>
      reject(new Error(`simulator process exited early (code ${code})`)),
    );
  });
}

interface Targets {
  gap?: number;
  ttft?: number;
  /** Main's event-loop delay p99. */
  mainLoop?: number;
}

function printAccuracy(title: string, samples: AccuracySamples, targets: Targets): void {
  console.log(`\n${title}: ${samples.trials} trials compared`);
  console.log(
    formatErrorFigures(
      '  TTFT error (arrival − true write)',
      errorFigures(samples.ttft),
      targets.ttft,
    ),
  );
  console.log(
    formatErrorFigures(
      '  TTFT net of connect − server TTFT (+ upload, queueing)',
      errorFigures(samples.ttftNetOfConnect),
    ),
  );
  console.log(
    formatErrorFigures(
      '  gap error (measured − true gap)',
      errorFigures(samples.gaps),
      targets.gap,
    ),
  );
  console.log(
    formatErrorFigures(
      '  simulator lateness (its write − its schedule)',
      errorFigures(samples.simLateness),
    ),
  );
  for (const line of formatSectionVitals(samples.vitals, targets.mainLoop)) console.log(line);
  for (const failure of samples.failures.slice(0, 5)) console.log(`  not compared: ${failure}`);
}

/** 32 measured streams while a run saves its trials into a real SQLite file. */
async function printRunSaving(simUrl: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-bench-'));
  const store = openStore(join(dir, 'history.db'));
  try {
    console.log(
      '\n32 concurrent streams (independent schedules) alone, beside a run of 4 profiles, and while that run saves into SQLite',
    );
    for (const line of formatRunSaving(await measureRunSaving({ simUrl, sink: store.runs }))) {
      console.log(line);
    }
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The steady stream beside other profiles of its run answering 200,000-letter
 * words (read on the measuring thread, counted on the token worker): one
 * paced to a word per steady trial, then several back to back as a stress
 * test. Counting must not move the steady stream's timestamps; what remains
 * is reading the words themselves. Compare with the 1-stream section.
 */
async function printBesideLongWord(simUrl: string): Promise<void> {
  const hostile = await startHostileServer();
  try {
    for (const [label, beside] of [
      ['one word per steady trial (a run of two profiles)', longWordProfiles(hostile, 1, 550)],
      [
        `words back to back from ${LONG_WORD_STRESS_PROFILES} profiles (stress)`,
        longWordProfiles(hostile, LONG_WORD_STRESS_PROFILES, 0),
      ],
    ] as const) {
      const samples = await measureAccuracy(simUrl, () => STEADY, 1, 20, { beside });
      printAccuracy(
        `1 stream, ${STEADY}, beside profiles answering 200,000-letter words, ${label}: ${samples.besideTrials ?? 0} words`,
        samples,
        { gap: 0.3 },
      );
    }
  } finally {
    await hostile.close();
  }
}

/**
 * The steady stream through a CONNECT proxy (the profile's own, a relay in
 * this process, so its work competes with main's: a pessimistic figure). The
 * tunnel must add a phase, not gap error. Compare with the 1-stream section.
 */
async function printThroughProxy(simUrl: string): Promise<void> {
  const proxy = await startConnectProxy();
  try {
    const through = await measureAccuracy(simUrl, () => STEADY, 1, 20, { proxyUrl: proxy.url });
    printAccuracy(
      `1 stream, ${STEADY}, through a CONNECT proxy (${proxy.counts.tunnels} tunnels, ${proxy.counts.bytes_down.toLocaleString('en')} bytes relayed)`,
      through,
      { gap: 0.3 },
    );
  } finally {
    await proxy.close();
  }
}

/** A 32-profile run through the app services, with and without a browser client following it live. */
async function printLiveEvents(simUrl: string): Promise<void> {
  const { alone, subscribed } = await measureLiveEvents(simUrl);
  printAccuracy('a 32-profile run through the app services, nobody following it', alone.samples, {
    gap: 1,
  });
  const events = Object.entries(subscribed.received)
    .map(([type, n]) => `${n} ${type}`)
    .join(', ');
  printAccuracy(
    `the same run with a browser client subscribed to its live events (${events})`,
    subscribed.samples,
    { gap: 1 },
  );
}

/** 32 streams while a big stored run is opened, then how long big runs take to open. */
async function printBigRuns(simUrl: string): Promise<void> {
  const larger = process.env[LARGER_RUN_FLAG] === '1';
  const { whileOpening, openTimes } = await measureBigRuns(simUrl, larger);
  printAccuracy(
    `a 32-profile run through the app services while a stored ${BIG_RUN_TRIALS.toLocaleString('en')}-trial run is opened over the web server again and again (historyRun, then chartsRun)`,
    whileOpening.samples,
    { gap: 1, mainLoop: MAIN_LOOP_TARGET_P99_MS },
  );
  for (const line of formatOpening(whileOpening.opening)) console.log(line);
  console.log(
    '\nbig stored runs opened over the web server (summaries stored, as a run leaves them)',
  );
  for (const times of openTimes) for (const line of formatOpenTimes(times)) console.log(line);
  if (!larger) {
    console.log(
      `  ${LARGER_RUN_TRIALS.toLocaleString('en')} trials: skipped, making one takes minutes (set ${LARGER_RUN_FLAG}=1)`,
    );
  }
}

/** Everything measured against the simulator: the streams' errors, runs saving and the big stored runs. */
async function printSimulatorSections(): Promise<void> {
  const { url, child } = await startSimProcess();
  try {
    // Warm-up runs, so that JIT compilation and the heaps' growth to their
    // working size are not charged to the measured trials.
    await measureAccuracy(url, () => STEADY, 1, 3);
    await measureAccuracy(url, independentSchedule, 32, 1);
    await measureAccuracy(url, independentSchedule, 32, 1, { measurer: inThreadMeasurer() });
    printAccuracy(`1 stream, ${STEADY}`, await measureAccuracy(url, () => STEADY, 1, 20), {
      gap: 0.3,
      ttft: 0.5,
    });
    await printBesideLongWord(url);
    await printThroughProxy(url);
    printAccuracy(
      '32 concurrent streams, independent schedules (sim-jitter, own seed and TTFT each)',
      await measureAccuracy(url, independentSchedule, 32, 3),
      { gap: 1 },
    );
    printAccuracy(
      '32 concurrent streams, independent schedules, the engine on the main thread (baseline: as before the measuring thread)',
      await measureAccuracy(url, independentSchedule, 32, 3, { measurer: inThreadMeasurer() }),
      {},
    );
    printAccuracy(
      `32 concurrent streams, identical schedules (worst case: 32 events in the same instant), ${STEADY}`,
      await measureAccuracy(url, () => STEADY, 32, 3),
      { gap: 1 },
    );
    await printRunSaving(url);
    await printLiveEvents(url);
    await printBigRuns(url);
  } finally {
    child.disconnect();
  }
}

function printThroughput(): void {
  measureThroughput(10_000);
  const throughput = measureThroughput(100_000);
  const verdict =
    throughput.chunksPerSecond >= 50_000 ? 'ok (≥ 50k chunks/s)' : 'UNDER TARGET (≥ 50k chunks/s)';
  console.log(`\nparse + tokenize on one core: ${throughput.chunks} chunks`);
  console.log(
    `  SSE + JSON parse ${throughput.parseMs.toFixed(0)} ms, tokenize + derive ${throughput.deriveMs.toFixed(0)} ms`,
  );
  console.log(
    `  ${Math.round(throughput.chunksPerSecond).toLocaleString('en')} chunks/s  ${verdict}`,
  );
  console.log(`  heap held by the trial: ${throughput.heapMb.toFixed(1)} MB`);
}

/**
 * The sections, in the order they run. `npm run bench -- NAME…` (or
 * `node --expose-gc out/cli/bench.mjs NAME…`) runs only those named; no name
 * runs them all.
 */
const SECTIONS: Readonly<Record<string, () => void | Promise<void>>> = {
  simulator: printSimulatorSections,
  hostile: printHostileFigures,
  throughput: printThroughput,
  tokenizer: () => {
    console.log('');
    for (const line of formatTokenizerFigures(measureTokenizer(), measurePattern())) {
      console.log(line);
    }
  },
  store: () => {
    console.log('');
    for (const line of formatStoreFigures(measureSaveRun(), measureRunsList())) console.log(line);
  },
  report: async () => {
    console.log('');
    for (const line of formatReportFigures(await measureReport())) console.log(line);
  },
  bootstrap: () => {
    const bootstrap = measureBootstrap(100, 50);
    console.log(
      `\nbootstrap 95% interval of the median, n=100, 2000 resamples: median ${bootstrap.toFixed(2)} ms`,
    );
  },
  ui: printUiFigures,
};

/** The sections named on the command line, in the bench's order; all when none is. */
function chosenSections(args: readonly string[]): string[] {
  const names = Object.keys(SECTIONS);
  const unknown = args.filter((arg) => !names.includes(arg));
  if (unknown.length > 0) {
    throw new Error(`no bench section ${unknown.join(', ')}: choose among ${names.join(', ')}`);
  }
  return args.length === 0 ? names : names.filter((name) => args.includes(name));
}

async function main(args: readonly string[]): Promise<void> {
  const sections = chosenSections(args);
  console.log('LastToken benchmark');
  console.log(
    `node ${process.version}; simulator in a child process, asleep until each write is due; errors against its true write times`,
  );
  console.log(
    'every run is measured on the measuring thread, as in the app, unless its title says otherwise',
  );
  if (args.length > 0) console.log(`sections: ${sections.join(', ')}`);
  for (const name of sections) await SECTIONS[name]?.();
}

if (process.argv.includes(SIM_CHILD_FLAG)) {
  await runSimChild();
} else {
  await main(process.argv.slice(2));
}
