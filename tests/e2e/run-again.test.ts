// "Run again" in Chromium against the real services: a run made with
// settings unlike New run's defaults is opened, Run again fills New run in
// with exactly those, and the run it starts is stored with the same config;
// the same from History's comparison, after a reload, and with a profile
// removed since (named, left out). The comparison of two runs draws its
// charts in the profiles' colours, the same as the results page.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent, RunView } from '../../src/shared/api';
import type { Profile, RunConfig } from '../../src/shared/run';
import { DEFAULT_RUN_LIMITS, PROFILE_COLORS } from '../../src/shared/run';
import {
  axeViolations,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
  waitForCharts,
  atEachSize,
  type AppUnderTest,
} from '../support/app-under-test';

let app: AppUnderTest;
let alpha: Profile;
let beta: Profile;
let first: string;
let second: string;

const LABEL = 'desk-by-the-window';

/** Unlike New run's defaults in every field it can express. */
const config = (profile_ids: string[]): RunConfig => ({
  prompt: 'Count from one to five,\nthen stop.',
  max_tokens: 24,
  modes: ['stream', 'plain'],
  trials: 3,
  profile_ids,
  limits: { ...DEFAULT_RUN_LIMITS, connect_timeout_ms: 8_000, stall_ms: 4_500 },
  reuse_connection: true,
  warmup: true,
  max_retry_wait_ms: 5_000,
  give_up_after: 2,
  params: { temperature: 0.2, seed: 11 },
  input_tokens: 300,
  cache: 'warm',
});

async function historyRun(run_id: string): Promise<RunView> {
  const result = await app.services.dispatch('historyRun', { run_id });
  if (!result.ok) throw new Error(`historyRun ${run_id}: ${JSON.stringify(result)}`);
  return result.value as RunView;
}

/** Resolves once the run has finished (subscribed before it can). */
function finishing(): (run_id: string) => Promise<void> {
  const ended = new Set<string>();
  const waiting = new Map<string, () => void>();
  const stop = app.services.events.subscribe((event: AppEvent) => {
    if (event.type !== 'run_finished') return;
    ended.add(event.run_id);
    waiting.get(event.run_id)?.();
  });
  return (run_id) =>
    ended.has(run_id)
      ? (stop(), Promise.resolve())
      : new Promise((resolve) => waiting.set(run_id, () => (stop(), resolve())));
}

/** A run made through the contract, as New run makes it (with a label: runsRepeat). */
async function apiRun(profile_ids: string[]): Promise<string> {
  const finished = finishing();
  const result = await app.services.dispatch('runsRepeat', {
    config: config(profile_ids),
    count: 1,
    label: LABEL,
  });
  if (!result.ok) throw new Error(JSON.stringify(result));
  const { run_id } = result.value as { run_id: string };
  await finished(run_id);
  return run_id;
}

const option = (page: Page, name: string) =>
  page.locator('.profile-option').filter({ hasText: name }).getByRole('checkbox');

/** What New run shows, field by field, as a user reads it. */
async function formValues(page: Page) {
  const params = page.locator('details.params-fields');
  return {
    alpha: await option(page, 'Alpha').isChecked(),
    beta: await option(page, 'Beta').isChecked(),
    gamma: await option(page, 'Gamma').isChecked(),
    prompt: await page.getByLabel('Prompt sent to every profile').inputValue(),
    inputTokens: await page.getByLabel('Input length, tokens').inputValue(),
    both: await page.locator('input[name="run-modes"][value="both"]').isChecked(),
    trials: await page.getByLabel('Trials per profile and mode').inputValue(),
    maxTokens: await page.getByLabel('max_tokens', { exact: true }).inputValue(),
    warmup: await page.getByRole('checkbox', { name: 'Warm-up trial' }).isChecked(),
    reuse: await page.getByRole('checkbox', { name: 'Reuse the connection' }).isChecked(),
    warm: await page.locator('input[name="run-cache"][value="warm"]').isChecked(),
    temperature: await params.getByLabel('Temperature').inputValue(),
    seed: await params.getByLabel('Seed').inputValue(),
    label: await page.getByLabel('Label', { exact: true }).inputValue(),
  };
}

