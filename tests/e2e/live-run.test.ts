// A run's live view in Chromium, against the real services and the simulated
// provider: opened mid-run it shows the run so far and follows it (progress
// bars move, the timeline is drawn, each trial's result appears), leaving and
// coming back shows it live again, and the end turns it into the results in
// place. Cancel says what it keeps. A 32-profile run is followed live to its
// end without a hang. A profile named like HTML shows as text; axe and
// screenshots mid-run in both languages and themes.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_LIMITS, type RunConfig } from '../../src/shared/run';
import type { Mode } from '../../src/shared/trial';
import {
  axeViolations,
  screenshot,
  startAppUnderTest,
  useLook,
  type AppUnderTest,
} from '../support/app-under-test';
import { followLiveRun } from '../support/ui-timing';

const HTML_NAME = '<img src=x onerror=alert(1)>';

let app: AppUnderTest;

beforeAll(async () => {
  app = await startAppUnderTest();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

function simProfile(name: string, model: string): string {
  return app.services.profiles.create({ name, base_url: `${app.sim.url}/v1`, model }).id;
}

async function startRun(
  profile_ids: string[],
  options: { trials: number; modes: Mode[]; max_tokens?: number },
): Promise<string> {
  const config: RunConfig = {
    prompt: 'Count slowly.',
    max_tokens: options.max_tokens ?? 5000,
    modes: options.modes,
    trials: options.trials,
    profile_ids,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    // The rate-limited profile's every trial is shown: no waiting, no giving up.
    max_retry_wait_ms: 0,
    give_up_after: 0,
  };
  return (await app.services.runs.start(config)).run_id;
}

const statusOf = (runId: string) => app.services.store.history.getRun(runId)?.run.status;

/** Each profile's trials done, as its progress bar says. */
const progressValues = (page: Page): Promise<number[]> =>
  page
    .locator('.profile-progress progress')
    .evaluateAll((bars) => bars.map((bar) => Number((bar as unknown as { value: number }).value)));

/**
 * The live timeline drawn at least once. Not waitForCharts: a chart redrawn
 * four times a second is rarely between two draws when asked, and that
 * helper's polling evaluates a string, which the page's CSP refuses.
 */
const chartDrawn = (page: Page) =>
  page.locator('.live-run .echart[data-chart-finished="true"]').waitFor();

const resultRows = (page: Page) => page.locator('.live-run tbody tr');

describe('live run', () => {
  it('follows a run opened mid-run, live again after leaving, and shows its results at the end', async () => {
    const fast = simProfile('Steady fast', 'sim-steady:tokens=120,gap=12,ttft=60');
    const slow = simProfile(HTML_NAME, 'sim-steady:tokens=200,gap=15,ttft=120');
    const runId = await startRun([fast, slow], { trials: 2, modes: ['stream', 'plain'] });
    await new Promise((resolve) => setTimeout(resolve, 700));

    await app.open(`#/runs/${runId}`);
    const { page } = app;
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
    expect(await page.locator('.live-overall-count').textContent()).toMatch(/of 8 API calls done/);

    // The profile named like HTML is text in its progress line.
    const names = await page.locator('.profile-progress .name').allTextContents();
    expect(names).toEqual(['Steady fast', HTML_NAME]);
    expect(await page.locator('main img').count()).toBe(0);

    // The timeline is drawn and grows: one line per stream trial.
    await chartDrawn(page);
    // Named in the UI's words, not ECharts' own ("consists of N series count").
    expect(await page.locator('.live-run .echart').getAttribute('aria-label')).toBe(
      await page.locator('.live-run .chart-card h3').innerText(),
    );

    // Progress bars move and results appear as trials end.
    const before = await progressValues(page);
    await expect
      .poll(async () => (await progressValues(page)).reduce((a, b) => a + b, 0), {
        timeout: 15_000,
      })
      .toBeGreaterThan(before.reduce((a, b) => a + b, 0));
    await expect.poll(() => resultRows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const firstRow = await resultRows(page).first().textContent();
    expect(firstRow).toMatch(/ok/);
    expect(firstRow).toMatch(/TTF[TB]/);

    // Away and back: the run goes on, and the page shows it live again.
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/#\/history$/);
    expect(statusOf(runId)).toBe('running');
    await page.goBack();
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
    const back = await progressValues(page);
    expect(back.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(
      before.reduce((a, b) => a + b, 0),
    );
    expect(await resultRows(page).count()).toBeGreaterThan(0);

    // The end: the results in place, with what was kept.
    await page.getByText('The run is complete: 8 trials saved.').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('heading', { name: 'Run in progress' }).count()).toBe(0);
    expect(statusOf(runId)).toBe('completed');
    await screenshot(page, 'live-run-en-light-ended');
    expect(app.dialogs).toEqual([]);
  });

  it('shows a profile that cannot be measured, and the trials that failed, with their messages', async () => {
    const ok = simProfile('Steady', 'sim-steady:tokens=300,gap=10');
    const limited = simProfile('Rate limited', 'sim-error-429');
    const broken = simProfile('Stale URL', 'sim-steady');
    // A stored URL the engine refuses before any request: the profile fails, the run goes on.
    app.services.store.profiles.update(broken, { base_url: 'ftp://stale.invalid/v1' });
    const runId = await startRun([ok, limited, broken], { trials: 2, modes: ['stream'] });
    await app.open(`#/runs/${runId}`);
    const { page } = app;
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
    const problems = page.locator('.live-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain(
      'Stale URL: not measured: the profile cannot be used as configured.',
    );
    const limitedRow = resultRows(page).filter({ hasText: 'Rate limited' }).first();
    await limitedRow.waitFor();
    expect(await limitedRow.textContent()).toContain('HTTP error');
    expect(await limitedRow.textContent()).toContain(
      'Rate limit reached (simulated by sim-error-429)',
    );
    const said = await problems.locator('li').allTextContents();
    // Every call made, but one profile measured nothing: not a plain "complete".
    await page.getByText('The run completed with failures').waitFor({ timeout: 30_000 });
    expect(await page.locator('.run-ended').textContent()).toContain('Stale URL');

    // Later, from the history: the results say it in the live view's words, then
    // the profile whose every trial failed, with the reason, before any figure.
    await app.open(`#/runs/${runId}`);
    const stopped = page.locator('.results-stopped li:not([data-failing])');
    await stopped.first().waitFor();
    expect(await stopped.allTextContents()).toEqual(said);
    const failing = await page.locator('.results-stopped li[data-failing]').allTextContents();
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatch(
      /^Rate limited: no trial ended ok; 2 of 2 failed with HTTP error\. .*Rate limit reached \(simulated by sim-error-429\)/,
    );
    expect(await page.locator('.results-status .badge').textContent()).toBe(
      'completed with failures',
    );
    await screenshot(page, 'results-en-light-failing-profile');
  });

  it('cancels a long run after asking, and says what it kept', async () => {
    const long = simProfile('Long answer', 'sim-steady:tokens=3000,gap=10');
    const runId = await startRun([long], { trials: 3, modes: ['stream'] });
    await app.open(`#/runs/${runId}`);
    const { page } = app;
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByText('Stop this run?').waitFor();
    // The safe answer has the focus.
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.textContent'))
      .toBe('Keep running');
    await page.getByRole('button', { name: 'Keep running' }).click();
    expect(statusOf(runId)).toBe('running');

    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByRole('button', { name: 'Stop the run' }).click();
    await page
      .getByText(
        'The run was cancelled. Finished trials saved: 0; trials stopped in progress and not kept: 1.',
      )
      .waitFor({ timeout: 10_000 });
    expect(statusOf(runId)).toBe('cancelled');
  });

  it('keeps the page responsive while 32 profiles stream at once', async () => {
    const figures = await followLiveRun(app, async (page) => {
      await expect.poll(() => resultRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(16);
      await screenshot(page, 'live-run-en-light-32-profiles');
    });
    expect(await app.page.locator('.run-ended').textContent()).toContain(
      'The run is complete: 64 trials saved.',
    );
    // A hang detector; `npm run bench` prints the figure.
    expect(figures.longest).toBeLessThan(1000);
  }, 90_000);

  it('passes an axe scan mid-run in both languages and themes', async () => {
    const steady = simProfile('Steady screenshot', 'sim-steady:tokens=150,gap=10,ttft=80');
    const jitter = simProfile(HTML_NAME + ' 2', 'sim-jitter:tokens=400,gap=20');
    const limited = simProfile('Rate limited screenshot', 'sim-error-429');
    const runId = await startRun([steady, jitter, limited], {
      trials: 6,
      modes: ['stream', 'plain'],
    });
    try {
      for (const [language, theme] of [
        ['en', 'light'],
        ['en', 'dark'],
        ['zh-CN', 'light'],
        ['zh-CN', 'dark'],
      ] as const) {
        await useLook(app, language, theme);
        await app.open(`#/runs/${runId}`);
        const { page } = app;
        await page.locator('.live-run').waitFor();
        await expect.poll(() => resultRows(page).count(), { timeout: 10_000 }).toBeGreaterThan(2);
        await chartDrawn(page);
        await screenshot(page, `live-run-${language}-${theme}`);
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(statusOf(runId)).toBe('running');
    } finally {
      app.services.runs.cancel(runId);
      await useLook(app, 'en', 'light');
    }
    expect(app.dialogs).toEqual([]);
  }, 60_000);
});
