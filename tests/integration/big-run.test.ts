// A run of 20,000 trials opened through the app's handlers as its results
// page opens it (historyRun, chartsRun and the first page of its failures, at
// once), against a real SQLite file, while another call (appInfo) keeps being
// answered: main never holds its event loop for the whole of it. A run stored
// before digests existed is digested on its first opening, in slices, and
// other calls are answered meanwhile too, as they are while a run is exported. The times are printed, not
// asserted: `npm run bench` holds them to their targets on a quiet machine.

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { csvDataOf, exportCsvStream, runFileStream } from '../../src/main/export';
import { detailAtPace } from '../../src/main/store/run-at-pace';
import { CSV_KINDS } from '../../src/main/export/csv';
import { MemoryKeyStore } from '../../src/main/secrets';
import type { RunCharts, RunView, TrialPage } from '../../src/shared/api';
import { makeBigRun } from '../support/big-run';
import { tempDatabase, type TempDatabase } from '../support/store-fixtures';

let temp: TempDatabase;
let services: AppServices;

beforeEach(() => {
  temp = tempDatabase();
  services = openAppServices({
    databasePath: temp.path,
    keys: new MemoryKeyStore(),
    identity: { name: 'LastToken', version: 'test', electron: null, transport: 'http' },
    systemLocale: 'en-US',
  });
});

afterEach(async () => {
  await services.close();
  temp.remove();
});

interface Timed<T> {
  value: T;
  ms: number;
}

async function timed<T>(method: string, input: unknown): Promise<Timed<T>> {
  const start = performance.now();
  const answer = await services.dispatch(method, input);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
  return { value: answer.value as T, ms: performance.now() - start };
}

/** What `open` resolves to, and how appInfo fared every 10 ms meanwhile (ms per answer). */
async function whileAnswering<T>(
  open: () => Promise<T>,
): Promise<{ opened: T; appInfo: number[]; loopP99: number; loopMax: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const appInfo: number[] = [];
  let opening = true;
  const asking = (async () => {
    while (opening) {
      const start = performance.now();
      expect((await services.dispatch('appInfo', {})).ok).toBe(true);
      appInfo.push(performance.now() - start);
      await sleep(10);
    }
  })();
  try {
    return {
      opened: await open(),
      appInfo,
      loopP99: delay.percentile(99) / 1e6,
      loopMax: delay.max / 1e6,
    };
  } finally {
    opening = false;
    await asking;
    delay.disable();
  }
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

describe('a run of 20,000 trials', () => {
  it('opens through the handlers while other calls are answered', async () => {
    const made = performance.now();
    const big = await makeBigRun(services.store, 20_000);
    console.log(
      `20,000-trial run (${big.profiles} profiles) stored and digested in ${ms(performance.now() - made)}`,
    );
    const { opened, appInfo, loopP99, loopMax } = await whileAnswering(() =>
      Promise.all([
        timed<RunView>('historyRun', { run_id: big.run_id }),
        timed<RunCharts>('chartsRun', { run_id: big.run_id }),
        timed<TrialPage>('historyTrials', { run_id: big.run_id, status: 'failed' }),
      ]),
    );
    const [view, charts, failed] = opened;
    expect(view.value.trial_counts.all).toBe(20_000);
    expect(view.value.summaries[view.value.run.profiles[0]?.id ?? '']).toHaveLength(2);
    // 10 profiles × 1,000 rounds: the timeline has the lines of one round in 10.
    expect(charts.value.arrival_every).toBe(10);
    expect(charts.value.arrivals).toHaveLength(2_000);
    const box = charts.value.boxes.find((b) => b.metric === 'total_ms' && b.mode === 'plain');
    expect(box?.values.length).toBeGreaterThan(900);
    expect(failed.value.total).toBe(big.failed);
    expect(failed.value.trials).toHaveLength(50);
    expect(appInfo.length).toBeGreaterThan(0);
    console.log(
      `opened: historyRun ${ms(view.ms)}, chartsRun ${ms(charts.ms)}, failures ${ms(failed.ms)}; ` +
        `appInfo answered ${appInfo.length} times, slowest ${ms(Math.max(...appInfo))}; ` +
        `event-loop delay p99 ${ms(loopP99)}, max ${ms(loopMax)}`,
    );
  }, 300_000);
});

describe('a run stored before digests', () => {
  it('is digested on its first opening, in slices, other calls answered meanwhile', async () => {
    const big = await makeBigRun(services.store, 4_000, { summarized: false });
    const { opened, appInfo, loopP99, loopMax } = await whileAnswering(() =>
      timed<RunView>('historyRun', { run_id: big.run_id }),
    );
    expect(opened.value.trial_counts.all).toBe(4_000);
    // Answers while it was being computed: a loop held throughout would have given two at most.
    expect(appInfo.length).toBeGreaterThan(2);
    console.log(
      `first opening of a 4,000-trial run: historyRun ${ms(opened.ms)}; appInfo answered ` +
        `${appInfo.length} times, slowest ${ms(Math.max(...appInfo))}; ` +
        `event-loop delay p99 ${ms(loopP99)}, max ${ms(loopMax)}`,
    );
    // Then stored: the next opening reads it.
    expect((await timed<RunView>('historyRun', { run_id: big.run_id })).value).toEqual(
      opened.value,
    );
  }, 120_000);
});

describe('the exports of a run of 4,000 trials', () => {
  it('read it a page at a time, other calls answered meanwhile, and say what reading it whole says', async () => {
    const big = await makeBigRun(services.store, 4_000);
    const pace = services.settings.get().reader_pace_tps;
    const whole = detailAtPace(services.store.history.getRun(big.run_id)!, pace);
    for (const kind of CSV_KINDS) {
      const { opened, appInfo } = await whileAnswering(async () => {
        const download = await services.downloadCsv({ run_id: big.run_id, kind });
        if (!download.ok) throw new Error(download.error.message);
        return text(download.value.stream);
      });
      expect(opened, kind).toBe(await text(exportCsvStream(kind, csvDataOf(whole, kind))));
      if (kind === 'chunks') expect(appInfo.length, kind).toBeGreaterThan(2);
    }
    const { opened: file, appInfo } = await whileAnswering(() =>
      timed<{ text: string }>('historyRunFile', { run_id: big.run_id }),
    );
    expect(appInfo.length).toBeGreaterThan(2);
    const stamp = /"exported_at":"[^"]+"/;
    const wholeFile = await text(runFileStream(services.store.history.getRun(big.run_id)!));
    expect(file.value.text.replace(stamp, '')).toBe(wholeFile.replace(stamp, ''));
  }, 300_000);
});
