// Free tiers in Chromium, against the real services and a small
// OpenRouter-shaped provider on 127.0.0.1: the model picker marks free models
// and keeps only them on request, a profile saves its calls per minute, New
// run plans the time that pacing takes and takes the rate-limit options, and
// the live view counts a rate limit's wait down, then says the profile gave up
// while the other one finishes; the run keeps why, and its results page says it
// later in the live view's words.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import type { RunConfig } from '../../src/shared/run';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
  axeViolations,
  screenshot,
  startAppUnderTest,
  type AppUnderTest,
} from '../support/app-under-test';
import { startFreeTierServer, type FreeTierServer } from '../support/free-tier-server';

let app: AppUnderTest;
let server: FreeTierServer;

beforeAll(async () => {
  server = await startFreeTierServer();
  app = await startAppUnderTest();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await server?.close();
});

const field = (page: Page, label: RegExp) =>
  page.locator('.field', { hasText: label }).locator('input');

describe('free tiers', { timeout: 60_000 }, () => {
  it('marks the free models in the picker, keeps only them on request, and saves the pacing', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Name', { exact: true }).fill('OpenRouter free');
    await page.getByLabel('Base URL', { exact: true }).fill(server.baseUrl);
    await page.getByRole('button', { name: 'Load models' }).click();
    await page.getByText(`6 models from ${server.baseUrl}/models`).waitFor();
    expect(await page.locator('.model-option .badge', { hasText: 'free' }).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Free only' }).check();
    const free = await page.locator('.model-option .model-id').allTextContents();
    expect(free).toEqual([
      'deepseek/deepseek-chat-v3-0324',
      'meta-llama/llama-3.3-70b-instruct:free',
    ]);
    await page.getByRole('radio', { name: /llama-3.3-70b-instruct:free/ }).check();

    const rpm = page.getByLabel('Calls per minute at most');
    await rpm.fill('1.5');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page
      .getByText('Enter a whole number of calls per minute from 1 to 60000, or leave it empty.')
      .waitFor();
    await rpm.fill('20');
    await page.getByRole('button', { name: 'Create profile' }).click();
    const card = page.locator('.profile-card').filter({ hasText: 'OpenRouter free' });
    await expect.poll(() => card.textContent()).toContain('at most 20 calls/min');
    const saved = app.services.profiles.list().find((p) => p.name === 'OpenRouter free');
    expect(saved).toMatchObject({
      model: 'meta-llama/llama-3.3-70b-instruct:free',
      defaults: { max_rpm: 20 },
    });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('plans the time pacing takes, and takes the rate-limit options, starting from Settings', async () => {
    await app.open('#/settings');
    const { page } = app;
    const giveUpDefault = page.getByLabel(
      'Give up on a profile after this many failures in a row (0: never)',
    );
    await giveUpDefault.fill('4');
    // The run defaults' own Save: the reading pace has another.
    await page
      .locator('form', { has: giveUpDefault })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(app.services.settings.get().run_defaults.give_up_after).toBe(4);

    await app.open('#/runs/new');
    await page
      .locator('.profile-option')
      .filter({ hasText: 'OpenRouter free' })
      .getByRole('checkbox')
      .check();
    await page.locator('input[name="run-modes"][value="stream"]').check();
    await field(page, /Trials per profile and mode/).fill('4');
    const panel = page.locator('.plan-panel');
    // Four calls 3 s apart.
    await expect
      .poll(() => panel.textContent())
      .toContain('Pacing makes the run take at least 9 s: OpenRouter free at most 20 calls/min.');

    const wait = page.getByLabel('Longest wait for a rate limit (s)');
    const giveUp = page.getByLabel('Give up after failures in a row');
    expect(await wait.inputValue()).toBe('60');
    expect(await giveUp.inputValue()).toBe('4');
    await wait.fill('-1');
    await page.getByText('Enter a number of seconds from 0 to 86,400.').waitFor();
    await wait.fill('0');
    await giveUp.fill('0');
    await expect.poll(() => page.locator('.field-error').count()).toBe(0);
    // The plan computed again (a stale one is drawn faded).
    await expect.poll(() => page.locator('.plan-stale').count()).toBe(0);
    await screenshot(page, 'new-run-rate-limits-en-light');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('counts a rate limit down on the live view, then says the profile gave up; the other finishes', async () => {
    const limited = app.services.profiles.create({
      name: 'Always limited',
      base_url: server.baseUrl,
      model: 'limited:n=100,after=2,e2e',
    });
    const steady = app.services.profiles.create({
      name: 'Steady',
      base_url: server.baseUrl,
      model: 'ok:e2e',
    });
    const config: RunConfig = {
      prompt: 'Hi',
      max_tokens: 16,
      modes: ['stream'],
      trials: 3,
      profile_ids: [limited.id, steady.id],
      limits: DEFAULT_RUN_LIMITS,
      reuse_connection: false,
      warmup: false,
      max_retry_wait_ms: 60_000,
      give_up_after: 2,
    };
    const { run_id } = await app.services.runs.start(config);
    await app.open(`#/runs/${run_id}`);
    const { page } = app;
    const row = page.locator('.profile-progress-row').filter({ hasText: 'Always limited' });
    await expect.poll(() => row.textContent()).toMatch(/Rate limited: next call in [12] s/);
    await screenshot(page, 'live-run-rate-limited-en-light');
    expect(await axeViolations(page)).toEqual([]);

    // It made its calls and none was ok: the run completed, with failures.
    await page.getByText('The run completed with failures').waitFor({ timeout: 20_000 });
    expect(await page.locator('.run-ended').textContent()).toContain(
      'profile “Always limited” stopped after 2 failed trials in a row',
    );
    expect(app.services.store.history.getRun(run_id)?.summaries[steady.id]?.[0]).toMatchObject({
      trials: 3,
      ok: 3,
    });

    // Kept with the run, handed out by the API, and said again by its results page later.
    const failures = app.services.store.history.getRun(run_id)?.run.profile_failures ?? [];
    expect(failures).toEqual([
      {
        profile_id: limited.id,
        reason: 'gave_up',
        message: expect.stringMatching(
          /^profile “Always limited” stopped after 2 failed trials in a row \(the last: http_error: HTTP 429/,
        ),
        text: {
          key: 'runs.gave_up_one',
          values: expect.objectContaining({ name: 'Always limited', failed: 2, left: 1 }),
        },
      },
    ]);
    const result = await app.services.dispatch('historyRun', { run_id });
    if (!result.ok) throw new Error(result.error.message);
    expect((result.value as RunView).run.profile_failures).toEqual(failures);
    await app.open(`#/runs/${run_id}`);
    const stopped = page.locator('.results-stopped');
    await stopped.waitFor();
    expect(await stopped.locator('li').allTextContents()).toEqual([
      `Always limited: stopped: too many failed trials in a row. ${failures[0]?.message}`,
    ]);
    await screenshot(page, 'results-profile-stopped-en-light');
    expect(await axeViolations(page)).toEqual([]);
  });
});
