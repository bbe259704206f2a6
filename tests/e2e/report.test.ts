// "Save report" on a finished run's results page, in browser mode against the
// real services: the download is the run's report in the page's language and
// theme (each of both), with the name of the run and its date, and the export
// row says it was downloaded. Each report is then opened from its file in
// Chromium, where it fetches nothing and shows the profile named as markup as
// text, and is shot whole (test-artifacts/report-<lang>-<theme>.png) for
// people to look at; the results page's top with the button is shot at both
// window sizes. The report's contents, figure by figure, are checked on the
// CLI's reports (tests/integration/cli-report.test.ts).

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import {
  ARTIFACTS,
  atEachSize,
  finishedRunView,
  LOOKS,
  screenshot,
  startAppUnderTest,
  useLook,
  waitForCharts,
  type AppUnderTest,
} from '../support/app-under-test';
import {
  activeOrExternal,
  attr,
  byTag,
  oneWithAttr,
  parseReport,
  reportFileNameOf,
  reportOutline,
  textNodesIn,
  textOf,
  withAttr,
} from '../support/report-html';
import { wordsIn } from '../unit/words-fixture';

const XSS = '<script>alert(1)</script>';

let app: AppUnderTest;
let runId: string;
let view: RunView;
let downloads: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  downloads = mkdtempSync(join(tmpdir(), 'lasttoken-report-downloads-'));
  const profile = (name: string, model: string) =>
    app.services.profiles.create({ name, base_url: `${app.sim.url}/v1`, model });
  const steady = profile(XSS, 'sim-steady:ttft=40,gap=8,tokens=30');
  const failing = profile('Always 500', 'sim-error-500');
  view = await finishedRunView(app, {
    prompt: 'Count from one to twenty.',
    max_tokens: 64,
    trials: 3,
    profile_ids: [steady.id, failing.id],
  });
  runId = view.run.id;
}, 90_000);

afterAll(async () => {
  await app?.close();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

/** Opens a report file in a tab of its own: what it asked the network for, and the tab. */
async function openReport(file: string): Promise<{ page: Page; requests: string[] }> {
  const page = await app.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('dialog', (dialog) => {
    app.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForLoadState('load');
  return { page, requests };
}

describe('Save report on the results page', () => {
  for (const [language, theme] of LOOKS) {
    it(`downloads the run's report in ${language}, ${theme}, which opens offline`, async () => {
      const { t, format } = wordsIn(language);
      await useLook(app, language, theme);
      await app.open(`#/runs/${runId}`);
      const page = app.page;
      await page.locator('.run-results').waitFor();
      await waitForCharts(page);
      const button = page.getByRole('button', { name: t('results.export.report'), exact: true });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(reportFileNameOf(view.run.started_at, runId));
      const folder = join(downloads, `${language}-${theme}`);
      mkdirSync(folder);
      const file = join(folder, download.suggestedFilename());
      await download.saveAs(file);
      const text = readFileSync(file, 'utf8');

      // The report of this run, in the page's language and theme, as a browser parses it.
      const document = parseReport(text);
      expect(reportOutline(document)).toEqual({
        lang: language,
        theme,
        sections: ['run', 'verdicts', 'summary', 'findings', 'charts', 'failures'],
      });
      expect(attr(oneWithAttr(document, 'data-section', 'run'), 'id')).toBe(`run-${runId}`);
      const summary = oneWithAttr(document, 'data-section', 'summary');
      expect(textOf(byTag(summary, 'h2')[0] ?? summary)).toBe(t('results.summary.title'));
      for (const mode of view.run.config.modes) {
        const rows = withAttr(oneWithAttr(document, 'data-part', `summary-${mode}`), 'data-profile')
          .filter((e) => e.tagName === 'tr')
          .map((row) => attr(row, 'data-profile'));
        expect(rows).toEqual(view.run.profiles.map((p) => p.id));
      }
      expect(activeOrExternal(document)).toEqual([]);
      expect(textNodesIn(document).some((node) => node.trim() === XSS)).toBe(true);

      // The export row says where it went, with its size.
      const bytes = Buffer.byteLength(text);
      expect(bytes).toBeGreaterThan(1024);
      expect(bytes).toBeLessThan(1024 * 1024);
      const said = t('results.export.downloaded', {
        file: download.suggestedFilename(),
        size: t('results.export.size.kib', { value: format.number(bytes / 1024, 1) }),
      });
      await expect
        .poll(() =>
          page
            .locator('.export-status')
            .filter({ hasText: download.suggestedFilename() })
            .textContent(),
        )
        .toBe(said);

      // The results page's top, with the button and what it said, at both window sizes.
      if ((language === 'en' && theme === 'light') || (language === 'zh-CN' && theme === 'dark')) {
        await atEachSize(page, async (width, height) => {
          await waitForCharts(page);
          // On the first screen, in the row of exports beside the run's title.
          const box = await button.boundingBox();
          expect(box).not.toBeNull();
          expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
          await page.screenshot({
            path: join(ARTIFACTS, `results-report-button-${language}-${theme}-${width}.png`),
          });
        });
      }
      // Opened from its file: nothing fetched but the file, the markup-like name shown as text.
      const report = await openReport(file);
      try {
        expect(report.requests).toEqual([pathToFileURL(file).href]);
        expect(await report.page.locator('figure.chart svg').count()).toBe(
          withAttr(document, 'data-chart').length,
        );
        expect(await report.page.getByText(XSS, { exact: true }).count()).toBeGreaterThan(0);
        const background = await report.page.evaluate(
          'getComputedStyle(document.documentElement).backgroundColor',
        );
        // A dark report is dark: its background's channels are all low, a light one's high.
        const channels = (String(background).match(/\d+/g) ?? []).slice(0, 3).map(Number);
        expect(channels).toHaveLength(3);
        for (const channel of channels) {
          if (theme === 'dark') expect(channel).toBeLessThan(80);
          else expect(channel).toBeGreaterThan(200);
        }
        await screenshot(report.page, `report-${language}-${theme}`);
      } finally {
        await report.page.close();
      }
      expect(app.dialogs).toEqual([]);
    }, 90_000);
  }
});
