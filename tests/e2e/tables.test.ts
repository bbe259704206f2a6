// The tables at the narrowest window the app promises (1024×700), in Chromium
// against a real run of three profiles with long names: the summary's profile
// column stays in view while the table scrolls sideways (bounding boxes), a
// header sorts its rows by the figure it names, "Copy as Markdown" puts a
// table on the clipboard with every figure the table shows (and "Copy results
// as Markdown" the whole results, as runMarkdown writes them), and History keeps
// Run again and Delete in reach, the columns that do not fit in a details row.

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language, RunView } from '../../src/shared/api';
import { runMarkdown } from '../../src/shared/results/run-markdown';
import { runProfiles } from '../../src/shared/results/run-profiles';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
  type AppUnderTest,
  ARTIFACTS,
  finishedRun,
  screenshot,
  startAppUnderTest,
  useLook,
} from '../support/app-under-test';
import { wordsIn } from '../unit/words-fixture';

let app: AppUnderTest;
let runId: string;
let view: RunView;
const names = [
  'A provider whose name is long enough to wrap',
  'Second provider, also named at length',
  'Third',
];

beforeAll(async () => {
  app = await startAppUnderTest({ width: 1024, height: 700 });
  const base_url = `${app.sim.url}/v1`;
  const models = [
    'sim-steady:tokens=8,gap=3,ttft=40',
    'sim-steady:tokens=8,gap=5,ttft=20',
    'sim-steady:tokens=8,gap=2,ttft=70',
  ];
  const ids = names.map(
    (name, i) => app.services.profiles.create({ name, base_url, model: models[i] ?? '' }).id,
  );
  runId = await finishedRun(app, {
    prompt: 'Count to eight.',
    max_tokens: 16,
    modes: ['stream', 'plain'],
    trials: 3,
    profile_ids: ids,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
  });
  const result = await app.services.dispatch('historyRun', { run_id: runId });
  if (!result.ok) throw new Error(result.error.message);
  view = result.value as RunView;
  await app.page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.origin });
}, 90_000);

afterAll(async () => {
  await app?.close();
});

/** What the page's elements are to these tests (the node project has no DOM types). */
interface Scroller {
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
}
interface Row {
  getAttribute(name: string): string | null;
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
}

const streamTable = (page: Page) =>
  page.locator('.summary-table').filter({ has: page.locator('[data-column="gap_median"]') });

