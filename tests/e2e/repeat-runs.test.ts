// "Repeat every" and labels in Chromium, against the real services: New run
// repeating the demo twice with a label, the live page following the series
// from one repetition to the next and saying when it is over, and the history
// showing the label and narrowing to the series; run files imported from the
// history. Axe and screenshots.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFileStream } from '../../src/main/export';
import type { RunDetail } from '../../src/shared/run';
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

const LABEL = 'lab-e2e <b>';

describe('repeat every, and labels', () => {
  it('repeats the demo twice as a labelled series, followed live to its end', async () => {
    await useLook(app, 'en', 'light');
    await app.open('#/runs/new');
    const { page } = app;
    await page.getByRole('heading', { name: 'New run', level: 1 }).waitFor();
    await page.locator('input[name="run-modes"][value="stream"]').check();
    await page.getByLabel('Trials per profile and mode').fill('1');
    await page.getByLabel('max_tokens', { exact: true }).fill('20');

    const repeat = page.locator('section', { hasText: 'Repeat and label' });
    const every = repeat.getByLabel('Every (minutes)');
    // A single run has no interval to set.
    expect(await every.isDisabled()).toBe(true);
    await repeat.getByLabel('Runs').fill('2');
    await every.fill('0.02');
    await repeat.getByLabel('Label').fill(LABEL);
    await expect
      .poll(() => repeat.getByRole('status').textContent())
      .toMatch(
        /^2 runs, one every 1 s, over 1 s\. 2 API calls in all\. They run while LastToken stays open/,
      );
    await screenshot(page, 'repeat-new-run-en-light');
    expect(await axeViolations(page)).toEqual([]);

    await every.fill('0');
    await repeat.getByText('Enter a number of minutes above 0').waitFor();
    expect(await page.getByRole('button', { name: 'Start the run' }).isEnabled()).toBe(true);
    await every.fill('0.02');

    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.waitForURL(/#\/runs\/[0-9a-f-]{36}$/);
    const firstUrl = page.url();
    const banner = page.locator('.series-banner');
    await banner.getByText('Repetition 1 of 2').waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain(`label ${LABEL}`);
    // The page follows the series to its second run, and says when it is over.
    await banner.getByText('Repetition 2 of 2').waitFor({ timeout: 20_000 });
    expect(page.url()).not.toBe(firstUrl);
    await banner
      .getByText('The series is over: 2 runs, 0 with failures.')
      .waitFor({ timeout: 20_000 });
    expect(await banner.getByRole('button', { name: 'Stop series' }).count()).toBe(0);
    await screenshot(page, 'repeat-series-over-en-light');
    expect(await axeViolations(page)).toEqual([]);

    const runs = app.services.store.history.listRuns();
    expect(runs).toHaveLength(2);
    expect(runs.every((r) => r.label === LABEL && r.series_id === runs[0]?.series_id)).toBe(true);
  });

  it('shows the label in the history, and narrows the list to a series', async () => {
    // A run outside the series, so that narrowing leaves something out.
    const other = await app.services.runs.start({
      prompt: 'Count.',
      max_tokens: 10,
      modes: ['stream'],
      trials: 1,
      profile_ids: ['demo'],
      limits: {
        connect_timeout_ms: 5000,
        idle_timeout_ms: 5000,
        stall_ms: 5000,
        deadline_ms: 20_000,
        max_event_bytes: 1 << 20,
        max_response_bytes: 1 << 24,
        max_text_chars: 100_000,
      },
      reuse_connection: false,
      warmup: false,
    });
    await expect
      .poll(
        () => app.services.store.history.listRuns().find((r) => r.id === other.run_id)?.status,
        {
          timeout: 15_000,
        },
      )
      .toBe('completed');
    const seriesId = app.services.store.history.listRuns()[1]?.series_id as string;

    await app.open('#/history');
    const { page } = app;
    const rows = page.locator('.history-run-row');
    await expect.poll(() => rows.count()).toBe(3);
    // The label is text, not markup.
    expect(await page.locator('.history-run-label').allTextContents()).toEqual([LABEL, LABEL]);
    expect(await page.locator('b').count()).toBe(0);
    const link = page.locator('.history-run-series').first();
    expect(await link.textContent()).toBe(`series ${seriesId.slice(0, 8)}`);

    await link.click();
    await page.waitForURL(/series=/);
    await expect.poll(() => rows.count()).toBe(2);
    await page
      .locator('.history-series-filter')
      .getByText(`Series ${seriesId.slice(0, 8)}`)
      .waitFor();
    await screenshot(page, 'repeat-history-series-en-light');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show every run' }).click();
    await expect.poll(() => rows.count()).toBe(3);

    await useLook(app, 'zh-CN', 'dark');
    await app.open(`#/history?series=${seriesId}`);
    await expect.poll(() => rows.count()).toBe(2);
    await page
      .getByText(`系列 ${seriesId.slice(0, 8)}`)
      .first()
      .waitFor();
    await screenshot(page, 'repeat-history-series-zh-CN-dark');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('importing run files', () => {
  it('adds the runs of a file picked in the history, says when they are here already, and refuses a bad one', async () => {
    await useLook(app, 'en', 'light');
    const [latest] = app.services.store.history.listRuns({ limit: 1 });
    const detail = app.services.store.history.getRun(latest?.id as string);
    const file = JSON.parse(await text(runFileStream(detail as RunDetail))) as {
      run: { id: string; label: string | null };
    };
    // As if measured elsewhere: another run, another place.
    file.run.id = randomUUID();
    file.run.label = 'laptop-2';
    const dir = mkdtempSync(join(tmpdir(), 'lasttoken-e2e-import-'));
    const good = join(dir, 'laptop-2.json');
    const cut = join(dir, 'cut.json');
    writeFileSync(good, JSON.stringify(file));
    writeFileSync(cut, JSON.stringify(file).slice(0, 500));

    await app.open('#/history');
    const { page } = app;
    const rows = page.locator('.history-run-row');
    // The earlier tests' runs are listed once the history has answered: count them then.
    await rows.first().waitFor();
    const before = await rows.count();
    const input = page.locator('.history-import input[type="file"]');
    const status = page.locator('.history-import [role="status"]');

    await input.setInputFiles(cut);
    await page
      .locator('.history-import')
      .getByText(/cut\.json: the file ends early/)
      .waitFor();
    expect(await rows.count()).toBe(before);

    await input.setInputFiles(good);
    await expect.poll(() => status.textContent()).toBe('1 run imported (0 already here).');
    await expect.poll(() => rows.count()).toBe(before + 1);
    expect(await page.locator('.history-run-label', { hasText: 'laptop-2' }).count()).toBe(1);
    await screenshot(page, 'repeat-history-imported-en-light');
    expect(await axeViolations(page)).toEqual([]);

    await input.setInputFiles(good);
    await expect
      .poll(() => status.textContent())
      .toBe('Nothing imported: the run was already in this history.');
    expect(await rows.count()).toBe(before + 1);
    rmSync(dir, { recursive: true, force: true });
  });

  it("downloads a run's file from its results, which the history then knows as its own", async () => {
    const [latest] = app.services.store.history.listRuns({ limit: 1 });
    await app.open(`#/runs/${latest?.id as string}`);
    const { page } = app;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Run file (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^lasttoken-.*-run\.json$/);
    const path = await file.path();
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { format: string; run: { id: string } };
    expect(saved).toMatchObject({ format: 'lasttoken-run', run: { id: latest?.id } });
    await page.getByText(`${file.suggestedFilename()} saved as a download.`).waitFor();

    await app.open('#/history');
    await page.locator('.history-import input[type="file"]').setInputFiles(path);
    await expect
      .poll(() => page.locator('.history-import [role="status"]').textContent())
      .toBe('Nothing imported: the run was already in this history.');
  });
});
