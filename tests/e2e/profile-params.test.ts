// A profile's request parameters in Chromium, against the real services: the
// folded section of the form (closed for a profile without any, its summary
// counting them), saved and shown on the card in one line, the fields each
// API format has, every refusal next to its field before anything is sent,
// the run's results saying what each profile's requests carried, and axe
// plus screenshots in both languages and themes at two widths.

import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  ARTIFACTS,
  axeViolations,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';
import { runRecord, snapshot, storedTrial } from '../support/store-fixtures';

const OPENAI = 'OpenRouter routed';
const ANTHROPIC = 'Claude thinking';
const RUN_ID = 'params-run';

let app: AppUnderTest;

beforeAll(async () => {
  app = await startAppUnderTest();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

const card = (name: string): Locator =>
  app.page.locator('.profile-card').filter({
    has: app.page.getByRole('heading', { name, exact: true }),
  });

const idOf = (name: string): string => {
  const profile = app.services.profiles.list().find((p) => p.name === name);
  if (!profile) throw new Error(`no profile named ${name}`);
  return profile.id;
};

const section = (): Locator => app.page.locator('details.params-fields');

describe('request parameters', { timeout: 120_000 }, () => {
  it('are folded for a new profile, and saved from the form as typed', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Name', { exact: true }).fill(OPENAI);
    await page.getByLabel('Base URL', { exact: true }).fill(`${app.sim.url}/v1`);
    await page.getByLabel('Model', { exact: true }).fill('sim-steady');
    expect(await section().getAttribute('open')).toBeNull();
    expect(await section().locator('summary').textContent()).toContain('none set');
    await section().locator('summary').click();
    await page.getByLabel('System prompt').fill('You are terse.');
    await page.getByLabel('Temperature').fill('0');
    await page.getByLabel('Seed').fill('7');
    await page.getByLabel('Reasoning effort').selectOption('high');
    await page.getByLabel('Token limit name').selectOption('max_completion_tokens');
    await page.getByLabel('Stop sequences').fill('END\n\\n\\n');
    await page
      .getByLabel('Extra body (JSON)')
      .fill('{"provider": {"order": ["deepinfra"], "allow_fallbacks": false}}');
    expect(await section().locator('summary').textContent()).toContain('7 parameters set');
    // Anthropic's thinking budget is not OpenAI's.
    expect(await page.getByLabel('Thinking budget, tokens').count()).toBe(0);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('status').filter({ hasText: OPENAI }).waitFor();
    expect(app.services.profiles.get(idOf(OPENAI))?.params).toEqual({
      system: 'You are terse.',
      temperature: 0,
      seed: 7,
      stop: ['END', '\n\n'],
      reasoning_effort: 'high',
      token_param: 'max_completion_tokens',
      extra_body: { provider: { order: ['deepinfra'], allow_fallbacks: false } },
    });
    await expect
      .poll(() => card(OPENAI).textContent())
      .toContain(
        'system prompt · temperature 0 · seed 7 · 2 stop sequences · reasoning high · token limit as max_completion_tokens · extra body (provider)',
      );
  });

  it('open by themselves for a profile that has some', async () => {
    await app.open(`#/profiles?edit=${idOf(OPENAI)}`);
    await section().waitFor();
    expect(await section().getAttribute('open')).not.toBeNull();
    expect(await app.page.getByLabel('Stop sequences').inputValue()).toBe('END\n\\n\\n');
  });

  it('show the fields of the API format: a thinking budget for Anthropic, no seed', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Name', { exact: true }).fill(ANTHROPIC);
    await page.getByLabel('API format').selectOption('anthropic-messages');
    await page.getByLabel('Base URL', { exact: true }).fill(app.sim.url);
    await page.getByLabel('Model', { exact: true }).fill('sim-steady');
    await section().locator('summary').click();
    expect(await page.getByLabel('Seed').count()).toBe(0);
    expect(await page.getByLabel('Reasoning effort').count()).toBe(0);
    expect(await page.getByLabel('Token limit name').count()).toBe(0);
    await page.getByLabel('Thinking budget, tokens').fill('2048');
    await page.getByLabel('Temperature').fill('1');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('status').filter({ hasText: ANTHROPIC }).waitFor();
    expect(app.services.profiles.get(idOf(ANTHROPIC))?.params).toEqual({
      temperature: 1,
      thinking_budget: 2048,
    });
  });

  it('say every refusal next to its field, before anything is sent', async () => {
    await app.open(`#/profiles?edit=${idOf(OPENAI)}`);
    const { page } = app;
    await page.getByLabel('Temperature').fill('warm');
    await page.getByLabel('top_p').fill('3');
    await page.getByLabel('Extra body (JSON)').fill('{"provider": {"api_key": "x"}}');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const errorOf = (label: string) =>
      page
        .locator('.field', { has: page.getByLabel(label, { exact: true }) })
        .locator('.field-error');
    await expect.poll(() => errorOf('Temperature').textContent()).toContain('Enter a number');
    expect(await errorOf('top_p').textContent()).toContain('top_p must be a number from 0 to 1');
    expect(await errorOf('Extra body (JSON)').textContent()).toContain('credential');
    expect(await page.evaluate('document.activeElement && document.activeElement.value')).toBe(
      'warm',
    );
    // Nothing was sent: the saved profile is as it was.
    expect(app.services.profiles.get(idOf(OPENAI))?.params.temperature).toBe(0);
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'profile-params-en-light-errors');
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [language, theme] of LOOKS) {
    for (const width of [1440, 1024]) {
      it(`look right and pass axe in ${language}, ${theme}, ${width} px`, async () => {
        const { page } = app;
        await page.setViewportSize({ width, height: 900 });
        try {
          await useLook(app, language, theme);
          await app.open(`#/profiles?edit=${idOf(OPENAI)}`);
          await section().waitFor();
          await section().scrollIntoViewIfNeeded();
          expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
            width,
          );
          await screenshot(page, `profile-params-${language}-${theme}-${width}`);
          expect(await axeViolations(page)).toEqual([]);
          if (width === 1440) {
            await app.open(`#/profiles?edit=${idOf(ANTHROPIC)}`);
            await section().waitFor();
            await screenshot(page, `profile-params-${language}-${theme}-anthropic`);
            await app.open('#/profiles');
            await card(OPENAI).waitFor();
            await screenshot(page, `profile-params-${language}-${theme}-list`);
          }
        } finally {
          await useLook(app, 'en', 'light');
          await page.setViewportSize({ width: 1440, height: 900 });
        }
      });
    }
  }

  it("say in a run's results what each profile's requests carried", async () => {
    const { store } = app.services;
    const routed = snapshot('routed', {
      name: OPENAI,
      params: { temperature: 0.7, seed: 7, reasoning_effort: 'high' },
    });
    const plain = snapshot('plain', { name: 'No parameters' });
    store.runs.createRun(
      runRecord(RUN_ID, [routed, plain], {
        status: 'completed',
        ended_at: '2026-03-01T10:01:00.000Z',
        config: {
          ...runRecord(RUN_ID, []).config,
          profile_ids: ['routed', 'plain'],
          params: { temperature: 0 },
        },
      }),
    );
    for (const k of [1, 2, 3]) {
      const trial = storedTrial(RUN_ID, 'routed', k);
      store.runs.saveTrial({
        ...trial,
        trial: { ...trial.trial, token_param: 'max_completion_tokens' },
      });
      store.runs.saveTrial(storedTrial(RUN_ID, 'plain', k));
    }
    for (const [language, theme] of [
      ['en', 'light'],
      ['zh-CN', 'dark'],
    ] as const) {
      await useLook(app, language, theme);
      await app.open(`#/runs/${RUN_ID}`);
      const lines = app.page.locator('.results-profile-params');
      await lines.first().waitFor();
      if (language === 'en') {
        // The run's temperature wins over the profile's own, and holds for the profile without any.
        expect(await lines.allTextContents()).toEqual([
          'Parameters: temperature 0 · seed 7 · reasoning high · token limit sent as max_completion_tokens',
          'Parameters: temperature 0',
        ]);
      }
      await app.page.locator('.results-facts').screenshot({
        path: join(ARTIFACTS, `profile-params-${language}-${theme}-results.png`),
      });
    }
    await useLook(app, 'en', 'light');
  });
});