describe('tables at 1024×700', () => {
  it('keep the summary’s profile column in view while it scrolls sideways', async () => {
    await useLook(app, 'en', 'light');
    await app.open(`#/runs/${runId}`);
    const { page } = app;
    const table = streamTable(page).first();
    await table.waitFor();
    const box = page.locator('.table-scroll', { has: table });
    const widths = await box.evaluate((el) => {
      const scroller = el as unknown as Scroller;
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
    });
    // Wide enough to scroll here: else the test would prove nothing.
    expect(widths.scroll).toBeGreaterThan(widths.client);
    const firstName = table.locator('tbody th .profile-name').first();
    const before = await firstName.boundingBox();
    await box.evaluate((el) => {
      const scroller = el as unknown as Scroller;
      scroller.scrollLeft = scroller.scrollWidth;
    });
    await page.waitForTimeout(100);
    const after = await firstName.boundingBox();
    const frame = await box.boundingBox();
    expect(before && after && frame).toBeTruthy();
    if (!before || !after || !frame) return;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    expect(after.x).toBeGreaterThanOrEqual(frame.x);
    // The last column came into view beside it, not under it.
    const last = await table.locator('tbody tr').first().locator('td').last().boundingBox();
    expect(last && last.x + last.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(last && last.x).toBeGreaterThan(after.x + after.width - 1);
    await screenshot(page, 'tables-summary-scrolled-en-light-1024');
  });

  it('sorts the summary by a figure, both ways, from its header', async () => {
    await app.open(`#/runs/${runId}`);
    const { page } = app;
    const table = streamTable(page).first();
    const order = () =>
      table
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => (r as unknown as Row).getAttribute('data-profile')));
    const ttftOf = (id: string): number =>
      view.summaries[id]?.find((s) => s.mode === 'stream')?.metrics.ttft_ms?.median ?? Infinity;
    const byTtft = Object.keys(view.summaries).toSorted((a, b) => ttftOf(a) - ttftOf(b));
    const header = table
      .locator('th[aria-sort]')
      .filter({ hasText: /^median/ })
      .first();
    await header.getByRole('button').click();
    await expect.poll(order).toEqual(byTtft);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(order).toEqual(byTtft.toReversed());
    expect(await header.getAttribute('aria-sort')).toBe('descending');
  });

  it('copies the summary as Markdown with every figure it shows', async () => {
    await app.open(`#/runs/${runId}`);
    const { page } = app;
    const table = streamTable(page).first();
    await table.waitFor();
    const block = page.locator('.summary-block, section', { has: table }).last();
    await block.getByRole('button', { name: 'Copy as Markdown' }).first().click();
    await page
      .getByText(/Copied/)
      .first()
      .waitFor();
    const markdown = await page.evaluate<string>('navigator.clipboard.readText()');
    const lines = markdown.trim().split('\n');
    expect(lines[1]).toMatch(/^\|[\s:|-]+\|$/);
    const rows = lines.slice(2).map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
    const shown = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const row = tr as unknown as Row;
        return {
          name: row.querySelector('.profile-name')?.textContent ?? '',
          figures: Array.from(row.querySelectorAll('.figure-number'), (el) => el.textContent ?? ''),
          notes: Array.from(row.querySelectorAll('.figure-note'), (el) => el.textContent ?? ''),
        };
      }),
    );
    expect(shown.length).toBe(3);
    for (const row of shown) {
      const copied = rows.find((cells) => cells[0]?.replace(/\\(.)/g, '$1') === row.name);
      expect(copied, row.name).toBeDefined();
      expect(row.figures.length).toBeGreaterThan(8);
      // After a figure, in its cell: the best figure's star, and its n where fewer trials had it.
      const cells = (copied ?? []).map((cell) => cell.replace(/( ★)?( \(n = [\d,]+\))?$/, ''));
      for (const figure of row.figures) expect(cells).toContain(figure);
      const intervals = row.notes.filter((note) => note.includes('–'));
      expect(intervals.length).toBeGreaterThan(2);
      for (const interval of intervals) expect(cells.join(' | ')).toContain(interval);
      const counts = row.notes.filter((note) => /^n = /.test(note));
      for (const count of counts) expect(copied?.join(' | ')).toContain(`(${count})`);
    }
  });

  it('copies the whole results as Markdown, as runMarkdown writes them, in each language', async () => {
    const { page } = app;
    const looks: [Language, string, RegExp][] = [
      ['en', 'Copy results as Markdown', /Copied the results/],
      ['zh-CN', '将结果复制为 Markdown', /已将结果复制/],
    ];
    try {
      for (const [language, name, copied] of looks) {
        await useLook(app, language, 'light');
        await app.open(`#/runs/${runId}`);
        await page.getByRole('button', { name, exact: true }).click();
        await page.getByText(copied).first().waitFor();
        const markdown = await page.evaluate<string>('navigator.clipboard.readText()');
        const words = wordsIn(language);
        expect(markdown).toBe(runMarkdown(view, runProfiles(view.run, words.t), words));
      }
    } finally {
      await useLook(app, 'en', 'light');
    }
  });

  it('keeps Run again and Delete in History, the columns that do not fit in details', async () => {
    await app.open('#/history');
    const { page } = app;
    const row = page.locator(`tr[data-run="${runId}"]`);
    await row.waitFor();
    const frame = await page.locator('.table-scroll').first().boundingBox();
    for (const name of ['Run again', 'Delete']) {
      const control = await row
        .getByRole(name === 'Delete' ? 'button' : 'link', { name })
        .boundingBox();
      expect(control && frame).toBeTruthy();
      if (!control || !frame) return;
      expect(control.x + control.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    }
    const more = row.getByRole('button', { name: /More/ });
    if ((await more.count()) > 0) {
      await more.click();
      const details = page.locator(`#run-details-${runId}`);
      await details.waitFor();
      expect((await details.locator('dt').allTextContents()).length).toBeGreaterThan(0);
    }
    expect(
      await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBeLessThanOrEqual(0);
    // The window as it is: a full-page shot resizes it, and the columns are fitted again.
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'tables-history-en-light-1024.png') });

    // The row's Run again opens New run filled in from that run.
    await row.getByRole('link', { name: 'Run again' }).click();
    await page.waitForURL(new RegExp(`#/runs/new\\?from=${runId}$`));
    await expect
      .poll(() => page.getByLabel('Prompt sent to every profile').inputValue())
      .toBe('Count to eight.');
  });
});
