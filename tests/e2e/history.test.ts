// The history and compare screens in Chromium, against the real services: a
// new user's empty history; then real short runs against the simulator plus
// 10,000 runs written straight into the store, listed newest first, paged,
// filtered by profile, model, status and days; a run opened and the list found
// again on the way back; a profile's trend drawn; two runs compared; a run
// deleted after a confirmation and a running one refused; a profile named
// like an HTML tag shown as text everywhere; axe and screenshots in both
// languages and both themes.

import { msDecimals } from '../../src/shared/duration';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_COLUMNS } from '../../src/main/store/trial-row';
import type { AppEvent } from '../../src/shared/api';
import type { Profile, RunConfig, RunStatus } from '../../src/shared/run';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
  type AppUnderTest,
  axeViolations,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';
import { runRecord, snapshot, storedTrial, streamTrial } from '../support/store-fixtures';

const XSS = '<img src=x onerror=alert(1)>';
const BULK_RUNS = 10_000;
const BULK_MODEL = 'bulk-model';

let app: AppUnderTest;
/** Alerts, confirms, prompts: a hostile name that ran as HTML would open one. */
const finished = new Set<string>();
const waiting = new Map<string, () => void>();

beforeAll(async () => {
  app = await startAppUnderTest();
  app.services.events.subscribe((event: AppEvent) => {
    if (event.type !== 'run_finished') return;
    finished.add(event.run_id);
    waiting.get(event.run_id)?.();
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
});

function runConfig(profile_ids: string[], overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    prompt: 'Count to ten.',
    max_tokens: 64,
    modes: ['stream', 'plain'],
    trials: 3,
    profile_ids,
    limits: { ...DEFAULT_RUN_LIMITS },
    reuse_connection: false,
    warmup: false,
    ...overrides,
  };
}

/** Resolves when the run has finished (its run_finished event has come). */
function ended(run_id: string): Promise<void> {
  if (finished.has(run_id)) return Promise.resolve();
  return new Promise((resolve) => waiting.set(run_id, resolve));
}

async function runToEnd(config: RunConfig): Promise<string> {
  const { run_id } = await app.services.runs.start(config);
  await ended(run_id);
  return run_id;
}

/** Bulk runs: one an hour from 2025-01-01 (UTC), a status each that tests can count again. */
function bulkStatus(index: number): RunStatus {
  if (index % 25 === 7) return 'interrupted';
  if (index % 10 === 3) return 'cancelled';
  return 'completed';
}

function bulkStart(index: number): string {
  return new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString();
}

/**
 * 10,000 runs in one transaction, their trials copied by SQL from a template
 * run (two ok stream trials and a failed plain one each).
 */
function writeBulkHistory(): void {
  const { store } = app.services;
  const bulk = snapshot('bulk', { name: 'Bulk fixture', model: BULK_MODEL });
  const template = 'bulk-template';
  const copyTrials = store.db.prepare<[string, string]>(
    `INSERT INTO trials (${TRIAL_COLUMNS.join(', ')})
     SELECT ${TRIAL_COLUMNS.map((c) => (c === 'run_id' ? '?' : c)).join(', ')}
     FROM trials WHERE run_id = ?`,
  );
  store.db.transaction(() => {
    store.runs.createRun(runRecord(template, [bulk], { status: 'completed' }));
    store.runs.saveTrial(storedTrial(template, 'bulk', 1, 10));
    store.runs.saveTrial(storedTrial(template, 'bulk', 2, 10));
    store.runs.saveTrial({
      run_id: template,
      profile_id: 'bulk',
      trial_index: 1,
      warmup: false,
      trial: streamTrial(0, 3, { mode: 'plain', status: 'http_error', http_status: 429 }),
    });
    for (let i = 0; i < BULK_RUNS; i++) {
      const id = `bulk-${String(i).padStart(5, '0')}`;
      const started = bulkStart(i);
      store.runs.createRun(
        runRecord(id, [bulk], { status: bulkStatus(i), started_at: started, ended_at: started }),
      );
      copyTrials.run(id, template);
    }
    store.db.prepare('DELETE FROM runs WHERE id = ?').run(template);
  })();
}

const range = (page: Page) => page.locator('.pager-range').first();
const rows = (page: Page) => page.locator('.runs-table tbody tr');
const rowOf = (page: Page, runId: string) =>
  page.locator('.runs-table tbody tr', { has: page.locator(`a[href="#/runs/${runId}"]`) });

/**
 * Waits until the page has charts and every one is drawn, polling from here:
 * the harness's waitForCharts polls with a string that the page's CSP (no
 * eval) refuses whenever the charts are not drawn at the first look.
 */
async function chartsDrawn(page: Page, timeout = 20_000): Promise<number> {
  const drawn = `(() => {
    const charts = [...document.querySelectorAll('.echart')];
    return charts.length > 0 && charts.every((chart) => chart.dataset.chartFinished === 'true');
  })()`;
  await expect.poll(() => page.evaluate(drawn), { timeout }).toBe(true);
  return page.locator('.echart').count();
}

/** The text a number has in English ("10,004"). */
const en = (n: number): string => n.toLocaleString('en-US');

/**
 * Hovers the first point of the trend's top panel: the leftmost pixel drawn
 * in the first series' colour (the profile's, as the chart says) there is the left edge of that point's marker.
 */
async function hoverFirstTrendPoint(page: Page): Promise<void> {
  const chart = page.locator('.echart').first();
  const box = await chart.boundingBox();
  if (!box) throw new Error('no trend chart');
  // A string: this file is type-checked without the DOM's types.
  const found = (await page.evaluate(`(() => {
    const host = document.querySelector('.echart');
    const canvas = host.querySelector('canvas');
    const ratio = canvas.width / host.clientWidth;
    const hex = host.dataset.seriesColors.split(' ')[0];
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const top = Math.round(60 * ratio);
    const height = Math.round(190 * ratio);
    const data = canvas.getContext('2d').getImageData(0, top, canvas.width, height).data;
    for (let x = 0; x < canvas.width; x++) {
      for (let y = 0; y < height; y++) {
        const i = (y * canvas.width + x) * 4;
        if (want.every((v, k) => Math.abs(data[i + k] - v) < 10) && data[i + 3] > 240) {
          return { x: x / ratio, y: (y + top) / ratio };
        }
      }
    }
    return null;
  })()`)) as { x: number; y: number } | null;
  if (!found) throw new Error('no point drawn in the trend');
  await page.mouse.move(box.x + found.x + 3, box.y + found.y);
}

describe('a new user', () => {
  it('is told there are no runs yet, and where to start', async () => {
    await app.open('#/history');
    const { page } = app;
    await page.getByRole('heading', { name: 'No runs yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start a new run' }).getAttribute('href')).toBe(
      '#/runs/new',
    );
    expect(await page.locator('.empty-state').textContent()).toContain('Demo (simulated)');
  });

  for (const [language, theme] of LOOKS) {
    it(`shows the empty history well in ${language}, ${theme}`, async () => {
      await useLook(app, language, theme);
      await app.open('#/history');
      await app.page.locator('.empty-state').waitFor();
      await screenshot(app.page, `history-${language}-${theme}-empty`);
      expect(await axeViolations(app.page)).toEqual([]);
    });
  }
});

