// What the keyboard reaches, in Chromium against a real run: every chart's
// legend as toggle buttons that do what a click on the canvas legend does (the
// round trip through ECharts' own event sets their state), Esc taking back a
// delete question with the focus where it was, and Settings listing the
// shortcuts in both languages.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/shared/i18n/resources';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
  type AppUnderTest,
  ARTIFACTS,
  finishedRun,
  startAppUnderTest,
  useLook,
  waitForCharts,
} from '../support/app-under-test';

let app: AppUnderTest;
let runId: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const create = (name: string, model: string) =>
    app.services.profiles.create({ name, base_url, model }).id;
  runId = await finishedRun(app, {
    prompt: 'Count to five.',
    max_tokens: 16,
    modes: ['stream', 'plain'],
    trials: 2,
    profile_ids: [
      create('Quick', 'sim-steady:tokens=6,gap=2,ttft=20'),
      create('Slow', 'sim-steady:tokens=6,gap=4,ttft=60'),
    ],
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
  });
}, 90_000);

afterAll(async () => {
  await app?.close();
});

const focusedText = (page: Page): Promise<string | null> =>
  page.evaluate<string | null>('document.activeElement?.textContent ?? null');

const visibleWidth = async (page: Page, selector: string): Promise<number> =>
  (await page.locator(selector).first().boundingBox())?.width ?? 0;

describe('the keyboard', () => {
  it('reaches every chart’s legend as toggles that show and hide its series', async () => {
    await useLook(app, 'en', 'light');
    await app.open(`#/runs/${runId}`);
    const { page } = app;
    await waitForCharts(page);
    const cards = page.locator('.chart-card');
    const count = await cards.count();
    expect(count).toBeGreaterThan(3);
    let withLegend = 0;
    for (let i = 0; i < count; i++) {
      const keys = cards.nth(i).locator('.legend-keys button');
      if ((await keys.count()) === 0) continue;
      withLegend++;
      // Out of sight until Tab reaches it: Tab from the chart's last control lands there.
      const group = cards.nth(i).locator('.legend-keys');
      expect((await group.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
      const first = keys.first();
      await first.focus();
      expect((await group.boundingBox())?.width ?? 0).toBeGreaterThan(50);
      expect(await first.getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Space');
      await expect.poll(() => first.getAttribute('aria-pressed')).toBe('false');
      if (withLegend === 1) {
        await cards.nth(i).screenshot({ path: join(ARTIFACTS, 'keyboard-legend-en-light.png') });
      }
      await page.keyboard.press('Enter');
      await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    }
    // Where the time went, profiles compared, token arrivals, chunk sizes at least.
    expect(withLegend).toBeGreaterThanOrEqual(3);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    expect(await visibleWidth(page, '.legend-keys')).toBeLessThanOrEqual(1);
  });

  it('takes back a delete question with Esc, the focus back on Delete', async () => {
    await app.open('#/history');
    const { page } = app;
    const row = page.locator(`tr[data-run="${runId}"]`);
    await row.getByRole('button', { name: 'Delete' }).click();
    const question = row.getByText('Delete this run and its trials');
    await question.waitFor();
    expect(await focusedText(page)).toBe('Delete for good');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await focusedText(page)).toBe('Delete');
    // Still there: Esc deleted nothing.
    await app.open(`#/runs/${runId}`);
    await page.locator('.run-results').waitFor();
  });

  it.each(['en', 'zh-CN'] as const)('lists the shortcuts in Settings, in %s', async (language) => {
    await useLook(app, language, 'light');
    await app.open('#/settings');
    const { page } = app;
    const shortcuts = resources[language].translation.settings.shortcuts;
    await page.getByRole('heading', { name: shortcuts.title }).waitFor();
    const keys = await page.locator('.shortcuts dt').allTextContents();
    expect(keys).toEqual([
      shortcuts.startRunKeys,
      shortcuts.escapeKeys,
      shortcuts.chartLegendKeys,
      shortcuts.trialRowKeys,
    ]);
    const said = await page.locator('.shortcuts dd').allTextContents();
    expect(said).toEqual([
      shortcuts.startRun,
      shortcuts.escape,
      shortcuts.chartLegend,
      shortcuts.trialRow,
    ]);
    await useLook(app, 'en', 'light');
  });
});
