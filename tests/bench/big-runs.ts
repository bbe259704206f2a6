// `npm run bench`, big stored runs (tests/support/big-run.ts makes them):
// 32 streams measured through the app while a stored 20,000-trial run is
// opened again and again over the web server, and how long opening a
// 20,000- and a 100,000-trial run takes. Meanwhile `appInfo` is asked every
// 50 ms: the user's other calls must keep answering. The bodies are read,
// not parsed: a browser parses them in its own process, not on the app's
// main thread, which the figures are about.

import { setTimeout as sleep } from 'node:timers/promises';
import { watchThreadVitals, type ThreadVitals } from '../../src/main/measuring';
import { makeBigRun, type BigRun } from '../support/big-run';
import type { AccuracySamples } from './accuracy';
import { measureAppRun, withBenchApp, type BenchApp } from './bench-app';
import { errorFigures, underTarget, type ErrorFigures } from './percentiles';
import { formatThreadVitals } from './vitals';

/** The stored run the streams are measured beside, and the larger one whose open times are measured too. */
export const BIG_RUN_TRIALS = 20_000;
export const LARGER_RUN_TRIALS = 100_000;
const OPEN_TARGET_MS: Readonly<Record<number, number>> = {
  [BIG_RUN_TRIALS]: 1000,
  [LARGER_RUN_TRIALS]: 5000,
};
const APP_INFO_TARGET_MS = 100;
export const MAIN_LOOP_TARGET_P99_MS = 50;
const APP_INFO_EVERY_MS = 50;

interface OpenCalls {
  ms: number[];
  /** Of the last answer. */
  bytes: number;
}

interface Opens {
  historyRun: OpenCalls;
  chartsRun: OpenCalls;
}

export interface Opening extends Opens {
  /** How long each appInfo asked meanwhile took to answer. */
  appInfoMs: number[];
  /** Main's vitals from the first open to the last. */
  main: ThreadVitals;
}

export interface OpenTimes extends Opening {
  run: BigRun;
  /** Making the run, its summaries included (not part of any target). */
  madeMs: number;
}

export interface BigRunFigures {
  /** 32 streams through the app while the 20,000-trial run is opened. */
  whileOpening: { samples: AccuracySamples; opening: Opening };
  openTimes: OpenTimes[];
}

/** One call of the API over HTTP, as the renderer makes it: how long until the whole answer was in. */
async function callApi(
  app: BenchApp,
  method: string,
  input: unknown,
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${app.server.origin}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) {
    throw new Error(`${method}: HTTP ${response.status} ${Buffer.from(body).toString('utf8')}`);
  }
  return { ms, bytes: body.byteLength };
}

/** Asks appInfo every APP_INFO_EVERY_MS until `signal` aborts; resolves with each answer's latency. */
async function pollAppInfo(app: BenchApp, signal: AbortSignal): Promise<number[]> {
  const latencies: number[] = [];
  while (!signal.aborted) {
    latencies.push((await callApi(app, 'appInfo', {})).ms);
    // Aborted while waiting: the loop ends.
    await sleep(APP_INFO_EVERY_MS, undefined, { signal }).catch(() => {});
  }
  return latencies;
}

/** Opens the run as its page does (historyRun, then chartsRun) at least `times` times, and on until `signal` aborts. */
async function keepOpening(
  app: BenchApp,
  runId: string,
  times: number,
  signal: AbortSignal,
): Promise<Opens> {
  const opening: Opens = {
    historyRun: { ms: [], bytes: 0 },
    chartsRun: { ms: [], bytes: 0 },
  };
  for (let n = 0; n < times || !signal.aborted; n++) {
    for (const method of ['historyRun', 'chartsRun'] as const) {
      const { ms, bytes } = await callApi(app, method, { run_id: runId });
      opening[method].ms.push(ms);
      opening[method].bytes = bytes;
    }
  }
  return opening;
}

/**
 * `work` while the run is opened (at least `times` times, and on until `work`
 * is done) and appInfo asked, main watched all along: whatever `work` leaves
 * to main after it (a finished run's summaries) counts too.
 */
