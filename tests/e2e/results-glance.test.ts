// The results page read at a glance, in Chromium against a real run: two
// simulated profiles of known speed (the same batched stream, first token
// after 30 against 90 ms) and one that is refused every time, both modes. The verdict
// cards name the faster one in each mode and the refused one as not measured;
// the summary table starts within the first screen; the findings say each
// headline once; the export buttons keep to one line; the jargon explains
// itself to the keyboard. Screenshots of the first screen in every look.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
  atEachSize,
  type AppUnderTest,
  ARTIFACTS,
  axeViolations,
  finishedRun,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';
import { chartsDrawnAt } from '../support/ui-timing';

let app: AppUnderTest;
let runId: string;
let view: RunView;
const ids = { quick: '', slow: '', refused: '' };

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const create = (name: string, model: string) =>
    app.services.profiles.create({ name, base_url, model }).id;
  // Three tokens an event: chunks are not tokens, for both.
  ids.quick = create('Quick', 'sim-batched:tokens=6,per=3,gap=3,ttft=30');
  ids.slow = create('Slow', 'sim-batched:tokens=6,per=3,gap=3,ttft=90');
  ids.refused = create('Refused', 'sim-error-429:retry_after=7');
  runId = await finishedRun(app, {
    prompt: 'Count from one to six.',
    max_tokens: 32,
    modes: ['stream', 'plain'],
    trials: 5,
    profile_ids: [ids.quick, ids.slow, ids.refused],
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    max_retry_wait_ms: 0,
    give_up_after: 0,
  });
  const result = await app.services.dispatch('historyRun', { run_id: runId });
  if (!result.ok) throw new Error(result.error.message);
  view = result.value as RunView;
}, 90_000);

afterAll(async () => {
  await app?.close();
});

async function openResults(width = 1440, height = 900): Promise<Page> {
  await app.page.setViewportSize({ width, height });
  await app.open(`#/runs/${runId}`);
  await app.page.locator('.run-results').waitFor();
  await chartsDrawnAt(app.page);
  return app.page;
}

