// A sweep of input lengths on the results page in Chromium, against the real
// services and the simulator: the section that shows the first token against
// the prompt's length (the chart with a fit per profile × mode, the table with
// each length's median and the fitted line), figures equal to the run's
// digest, axe, and screenshots in both languages and themes at two widths.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
  type AppUnderTest,
  ARTIFACTS,
  axeViolations,
  finishedRun,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';
import { RESULT_CHARTS, chartsDrawnAt } from '../support/ui-timing';

let app: AppUnderTest;
let runId: string;
let view: RunView;

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const quick = app.services.profiles.create({
    name: 'Quick prefill',
    base_url,
    model: 'sim-steady:tokens=4,gap=2,ttft=40,prefill=15',
  });
  const slow = app.services.profiles.create({
    name: 'Slow prefill',
    base_url,
    model: 'sim-steady:tokens=4,gap=2,ttft=20,prefill=60',
  });
  runId = await finishedRun(app, {
    prompt: 'Summarise the text above in one line.',
    max_tokens: 16,
    modes: ['stream', 'plain'],
    trials: 3,
    profile_ids: [quick.id, slow.id],
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    input_tokens: [1000, 4000, 8000],
    cache: 'cold',
  });
  const result = await app.services.dispatch('historyRun', { run_id: runId });
  if (!result.ok) throw new Error(result.error.message);
  view = result.value as RunView;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function openSweep(): Promise<void> {
  await app.open(`#/runs/${runId}`);
  await app.page.locator('.run-results').waitFor();
  // A sweep adds its chart to the usual ones.
  await chartsDrawnAt(app.page, RESULT_CHARTS + 1);
}

describe('a sweep of input lengths on the results page', { timeout: 180_000 }, () => {
  it('has a fit per profile × mode in the digest, each near its simulator’s rate', () => {
    const rates = view.run.profiles.map((p) => view.prefill[p.id]?.stream?.prefill_ms_per_ktok);
    expect(Math.abs((rates[0] as number) - 15)).toBeLessThan(5);
    expect(Math.abs((rates[1] as number) - 60)).toBeLessThan(6);
    for (const p of view.run.profiles) {
      expect(Object.keys(view.prefill[p.id] ?? {})).toEqual(['stream', 'plain']);
    }
  });

  it('shows the chart and a row per profile × mode with the digest’s figures', async () => {
    await useLook(app, 'en', 'light');
    await openSweep();
    const { page } = app;
    const section = page.locator('section[aria-labelledby="results-prefill-title"]');
    await section.waitFor();
    expect(await section.locator('.echart').count()).toBe(1);
    const rows = section.locator('tbody tr');
    expect(await rows.count()).toBe(4);
    const [quick] = view.run.profiles;
    const fit = view.prefill[quick?.id ?? '']?.stream;
    const row = section.locator(`tr[data-profile="${quick?.id}"][data-mode="stream"]`);
    const slope = await row
      .locator('[data-column="prefill_ms_per_ktok"] .figure-number')
      .innerText();
    const rounded = (value: number) => value.toFixed(Math.abs(value) >= 100 ? 0 : 1);
    expect(slope).toBe(rounded(fit?.prefill_ms_per_ktok as number));
    expect(await row.locator('[data-column="n"]').innerText()).toBe('9');
    const median = await row.locator('[data-column="length-8000"] .figure-number').innerText();
    expect(median).toBe(rounded(fit?.groups[2]?.first_token?.median as number));
    expect(await section.locator('thead').innerText()).toContain('8,000 tokens');
    const facts = await page.locator('.results-facts').innerText();
    expect(facts).toContain('a sweep of 1,000, 4,000, 8,000 tokens');
    expect(facts).toContain('3 per profile, mode and input length');
    expect(facts).toContain('cold: each trial’s prompt began with a marker of its own');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads in both languages and themes at 1440 and 1024 px', async () => {
    const { page } = app;
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [language, theme] of LOOKS) {
        await useLook(app, language, theme);
        await openSweep();
        const section = page.locator('section[aria-labelledby="results-prefill-title"]');
        await section.scrollIntoViewIfNeeded();
        expect(await section.locator('h2').innerText()).toBe(
          language === 'en'
            ? 'The first token against the prompt’s length'
            : '首个 token 随提示长度的变化',
        );
        await section.screenshot({
          path: join(ARTIFACTS, `input-sweep-${language}-${theme}-${width}.png`),
        });
        if (width === 1440) await screenshot(page, `input-sweep-page-${language}-${theme}`);
        const pageWidth = await page.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
              .document.documentElement.scrollWidth,
        );
        expect(pageWidth).toBe(width);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
