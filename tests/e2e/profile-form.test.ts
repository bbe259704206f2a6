// The profile form before it is saved, in Chromium against the real services:
// "Test connection" on an unsaved new profile (the simulator answering with no
// key sent, a key typed and sent, nothing listening at 127.0.0.1:9, a field
// refused next to its field), the question before leaving unsaved changes
// (Stay keeps them, Leave goes, Back asks too, nothing asked when nothing
// changed or after saving), a keychain that cannot store the key (one sentence
// and the key variable's field, the details folded), and screenshots at 1440
// and 1024 px in both languages and themes.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarKeyStore, type KeytarApi } from '../../src/main/secrets';
import {
  ARTIFACTS,
  type AppUnderTest,
  axeViolations,
  LOOKS,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';

const KEY = 'sk-e2e-profile-form-0123456789';

let app: AppUnderTest;

beforeAll(async () => {
  app = await startAppUnderTest();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

/** The form of a new profile, its endpoint filled in (no name: a test needs none). */
async function newForm(page: Page, baseUrl: string, model = 'sim-steady:tokens=12,gap=2,ttft=20') {
  await app.open('#/profiles?new');
  // By place, not label: the same in every language.
  await page.locator('.profile-form input[type="url"]').fill(baseUrl);
  await page.locator('.model-field input').first().fill(model);
}

async function testedText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Test connection' }).click();
  const result = page.locator('.draft-test .test-result');
  await result.waitFor({ timeout: 30_000 });
  return (await result.textContent()) ?? '';
}

/** The viewport as the user sees it (a modal dialog sits in it, not in the whole page). */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

describe('the profile form before saving', { timeout: 60_000 }, () => {
  it('tests an unsaved new profile: the simulator answers, and no key was sent', async () => {
    const { page } = app;
    const before = app.services.profiles.list().length;
    await newForm(page, `${app.sim.url}/v1`);
    const text = await testedText(page);
    expect(text).toContain('ok');
    expect(text).toContain('200');
    expect(text).toContain('The answer began:');
    expect(text).toContain('The endpoint answered without a key');
    expect(text).not.toContain('the key work');
    expect(app.services.profiles.list().length).toBe(before);
  });

  it('sends the key typed in the form, and only then says the key works', async () => {
    const { page } = app;
    await newForm(page, `${app.sim.url}/v1`);
    await page.getByLabel('Key to store').fill(KEY);
    expect(await testedText(page)).toContain('The URL, the model and the key work.');
    await leaveByCancel(page);
  });

  it('says the connection failed when nothing listens, not that a provider spoke', async () => {
    const { page } = app;
    await newForm(page, 'http://127.0.0.1:9/v1', 'any');
    const text = await testedText(page);
    expect(text).toContain('network error');
    expect(text).toContain('The connection failed, nothing answered:');
    expect(text).toMatch(/ECONNREFUSED|refused/i);
    expect(text).toContain('Check the base URL, the network and the proxy');
    expect(text).not.toContain('The provider said:');
    await page.evaluate(
      "document.querySelector('.draft-test').scrollIntoView({ block: 'center' })",
    );
    await shot(page, 'profile-form-1440-en-light-refused');
    await leaveByCancel(page);
  });

  it('shows what the test refuses next to its field, and sends nothing', async () => {
    const { page } = app;
    // Main refuses the URL (its ApiError's issues): said next to the field, as saving says it.
    await newForm(page, 'ftp://x');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const url = page.locator('.field', { has: page.getByLabel('Base URL', { exact: true }) });
    await expect.poll(() => url.locator('.field-error').textContent()).toContain('ftp:');
    expect(await page.getByLabel('Base URL', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // With one the form refuses itself too: both at once.
    await page.getByLabel('Connect timeout (s)').fill('soon');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const timeout = page.locator('.field', { has: page.getByLabel('Connect timeout (s)') });
    await expect.poll(() => timeout.locator('.field-error').textContent()).toContain('seconds');
    expect(await url.locator('.field-error').textContent()).toContain('ftp:');
    // An empty name is no reason not to test: it is not among them.
    const name = page.locator('.field', { has: page.getByLabel('Name', { exact: true }) });
    expect(await name.locator('.field-error').count()).toBe(0);
    expect(await page.locator('.draft-test .test-result').count()).toBe(0);
    await leaveByCancel(page);
  });

  it('asks before leaving unsaved changes: Stay and Esc keep them, Leave goes', async () => {
    const { page } = app;
    await app.open('#/profiles');
    await page.getByRole('link', { name: 'Add profile' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('Half done');
    await page.getByRole('link', { name: 'History' }).click();
    await leaveDialog(page).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate('location.hash')).toBe('#/profiles?new');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Half done');

    // Esc is Stay; the browser's Back asks too, and the form's address comes back.
    await page.getByRole('link', { name: 'Settings' }).click();
    await leaveDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await leaveDialog(page).waitFor({ state: 'detached' });
    await page.goBack();
    await leaveDialog(page).waitFor();
    expect(await page.evaluate('location.hash')).toBe('#/profiles?new');
    await page.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Half done');

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/history');
    expect(app.dialogs).toEqual([]);
    expect(app.services.profiles.list().some((p) => p.name === 'Half done')).toBe(false);
  });

  it('asks nothing when nothing changed, or once the changes are saved', async () => {
    const { page } = app;
    await app.open('#/profiles?new');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/profiles');
    expect(await leaveDialog(page).count()).toBe(0);

    await newForm(page, `${app.sim.url}/v1`);
    await page.getByLabel('Name', { exact: true }).fill('Saved, then left');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved, then left' }).waitFor();
    const id = app.services.profiles.list().find((p) => p.name === 'Saved, then left')?.id;
    await page.getByRole('link', { name: 'History' }).click();
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/history');

    // A saved profile's form: nothing asked until something is changed.
    await app.open(`#/profiles?edit=${id}`);
    await page.getByLabel('Notes').fill('changed');
    await page.getByLabel('Notes').fill('');
    await page.getByRole('link', { name: 'History' }).click();
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/history');
    expect(await leaveDialog(page).count()).toBe(0);
  });

  for (const width of [1440, 1024]) {
    for (const [language, theme] of LOOKS) {
      it(`shows a test result and the question well at ${width} px in ${language}, ${theme}`, async () => {
        const { page } = app;
        await page.setViewportSize({ width, height: 900 });
        await useLook(app, language, theme);
        await newForm(page, `${app.sim.url}/v1`);
        await page.locator('.draft-test button').click();
        const result = page.locator('.draft-test .test-result');
        await result.waitFor({ timeout: 30_000 });
        await page.evaluate(
          "document.querySelector('.draft-test').scrollIntoView({ block: 'center' })",
        );
        await shot(page, `profile-form-${width}-${language}-${theme}-test-result`);
        expect(await axeViolations(page)).toEqual([]);

        await page.locator('.layout nav a').first().click();
        await page.locator('.leave-dialog').waitFor();
        await shot(page, `profile-form-${width}-${language}-${theme}-leave`);
        expect(await axeViolations(page)).toEqual([]);
        await page.locator('.leave-dialog button.danger').click();
        await page.locator('.leave-dialog').waitFor({ state: 'detached' });
        await useLook(app, 'en', 'light');
        await page.setViewportSize({ width: 1440, height: 900 });
      });
    }
  }
});

/** Leaves the form through Cancel and the question's Leave, so the next test starts clean. */
async function leaveByCancel(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  await expect.poll(() => page.evaluate('location.hash')).toBe('#/profiles');
}

// keytar as it answers in a session without D-Bus (tests/integration/secrets-unavailable.test.ts
// records this message from the real module): every call refused.
const NO_DBUS = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
const KEY_ENV_LABEL = { en: 'Key from an environment variable', 'zh-CN': '从环境变量读取密钥' };
const keytarWithoutDbus: KeytarApi = {
  getPassword: () => Promise.reject(new Error(NO_DBUS)),
  setPassword: () => Promise.reject(new Error(NO_DBUS)),
  deletePassword: () => Promise.reject(new Error(NO_DBUS)),
};

describe('a keychain that cannot store the key', { timeout: 60_000 }, () => {
  let broken: AppUnderTest;
  beforeAll(async () => {
    broken = await startAppUnderTest({
      keys: new KeytarKeyStore({ loadKeytar: async () => keytarWithoutDbus, platform: 'linux' }),
    });
  }, 60_000);
  afterAll(async () => {
    await broken?.close();
  });

  for (const [language, theme] of LOOKS) {
    it(`says so in one sentence, with the key variable's field next to it, in ${language}, ${theme}`, async () => {
      const { page } = broken;
      await useLook(broken, language, theme);
      await broken.open('#/profiles?new');
      const name = `No keychain ${language} ${theme}`;
      await page.locator('.profile-form input').first().fill(name);
      await page.locator('input[type="url"]').fill(`${broken.sim.url}/v1`);
      await page.locator('.model-field input').first().fill('sim-steady');
      await page.locator('input[type="password"]').fill(KEY);
      await page.locator('.form-actions button.primary').click();
      const note = page.locator('.keychain-trouble');
      await note.waitFor();
      const cause = (await note.locator('.keychain-trouble-cause').textContent()) ?? '';
      // One sentence, in the reader's language, without the keychain's words or a command.
      expect(cause).not.toContain('D-Bus');
      expect(cause).not.toContain('`');
      expect(cause.split(/[.。]/).filter((part) => part.trim() !== '')).toHaveLength(1);
      if (language === 'en') expect(cause).toContain('no keychain LastToken can use');
      else expect(cause).toMatch(/钥匙串/);
      // The way around it is right there, and has the focus.
      const keyEnv = note.locator('input');
      expect(
        await page.evaluate(
          "document.activeElement === document.querySelector('.keychain-trouble input')",
        ),
      ).toBe(true);
      // Moved there, not doubled: the folded Connection section has it no more.
      expect(await page.getByLabel(KEY_ENV_LABEL[language], { exact: true }).count()).toBe(1);
      // The details are folded away until asked for.
      const details = note.locator('details');
      expect(await details.getAttribute('open')).toBeNull();
      await details.locator('summary').click();
      expect(await details.textContent()).toContain(NO_DBUS);
      expect(await details.textContent()).toContain('dbus-run-session');
      await page.screenshot({
        path: join(ARTIFACTS, `profile-form-${language}-${theme}-keychain-unavailable.png`),
      });
      expect(await axeViolations(page)).toEqual([]);

      // Saved with the variable instead: the profile keeps it, and nothing is asked on leaving.
      await keyEnv.fill('SIM_API_KEY');
      await page.locator('.form-actions button.primary').click();
      await expect
        .poll(() => broken.services.profiles.list().find((p) => p.name === name)?.key_env)
        .toBe('SIM_API_KEY');
      await expect.poll(() => page.evaluate('location.hash')).toBe('#/profiles');
      await useLook(broken, 'en', 'light');
    });
  }
});