async function whileOpening<T>(
  app: BenchApp,
  runId: string,
  times: number,
  work: () => Promise<T>,
): Promise<{ result: T; opening: Opening }> {
  const stopWatching = watchThreadVitals();
  const stopOpening = new AbortController();
  const stopPolling = new AbortController();
  const polls = pollAppInfo(app, stopPolling.signal);
  const opens = keepOpening(app, runId, times, stopOpening.signal);
  const result = await work();
  stopOpening.abort();
  const opened = await opens;
  stopPolling.abort();
  const appInfoMs = await polls;
  return { result, opening: { ...opened, appInfoMs, main: stopWatching() } };
}

async function measureOpenTimes(app: BenchApp, trials: number, times: number): Promise<OpenTimes> {
  const making = performance.now();
  const run = await makeBigRun(app.services.store, trials);
  const madeMs = performance.now() - making;
  const { opening } = await whileOpening(app, run.run_id, times, async () => {});
  return { run, madeMs, ...opening };
}

/** Both big-run sections on one app; the larger run's open times when `larger`. */
export function measureBigRuns(simUrl: string, larger: boolean): Promise<BigRunFigures> {
  return withBenchApp(simUrl, async (app) => {
    const big = await measureOpenTimes(app, BIG_RUN_TRIALS, 3);
    const streams = await whileOpening(app, big.run.run_id, 1, () => measureAppRun(app, simUrl));
    const openTimes = [big];
    if (larger) openTimes.push(await measureOpenTimes(app, LARGER_RUN_TRIALS, 2));
    return {
      whileOpening: { samples: streams.result, opening: streams.opening },
      openTimes,
    };
  });
}

const msFigure = (figures: ErrorFigures | null): string =>
  figures ? `p50 ${figures.p50.toFixed(0)} ms, max ${figures.max.toFixed(0)} ms` : 'no answer';

function formatCalls(method: string, calls: OpenCalls, targetMs?: number): string {
  const figures = errorFigures(calls.ms);
  const size = `${(calls.bytes / 1e6).toFixed(1)} MB`;
  const target =
    targetMs === undefined || !figures ? '' : `  ${underTarget(figures.max, targetMs)}`;
  return `${method} ×${calls.ms.length} ${msFigure(figures)} (${size})${target}`;
}

function formatAppInfo(latencies: readonly number[]): string {
  const worst = Math.max(...latencies);
  return (
    `appInfo every ${APP_INFO_EVERY_MS} ms meanwhile: ${latencies.length} answers, worst ${worst.toFixed(1)} ms  ` +
    underTarget(worst, APP_INFO_TARGET_MS)
  );
}

/** Main's vitals and appInfo's answers over the opening, under `indent`. */
function formatMeanwhile(opening: Opening, indent: string): string[] {
  return [
    formatThreadVitals(
      `${indent}main thread, first open to last:`,
      opening.main,
      MAIN_LOOP_TARGET_P99_MS,
    ),
    `${indent}${formatAppInfo(opening.appInfoMs)}`,
  ];
}

/** The lines under the streams' figures: the opens meanwhile, and how main fared over them. */
export function formatOpening(opening: Opening): string[] {
  return [
    `  opened meanwhile: ${formatCalls('historyRun', opening.historyRun)}; ` +
      formatCalls('chartsRun', opening.chartsRun),
    ...formatMeanwhile(opening, '  '),
  ];
}

export function formatOpenTimes(times: OpenTimes): string[] {
  const target = OPEN_TARGET_MS[times.run.trials];
  return [
    `  ${times.run.trials.toLocaleString('en')} trials (${times.run.profiles} profiles; made with its summaries in ${(times.madeMs / 1000).toFixed(1)} s)`,
    `    ${formatCalls('historyRun', times.historyRun, target)}`,
    `    ${formatCalls('chartsRun', times.chartsRun, target)}`,
    ...formatMeanwhile(times, '    '),
  ];
}