const FILLED = {
  alpha: true,
  beta: true,
  gamma: false,
  prompt: 'Count from one to five,\nthen stop.',
  inputTokens: '300',
  both: true,
  trials: '3',
  maxTokens: '24',
  warmup: true,
  reuse: true,
  warm: true,
  temperature: '0.2',
  seed: '11',
  label: LABEL,
};

/** Starts the run New run shows; resolves with its id once it has finished. */
async function startFromForm(page: Page): Promise<string> {
  const finished = finishing();
  await page.getByRole('button', { name: 'Start the run' }).click();
  await page.waitForURL(/#\/runs\/(?!new)[^/?]+$/);
  const run_id = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
  await finished(run_id);
  return run_id;
}

async function expectSameRun(run_id: string, as: string): Promise<void> {
  const [again, original] = [await historyRun(run_id), await historyRun(as)];
  expect(again.run.id).not.toBe(original.run.id);
  expect(again.run.config).toEqual(original.run.config);
  expect(again.run.label).toBe(original.run.label);
  expect(again.run.profiles.map((p) => p.id)).toEqual(original.run.profiles.map((p) => p.id));
}

/** Each palette slot's colour in the page's theme. */
async function palette(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const style = getComputedStyle(document.documentElement);
    return Array.from({ length: ${PROFILE_COLORS} }, (_, i) => style.getPropertyValue('--series-' + i).trim());
  })()`) as Promise<string[]>;
}

/** The palette slots a chart (by its card's or section's title) is drawn in. */
async function slotsOf(page: Page, title: string): Promise<number[]> {
  const colours = await palette(page);
  const charts = (await page.evaluate(`[...document.querySelectorAll('.echart')].map((c) => ({
    title: c.closest('.chart-card, section')?.querySelector('h2, h3')?.textContent ?? '',
    colors: (c.dataset.seriesColors ?? '').split(' ').filter(Boolean),
  }))`)) as { title: string; colors: string[] }[];
  const chart = charts.find((c) => c.title === title);
  if (!chart) throw new Error(`no chart "${title}" in ${charts.map((c) => c.title).join(', ')}`);
  return chart.colors.map((c) => colours.indexOf(c)).filter((slot) => slot >= 0);
}

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const make = (name: string, model: string) =>
    app.services.profiles.create({ name, base_url, model });
  alpha = make('Alpha', 'sim-steady:tokens=6,gap=3,ttft=30');
  beta = make('Beta', 'sim-steady:tokens=6,gap=5,ttft=50');
  // Listed in New run, never chosen.
  make('Gamma', 'sim-steady:tokens=6,gap=4,ttft=40');
  first = await apiRun([alpha.id, beta.id]);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('run again', { timeout: 180_000 }, () => {
  it('from the results page: New run shows exactly the run’s settings, and starts the same run', async () => {
    const { page } = app;
    await app.open(`#/runs/${first}`);
    await page.locator('.run-results').waitFor();
    await page
      .locator('.run-results .page-actions')
      .getByRole('link', { name: 'Run again' })
      .click();
    await page.getByRole('heading', { name: 'New run', level: 1 }).waitFor();
    expect(new URL(page.url()).hash).toBe(`#/runs/new?from=${first}`);
    await page.locator('.new-run-origin').waitFor();
    expect(await formValues(page)).toEqual(FILLED);
    // Nothing is left out, so nothing is said to be.
    expect(await page.locator('.new-run-origin p').count()).toBe(1);
    await expect
      .poll(() => page.locator('.plan-panel').getByRole('status').textContent())
      .toMatch(/API calls/);
    second = await startFromForm(page);
    await expectSameRun(second, first);
  });

  it('from History’s comparison: the side card’s Run again, kept across a reload and Back', async () => {
    const { page } = app;
    await app.open(`#/compare/${first}/${second}`);
    const sideA = page.locator('.compare-side').first();
    await sideA.getByRole('link', { name: 'Run again' }).click();
    await page.locator('.new-run-origin').waitFor();
    expect(await formValues(page)).toEqual(FILLED);
    // A change made here survives a reload: the form is not filled in again over it.
    await page.getByLabel('Trials per profile and mode').fill('4');
    await page.reload();
    await page.locator('.new-run-origin').waitFor();
    expect(await formValues(page)).toEqual({ ...FILLED, trials: '4' });
    await page.goBack();
    await page.locator('.compare-side').first().waitFor();
    await page.goForward();
    await page.locator('.new-run-origin').waitFor();
    expect(await formValues(page)).toEqual({ ...FILLED, trials: '4' });
    // Run again once more starts from the run itself, not from the change.
    await page.goBack();
    await page.locator('.compare-side').first().getByRole('link', { name: 'Run again' }).click();
    await page.locator('.new-run-origin').waitFor();
    await expect.poll(() => formValues(page)).toEqual(FILLED);
    const third = await startFromForm(page);
    await expectSameRun(third, first);
  });

  it('names a profile removed since, and leaves it out', async () => {
    const { page } = app;
    const gone = app.services.profiles.create({
      name: 'Since removed',
      base_url: `${app.sim.url}/v1`,
      model: 'sim-steady:tokens=4,gap=2,ttft=20',
    });
    const withGone = await apiRun([alpha.id, gone.id]);
    app.services.profiles.remove(gone.id);
    await app.open(`#/runs/${withGone}`);
    await page
      .locator('.run-results .page-actions')
      .getByRole('link', { name: 'Run again' })
      .click();
    const note = page.locator('.new-run-origin');
    await note.waitFor();
    expect(await note.locator('p').nth(1).textContent()).toBe(
      'Since removed no longer exists, so it was left out.',
    );
    expect(await option(page, 'Alpha').isChecked()).toBe(true);
    expect(await page.locator('.profile-option').filter({ hasText: 'Since removed' }).count()).toBe(
      0,
    );
    // A loading line fades in (axe reads it half drawn): checked once everything has loaded.
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('two runs compared in charts', { timeout: 180_000 }, () => {
  it('draws each profile in its own colour, the same as the results page', async () => {
    const { page } = app;
    await app.open(`#/runs/${first}`);
    await page.locator('.run-results').waitFor();
    await waitForCharts(page);
    const results = await slotsOf(page, 'Profiles compared');
    expect(new Set(results)).toEqual(new Set([alpha.color, beta.color]));

    await app.open(`#/compare/${first}/${second}`);
    await page.locator('.compare-charts').waitFor();
    await waitForCharts(page);
    const sides = await slotsOf(page, "Each run's median");
    expect(sides).toEqual([alpha.color, beta.color]);
    expect(new Set(sides)).toEqual(new Set(results));
    // B − A is a verdict, drawn in ink: no profile's colour.
    expect(await slotsOf(page, 'B − A, run against run')).toEqual([]);
    expect(await page.locator('.compare-charts .echart').count()).toBe(2);
    // A loading line fades in (axe reads it half drawn): checked once everything has loaded.
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('follows the figure chosen, in both charts', async () => {
    const { page } = app;
    const charts = page.locator('.compare-charts');
    // B − A has a row per profile and mode that measured the figure (its height says how many).
    const differenceHeight = () =>
      charts
        .locator('.echart')
        .nth(1)
        .evaluate((chart) => (chart as unknown as { style: { height: string } }).style.height);
    await charts.getByRole('radio', { name: 'Gap between chunks' }).check();
    await waitForCharts(page);
    await expect.poll(() => differenceHeight()).toBe('150px');
    expect(await slotsOf(page, "Each run's median")).toEqual([alpha.color, beta.color]);
    expect(await charts.locator('.echart').count()).toBe(2);
    await charts.getByRole('radio', { name: 'Total time' }).check();
    // Total: a row per profile and mode.
    await expect.poll(() => differenceHeight()).toBe('230px');
  });
});

describe('screenshots', { timeout: 300_000 }, () => {
  it('of the comparison and of New run filled in, in every look and two sizes', async () => {
    const { page } = app;
    await atEachSize(page, async (width) => {
      for (const [language, theme] of LOOKS) {
        await useLook(app, language, theme);
        await app.open(`#/compare/${first}/${second}`);
        await page.locator('.compare-charts').waitFor();
        await waitForCharts(page);
        await screenshot(page, `run-again-compare-${width}-${language}-${theme}`);
        await app.open(`#/runs/new?from=${first}`);
        await page.locator('.new-run-origin').waitFor();
        await expect.poll(() => page.locator('.loading').count()).toBe(0);
        await screenshot(page, `run-again-new-run-${width}-${language}-${theme}`);
      }
    });
    await useLook(app, 'en', 'light');
  });
});
