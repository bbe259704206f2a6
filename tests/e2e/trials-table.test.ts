// The results page's table of every trial, in Chromium against the real
// services: a real run against the simulator (two profiles that answer, one
// whose every call fails with a message carrying markup), the failed trials
// first, a trial's drawer (the answer of an ok one, the message of a failed
// one, Esc and focus back on its row), main's sort by total_ms, and paging
// through a long run seeded into the store, sorted and filtered; screenshots
// at 1440×900 and 1024×700 in both languages and themes.

import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialPage, TrialText } from '../../src/shared/api';
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
import { runRecord, snapshot, storedTrial } from '../support/store-fixtures';
import { chartsDrawnAt } from '../support/ui-timing';
import { makeTrial } from '../unit/trial-fixture';

/** A model the simulator does not have: its 404 names it, markup and all. */
const MARKUP_MODEL = '<b>bold</b>';

let app: AppUnderTest;
let runId: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const create = (name: string, model: string) =>
    app.services.profiles.create({ name, base_url, model }).id;
  const ids = [
    create('Quick sim', 'sim-steady:ttft=20,gap=1,tokens=12'),
    create('Slow sim', 'sim-steady:ttft=120,gap=4,tokens=24'),
    create('Markup sim', MARKUP_MODEL),
  ];
  runId = await finishedRun(app, {
    prompt: 'Count from one to ten.',
    max_tokens: 64,
    modes: ['stream', 'plain'],
    trials: 3,
    profile_ids: ids,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    max_retry_wait_ms: 0,
    give_up_after: 0,
  });
}, 90_000);

afterAll(async () => {
  await app?.close();
});

/** Opens a run's results; the real run's with every chart drawn, the seeded one's once its trials show. */
async function openResults(id = runId): Promise<Page> {
  await app.open(`#/runs/${id}`);
  await app.page.locator('.run-results').waitFor();
  if (id === runId) await chartsDrawnAt(app.page);
  else await app.page.locator('table.trials-table tbody tr').first().waitFor();
  return app.page;
}

const card = (page: Page) => page.locator('section[aria-labelledby="results-trials-title"]');
const rows = (page: Page) => card(page).locator('table.trials-table tbody tr');
const drawer = (page: Page) => page.getByRole('dialog');

