// A finished run's results in Chromium, against the real services: a real run
// against the simulator (a profile with keep-alive pings, a batching one named
// like markup, both modes), every chart drawn, the table's figures as the
// run's summaries have them, the findings the data shows, the CSV exports and
// a PNG, the hostile name shown as text in the table and in a tooltip, axe and
// screenshots in both languages and themes; then a large run seeded straight
// into the store, drawn whole (`npm run bench` times it).

import { msDecimals } from '../../src/shared/duration';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArrivalSeries, RunView, TrialPage } from '../../src/shared/api';
import { runComparisons } from '../../src/shared/comparisons';
import { findings } from '../../src/shared/findings';
import { DEFAULT_RUN_LIMITS } from '../../src/shared/run';
import {
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
import { makeTrial } from '../unit/trial-fixture';
import { RESULT_CHARTS, chartsDrawnAt, seedLargeRun, timeResultLoads } from '../support/ui-timing';

const XSS = '<img src=x onerror=alert(1)>';

let app: AppUnderTest;
let runId: string;
let view: RunView;

function runOf(profileIds: string[]): Promise<string> {
  return finishedRun(app, {
    prompt: 'Count from one to twenty.',
    max_tokens: 64,
    modes: ['stream', 'plain'],
    trials: 3,
    profile_ids: profileIds,
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    // The rate-limited profile's every trial is shown: no waiting, no giving up.
    max_retry_wait_ms: 0,
    give_up_after: 0,
  });
}

beforeAll(async () => {
  app = await startAppUnderTest();
  const base_url = `${app.sim.url}/v1`;
  const pings = app.services.profiles.create({
    name: 'Pinging sim',
    base_url,
    model: 'sim-pings:ttft=1200,ping=100,tokens=20',
  });
  const batched = app.services.profiles.create({ name: XSS, base_url, model: 'sim-batched' });
  const limited = app.services.profiles.create({
    name: 'Rate-limited sim',
    base_url,
    model: 'sim-error-429:retry_after=7',
  });
  runId = await runOf([pings.id, batched.id, limited.id]);
  const result = await app.services.dispatch('historyRun', { run_id: runId });
  if (!result.ok) throw new Error(result.error.message);
  view = result.value as RunView;
}, 90_000);

afterAll(async () => {
  await app?.close();
});

/** Opens the run's results and waits until every chart is drawn. */
async function openResults(id = runId): Promise<Page> {
  await app.open(`#/runs/${id}`);
  await app.page.locator('.run-results').waitFor();
  await chartsDrawnAt(app.page);
  return app.page;
}

async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const fixed = (value: number, decimals: number): string =>
  new Intl.NumberFormat('en', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
/** As the table writes milliseconds in English (rounded once), their unit in the column's heading. */
const ms = (value: number): string => fixed(value, msDecimals(value));
const tps = (value: number): string => fixed(value, 1);

describe('results of a real run', () => {
  it('draws every chart and the table as the run’s summaries have it', async () => {
    await useLook(app, 'en', 'light');
    const page = await openResults();
    expect(await page.locator('.echart').count()).toBe(RESULT_CHARTS);

    for (const profile of view.run.profiles) {
      for (const summary of view.summaries[profile.id] ?? []) {
        const row = page.locator(
          `table[data-mode="${summary.mode}"] tr[data-profile="${profile.id}"]`,
        );
        await expect
          .poll(() => row.locator('td[data-column="ok"]').textContent())
          .toBe(`${summary.ok} of ${summary.trials}`);
        if (summary.ok === 0) {
          // No ok trial: a dash for each figure, and the failures by status.
          expect(await row.locator('td[data-column="first"]').textContent()).toBe('–');
          expect(await row.locator('td[data-column="failures"]').textContent()).toBe(
            `${summary.trials} × HTTP error`,
          );
          continue;
        }
        const first = summary.mode === 'stream' ? 'ttft_ms' : 'first_byte_ms';
        const expected: [string, string][] = [
          ['first', ms(summary.metrics[first]?.median ?? NaN)],
          ['first_p95', ms(summary.metrics[first]?.p95 ?? NaN)],
          ['total', ms(summary.metrics.total_ms?.median ?? NaN)],
          ['e2e_tps', tps(summary.metrics.e2e_tps?.median ?? NaN)],
          // What a reader at the setting's pace feels.
          ['reader_done', ms(summary.metrics.reader_done_ms?.median ?? NaN)],
          ['reader_wait', ms(summary.metrics.reader_wait_ms?.median ?? NaN)],
        ];
        if (summary.mode === 'stream') {
          expected.push(['gap_median', ms(summary.metrics.gap_median_ms?.median ?? NaN)]);
          expected.push(['max_silence', ms(summary.metrics.max_silence_ms?.median ?? NaN)]);
          expected.push(['reader_stall', ms(summary.metrics.reader_stall_ms?.median ?? NaN)]);
        }
        for (const [column, text] of expected) {
          expect(
            await row.locator(`td[data-column="${column}"] .figure-number`).textContent(),
            `${profile.name} ${summary.mode} ${column}`,
          ).toBe(text);
        }
      }
    }
    // Plain mode is labelled by its first byte, never as TTFT.
    const plainHeader = await page.locator('table[data-mode="plain"] thead').textContent();
    expect(plainHeader).toContain('TTFB');
    expect(plainHeader).not.toContain('TTFT');
    // The reader columns say the pace they are for.
    expect(view.reader_pace_tps).toBe(8);
    const streamHeader = await page.locator('table[data-mode="stream"] thead').textContent();
    expect(streamHeader).toContain('A reader at 8 tokens/s, ms');
    await page.locator('table[data-mode="stream"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'results-en-light-reader');
  });

  it('lists every failed trial with the provider’s message, as text', async () => {
    const page = app.page;
    const failed = await app.services.dispatch('historyTrials', {
      run_id: runId,
      status: 'failed',
    });
    expect(failed.ok && (failed.value as TrialPage).total).toBe(6);
    // The trials table lists them first.
    const rows = page.locator('table.trials-table tbody tr[data-failed]');
    expect(await rows.count()).toBe(6);
    expect(
      await page.locator('table.trials-table tbody tr').first().getAttribute('data-failed'),
    ).toBe('true');
    // One page holds them: no pager.
    expect(await page.locator('.run-results .pager').count()).toBe(0);
    const first = await rows.first().innerText();
    expect(first).toContain('Rate-limited sim');
    expect(first).toContain('HTTP error');
    expect(first).toContain('429');
    expect(first).toContain('Rate limit reached (simulated by sim-error-429)');
    expect(first).toContain('Retry-After: 7 s');
  });

  it('says what the data shows: pings that bridged the wait, chunks that are not tokens', async () => {
    const page = app.page;
    const [pings, batched] = view.run.profiles;
    // Main's findings are those of the stored trials.
    const stored = app.services.store.history.getRun(runId)?.trials ?? [];
    const expected = findings(
      view.run.profiles.map((p) => ({
        profile_id: p.id,
        summaries: view.summaries[p.id] ?? [],
        trials: stored.filter((t) => t.profile_id === p.id),
      })),
    );
    expect(view.findings).toEqual(expected);
    const kinds = expected.map((f) => `${f.kind}:${f.profile_id}`);
    expect(kinds).toContain(`pings_kept_open:${pings?.id}`);
    expect(kinds).toContain(`chunks_not_tokens:${batched?.id}`);
    expect(kinds.some((k) => k.startsWith('buffered') || k.startsWith('abort'))).toBe(false);
    // The rate-limited profile measured nothing: said first, before any myth.
    const failing = page.locator('.findings li[data-finding="failing"]');
    expect(await failing.count()).toBe(1);
    expect(await failing.textContent()).toContain('Nothing was measured.');
    expect(await page.locator('.findings li').first().getAttribute('data-finding')).toBe('failing');
    // One headline per kind, however many profiles it holds for.
    const headlines = [...new Set(expected.map((f) => f.kind))];
    const shown = page.locator('.findings > li:not([data-finding="failing"])');
    expect(await shown.count()).toBe(headlines.length);
    const shownKinds: (string | null)[] = [];
    for (let i = 0; i < headlines.length; i++) {
      shownKinds.push(await shown.nth(i).getAttribute('data-finding'));
    }
    expect(shownKinds).toEqual(headlines);
    const pingText = await page.locator('[data-finding="pings_kept_open"]').textContent();
    expect(pingText).toContain('Pinging sim');
    expect(pingText).toContain('Keep-alive pings kept a silent stream open.');
    // sim-pings is silent only before its first token: the sentence says it was that wait.
    const pinged = expected.find((f) => f.kind === 'pings_kept_open');
    expect(pinged).toMatchObject({ trials: 3, first_token: 3 });
    expect(pingText).toContain('the first token took');
    expect(pingText).not.toContain('content stopped after it began');
  });

  it('shows the markup-like name as text in the table and in a chart tooltip', async () => {
    const page = app.page;
    const [, batched] = view.run.profiles;
    const cell = page.locator(`table[data-mode="stream"] tr[data-profile="${batched?.id}"] th`);
    expect(await cell.locator('.profile-name').textContent()).toBe(XSS);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // The phases chart answers for the band under the pointer: down its rows until the name shows.
    const chart = page.locator('.echart').first();
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    if (!box) throw new Error('the phases chart has no box');
    const tooltip = chart.locator('.chart-tooltip');
    let text = '';
    for (let y = box.y + 45; y < box.y + box.height - 40 && !text.includes(XSS); y += 8) {
      await page.mouse.move(box.x + box.width / 2, y);
      text = (await tooltip.isVisible()) ? ((await tooltip.innerText()) ?? '') : '';
    }
    expect(text).toContain(XSS);
    expect(await tooltip.locator('img').count()).toBe(0);
    await page.mouse.move(0, 0);
    expect(app.dialogs).toEqual([]);
  });

  it('exports each CSV as a download and says where it went', async () => {
    const page = app.page;
    const detail = app.services.store.history.getRun(runId);
    const expectedRows = {
      summary: view.run.profiles.length * 2,
      trials: view.trial_counts.all,
      chunks: detail?.trials.reduce((sum, t) => sum + t.trial.chunks, 0),
      comparisons: detail ? runComparisons(detail).length : NaN,
    };
    // The rate-limited profile has no ok trial, so nothing to compare it with; the other two do.
    expect(expectedRows.comparisons).toBeGreaterThan(0);
    for (const [kind, label] of [
      ['summary', 'Summary'],
      ['trials', 'Trials'],
      ['chunks', 'Chunks'],
      ['comparisons', 'Comparisons'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('group', { name: 'Export CSV' })
          .getByRole('button', { name: label })
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`${kind}.*\\.csv$`));
      const rows = parse(await downloadText(download), { columns: true }) as Record<
        string,
        string
      >[];
      expect(rows.length, kind).toBe(expectedRows[kind]);
      expect(rows.every((r) => r['run_id'] === runId)).toBe(true);
      if (kind === 'summary' || kind === 'trials') {
        expect(rows.map((r) => r['profile'])).toContain(XSS);
      }
      if (kind === 'comparisons') expect(rows.map((r) => r['profile_b'])).toContain(XSS);
      await page
        .getByRole('status')
        .filter({ hasText: `${download.suggestedFilename()}` })
        .filter({ hasText: 'downloads folder' })
        .waitFor();
    }
    // For Excel: the same summary after a byte-order mark.
    await page.getByLabel('For Excel (UTF-8 with BOM)').check();
    const [withBom] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('group', { name: 'Export CSV' })
        .getByRole('button', { name: 'Summary' })
        .click(),
    ]);
    expect((await downloadText(withBom)).charCodeAt(0)).toBe(0xfeff);
  });

  it('saves a chart as a PNG', async () => {
    const page = app.page;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save as PNG' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lasttoken-${runId}-phases.png`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const png = Buffer.concat(chunks);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(5_000);
  });

  it('shows A against B one figure at a time, offering only what was compared', async () => {
    const page = app.page;
    const figures = page.getByRole('radiogroup', { name: 'Figure' });
    // The rate-limited profile has nothing to compare; the other two were measured in both modes.
    expect(await figures.getByRole('radio').count()).toBe(4);
    expect(await figures.innerText()).toMatch(
      /TTFT \/ TTFB[\s\S]*Gap[\s\S]*Total[\s\S]*Reader done/,
    );
    expect(await figures.getByLabel('Total', { exact: true }).isChecked()).toBe(true);
    // Main's comparisons, the reader's among them, are what the chart draws.
    expect(view.comparisons.some((c) => c.metric === 'reader_done_ms')).toBe(true);
    await figures.getByLabel('Reader done', { exact: true }).check();
    await chartsDrawnAt(page);
    await screenshot(page, 'results-en-light-reader-differences');
    // The totals: the verdicts' box styles and each row's margin ticks, to look at.
    const card = page
      .locator('section.chart-card')
      .filter({ has: page.getByRole('heading', { name: 'A against B' }) });
    await figures.getByLabel('Total', { exact: true }).check();
    await chartsDrawnAt(page);
    await card.screenshot({ path: join(ARTIFACTS, 'results-en-light-differences-card.png') });
    await figures.getByLabel('TTFT / TTFB').check();
    await chartsDrawnAt(page);
  });

  it('switches the timeline to plain mode and the chunk sizes to characters', async () => {
    const page = app.page;
    await page.getByLabel('Mode', { exact: true }).selectOption('plain');
    await page.getByLabel('characters', { exact: true }).check();
    await page.getByLabel('Total time', { exact: true }).check();
    await chartsDrawnAt(page);
    expect(await page.locator('.echart').count()).toBe(RESULT_CHARTS);
  });

  for (const [language, theme] of LOOKS) {
    it(`passes an axe scan in ${language}, ${theme}`, async () => {
      await useLook(app, language, theme);
      const page = await openResults();
      await page.locator('details.glossary summary').click();
      await screenshot(page, `results-${language}-${theme}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('a stream a proxy released in bursts', () => {
  it('says so in the findings and marks the bursts on the arrivals chart', async () => {
    const base_url = `${app.sim.url}/v1`;
    const bursty = app.services.profiles.create({
      name: 'Behind a buffering proxy',
      base_url,
      model: 'sim-rebuffered:ttft=50,gap=5,tokens=200,buffer=4096',
    });
    const steady = app.services.profiles.create({
      name: 'Direct',
      base_url,
      model: 'sim-steady:ttft=50,gap=5,tokens=200',
    });
    const id = await runOf([bursty.id, steady.id]);
    const result = await app.services.dispatch('historyRun', { run_id: id });
    if (!result.ok) throw new Error(result.error.message);
    const { findings: shown } = result.value as RunView;
    const finding = shown.find((f) => f.kind === 'buffered');
    expect(finding).toMatchObject({ profile_id: bursty.id, trials: 3, n: 3, in_bursts: 3 });
    expect(shown.filter((f) => f.kind === 'buffered')).toHaveLength(1);
    const most = finding?.kind === 'buffered' ? (finding.events_per_read_max as number) : 0;
    expect(most).toBeGreaterThanOrEqual(10);

    const charts = await app.services.dispatch('chartsRun', { run_id: id });
    if (!charts.ok) throw new Error(charts.error.message);
    const arrivals = (charts.value as { arrivals: ArrivalSeries[] }).arrivals;
    const marked = arrivals.filter((a) => a.bursts.length > 0);
    expect(new Set(marked.map((a) => a.profile_id))).toEqual(new Set([bursty.id]));
    expect(marked).toHaveLength(3);

    for (const width of [1440, 1024]) {
      await app.page.setViewportSize({ width, height: 900 });
      for (const [language, theme] of LOOKS) {
        await useLook(app, language, theme);
        const page = await openResults(id);
        const shownBuffered = page.locator('.findings li[data-finding="buffered"]');
        // Its figures are behind the finding's disclosure.
        await shownBuffered.locator('summary').click();
        const sentence = await shownBuffered.innerText();
        expect(sentence).toContain(
          language === 'en' ? `bursts of up to ${most} events per read` : `最多收到 ${most} 个事件`,
        );
        const card = page
          .locator('.chart-card')
          .filter({ hasText: language === 'en' ? 'Token arrivals' : 'token 到达时间线' })
          .first();
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({
          path: join(ARTIFACTS, `results-${language}-${theme}-rebuffered-arrivals-${width}.png`),
        });
        await screenshot(page, `results-${language}-${theme}-rebuffered-${width}`);
        // The summary's wide table scrolls in its own box; the page never scrolls sideways.
        const pageWidth = await page.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
              .document.documentElement.scrollWidth,
        );
        expect(pageWidth).toBe(width);
      }
    }
    await app.page.setViewportSize({ width: 1440, height: 900 });
  }, 120_000);
});

describe('a cancelled run', () => {
  it('says it did not finish, and shows what it measured', async () => {
    const id = 'cancelled-run';
    const profiles = [
      snapshot('ok', { name: 'Measured' }),
      snapshot('none', { name: 'Never ran' }),
    ];
    const store = app.services.store.runs;
    store.createRun(
      runRecord(id, profiles, { config: { ...runRecord(id, []).config, modes: ['stream'] } }),
    );
    store.saveTrial({ ...storedTrial(id, 'ok', 0), warmup: true });
    store.saveTrial(storedTrial(id, 'ok', 1));
    store.saveTrial(storedTrial(id, 'ok', 2));
    store.saveTrial({
      run_id: id,
      profile_id: 'ok',
      trial_index: 3,
      warmup: false,
      trial: makeTrial({
        status: 'http_error',
        http_status: 503,
        error: `upstream said: ${XSS}`,
        ttft_ms: null,
        total_ms: null,
      }),
    });
    store.finishRun(id, 'cancelled', '2026-03-01T10:00:09.000Z');
    await useLook(app, 'en', 'light');
    await app.open(`#/runs/${id}`);
    const page = app.page;
    await page.locator('.run-results').waitFor();
    await chartsDrawnAt(page, 4);
    const notice = await page.getByRole('status').filter({ hasText: 'cancelled' }).innerText();
    expect(notice).toContain('4 of 12 planned API calls');
    expect(await page.locator('.results-facts').innerText()).toContain(
      '2 ok of 3 counted trials (warm-ups, not counted: 1)',
    );
    // Warm-ups are measured and kept, not counted: the timeline shows them when asked.
    await page.getByLabel('Show warm-ups').check();
    await chartsDrawnAt(page, 4);
    expect(
      await page.locator('tr[data-profile="none"] td[data-column="failures"]').innerText(),
    ).toContain('could not be measured');
    expect(await page.locator('table.trials-table tbody').innerText()).toContain(
      `upstream said: ${XSS}`,
    );
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await screenshot(page, 'results-en-light-cancelled');
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('a run with more failures than a page holds', () => {
  it('pages through them, of every profile or of one', async () => {
    const id = 'many-failures';
    const profiles = [snapshot('steady', { name: 'Steady' }), snapshot('flaky', { name: 'Flaky' })];
    const store = app.services.store.runs;
    const base = runRecord(id, profiles);
    store.createRun({ ...base, config: { ...base.config, modes: ['stream'], trials: 80 } });
    for (let k = 1; k <= 80; k++) {
      const ok = storedTrial(id, 'steady', k, 10);
      store.saveTrial(
        k % 8 === 0
          ? { ...ok, trial: { ...ok.trial, status: 'deadline', error: `too slow: ${k}` } }
          : ok,
      );
      store.saveTrial({
        run_id: id,
        profile_id: 'flaky',
        trial_index: k,
        warmup: false,
        trial: makeTrial({ status: 'http_error', http_status: 503, error: `upstream ${k}` }),
      });
    }
    store.finishRun(id, 'completed', '2026-03-01T10:09:00.000Z');
    await useLook(app, 'en', 'light');
    await app.open(`#/runs/${id}`);
    const page = app.page;
    await page.locator('.run-results').waitFor();
    await chartsDrawnAt(page, 4);
    const card = page.locator('section[aria-labelledby="results-trials-title"]');
    // A pager above the trials table and one below it.
    const range = card.locator('.pager-range').first();
    const rows = card.locator('table.trials-table tbody tr');
    expect(await range.innerText()).toBe('Trials 1–50 of 160');
    await card.getByLabel('Status').selectOption({ label: 'Failed (not ok)' });
    await expect.poll(() => range.innerText()).toBe('Failed trials 1–50 of 90');
    expect(await rows.count()).toBe(50);
    // Profile by profile in the run's order, by trial.
    expect(await rows.first().innerText()).toMatch(
      /^Steady\s+stream #8\tdeadline passed 200\t.*\ttoo slow: 8$/,
    );
    await screenshot(page, 'results-en-light-failures-1440');
    await card.screenshot({ path: join(ARTIFACTS, 'results-en-light-failures-card-1440.png') });

    await card.getByRole('button', { name: 'Next' }).first().click();
    await expect.poll(() => range.innerText()).toBe('Failed trials 51–90 of 90');
    expect(await rows.count()).toBe(40);
    expect(await rows.last().innerText()).toContain('upstream 80');

    await card.getByLabel('Profile').selectOption({ label: 'Flaky' });
    await expect.poll(() => range.innerText()).toBe('Failed trials 1–50 of 80');
    expect(await rows.first().innerText()).toMatch(
      /^Flaky\s+stream #1\s+HTTP error\s+503\s+.*upstream 1$/,
    );
    await card.getByLabel('Page number').first().fill('2');
    await card.getByLabel('Page number').first().press('Enter');
    await expect.poll(() => range.innerText()).toBe('Failed trials 51–80 of 80');
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 1024, height: 900 });
    try {
      await screenshot(page, 'results-en-light-failures-1024');
      await card.screenshot({ path: join(ARTIFACTS, 'results-en-light-failures-card-1024.png') });
      await useLook(app, 'zh-CN', 'light');
      await app.open(`#/runs/${id}`);
      await chartsDrawnAt(page, 4);
      expect(await range.innerText()).toBe('试验第 1–50 条，共 160 条');
      await card.screenshot({
        path: join(ARTIFACTS, 'results-zh-CN-light-failures-card-1024.png'),
      });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
      await useLook(app, 'en', 'light');
    }
  });
});

describe('a large run', () => {
  it('is drawn, every chart of it', async () => {
    const id = 'large-run';
    seedLargeRun(app.services.store.runs, id);
    await useLook(app, 'en', 'light');
    const timings = await timeResultLoads(app, id, 3);
    // `npm run bench` prints the figures; here a bound that catches a hang or a pathology.
    expect(timings[1]?.drawn).toBeLessThan(10_000);
    await screenshot(app.page, 'results-en-light-large');
  }, 120_000);
});

describe('a run this history does not hold', () => {
  it('says so, with the way back, and offers no retry', async () => {
    await useLook(app, 'en', 'light');
    await app.open('#/runs/no-such-run');
    const { page } = app;
    await page.getByRole('heading', { name: 'This run is not in the history' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to the history' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#/history');
  });
});
