// How long the renderer takes with a lot to show, measured in Chromium against
// the real services: a large finished run from navigation to its last chart
// drawn, and the page's longest main-thread task while 32 streams run live.
// The e2e tests check that both happen; `npm run bench` prints the figures.

import type { Page } from 'playwright-core';
import type { RunsRepository } from '../../src/main/store';
import { DEFAULT_RUN_LIMITS, type StoredTrial } from '../../src/shared/run';
import { makeTrial } from '../unit/trial-fixture';
import type { AppUnderTest } from './app-under-test';
import { runRecord, snapshot, storedTrial } from './store-fixtures';

/**
 * Charts on a finished run's results: where the time went, the comparison, the
 * A-vs-B differences (when two sides have ok trials to compare), the timeline,
 * the chunk sizes.
 */
export const RESULT_CHARTS = 5;

/**
 * When exactly `count` charts are on the page and all drawn (Echart.tsx marks
 * its host), on the page's own clock (performance.now()).
 */
export async function chartsDrawnAt(
  page: Page,
  count = RESULT_CHARTS,
  timeoutMs = 30_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const drawnAt = (await page.evaluate(`(() => {
      const charts = [...document.querySelectorAll('.echart')];
      return charts.length === ${count} && charts.every((c) => c.dataset.chartFinished === 'true')
        ? performance.now()
        : null;
    })()`)) as number | null;
    if (drawnAt !== null) return drawnAt;
    if (Date.now() > deadline) throw new Error(`${count} charts not drawn in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A plain trial: the whole answer at once, no chunks. */
export function plainTrial(seed: number): StoredTrial['trial'] {
  const total = 900 + (seed % 40);
  return makeTrial({
    mode: 'plain',
    first_event_ms: null,
    ttft_ms: null,
    ttfo_ms: null,
    first_byte_ms: total - 2,
    last_token_ms: null,
    total_ms: total,
    chunks: 0,
    gaps_ms: [],
    gap_median_ms: null,
    gap_p95_ms: null,
    gap_max_ms: null,
    tokens: 700,
    tokens_per_chunk_mean: null,
    itl_ms: null,
    decode_tps: null,
    e2e_tps: (700 / total) * 1000,
    timeline: { t0_mono_ms: 0, chunks: [], pings: [] },
  });
}

export const LARGE_RUN = '4 profiles × 2 modes × 30 trials, 1,000 chunks per stream';

/** Seeds a finished run as large as LARGE_RUN says straight into the store. */
export function seedLargeRun(runs: RunsRepository, id: string): void {
  const profiles = ['a', 'b', 'c', 'd'].map((p) => snapshot(p, { name: `Profile ${p}` }));
  runs.createRun(
    runRecord(id, profiles, {
      config: { ...runRecord(id, []).config, trials: 30, modes: ['stream', 'plain'] },
      planned_calls: 240,
    }),
  );
  for (const profile of profiles) {
    for (let k = 1; k <= 30; k++) {
      runs.saveTrial(storedTrial(id, profile.id, k, 1000));
      runs.saveTrial({
        run_id: id,
        profile_id: profile.id,
        trial_index: k,
        warmup: false,
        trial: plainTrial(k),
      });
    }
  }
  runs.finishRun(id, 'completed', '2026-03-01T10:05:00.000Z');
}

export interface LoadTiming {
  /** Navigation to every chart drawn, ms. */
  drawn: number;
  /** Navigation to the run's data answered (historyRun and chartsRun), ms. */
  data: number;
}

/** Opens the run's results `loads` times from a blank page; sorted by `drawn`. */
export async function timeResultLoads(
  app: AppUnderTest,
  runId: string,
  loads: number,
): Promise<LoadTiming[]> {
  const timings: LoadTiming[] = [];
  for (let i = 0; i < loads; i++) {
    await app.page.goto('about:blank');
    await app.page.goto(`${app.server.origin}/#/runs/${runId}`);
    const drawn = await chartsDrawnAt(app.page);
    const responses = (await app.page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => /api\\/(historyRun|chartsRun)$/.test(e.name)).map((e) => e.responseEnd)`,
    )) as number[];
    timings.push({ drawn, data: Math.max(...responses) });
  }
  return timings.sort((a, b) => a.drawn - b.drawn);
}

export function formatResultLoads(timings: LoadTiming[]): string {
  const median = timings[Math.floor(timings.length / 2)] as LoadTiming;
  return (
    `large run (${LARGE_RUN}), ${timings.length} loads: navigation to every chart drawn ` +
    `${timings.map((t) => t.drawn.toFixed(0)).join(', ')} ms; median ${median.drawn.toFixed(0)} ms, ` +
    `of which ${median.data.toFixed(0)} ms until historyRun and chartsRun had answered ` +
    `and ${(median.drawn - median.data).toFixed(0)} ms drawing`
  );
}

export const LIVE_PROFILES = 32;

export interface LiveLongTasks {
  /** The longest main-thread task while the run was live, ms (0: none over 50 ms). */
  longest: number;
  /** Tasks over 50 ms while the run was live. */
  count: number;
  trials: number;
}

/**
 * Starts a run of LIVE_PROFILES simulated streams from the New run screen's
 * page and follows it live on the same page (no reload, so the observer sees
 * the whole run), recording every main-thread task over 50 ms (the Long
 * Tasks API) until the run's end is shown.
 */
export async function followLiveRun(
  app: AppUnderTest,
  onLive?: (page: Page) => Promise<void>,
): Promise<LiveLongTasks> {
  const base_url = `${app.sim.url}/v1`;
  const profile_ids = Array.from(
    { length: LIVE_PROFILES },
    (_, i) =>
      app.services.profiles.create({
        name: `Sim ${String(i + 1).padStart(2, '0')}`,
        base_url,
        model: 'sim-steady:tokens=400,gap=10,ttft=50',
      }).id,
  );
  await app.open('#/runs/new');
  const { page } = app;
  await page.evaluate(`(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
    window.__ended = null;
    new MutationObserver(() => {
      if (window.__ended === null && document.querySelector('.run-ended')) window.__ended = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  })()`);
  const trials = 2;
  const { run_id } = await app.services.runs.start({
    prompt: 'Count slowly.',
    max_tokens: 5000,
    modes: ['stream'],
    trials,
    profile_ids,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
  });
  await page.evaluate(`location.hash = '#/runs/${run_id}'`);
  await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
  await onLive?.(page);
  await page.locator('.run-ended').waitFor({ timeout: 60_000 });
  const all = (await page.evaluate('window.__longTasks')) as [number, number][];
  const ended = (await page.evaluate('window.__ended')) as number;
  const tasks = all.filter(([at]) => at < ended).map(([, duration]) => duration);
  return { longest: Math.max(0, ...tasks), count: tasks.length, trials: LIVE_PROFILES * trials };
}

export function formatLiveLongTasks(figures: LiveLongTasks): string {
  return (
    `${LIVE_PROFILES}-stream live run (${figures.trials} trials): longest main-thread task ` +
    `${figures.longest.toFixed(0)} ms (${figures.count} tasks over 50 ms)`
  );
}
