// The profiles screen in Chromium, against the real services and keychain:
// the demo profile on first start, a profile created against the simulator
// with its key (model picked from the simulator's list), a refusal shown next
// to its field, a connection test, edit, duplicate (without the key), key
// deletion, delete with confirmation, a name that looks like HTML shown as
// text, a narrow window, and axe plus screenshots in both languages and themes.

import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppUnderTest,
  axeViolations,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';

const KEY = 'sk-e2e-profiles-0123456789abcdef';
const NAME = 'Simulator steady';
const COPY = `${NAME} (copy)`;
const HTML_NAME = '<img src=x onerror=alert(1)>';
const CONNECTED = 'Through a proxy';
const PROXY_PASSWORD = 'proxy-e2e-Xw4Rt8Lm';

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

describe('profiles', { timeout: 60_000 }, () => {
  it('has the demo profile from the first start, needing no key, pointing to New run', async () => {
    await app.open('#/profiles');
    const { page } = app;
    const demo = card('Demo (simulated)');
    await demo.waitFor();
    await expect.poll(() => demo.textContent()).toContain('no key needed');
    expect(await demo.textContent()).toContain('it cannot be edited, duplicated or deleted');
    expect(await demo.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await demo.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Go to New run' }).getAttribute('href')).toBe(
      '#/runs/new',
    );
    await page.getByRole('heading', { name: 'No profiles of your own yet' }).waitFor();
  });

  for (const [language, theme] of LOOKS) {
    it(`shows the first start well and passes axe in ${language}, ${theme}`, async () => {
      await useLook(app, language, theme);
      await app.open('#/profiles');
      await app.page.locator('.demo-note').waitFor();
      await screenshot(app.page, `profiles-${language}-${theme}-first-start`);
      expect(await axeViolations(app.page)).toEqual([]);
      await useLook(app, 'en', 'light');
    });
  }

  it('shows a refused base URL next to its field and moves the focus there', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Name', { exact: true }).fill('Refused');
    await page.getByLabel('Base URL', { exact: true }).fill('ftp://x');
    await page.getByLabel('Model', { exact: true }).fill('sim-steady');
    await page.getByRole('button', { name: 'Create profile' }).click();
    const field = page.locator('.field', { has: page.getByLabel('Base URL', { exact: true }) });
    await expect.poll(() => field.locator('.field-error').textContent()).toContain('ftp:');
    expect(await page.getByLabel('Base URL', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.value'))
      .toBe('ftp://x');

    // The service refuses a credential as an extra header, and says why next to the headers.
    await page.getByLabel('Base URL', { exact: true }).fill(`${app.sim.url}/v1`);
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Name of header 1').fill('Authorization');
    await page.getByLabel('Value of header 1').fill('Bearer nope');
    await page.getByRole('button', { name: 'Create profile' }).click();
    const headers = page.getByRole('group', { name: 'Extra headers' });
    await expect.poll(() => headers.locator('.field-error').textContent()).toContain('credential');
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.value'))
      .toBe('Authorization');
    expect(app.services.profiles.list().some((p) => p.name === 'Refused')).toBe(false);
  });

  it('creates a profile against the simulator with a model picked from its list and a key', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Base URL', { exact: true }).fill(`${app.sim.url}/v1`);
    await page.getByRole('button', { name: 'Load models' }).click();
    await page.getByLabel('Search models').fill('steady');
    await page.getByRole('radio', { name: 'sim-steady' }).check();
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe('sim-steady');
    expect(await page.locator('.model-picker').getByRole('radio').count()).toBe(1);
    // The simulator takes parameters after the name: typed over the pick.
    await page.getByLabel('Model', { exact: true }).fill('sim-steady:tokens=40,gap=5,ttft=30');
    await page.getByLabel('Key to store').fill(KEY);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'its key is stored in the keychain' })
      .waitFor();
    const created = card(NAME);
    await expect.poll(() => created.textContent()).toContain('key stored in the keychain');
    expect(await created.textContent()).toContain('sim-steady:tokens=40,gap=5,ttft=30');
    expect(await app.services.profiles.hasKey(idOf(NAME))).toBe(true);
    // Write-only: the key is nowhere in the page.
    expect(await page.content()).not.toContain(KEY);
  });

  it('starts from a preset, and keeps the connection: key header, query, key variable, proxy', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Start from a preset').selectOption({ label: 'OpenRouter' });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('OpenRouter');
    expect(await page.getByLabel('Base URL', { exact: true }).inputValue()).toBe(
      'https://openrouter.ai/api/v1',
    );
    await page.getByText('Many providers behind one key').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(CONNECTED);
    await page.getByLabel('Base URL', { exact: true }).fill(`${app.sim.url}/v1`);
    await page.getByLabel('Model', { exact: true }).fill('sim-steady');

    // Folded until opened: most endpoints need none of it.
    expect(await page.getByLabel('Key header').isVisible()).toBe(false);
    await page.locator('.connection-fields summary').click();
    await page.getByLabel('Key header').fill('api-key');
    await page.getByLabel('Key from an environment variable').fill('SIM_API_KEY');
    await page.getByRole('button', { name: 'Add parameter' }).click();
    await page.getByLabel('Name of parameter 1').fill('api-version');
    await page.getByLabel('Value of parameter 1').fill('2024-10-21');
    await page.getByLabel('This proxy').check();
    await page.getByLabel('Proxy URL').fill('http://127.0.0.1:3128');
    await page.getByLabel('Proxy user name').fill('alice');
    await page.getByLabel('Proxy password').fill(PROXY_PASSWORD);
    await screenshot(page, 'profiles-en-light-form-connection');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page.getByRole('status').filter({ hasText: CONNECTED }).waitFor();
    const saved = app.services.profiles.get(idOf(CONNECTED));
    expect(saved).toMatchObject({
      key_header: 'api-key',
      query: { 'api-version': '2024-10-21' },
      key_env: 'SIM_API_KEY',
      proxy_mode: 'url',
      proxy_url: 'http://127.0.0.1:3128',
      proxy_auth: true,
    });

    // Stored credentials are said, never shown; the section opens by itself.
    await app.open(`#/profiles?edit=${idOf(CONNECTED)}`);
    await page.getByText('Credentials are stored for this proxy').waitFor();
    expect(await page.getByLabel('Proxy password').inputValue()).toBe('');
    expect(await page.content()).not.toContain(PROXY_PASSWORD);
    await page.getByLabel('No proxy').check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => app.services.profiles.get(idOf(CONNECTED))?.proxy_auth).toBe(false);
  });

  it('tests the connection: ok, HTTP 200 and a TTFT', async () => {
    await app.open('#/profiles');
    const profile = card(NAME);
    await profile.getByRole('button', { name: 'Test connection' }).click();
    const result = profile.locator('.test-result');
    await result.waitFor({ timeout: 30_000 });
    const text = await result.textContent();
    expect(text).toContain('ok');
    expect(text).toContain('200');
    expect(text).toMatch(/TTFT\s*\d+(\.\d)? ms/);
    expect(text).toContain('The answer began:');
    expect(text).toContain('The URL, the model and the key work.');
  });

  it('says what a test without a key shows, and who spoke when nothing answered', async () => {
    app.services.profiles.create({
      name: 'Nothing listens',
      base_url: 'http://127.0.0.1:9/v1',
      model: 'any',
    });
    await app.open('#/profiles');
    const demo = card('Demo (simulated)');
    await demo.getByRole('button', { name: 'Test connection' }).click();
    await demo.locator('.test-result').waitFor({ timeout: 30_000 });
    expect(await demo.locator('.test-result').textContent()).toContain(
      'The endpoint answered without a key',
    );
    const closed = card('Nothing listens');
    await closed.getByRole('button', { name: 'Test connection' }).click();
    const result = closed.locator('.test-result');
    await result.waitFor({ timeout: 30_000 });
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('The connection failed, nothing answered:');
    expect(text).not.toContain('The provider said:');
    await app.services.profiles.remove(
      app.services.profiles.list().find((p) => p.name === 'Nothing listens')?.id ?? '',
    );
  });

  it('edits a profile, and says that a slow test is running while it runs', async () => {
    await app.open('#/profiles');
    const { page } = app;
    await card(NAME).getByRole('link', { name: 'Edit' }).click();
    const model = page.getByLabel('Model', { exact: true });
    await expect.poll(() => model.inputValue()).toBe('sim-steady:tokens=40,gap=5,ttft=30');
    expect(await page.getByLabel('Key to store').count()).toBe(0);
    expect(await page.getByLabel('Replace the key').inputValue()).toBe('');
    await model.fill('sim-steady:tokens=40,gap=5,ttft=1500');
    await page.getByLabel('Connect timeout (s)').fill('2.5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Saved “${NAME}”` })
      .waitFor();
    const saved = app.services.profiles.get(idOf(NAME));
    expect(saved?.model).toBe('sim-steady:tokens=40,gap=5,ttft=1500');
    expect(saved?.defaults.connect_timeout_ms).toBe(2500);
    expect(await card(NAME).textContent()).toContain('connect timeout 2.5 s');

    await card(NAME).getByRole('button', { name: 'Test connection' }).click();
    await card(NAME).getByText('Testing the connection').waitFor();
    await card(NAME).locator('.test-result').waitFor({ timeout: 30_000 });
    const ttft = await card(NAME).locator('.test-figures dd').nth(2).textContent();
    expect(Number(ttft?.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(1500);
  });

  it('duplicates a profile without its key, and says so', async () => {
    await app.open('#/profiles');
    const { page } = app;
    await card(NAME).getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('status').filter({ hasText: 'The key was not copied' }).waitFor();
    await expect.poll(() => card(COPY).textContent()).toContain('no key');
    expect(await app.services.profiles.hasKey(idOf(COPY))).toBe(false);
  });

  it('stores a key from the form of a saved profile, and deletes it', async () => {
    await app.open('#/profiles');
    const { page } = app;
    await page.getByRole('status').waitFor({ state: 'detached' });
    await card(COPY).getByRole('link', { name: 'Edit' }).click();
    const field = page.getByLabel('Key to store');
    await field.fill(KEY);
    // The key being typed can be checked by eye, and hidden again.
    const show = page.getByRole('button', { name: 'Show the key' });
    expect(await field.getAttribute('type')).toBe('password');
    await show.click();
    expect([await field.getAttribute('type'), await show.getAttribute('aria-pressed')]).toEqual([
      'text',
      'true',
    ]);
    await show.click();
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => card(COPY).textContent()).toContain('key stored in the keychain');
    await card(COPY).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Delete the key' }).click();
    await page
      .getByRole('group', { name: "Delete this profile's key from the keychain?" })
      .waitFor();
    await page.getByRole('button', { name: 'Delete the key' }).click();
    await expect.poll(() => page.locator('.key-status-row').textContent()).toContain('no key');
    expect(await app.services.profiles.hasKey(idOf(COPY))).toBe(false);
  });

  it('deletes a profile after asking', async () => {
    await app.open('#/profiles');
    const { page } = app;
    const copy = card(COPY);
    await copy.getByRole('button', { name: 'Delete' }).click();
    await copy.getByText(`Delete “${COPY}” and its key?`).waitFor();
    await copy.getByRole('button', { name: 'Delete for good' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Deleted “${COPY}”.` })
      .waitFor();
    await expect.poll(() => card(COPY).count()).toBe(0);
    expect(app.services.profiles.list().some((p) => p.name === COPY)).toBe(false);
  });

  it('keeps a new profile whose key is refused, and stores the key on the next save', async () => {
    await app.open('#/profiles?new');
    const { page } = app;
    await page.getByLabel('Name', { exact: true }).fill('Key refused');
    await page.getByLabel('Base URL', { exact: true }).fill(`${app.sim.url}/v1`);
    await page.getByLabel('Model', { exact: true }).fill('sim-steady');
    await page.getByLabel('Key to store').fill(`${KEY} `);
    await page.getByRole('button', { name: 'Create profile' }).click();
    const keyField = page.locator('.field', { has: page.getByLabel('Key to store') });
    await expect
      .poll(() => keyField.locator('.field-error').textContent())
      .toContain('The profile was saved, but its key was not stored');
    expect(await keyField.locator('.field-error').textContent()).not.toContain(KEY);
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    await expect.poll(() => page.locator('.key-status-row').textContent()).toContain('no key');
    expect(await page.evaluate('location.hash')).toBe(`#/profiles?edit=${idOf('Key refused')}`);
    await page.getByLabel('Key to store').fill(KEY);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'its key is stored' }).waitFor();
    expect(app.services.profiles.list().filter((p) => p.name === 'Key refused')).toHaveLength(1);
    await app.services.profiles.remove(idOf('Key refused'));
  });

  it('shows a name that looks like HTML as those characters, in the list and the form', async () => {
    const profile = app.services.profiles.create({
      name: HTML_NAME,
      base_url: `${app.sim.url}/v1`,
      model: 'sim-steady',
    });
    await app.open('#/profiles');
    const { page } = app;
    await expect.poll(() => card(HTML_NAME).locator('h2').textContent()).toBe(HTML_NAME);
    expect(await page.locator('main img').count()).toBe(0);
    await card(HTML_NAME).getByRole('link', { name: 'Edit' }).click();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(HTML_NAME);
    expect(await page.locator('.profile-form .page-header p').textContent()).toBe(HTML_NAME);
    expect(await page.locator('main img').count()).toBe(0);
    expect(app.dialogs).toEqual([]);
    await app.services.profiles.remove(profile.id);
  });

  it('fits a narrow window', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 420, height: 900 });
    try {
      for (const [hash, name] of [
        ['#/profiles', 'profiles-en-light-narrow'],
        [`#/profiles?edit=${idOf(NAME)}`, 'profiles-en-light-narrow-form'],
      ] as const) {
        await useLook(app, 'en', 'light');
        await app.open(hash);
        await page.locator('.profile-card, .profile-form').first().waitFor();
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
          420,
        );
        await screenshot(page, name);
      }
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  for (const [language, theme] of LOOKS) {
    it(`looks right and passes axe in ${language}, ${theme}: list, test result, form`, async () => {
      await useLook(app, language, theme);
      const { page } = app;
      const look = `profiles-${language}-${theme}`;

      await app.open('#/profiles');
      await card(NAME).waitFor();
      await screenshot(page, look);
      expect(await axeViolations(page)).toEqual([]);

      await card(NAME).locator('.card-actions button').first().click();
      await card(NAME).locator('.test-result').waitFor({ timeout: 30_000 });
      await screenshot(page, `${look}-test`);
      expect(await axeViolations(page)).toEqual([]);

      await app.open(`#/profiles?edit=${idOf(NAME)}`);
      await page.locator('.model-field button').click();
      await page.locator('.model-options input[value="sim-jitter"]').check();
      await screenshot(page, `${look}-form`);
      expect(await axeViolations(page)).toEqual([]);

      // A refusal next to its field (a credential header), and the http confirmation.
      await app.open('#/profiles?new');
      const inputs = page.locator('.profile-form input:not([type="radio"])');
      await inputs.nth(0).fill('GPU box');
      await inputs.nth(1).fill('http://gpu-box.lan:8000/v1');
      await page.locator('.model-field input').fill('llama-3.1-8b');
      await page.locator('.header-rows button').click();
      await page.locator('.header-row input').nth(0).fill('Authorization');
      await page.locator('.header-row input').nth(1).fill('Bearer sk-nope');
      await page.locator('.profile-form button[type="submit"]').click();
      await page.locator('.field-error').first().waitFor();
      // The refused field took the focus (and the scroll): the picture starts at the top.
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, `${look}-form-errors`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
