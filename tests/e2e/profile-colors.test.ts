// A profile keeps its colour, in Chromium against the real services: the same
// in two runs that list it at different places, on every chart of each (read
// from the colours the charts' series are drawn in), in its trend, on its
// card and in New run; the phases and the verdicts use none of the profiles'
// palette; a colour chosen in the form is the one every old run draws it in.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/run';
import { DEFAULT_RUN_LIMITS, PROFILE_COLORS } from '../../src/shared/run';
import {
  ARTIFACTS,
  axeViolations,
  finishedRun,
  LOOKS,
  startAppUnderTest,
  useLook,
  type AppUnderTest,
} from '../support/app-under-test';
import { RESULT_CHARTS, chartsDrawnAt } from '../support/ui-timing';

let app: AppUnderTest;
let fast: Profile;
let slow: Profile;
let third: Profile;
let first: string;
let second: string;

const run = (profile_ids: string[]) =>
  finishedRun(app, {
    prompt: 'Count to five.',
    max_tokens: 16,
    modes: ['stream', 'plain'],
    trials: 2,
    profile_ids,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
  });

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const make = (name: string, model: string) =>
    app.services.profiles.create({ name, base_url, model });
  fast = make('Fast', 'sim-steady:tokens=6,gap=3,ttft=30');
  slow = make('Slow', 'sim-steady:tokens=6,gap=6,ttft=60');
  third = make('Third', 'sim-steady:tokens=6,gap=4,ttft=40');
  // Slow first in one run, last in the other: its place changes, its colour must not.
  first = await run([slow.id, fast.id]);
  second = await run([fast.id, third.id, slow.id]);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** Each palette slot's colour in the page's theme. */
async function palette(): Promise<string[]> {
  return app.page.evaluate(`(() => {
    const style = getComputedStyle(document.documentElement);
    return Array.from({ length: ${PROFILE_COLORS} }, (_, i) => style.getPropertyValue('--series-' + i).trim());
  })()`) as Promise<string[]>;
}

/** Per chart, by its card's title: the palette slots its series are drawn in. */
async function chartSlots(): Promise<Record<string, number[]>> {
  const colours = await palette();
  const charts = (await app.page.evaluate(`[...document.querySelectorAll('.echart')].map((c) => ({
    title: c.closest('.chart-card, section')?.querySelector('h2, h3')?.textContent ?? '',
    colors: (c.dataset.seriesColors ?? '').split(' ').filter(Boolean),
  }))`)) as { title: string; colors: string[] }[];
  return Object.fromEntries(
    charts.map(({ title, colors }) => [
      title,
      colors.map((c) => colours.indexOf(c)).filter((slot) => slot >= 0),
    ]),
  );
}

async function openRun(runId: string): Promise<void> {
  await app.open(`#/runs/${runId}`);
  await app.page.locator('.run-results').waitFor();
  await chartsDrawnAt(app.page, RESULT_CHARTS);
}

describe('a profile’s colour', { timeout: 120_000 }, () => {
  it('is given when the profile is saved: the slot fewest profiles have', () => {
    const slots = [fast.color, slow.color, third.color];
    expect(new Set(slots).size).toBe(3);
    expect(slots.every((slot) => slot >= 0 && slot < PROFILE_COLORS)).toBe(true);
  });

  it('is the same in two runs that list the profile at different places, on every chart', async () => {
    const { page } = app;
    for (const runId of [first, second]) {
      await openRun(runId);
      const swatch = (id: string) =>
        page.locator(`.results-profiles li`, { hasText: id === slow.id ? 'Slow' : 'Fast' });
      expect(await swatch(slow.id).locator('.profile-swatch').getAttribute('data-series')).toBe(
        String(slow.color),
      );
      expect(await swatch(fast.id).locator('.profile-swatch').getAttribute('data-series')).toBe(
        String(fast.color),
      );
      const inRun = new Set(
        (runId === first ? [slow, fast] : [fast, third, slow]).map((p) => p.color),
      );
      const slots = await chartSlots();
      const drawing = Object.entries(slots).filter(([, used]) => used.length > 0);
      // Profiles compared, token arrivals and chunk sizes draw the profiles.
      expect(drawing.length).toBeGreaterThanOrEqual(3);
      for (const [title, used] of drawing) {
        expect(
          used.every((slot) => inRun.has(slot)),
          title,
        ).toBe(true);
        expect(used, title).toContain(slow.color);
      }
      // The phases and the verdicts have colours of their own.
      expect(slots['Where the time went'] ?? []).toEqual([]);
      expect(slots['A against B'] ?? []).toEqual([]);
    }
  });

  it('is its trend’s colour, its card’s and New run’s', async () => {
    const { page } = app;
    await app.open(`#/history?profile=${slow.id}`);
    await page.locator('.echart[data-chart-finished="true"]').first().waitFor();
    const [trend] = Object.values(await chartSlots());
    expect(trend?.[0]).toBe(slow.color);

    await app.open('#/profiles');
    const card = page.locator('.profile-card', { hasText: 'Slow' });
    expect(await card.locator('.profile-swatch').getAttribute('data-series')).toBe(
      String(slow.color),
    );
    await app.open('#/runs/new');
    const option = page.locator('.profile-option', { hasText: 'Slow' });
    expect(await option.locator('.profile-swatch').getAttribute('data-series')).toBe(
      String(slow.color),
    );
  });

  it('is chosen in the form, and every old run draws the profile in it', async () => {
    const { page } = app;
    await app.open(`#/profiles?edit=${slow.id}`);
    const group = page.getByRole('radiogroup', { name: 'Colour' });
    expect(await group.getByRole('radio', { checked: true }).getAttribute('value')).toBe(
      String(slow.color),
    );
    const chosen = (slow.color + 4) % PROFILE_COLORS;
    await group.locator(`input[value="${chosen}"]`).check();
    await page.screenshot({ path: join(ARTIFACTS, 'profile-color-form-en-light.png') });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => app.services.profiles.get(slow.id)?.color).toBe(chosen);

    await openRun(first);
    expect(
      await page
        .locator('.results-profiles li', { hasText: 'Slow' })
        .locator('.profile-swatch')
        .getAttribute('data-series'),
    ).toBe(String(chosen));
    const slots = await chartSlots();
    expect(slots['Profiles compared'] ?? []).toContain(chosen);
  });

  it('reads in both languages and themes', async () => {
    const { page } = app;
    for (const [language, theme] of LOOKS) {
      await useLook(app, language, theme);
      await app.open(`#/profiles?edit=${third.id}`);
      await page.locator('.color-options').waitFor();
      await page
        .locator('.color-options')
        .screenshot({ path: join(ARTIFACTS, `profile-colors-${language}-${theme}.png`) });
      await openRun(second);
      await page
        .locator('.run-results')
        .screenshot({ path: join(ARTIFACTS, `profile-colors-run-${language}-${theme}.png`) });
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