async function value<T>(method: string, input: unknown): Promise<T> {
  const result = await app.services.dispatch(method as 'historyTrials', input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

/** The figures of a column, as numbers; a dash or n/a as null. */
async function columnNumbers(page: Page, column: string): Promise<(number | null)[]> {
  const texts = await rows(page).locator(`td[data-column="${column}"]`).allInnerTexts();
  return texts.map((text) => {
    const number = Number(text.replaceAll(',', ''));
    return text.trim() === '' || Number.isNaN(number) ? null : number;
  });
}

/** Whether the page's focused row is this one. */
async function isFocused(page: Page, row: Locator): Promise<boolean> {
  const focused = page.locator('tr:focus');
  return (await focused.count()) === 1 && (await focused.innerText()) === (await row.innerText());
}

describe('every trial of a real run', () => {
  it('lists the failed trials first, with the provider’s message as text, then the rest', async () => {
    await useLook(app, 'en', 'light');
    const page = await openResults();
    const all = await value<TrialPage>('historyTrials', { run_id: runId });
    expect(all.total).toBe(18);
    expect(await rows(page).count()).toBe(18);
    const statuses = await Promise.all(
      (await rows(page).all()).map((row) => row.getAttribute('data-status')),
    );
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill('http_error'));
    expect(statuses.slice(6)).toEqual(Array(12).fill('ok'));
    // The failures by profile, stream before plain, by trial; then the others the same way.
    const trials = await rows(page).locator('td.trials-trial').allInnerTexts();
    expect(trials.slice(0, 6)).toEqual([
      'stream #1',
      'stream #2',
      'stream #3',
      'plain #1',
      'plain #2',
      'plain #3',
    ]);
    const profiles = await rows(page).locator('th[scope="row"]').allInnerTexts();
    expect(profiles.slice(0, 6)).toEqual(Array(6).fill('Markup sim'));
    expect(profiles.slice(6, 12)).toEqual(Array(6).fill('Quick sim'));
    // Each row's profile in its colour.
    const swatch = rows(page).first().locator('.profile-swatch[data-series]');
    expect(await swatch.count()).toBe(1);

    const first = await rows(page).first().innerText();
    expect(first).toContain('HTTP error');
    expect(first).toContain('404');
    expect(first).toContain(`The model '${MARKUP_MODEL}' does not exist`);
    expect(await card(page).locator('b').count()).toBe(0);
    // A plain trial has no TTFT, no gaps, no chunks: n/a, not a dash.
    const plainOk = rows(page).filter({ hasText: 'plain #1' }).nth(1);
    expect(await plainOk.locator('td[data-column="ttft_ms"]').innerText()).toBe('n/a');
    expect(await plainOk.locator('td[data-column="chunks"]').innerText()).toBe('n/a');
    expect(await plainOk.locator('td[data-column="total_ms"]').innerText()).toMatch(/^\d/);
    // One page holds them: no pager.
    expect(await card(page).locator('.pager').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('opens a trial in a drawer: an ok one’s answer, a failed one’s message; Esc closes it', async () => {
    const page = app.page;
    const ok = rows(page).filter({ hasText: 'Slow sim' }).filter({ hasText: 'stream #2' });
    await ok.click();
    const panel = drawer(page);
    await panel.waitFor();
    expect(await panel.getByRole('heading', { level: 2 }).innerText()).toBe('Slow sim · stream #2');
    // Focus moved into it.
    expect(await panel.locator(':focus').count()).toBe(1);
    const profileId = app.services.profiles.list().find((p) => p.name === 'Slow sim')?.id;
    const text = await value<TrialText>('historyTrialText', {
      run_id: runId,
      profile_id: profileId,
      mode: 'stream',
      trial_index: 2,
    });
    expect(text.text.length).toBeGreaterThan(10);
    await expect.poll(() => panel.locator('pre[data-text="answer"]').textContent()).toBe(text.text);
    expect(await panel.locator('[data-figure="ttft_ms"] dd').innerText()).toMatch(/^\d[\d.,]* ms$/);
    expect(await panel.locator('[data-figure="e2e_tps"] dd').innerText()).toMatch(/ tok\/s$/);
    expect(await panel.locator('[data-figure="token_param"] dd').innerText()).toBe('max_tokens');
    await screenshot(page, 'trials-en-light-drawer-ok');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await isFocused(page, ok)).toBe(true);

    // Enter on a focused row opens it too: a failure says what the provider said, as text.
    const failed = rows(page).first();
    await failed.focus();
    await page.keyboard.press('Enter');
    await panel.waitFor();
    const message = await panel.locator('.trial-drawer-message').innerText();
    expect(message).toContain(`The model '${MARKUP_MODEL}' does not exist`);
    expect(await panel.locator('b').count()).toBe(0);
    expect(await panel.locator('[data-figure="http_status"] dd').innerText()).toBe('404');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    expect(await isFocused(page, failed)).toBe(true);
  });

  it('sorts by total_ms in main, either way, those without one last', async () => {
    const page = app.page;
    const header = card(page).getByRole('columnheader', { name: /Total, ms/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(async () => (await columnNumbers(page, 'total_ms')).slice(0, 12))
      .toEqual(
        (await columnNumbers(page, 'total_ms'))
          .filter((n): n is number => n !== null)
          .sort((a, b) => a - b)
          .slice(0, 12),
      );
    const ascending = await columnNumbers(page, 'total_ms');
    const present = ascending.filter((n): n is number => n !== null);
    expect(present.length).toBeGreaterThan(10);
    expect(ascending.slice(0, present.length)).toEqual([...present].sort((a, b) => a - b));
    // The rows follow: the quick profile's plain trials are not the first rows now.
    expect(await rows(page).first().locator('th').innerText()).toBe('Quick sim');

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () => {
        const numbers = (await columnNumbers(page, 'total_ms')).filter((n) => n !== null);
        return numbers.every((n, i) => i === 0 || (numbers[i - 1] as number) >= n);
      })
      .toBe(true);
    expect(await rows(page).first().locator('th').innerText()).toBe('Slow sim');
  });
});

describe('a long run', () => {
  const id = 'long-trials';

  beforeAll(() => {
    const profiles = [
      snapshot('steady', { name: 'Steady' }),
      { ...snapshot('flaky', { name: 'Flaky' }), color: 1 },
    ];
    const store = app.services.store.runs;
    const base = runRecord(id, profiles);
    store.createRun({ ...base, config: { ...base.config, modes: ['stream'], trials: 70 } });
    for (let k = 1; k <= 70; k++) {
      store.saveTrial(storedTrial(id, 'steady', k, 8 + (k % 5)));
      const flaky = storedTrial(id, 'flaky', k, 6);
      store.saveTrial(
        k % 7 === 0
          ? {
              ...flaky,
              trial: makeTrial({
                status: 'http_error',
                http_status: 503,
                total_ms: null,
                error: `upstream <i>${k}</i>`,
              }),
            }
          : flaky,
      );
    }
    store.finishRun(id, 'completed', '2026-03-01T10:09:00.000Z');
  });

  it('pages through every trial, failures first, sorted and filtered by main', async () => {
    await useLook(app, 'en', 'light');
    const page = await openResults(id);
    const range = card(page).locator('.pager-range').first();
    expect(await range.innerText()).toBe('Trials 1–50 of 140');
    expect(await rows(page).count()).toBe(50);
    expect(await rows(page).locator('td.trials-message').first().innerText()).toBe(
      'upstream <i>7</i>',
    );
    expect(await rows(page).nth(9).getAttribute('data-status')).toBe('http_error');
    expect(await rows(page).nth(10).getAttribute('data-status')).toBe('ok');
    expect(await card(page).locator('i').count()).toBe(0);

    await card(page).getByRole('button', { name: 'Next' }).first().click();
    await expect.poll(() => range.innerText()).toBe('Trials 51–100 of 140');
    await card(page).getByRole('button', { name: 'Last' }).first().click();
    await expect.poll(() => range.innerText()).toBe('Trials 101–140 of 140');
    expect(await rows(page).count()).toBe(40);

    // Sorted by total_ms, descending: page 2 goes on where page 1 ended.
    const header = card(page).getByRole('columnheader', { name: /Total, ms/ });
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect.poll(() => range.innerText()).toBe('Trials 1–50 of 140');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    const firstPage = await columnNumbers(page, 'total_ms');
    await card(page).getByRole('button', { name: 'Next' }).first().click();
    await expect.poll(() => range.innerText()).toBe('Trials 51–100 of 140');
    const secondPage = await columnNumbers(page, 'total_ms');
    const all = [...firstPage, ...secondPage] as number[];
    expect(all.every((n) => n !== null)).toBe(true);
    expect(all.every((n, i) => i === 0 || (all[i - 1] as number) >= n)).toBe(true);

    // Filters: one profile's failures.
    await card(page).getByLabel('Profile').selectOption({ label: 'Flaky' });
    await card(page).getByLabel('Status').selectOption({ label: 'Failed (not ok)' });
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(await card(page).locator('.pager').count()).toBe(0);
    expect(new Set(await rows(page).locator('th[scope="row"]').allInnerTexts())).toEqual(
      new Set(['Flaky']),
    );
    await card(page).getByLabel('Profile').selectOption({ label: 'Steady' });
    await expect
      .poll(() => card(page).locator('p.muted').last().innerText())
      .toBe('No trial matches these filters.');
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('keeps the profile column in view at 1024 px, in both languages and themes', async () => {
    const page = app.page;
    try {
      await atEachSize(page, async (width) => {
        for (const [language, theme] of LOOKS) {
          await useLook(app, language, theme);
          await openResults(id);
          const table = card(page);
          await table.scrollIntoViewIfNeeded();
          const name = `trials-${language}-${theme}-${width}`;
          await table.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
          // Scrolled to its last column, the table still shows whose trial each row is.
          const box = table.locator('.table-scroll');
          await page.evaluate(
            "document.querySelector('.trials-card .table-scroll').scrollLeft = 100000",
          );
          const profile = await rows(page).first().locator('th').boundingBox();
          const frame = await box.boundingBox();
          expect(profile && frame && profile.x >= frame.x - 1 && profile.width > 40).toBe(true);
          await table.screenshot({ path: join(ARTIFACTS, `${name}-scrolled.png`) });
          await rows(page).nth(12).click();
          await drawer(page).waitFor();
          await page.screenshot({ path: join(ARTIFACTS, `${name}-drawer.png`) });
          await page.keyboard.press('Escape');
        }
      });
    } finally {
      await useLook(app, 'en', 'light');
    }
  }, 120_000);
});
