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

  it('saves the defaults for new runs', async () => {
    await useLook(app, 'en', 'light');
    await app.open('#/settings');
    const { page } = app;
    await page.getByLabel('Trials per profile and mode').fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(app.services.settings.get().run_defaults.trials).toBe(7);
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