describe('with a history', () => {
  let steady: Profile;
  let jitter: Profile;
  let hostile: Profile;
  let slow: Profile;
  /** Real runs, oldest first. */
  const real: string[] = [];
  const total = (): number => BULK_RUNS + real.length;

  beforeAll(async () => {
    await useLook(app, 'en', 'light');
    const base_url = `${app.sim.url}/v1`;
    const create = (name: string, model: string): Profile =>
      app.services.profiles.create({ name, base_url, model });
    steady = create('Steady', 'sim-steady:tokens=24,gap=2,ttft=15');
    jitter = create('Jitter', 'sim-jitter:tokens=24,gap=3,gap_min=1,gap_max=8,ttft=25');
    hostile = create(XSS, 'sim-steady:tokens=16,gap=2,ttft=40');
    slow = create('Slow', 'sim-steady:tokens=400,gap=100,ttft=20');
    real.push(await runToEnd(runConfig([steady.id, hostile.id])));
    real.push(await runToEnd(runConfig([steady.id, hostile.id], { modes: ['stream'], trials: 2 })));
    real.push(
      await runToEnd(
        runConfig([steady.id, jitter.id], {
          prompt: 'Name five rivers.',
          max_tokens: 80,
          trials: 4,
        }),
      ),
    );
    real.push(await runToEnd(runConfig([steady.id], { trials: 5 })));
    writeBulkHistory();
  }, 180_000);

  it('keeps a page of the runs list fast with 10,000 runs', () => {
    const { history } = app.services.store;
    const started = performance.now();
    const last = history.listRuns({ limit: 50, offset: total() - 50 });
    const count = history.countRuns({});
    const filtered = history.listRuns({ model: BULK_MODEL, status: 'cancelled', limit: 50 });
    const elapsed = performance.now() - started;
    expect(last).toHaveLength(50);
    expect(count).toBe(total());
    expect(filtered).toHaveLength(50);
    expect(elapsed).toBeLessThan(250);
  });

  it('lists every run newest first, fifty a page, with the total', async () => {
    await app.open('#/history');
    const { page } = app;
    await expect.poll(() => range(page).textContent()).toBe(`Runs 1–50 of ${en(total())}`);
    expect(await rows(page).count()).toBe(50);
    expect(await rows(page).first().locator('a').first().getAttribute('href')).toBe(
      `#/runs/${real[3]}`,
    );
    await expect
      .poll(() => rows(page).nth(4).locator('a').first().getAttribute('href'))
      .toBe('#/runs/bulk-09999');

    await page.getByRole('button', { name: 'Next' }).first().click();
    await expect.poll(() => range(page).textContent()).toBe(`Runs 51–100 of ${en(total())}`);
    expect(page.url()).toContain('page=2');

    const before = performance.now();
    await page.getByRole('button', { name: 'Last' }).last().click();
    await expect
      .poll(() => range(page).textContent())
      .toBe(`Runs ${en(10_001)}–${en(total())} of ${en(total())}`);
    expect(performance.now() - before).toBeLessThan(2000);
    // Turned from the pager under the list, the new page is shown from its top.
    const headingTop = (await page.evaluate(
      `document.getElementById('history-runs-title').getBoundingClientRect().top`,
    )) as number;
    expect(headingTop).toBeGreaterThanOrEqual(0);
    expect(headingTop).toBeLessThan(900);
    expect(await rows(page).count()).toBe(total() - 10_000);
    expect(await rows(page).last().locator('a').first().getAttribute('href')).toBe(
      '#/runs/bulk-00000',
    );

    await page.getByLabel('Page number').first().fill('150');
    await page.getByLabel('Page number').first().press('Enter');
    await expect
      .poll(() => range(page).textContent())
      .toBe(`Runs ${en(7_451)}–${en(7_500)} of ${en(total())}`);
    // The page is in the address: a reload finds it again.
    await app.open(`#/history?page=150`);
    await expect
      .poll(() => range(page).textContent())
      .toBe(`Runs ${en(7_451)}–${en(7_500)} of ${en(total())}`);
  });

  it('shows in each row when, status, profiles, models, trials and planned calls', async () => {
    await app.open('#/history');
    const { page } = app;
    const row = rowOf(page, real[2] as string);
    await row.waitFor();
    // What does not fit beside the actions is in the row's details, one click away.
    const more = row.getByRole('button', { name: /More/ });
    if ((await more.count()) > 0) await more.click();
    const details = page.locator(`#run-details-${real[2]}`);
    const text = `${(await row.textContent()) ?? ''} ${
      (await details.count()) > 0 ? await details.textContent() : ''
    }`;
    expect(text).toContain('completed');
    expect(text).toContain('Steady');
    expect(text).toContain('Jitter');
    expect(text).toContain('sim-jitter');
    expect(text).toContain('Name five rivers.');
    expect(text).toContain('stream + plain, 4 per mode');
    const detail = app.services.store.history.getRun(real[2] as string);
    expect(text).toContain(`${detail?.trials.length} ok`);
    expect(text).toContain(String(detail?.run.planned_calls));
    const bulkRow = rowOf(page, 'bulk-09999');
    expect(await bulkRow.textContent()).toContain('1 failed');
  });

  it('filters by profile, model, status and days, and says when nothing matches', async () => {
    await app.open('#/history');
    const { page } = app;
    await range(page).waitFor();
    const profile = page.getByLabel('Profile', { exact: true });

    await profile.selectOption(steady.id);
    await expect.poll(() => range(page).textContent()).toBe('Runs 1–4 of 4');
    expect(page.url()).toContain(`profile=${steady.id}`);
    await profile.selectOption(jitter.id);
    await expect.poll(() => range(page).textContent()).toBe('Runs 1–1 of 1');
    await profile.selectOption('');

    const model = page.getByLabel('Model', { exact: true });
    await model.fill(BULK_MODEL);
    await model.press('Enter');
    await expect.poll(() => range(page).textContent()).toBe(`Runs 1–50 of ${en(BULK_RUNS)}`);

    const cancelled = Array.from({ length: BULK_RUNS }, (_, i) => bulkStatus(i)).filter(
      (s) => s === 'cancelled',
    ).length;
    await page.getByLabel('Status', { exact: true }).selectOption('cancelled');
    await expect.poll(() => range(page).textContent()).toBe(`Runs 1–50 of ${en(cancelled)}`);
    expect(await rows(page).filter({ hasText: 'completed' }).count()).toBe(0);
    await page.getByLabel('Status', { exact: true }).selectOption('');

    // 2 January 2025 as this machine's local day (the browser's is the same).
    const dayStart = new Date(2025, 0, 2).getTime();
    const dayEnd = new Date(2025, 0, 3).getTime();
    const onThatDay = Array.from({ length: BULK_RUNS }, (_, i) => Date.parse(bulkStart(i))).filter(
      (at) => at >= dayStart && at < dayEnd,
    ).length;
    await page.getByLabel('Started from').fill('2025-01-02');
    await page.getByLabel('Started until').fill('2025-01-02');
    await expect.poll(() => range(page).textContent()).toBe(`Runs 1–${onThatDay} of ${onThatDay}`);

    await page.getByLabel('Started from').fill('2025-01-03');
    await page.getByText('The end date is before the start date').first().waitFor();
    await page.getByRole('heading', { name: 'No run matches these filters' }).waitFor();

    await page.getByLabel('Started from').fill('');
    await page.getByLabel('Started until').fill('');
    await model.fill('no-such-model');
    await model.press('Enter');
    await page.getByRole('heading', { name: 'No run matches these filters' }).waitFor();
    await screenshot(page, 'history-en-light-no-match');
    await page.locator('.empty-state').getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => range(page).textContent()).toBe(`Runs 1–50 of ${en(total())}`);
    expect(await model.inputValue()).toBe('');
    expect(page.url()).not.toContain('?');
  });

  it('opens a run from its row, and comes back to the same filters', async () => {
    await app.open(`#/history?profile=${steady.id}`);
    const { page } = app;
    await expect.poll(() => range(page).textContent()).toBe('Runs 1–4 of 4');
    await rowOf(page, real[3] as string)
      .locator('td')
      .nth(3)
      .click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/runs/${real[3]}`);
    await expect
      .poll(async () => ((await page.locator('main').textContent()) ?? '').length)
      .toBeGreaterThan(0);
    expect(await page.getByText('Nothing lives at this address').count()).toBe(0);
    await page.goBack();
    await expect.poll(() => range(page).textContent()).toBe('Runs 1–4 of 4');
    expect(await page.getByLabel('Profile', { exact: true }).inputValue()).toBe(steady.id);
  });

  it("draws a profile's trend over time, narrowed by the model and day filters", async () => {
    await app.open(`#/history?profile=${steady.id}`);
    const { page } = app;
    await page.getByRole('heading', { name: 'Trend of Steady' }).waitFor();
    expect(await chartsDrawn(page)).toBe(1);
    expect(await page.locator('.chart-card').textContent()).toContain('4 runs');
    expect(await page.locator('.chart-card').textContent()).toContain('hollow');

    await page.getByLabel('Started from').fill('2025-01-01');
    await page.getByLabel('Started until').fill('2025-01-31');
    await page.getByText('No run of this profile within these filters has saved trials.').waitFor();
  });

  it(
    "draws the trend of a removed profile's 10,000 runs, named as its runs name it",
    // Main computes the trend's figures in seconds for so many runs (see history-queries.ts).
    { timeout: 90_000 },
    async () => {
      const { page } = app;
      // The bulk profile exists only in the runs' snapshots: the filter still names it.
      await app.open('#/history?profile=bulk');
      expect(await chartsDrawn(page, 80_000)).toBe(1);
      await screenshot(page, 'history-en-light-trend-long');
      const profile = page.getByLabel('Profile', { exact: true });
      expect(await profile.inputValue()).toBe('bulk');
      expect(await profile.locator('option:checked').textContent()).toBe(
        'Bulk fixture (removed profile)',
      );
      await page.getByRole('heading', { name: 'Trend of Bulk fixture' }).waitFor();
      expect(await page.locator('.chart-card').textContent()).toContain(`${en(BULK_RUNS)} runs`);
    },
  );

  it('chooses two runs (no more) and compares them side by side', async () => {
    await app.open(`#/history?profile=${steady.id}`);
    const { page } = app;
    await expect.poll(() => range(page).textContent()).toBe('Runs 1–4 of 4');
    // Chosen newer first: the comparison still puts the earlier run as A.
    await rowOf(page, real[2] as string)
      .getByRole('checkbox')
      .check();
    await page.getByText('One run chosen').waitFor();
    await rowOf(page, real[0] as string)
      .getByRole('checkbox')
      .check();
    expect(
      await rowOf(page, real[1] as string)
        .getByRole('checkbox')
        .isDisabled(),
    ).toBe(true);
    await screenshot(page, 'history-en-light-two-chosen');
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/compare/${real[0]}/${real[2]}`);

    await page.getByRole('heading', { name: 'Two runs side by side' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open run A' }).getAttribute('href')).toBe(
      `#/runs/${real[0]}`,
    );
    expect(await page.getByRole('link', { name: 'Open run B' }).getAttribute('href')).toBe(
      `#/runs/${real[2]}`,
    );
    const warning = (await page.locator('.message-warning').textContent()) ?? '';
    expect(warning).toContain('Prompt');
    expect(warning).toContain('max_tokens');
    const onlyA = page.locator('section', {
      has: page.getByRole('heading', { name: 'Only in run A' }),
    });
    expect(await onlyA.last().textContent()).toContain(XSS);
    const onlyB = page.locator('section', {
      has: page.getByRole('heading', { name: 'Only in run B' }),
    });
    expect(await onlyB.last().textContent()).toContain('Jitter');

    // Steady in stream and plain mode; its figures are the runs' own.
    const groups = page.locator('.compare-table tbody');
    expect(await groups.count()).toBe(2);
    const a = app.services.store.history.getRun(real[0] as string);
    const median = a?.summaries[steady.id]?.[0]?.metrics.ttft_ms?.median as number;
    const shown = median.toFixed(msDecimals(median));
    const ttftRow = groups
      .first()
      .locator('tr', { has: page.getByRole('rowheader', { name: 'TTFT', exact: true }) });
    expect(await ttftRow.locator('td').first().textContent()).toContain(`${shown} ms`);
    expect(await ttftRow.textContent()).toMatch(/within noise|B lower|B higher/);
    expect(await groups.nth(1).textContent()).toContain('TTFB');
  });

  it('deletes a run after a confirmation, and refuses a running one', async () => {
    await app.open(`#/history?model=${BULK_MODEL}`);
    const { page } = app;
    const row = rowOf(page, 'bulk-09999');
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByText('Delete this run and its trials').waitFor();
    await screenshot(page, 'history-en-light-delete');
    await row.getByRole('button', { name: 'Cancel' }).click();
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('status').filter({ hasText: 'was deleted' }).waitFor();
    await expect.poll(() => range(page).textContent()).toBe(`Runs 1–50 of ${en(BULK_RUNS - 1)}`);
    expect(await rowOf(page, 'bulk-09999').count()).toBe(0);
    expect(app.services.store.history.getRun('bulk-09999')).toBeNull();

    await app.open('#/history');
    const { run_id } = await app.services.runs.start(runConfig([slow.id], { modes: ['stream'] }));
    try {
      // The list follows the runs that start.
      const running = rowOf(page, run_id);
      await running.getByText('running').waitFor();
      await running.getByRole('button', { name: 'Delete' }).click();
      await running.getByRole('button', { name: 'Delete for good' }).click();
      await page.getByRole('alert').filter({ hasText: 'is still running' }).waitFor();
      await screenshot(page, 'history-en-light-delete-running');
      expect(app.services.store.history.getRun(run_id)).not.toBeNull();
    } finally {
      app.services.runs.cancel(run_id);
      await ended(run_id);
      app.services.runs.delete(run_id);
    }
  });

  it('shows a profile named like an HTML tag as text: list, filter, trend, compare', async () => {
    const { page } = app;
    await app.open(`#/history?profile=${hostile.id}`);
    await expect.poll(() => range(page).textContent()).toBe('Runs 1–2 of 2');
    expect(await page.locator('.runs-table').getByText(XSS).count()).toBe(2);
    expect(await page.locator('option').filter({ hasText: XSS }).count()).toBe(1);
    await page.getByRole('heading', { name: `Trend of ${XSS}` }).waitFor();
    await chartsDrawn(page);
    await hoverFirstTrendPoint(page);
    const tooltip = page.locator('.echart div').filter({ hasText: 'onerror' }).last();
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain(`${XSS} · sim-steady`);
    expect(await tooltip.textContent()).toContain('n = ');
    expect(await page.locator('main img').count()).toBe(0);

    await app.open(`#/compare/${real[0]}/${real[1]}`);
    await page.locator('.compare-table').waitFor();
    expect(await page.locator('.compare-table').getByText(XSS).count()).toBeGreaterThan(0);
    expect(await page.locator('.compare-side').first().getByText(XSS).count()).toBe(1);
    expect(await page.locator('main img').count()).toBe(0);
    expect(app.dialogs).toEqual([]);
  });

  it('says so when a compared run does not exist', async () => {
    await app.open(`#/compare/${real[0]}/no-such-run`);
    await app.page.getByRole('alert').filter({ hasText: 'no-such-run' }).waitFor();
    expect(await app.page.getByRole('link', { name: 'Back to history' }).count()).toBe(1);
  });

  for (const [language, theme] of LOOKS) {
    it(`passes axe on the history, the trend and a comparison in ${language}, ${theme}`, async () => {
      await useLook(app, language, theme);
      const { page } = app;

      await app.open('#/history');
      await rows(page).first().waitFor();
      await screenshot(page, `history-${language}-${theme}`);
      expect(await axeViolations(page)).toEqual([]);

      await app.open(`#/history?profile=${steady.id}`);
      await chartsDrawn(page);
      await screenshot(page, `history-${language}-${theme}-trend`);
      expect(await axeViolations(page)).toEqual([]);

      await app.open(`#/compare/${real[0]}/${real[2]}`);
      await page.locator('.compare-table').waitFor();
      await screenshot(page, `compare-${language}-${theme}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