describe('the results page at a glance', () => {
  it('says per mode who was faster, to the first token, the last and for a reader', async () => {
    await useLook(app, 'en', 'light');
    const page = await openResults();
    const cards = page.locator('.verdict-card');
    expect(await cards.count()).toBe(2);
    for (const mode of ['stream', 'plain'] as const) {
      const card = page.locator(`.verdict-card[data-mode="${mode}"]`);
      const lines = card.locator('[data-figure]');
      expect(await lines.count(), mode).toBe(3);
      for (const figure of ['first', 'total', 'reader']) {
        const line = card.locator(`[data-figure="${figure}"]`);
        // 60 ms apart every round: the whole interval is beyond the margin.
        expect(await line.getAttribute('data-verdict'), `${mode} ${figure}`).toBe('lower');
        const text = (await line.locator('dd').textContent())?.replace(/\s+/g, ' ');
        expect(text, `${mode} ${figure}`).toMatch(
          /^faster Quick is [\d.,]+ ms faster than Slow \(95% interval [\d.,]+ to [\d.,]+ ms, n = 5 each, paired by round\)\.$/,
        );
        const named = line.locator('dd .profile-tag');
        expect(await named.first().getAttribute('data-profile')).toBe(ids.quick);
        expect(await named.first().locator('.profile-swatch').getAttribute('data-series')).toBe(
          String(view.run.profiles[0]?.color),
        );
      }
      // The refused profile is not measured, not the slowest.
      const missing = card.locator(`.verdict-unmeasured li[data-profile="${ids.refused}"]`);
      expect(await missing.textContent()).toBe(
        'Refused: not measured, no trial ended ok (5 tried).',
      );
      expect(await card.innerText()).not.toMatch(/than Refused/);
    }
    const plainFirst = await page
      .locator('.verdict-card[data-mode="plain"] [data-figure="first"] dt')
      .innerText();
    expect(plainFirst).toBe('First byte (TTFB)');
    const reader = await page
      .locator('.verdict-card[data-mode="stream"] [data-figure="reader"] dt')
      .innerText();
    expect(reader).toBe(`A reader at ${view.reader_pace_tps} tokens/s`);
  });

  it('starts the summary table within the first screen at 1440×900', async () => {
    const page = app.page;
    const table = await page.locator('table[data-mode="stream"]').boundingBox();
    expect(table?.y).toBeLessThan(900);
    // Header, verdicts, summary, findings, then the charts.
    const top = async (selector: string) =>
      (await page.locator(selector).first().boundingBox())?.y ?? NaN;
    const order = [
      await top('.results-header'),
      await top('.verdict-cards'),
      await top('table[data-mode="stream"]'),
      await top('.findings'),
      await top('.echart'),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('says each finding once, with the profiles it holds for and its figures behind a disclosure', async () => {
    const page = app.page;
    const groups = page.locator('.findings > li');
    const kinds: string[] = [];
    for (let i = 0; i < (await groups.count()); i++) {
      const group = groups.nth(i);
      kinds.push(
        `${await group.getAttribute('data-finding')}:${(await group.getAttribute('data-reason')) ?? ''}`,
      );
      expect(await group.locator('.finding-title').count()).toBe(1);
    }
    expect(new Set(kinds).size).toBe(kinds.length);
    const expected = new Set(view.findings.map((f) => `${f.kind}:`));
    expected.add('failing:none');
    expect(new Set(kinds)).toEqual(expected);
    // Found for both measured profiles: both named under one headline.
    expect(view.findings.filter((f) => f.kind === 'chunks_not_tokens')).toHaveLength(2);
    const group = page.locator('.findings > li[data-finding="chunks_not_tokens"]');
    expect(await group.locator('.finding-title').innerText()).toBe('Chunks are not tokens.');
    const named = group.locator('.finding-profiles .profile-tag');
    expect(await named.allInnerTexts()).toEqual(['Quick', 'Slow']);
    const details = group.locator('details.finding-details');
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.locator('.finding-item').first().isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await details.locator('.finding-item').count()).toBe(2);
    const figures = await details.locator('.finding-evidence').allInnerTexts();
    expect(figures.length).toBeGreaterThanOrEqual(2);
    for (const figure of figures) expect(figure).toMatch(/\(95% interval .+ to .+, n = 5\)$/);
  });

  it('keeps the export buttons on one line at 1024 and 1440 px', async () => {
    for (const width of [1024, 1440]) {
      const page = await openResults(width, 900);
      const buttons = page.locator('.export-panel button');
      // The four CSVs, the report and the run file.
      expect(await buttons.count()).toBe(6);
      const tops = new Set<number>();
      for (let i = 0; i < (await buttons.count()); i++) {
        tops.add(Math.round((await buttons.nth(i).boundingBox())?.y ?? NaN));
      }
      expect([...tops], `${width}`).toHaveLength(1);
    }
  });

  it('explains its terms to the keyboard: focusable, described, dismissable', async () => {
    const page = await openResults();
    const words = page.locator('.term-word');
    expect(await words.count()).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < (await words.count()); i++) {
      const word = words.nth(i);
      expect(await word.getAttribute('tabindex')).toBe('0');
      const id = await word.getAttribute('aria-describedby');
      const tip = page.locator(`[id="${id}"]`);
      expect(await tip.getAttribute('role')).toBe('tooltip');
      expect((await tip.textContent())?.length).toBeGreaterThan(30);
    }
    const p95 = page.locator('.terms-legend [data-term="p95"]');
    // Five trials: a p95 is about the slowest of them, and the legend says so.
    expect(await p95.innerText()).toBe('p95 with n = 5, about the slowest trial');
    const word = p95.locator('.term-word');
    const tip = p95.locator('.term-tip');
    expect(await tip.isVisible()).toBe(false);
    await word.focus();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.innerText()).toContain('fewer than 20 trials');
    await page.keyboard.press('Escape');
    await expect.poll(() => tip.isVisible()).toBe(false);
  });

  for (const [language, theme] of LOOKS) {
    it(`reads at a glance in ${language}, ${theme}, at 1440×900 and 1024×700`, async () => {
      await useLook(app, language, theme);
      await atEachSize(app.page, async (width, height) => {
        const page = await openResults(width, height);
        await page.screenshot({
          path: join(ARTIFACTS, `results-glance-${language}-${theme}-${width}.png`),
        });
        if (language === 'en' && theme === 'light') {
          await screenshot(page, `results-glance-${language}-${theme}-${width}-whole`);
        }
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
});
