// The settings screen in Chromium, against the real services: the language and
// theme change at once and are kept, the defaults are saved, and the screen
// passes an axe scan in both languages and both themes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  screenshot,
  startAppUnderTest,
  useLook,
  type AppUnderTest,
} from '../support/app-under-test';

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest();
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('settings', () => {
  it('switches to Chinese and to dark at once, and keeps them', async () => {
    await app.open('#/settings');
    const { page } = app;
    await page.getByLabel('Language').selectOption('zh-CN');
    await page.getByRole('heading', { name: '设置' }).waitFor();
    await page.getByLabel('主题').selectOption('dark');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(app.services.settings.get()).toMatchObject({ language: 'zh-CN', theme: 'dark' });
    await app.open('#/settings');
    await page.getByRole('heading', { name: '设置' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  });

  it('lists the keyboard shortcuts', async () => {
    await useLook(app, 'en', 'light');
    await app.open('#/settings');
    const card = app.page.locator('section', { hasText: 'Keyboard shortcuts' });
    expect(await card.locator('.shortcuts').innerText()).toContain('Ctrl+Enter (⌘+Enter on a Mac)');
  });

  it('saves the defaults for new runs', async () => {
    await useLook(app, 'en', 'light');
    await app.open('#/settings');
    const { page } = app;
    const trials = page.getByLabel('Trials per profile and mode');
    await trials.fill('7');
    await page.locator('form', { has: trials }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(app.services.settings.get().run_defaults.trials).toBe(7);
  });

  it('saves the reading pace of the reader figures, and says what is wrong with one no reader has', async () => {
    await useLook(app, 'en', 'light');
    await app.open('#/settings');
    const { page } = app;
    const form = page.locator('form[data-settings="reader"]');
    const pace = form.getByLabel('Reading pace (tokens/s)');
    expect(await pace.inputValue()).toBe('8');
    await pace.fill('12.5');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(app.services.settings.get().reader_pace_tps).toBe(12.5);
    await pace.fill('5000');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('.field-error, [role="alert"]').first().waitFor();
    expect(app.services.settings.get().reader_pace_tps).toBe(12.5);
    app.services.settings.update({ reader_pace_tps: 8 });
  });

  for (const [language, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    it(`passes an axe scan in ${language}, ${theme}`, async () => {
      await useLook(app, language, theme);
      await app.open('#/settings');
      await screenshot(app.page, `settings-${language}-${theme}`);
      expect(await axeViolations(app.page)).toEqual([]);
    });
  }
});
