// New run in Chromium, against the real services and keychain: the demo
// chosen for a newcomer, two profiles (the demo and a simulator profile with
// a key) in both modes × 3 trials planned as 12 calls before anything is
// sent, presets, the reasons an impossible configuration cannot start, the
// warning before a large run to real providers, Start opening the live view,
// a profile named like HTML shown as text, and axe plus screenshots in both
// languages and themes.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  screenshot,
  startAppUnderTest,
  useLook,
  type AppUnderTest,
} from '../support/app-under-test';

const KEY = 'sk-e2e-new-run-0123456789abcdef';
const SIM = 'Simulator steady';
const HTML_NAME = '<img src=x onerror=alert(1)>';

let app: AppUnderTest;

beforeAll(async () => {
  app = await startAppUnderTest();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** The built-in demo, as each language names it. */
const DEMO = /Demo \(simulated\)|演示（模拟）/;

const profileBox = (page: Page, name: string | RegExp) =>
  page.locator('.profile-option').filter({ hasText: name }).getByRole('checkbox');

const planCalls = (page: Page) => page.locator('.plan-calls-number').textContent();

const startButton = (page: Page) =>
  page.getByRole('button', { name: /^(Start the run|开始测量)$/ });

async function addSimulatorProfile(name: string, withKey: boolean): Promise<string> {
  const profile = app.services.profiles.create({
    name,
    base_url: `${app.sim.url}/v1`,
    model: 'sim-steady:tokens=60,gap=5,ttft=40',
  });
  if (withKey) await app.services.profiles.setKey(profile.id, KEY);
  return profile.id;
}

/** The demo and the simulator profile, both modes, three trials: the example run. */
async function chooseExampleRun(page: Page): Promise<void> {
  await profileBox(page, DEMO).check();
  await profileBox(page, SIM).check();
  await page.locator('input[name="run-modes"][value="both"]').check();
  await page
    .locator('.field', { hasText: /Trials per profile and mode|试验次数/ })
    .locator('input')
    .fill('3');
  await expect.poll(() => planCalls(page)).toBe('12');
}

describe('new run', () => {
  it('chooses the demo for a newcomer, who can start at once', async () => {
    await app.open('#/runs/new');
    const { page } = app;
    await page.getByRole('heading', { name: 'New run', level: 1 }).waitFor();
    expect(await profileBox(page, 'Demo (simulated)').isChecked()).toBe(true);
    // Five trials (the defaults) in both modes.
    await expect.poll(() => planCalls(page)).toBe('10');
    await expect.poll(() => startButton(page).isEnabled()).toBe(true);
    expect(await page.locator('.plan-panel').textContent()).toContain(
      'All calls go to the built-in simulator',
    );
  });

  it('plans the demo and a simulator profile in both modes × 3 trials as 12 calls', async () => {
    await addSimulatorProfile(SIM, true);
    await app.open('#/runs/new');
    const { page } = app;
    // With a profile of their own, the user chooses: nothing is chosen for them.
    await page.locator('.plan-problems').getByText('Choose at least one profile.').waitFor();
    expect(await startButton(page).isDisabled()).toBe(true);

    const sim = page.locator('.profile-option').filter({ hasText: SIM });
    expect(await sim.textContent()).toContain('sim-steady:tokens=60');
    await expect.poll(() => sim.textContent()).toContain('key stored');
    expect(
      await page.locator('.profile-option').filter({ hasText: 'Demo' }).textContent(),
    ).toContain('no key needed');

    await chooseExampleRun(page);
    const panel = page.locator('.plan-panel');
    expect(await panel.textContent()).toContain('6 per profile × 2 profiles');
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('12 API calls.');
    // Neither profile has run yet: the time is assumed, and the plan says so and for whom.
    expect(await panel.locator('.plan-duration').textContent()).toMatch(
      /^About .+ Partly assumed: Demo \(simulated\), Simulator steady have no ok trial/,
    );
    const perProfile = await panel.locator('.plan-profiles li').allTextContents();
    expect(perProfile).toEqual(['Demo (simulated)6', `${SIM}6`]);
    expect(await startButton(page).isEnabled()).toBe(true);

    // With a warm-up per profile and mode: 2 more calls per profile.
    await page.getByRole('checkbox', { name: 'Warm-up trial' }).check();
    await expect.poll(() => planCalls(page)).toBe('16');
    expect(await panel.textContent()).toContain('Includes 4 warm-up calls.');
    await page.getByRole('checkbox', { name: 'Warm-up trial' }).uncheck();
    await expect.poll(() => planCalls(page)).toBe('12');
  });

  it('fills the prompt from presets, each with room for its answer', async () => {
    await app.open('#/runs/new');
    const { page } = app;
    const prompt = page.getByLabel('Prompt sent to every profile');
    const maxTokens = page.getByLabel('max_tokens', { exact: true });
    for (const [preset, expected] of [
      ['Short answer', 'Canberra'],
      ['Long answer', '500 words'],
      ['Code', 'merge_intervals'],
      ['Chinese text', '二十四节气'],
    ] as const) {
      await page.getByRole('button', { name: preset, exact: true }).click();
      expect(await prompt.inputValue()).toContain(expected);
      expect(
        await page.getByRole('button', { name: preset, exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      expect(Number(await maxTokens.inputValue())).toBeGreaterThanOrEqual(120);
    }
    await prompt.fill('Say hello.');
    expect(await page.locator('.preset[aria-pressed="true"]').count()).toBe(0);
    await page.getByText('Your own prompt (10 characters)').waitFor();
  });

  it('says why an impossible configuration cannot start', async () => {
    await app.open('#/runs/new');
    const { page } = app;
    await chooseExampleRun(page);
    const panel = page.locator('.plan-panel');
    const problems = page.locator('.plan-problems');

    await page.getByLabel('Prompt sent to every profile').fill('   ');
    await problems.getByText('The prompt is empty: write one or choose a preset.').waitFor();
    await problems.getByText('It cannot start yet:').waitFor();
    // Said to screen readers too, in one sentence.
    await expect
      .poll(() => panel.getByRole('status').textContent())
      .toBe('It cannot start yet: The prompt is empty: write one or choose a preset.');
    expect(await startButton(page).isDisabled()).toBe(true);

    await profileBox(page, 'Demo (simulated)').uncheck();
    await profileBox(page, SIM).uncheck();
    await problems.getByText('Choose at least one profile.').waitFor();
    await problems.getByText('The prompt is empty: write one or choose a preset.').waitFor();

    // A value the contract cannot take is named next to its field; no plan is asked for.
    const trials = page.getByLabel('Trials per profile and mode');
    await trials.fill('0');
    await page.getByText('Enter a whole number from 1 to 1,000.').waitFor();
    expect(await trials.getAttribute('aria-invalid')).toBe('true');
    await panel.getByText('Correct the fields marked in red').waitFor();
    const deadline = page.getByLabel('Deadline');
    await deadline.fill('0');
    await page.getByText('Enter a number of seconds above 0, up to 86,400.').waitFor();
    expect(await startButton(page).isDisabled()).toBe(true);
  });

  it('warns before a large run to real providers, not before a small one', async () => {
    await app.open('#/runs/new');
    const { page } = app;
    await chooseExampleRun(page);
    const warning = page.getByText(/of these calls go to real providers/);
    expect(await warning.count()).toBe(0);
    await page.getByLabel('Trials per profile and mode').fill('25');
    await expect.poll(() => planCalls(page)).toBe('100');
    // The demo's 50 calls go to the built-in simulator; the other profile's 50 count.
    await warning.waitFor();
    expect(await warning.textContent()).toContain('50 of these calls go to real providers');
  });

  it('says which requests go without a key, without refusing them', async () => {
    await addSimulatorProfile('Local without key', false);
    await app.open('#/runs/new');
    const { page } = app;
    const option = page.locator('.profile-option').filter({ hasText: 'Local without key' });
    await expect.poll(() => option.textContent()).toContain('no key');
    await profileBox(page, 'Local without key').check();
    await page.getByText('Sent without a key: Local without key.').waitFor();
    await expect.poll(() => startButton(page).isEnabled()).toBe(true);
  });

  it('warns before starting a profile whose last connection test failed, and still starts', async () => {
    const dead = app.services.profiles.create({
      name: 'Refused endpoint',
      base_url: 'http://127.0.0.1:9/v1',
      model: 'm',
    });
    const tested = await app.services.dispatch('profilesTest', { id: dead.id });
    expect(tested.ok && (tested.value as { status: string }).status).toBe('network_error');
    await app.open('#/runs/new');
    const { page } = app;
    const option = page.locator('.profile-option').filter({ hasText: 'Refused endpoint' });
    await expect.poll(() => option.textContent()).toContain('last test failed');
    const warning = page.locator('.plan-failed-checks');
    expect(await warning.count()).toBe(0);
    await profileBox(page, 'Refused endpoint').check();
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(
      /The last connection test of this profile failed[\s\S]*Refused endpoint: network error at /,
    );
    await screenshot(page, 'new-run-en-light-failed-check');
    await expect.poll(() => startButton(page).isEnabled()).toBe(true);
    await profileBox(page, 'Refused endpoint').uncheck();
    await expect.poll(() => warning.count()).toBe(0);
    app.services.profiles.remove(dead.id);
  });

  it('starts the run and opens its live view', async () => {
    await app.open('#/runs/new');
    const { page } = app;
    await chooseExampleRun(page);
    await startButton(page).click();
    await page.waitForURL(/#\/runs\/(?!new)[^/]+$/);
    const runId = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
    const record = app.services.store.history.getRun(runId)?.run;
    expect(record?.planned_calls).toBe(12);
    expect(record?.config).toMatchObject({ trials: 3, modes: ['stream', 'plain'] });
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
    // Coming back to New run finds the same choices.
    await page.getByRole('link', { name: 'New run' }).click();
    await expect.poll(() => planCalls(page)).toBe('12');
    expect(await profileBox(page, SIM).isChecked()).toBe(true);
    // And so does a reload, the chosen profiles too.
    await page.reload();
    await expect.poll(() => planCalls(page)).toBe('12');
    expect(await profileBox(page, SIM).isChecked()).toBe(true);
    expect(await startButton(page).isEnabled()).toBe(true);
    await expect
      .poll(() => app.services.store.history.getRun(runId)?.run.status, { timeout: 30_000 })
      .toBe('completed');
  });

  it('sends a long input or a sweep, a cache policy and parameters for every profile', async () => {
    await app.open('#/runs/new');
    const { page } = app;
    await chooseExampleRun(page);
    const input = page.getByLabel('Input length, tokens');
    const warm = page.locator('input[name="run-cache"][value="warm"]');
    const warmup = page.getByRole('checkbox', { name: 'Warm-up trial' });

    // The sweep preset: four lengths, each its own group of 12 calls; a warm cache cannot prime them.
    await page.getByRole('button', { name: 'Input sweep (1k–32k)', exact: true }).click();
    expect(await input.inputValue()).toBe('1k, 4k, 16k, 32k');
    await expect.poll(() => planCalls(page)).toBe('48');
    expect(await page.locator('.plan-input').textContent()).toBe(
      'A sweep of 4 input lengths (1,000, 4,000, 16,000, 32,000 tokens): every profile runs each mode’s trials at each.',
    );
    expect(await warm.isDisabled()).toBe(true);
    await page.getByText('Not for a sweep of input lengths').waitFor();
    await page.setViewportSize({ width: 1440, height: 1400 });
    await screenshot(page, 'new-run-sweep-en-light');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A length that is none is named at its field, and nothing is planned.
    await input.fill('1k, lots');
    await page.getByText('“lots” is not a length').waitFor();
    await page.getByText('Correct the fields marked in red').waitFor();

    // One length, and a warm cache: its warm-ups are on, and stay on while it is warm.
    await input.fill('2k');
    await expect.poll(() => planCalls(page)).toBe('12');
    expect(await page.locator('.plan-input').textContent()).toBe(
      'Every prompt is 2,000 tokens: filler text, then the question.',
    );
    expect(await page.locator('.preset[aria-pressed="true"]').count()).toBe(0);
    await warm.check();
    expect(await warmup.isChecked()).toBe(true);
    expect(await warmup.isDisabled()).toBe(true);
    await expect.poll(() => planCalls(page)).toBe('16');

    // The parameters for every profile: what is not a number is said, and only the shared fields are there.
    const params = page.locator('details.params-fields');
    await params.locator('summary').click();
    expect(await params.getByLabel('Reasoning effort').count()).toBe(0);
    expect(await params.getByLabel('Extra body (JSON)').count()).toBe(0);
    await params.getByLabel('Temperature').fill('cold');
    await params.getByText('Enter a number, or leave it empty.').waitFor();
    await params.getByLabel('Temperature').fill('0');
    await params.getByLabel('Seed').fill('7');
    await expect.poll(() => params.locator('summary').textContent()).toContain('2 parameters set');
    // Once the plan has answered: a pending plan is dimmed.
    await expect.poll(() => startButton(page).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // Ctrl+Enter from a field starts it, as Start does.
    await params.getByLabel('Seed').press('Control+Enter');
    await page.waitForURL(/#\/runs\/(?!new)[^/]+$/);
    const runId = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
    expect(app.services.store.history.getRun(runId)?.run.config).toMatchObject({
      input_tokens: 2000,
      cache: 'warm',
      warmup: true,
      params: { temperature: 0, seed: 7 },
    });
    await expect
      .poll(() => app.services.store.history.getRun(runId)?.run.status, { timeout: 60_000 })
      .toBe('completed');
    const trials = app.services.store.history.getRun(runId)?.trials ?? [];
    expect(trials.length).toBe(16);
    expect(new Set(trials.map((t) => t.trial.input_tokens))).toEqual(new Set([2000]));
  });

  it('shows a profile named like HTML as text', async () => {
    await addSimulatorProfile(HTML_NAME, true);
    await app.open('#/runs/new');
    const { page } = app;
    const option = page.locator('.profile-option').filter({ hasText: HTML_NAME });
    await option.waitFor();
    expect(await option.locator('.profile-option-name').textContent()).toBe(HTML_NAME);
    await option.getByRole('checkbox').check();
    await expect.poll(() => page.locator('.plan-profiles').textContent()).toContain(HTML_NAME);
    expect(await page.locator('main img').count()).toBe(0);
    expect(app.dialogs).toEqual([]);
  });

  for (const [language, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    it(`passes an axe scan in ${language}, ${theme}`, async () => {
      await useLook(app, language, theme);
      await app.open('#/runs/new');
      const { page } = app;
      await chooseExampleRun(page);
      await page.getByRole('button', { name: /^(Chinese text|中文文本)$/ }).click();
      await expect.poll(() => startButton(page).isEnabled()).toBe(true);
      await screenshot(page, `new-run-${language}-${theme}`);
      expect(await axeViolations(page)).toEqual([]);

      // The reasons it cannot start, in the same language.
      await page.getByLabel(/^(Prompt sent to every profile|发送给每个端点的提示词)$/).fill('');
      await page.locator('.plan-problems').waitFor();
      await screenshot(page, `new-run-${language}-${theme}-problems`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
