// Every screen at 1024×700, the narrowest window the app promises, in both
// languages: no two runs of text overlap (line boxes from the DOM; see
// tests/support/text-overlap.ts), and the page does not scroll sideways as a
// whole (a wide table scrolls inside its own box). Shot for people to look at.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/shared/run';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import { resources } from '../../src/shared/i18n/resources';
import {
  finishedRun,
  screenshot,
  startAppUnderTest,
  useLook,
  waitForCharts,
  type AppUnderTest,
} from '../support/app-under-test';
import { textOverlaps } from '../support/text-overlap';

let app: AppUnderTest;
let runs: string[] = [];

beforeAll(async () => {
  app = await startAppUnderTest({ width: 1024, height: 700 });
  const base_url = `${app.sim.url}/v1`;
  const make = (name: string, model: string): Profile =>
    app.services.profiles.create({ name, base_url, model });
  const profiles = [
    make('Steady provider with a long name', 'sim-steady:tokens=8,gap=3,ttft=30'),
    make('Bursty', 'sim-steady:tokens=8,gap=6,ttft=60'),
    make('Third', 'sim-steady:tokens=8,gap=4,ttft=45'),
  ];
  const run = () =>
    finishedRun(app, {
      prompt: 'Count to five.',
      max_tokens: 16,
      modes: ['stream', 'plain'],
      trials: 3,
      profile_ids: profiles.map((p) => p.id),
      limits: DEFAULT_RUN_LIMITS,
      reuse_connection: false,
      warmup: false,
    });
  runs = [await run(), await run()];
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const SCREENS: readonly (readonly [string, () => string, boolean])[] = [
  ['new-run', () => '#/runs/new', false],
  ['profiles', () => '#/profiles', false],
  ['results', () => `#/runs/${runs[0]}`, true],
  ['history', () => '#/history', false],
  ['compare', () => `#/compare/${runs[0]}/${runs[1]}`, true],
  ['settings', () => '#/settings', false],
  ['missing-run', () => '#/runs/0000000000000000', false],
];

describe.each(['en', 'zh-CN'] as const)('at 1024×700 in %s', (language) => {
  beforeAll(async () => {
    await useLook(app, language, 'light');
  });

  it.each(SCREENS)('%s: no text overlaps, no sideways page scroll', async (name, hash, charts) => {
    await app.open(hash());
    if (charts) await waitForCharts(app.page);
    await app.page.waitForTimeout(200);
    await screenshot(app.page, `narrow-${name}-${language}`);
    expect(await textOverlaps(app.page)).toEqual([]);
    const sideways = await app.page.evaluate(
      '(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)()',
    );
    expect(sideways).toBeLessThanOrEqual(0);
  });

  it('the profile form: no text overlaps', async () => {
    await app.open('#/profiles');
    const add = resources[language].translation.profiles.add;
    await app.page.getByRole('link', { name: add }).first().click();
    await app.page.locator('form').first().waitFor();
    await screenshot(app.page, `narrow-profile-form-${language}`);
    expect(await textOverlaps(app.page)).toEqual([]);
  });
});
