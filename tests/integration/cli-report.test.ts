// `lasttoken report` as a user runs it: the built CLI in a child process, a
// real SQLite file, the simulated provider on 127.0.0.1 and a CONNECT proxy
// that wants credentials, the key and the proxy's password in the real OS
// keychain (scripts/with-keyring.mjs prepares a throwaway one). One run of a
// profile named as markup, one with a key behind the proxy and one that only
// fails, reported in each language and theme: each file parsed as a browser
// parses it, every section there, nothing in it that runs or fetches, every
// chart an SVG with as many series as the run's data says, every figure of
// its summary tables the one `show --json` has, worded as the app words it;
// the Markdown report read by a Markdown parser, the same figures in it. The
// reports are opened in Chromium by tests/e2e/report.test.ts.

import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { marked, type Token, type Tokens } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, type KeytarApi } from '../../src/main/secrets';
import { startSimulator, type SimServer } from '../../src/main/sim';
import type { Language } from '../../src/shared/api';
import type { Comparison } from '../../src/shared/comparisons';
import { MISSING } from '../../src/shared/i18n/format';
import type { Column, ColumnKey, SummaryTable } from '../../src/shared/results/summary-model';
import { formatCell, GROUP_OF, groupLabel } from '../../src/shared/results/summary-table-text';
import type { Words } from '../../src/shared/results/words';
import type { RunRecord, StoredTrial } from '../../src/shared/run';
import { median } from '../../src/shared/stats';
import type { ModeSummary } from '../../src/shared/summary';
import type { Mode } from '../../src/shared/trial';
import { wordsIn } from '../unit/words-fixture';
import { startConnectProxy } from '../support/connect-proxy';
import { keyPiecesIn } from '../support/key-pieces';
import type { TestProxy } from '../support/proxy-relay';
import {
  activeOrExternal,
  attr,
  brokenIds,
  byTag,
  elementsIn,
  oneWithAttr,
  ownTextOf,
  parseReport,
  reportFileNameOf,
  reportOutline,
  textNodesIn,
  textOf,
  withAttr,
  type HtmlDocument,
  type HtmlElement,
} from '../support/report-html';
import {
  assertCliBuilt,
  spawnCli,
  type CliProcess,
  type SpawnCliOptions,
} from '../support/spawn-cli';

const XSS = '<script>alert(1)</script>';
const KEY = `sk-report-key-${randomUUID()}`;
const PROXY_USER = `report-proxy-user-${randomUUID().slice(0, 8)}`;
const PROXY_PASSWORD = `report-proxy-pass-${randomUUID()}`;
const LOOKS = [
  ['en', 'light'],
  ['en', 'dark'],
  ['zh-CN', 'light'],
  ['zh-CN', 'dark'],
] as const;
/** Every section a report of one run has, in the results page's order. */
const RUN_SECTIONS = ['run', 'verdicts', 'summary', 'findings', 'charts', 'failures'];

interface Shown {
  run: RunRecord;
  summary: (ModeSummary & { profile_id: string })[];
  trials: StoredTrial[];
  comparisons: Comparison[];
}

let dir: string;
let db: string;
let sim: SimServer;
let proxy: TestProxy;
let runId: string;
let shown: Shown;
let ids: { xss: string; keyed: string; failing: string };
const reports = new Map<string, string>();

const realKeychain = process.env.LASTTOKEN_KEYCHAIN === 'real';

/** The built CLI on this test's history, with the D-Bus session of the keychain prepared for it. */
function cli(args: string[], options: SpawnCliOptions = {}): Promise<CliProcess> {
  return spawnCli([...args, '--db', db], {
    timeoutMs: 60_000,
    ...options,
    env: { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS ?? '', ...options.env },
  });
}

async function ok(args: string[], options: SpawnCliOptions = {}): Promise<string> {
  const result = await cli(args, options);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

const showJson = async (id: string): Promise<Shown> =>
  JSON.parse(await ok(['show', id, '--json'])) as Shown;

beforeAll(async () => {
  if (!realKeychain) {
    throw new Error(
      'These tests keep a key and proxy credentials in a real OS keychain and none was prepared. Run them through ' +
        '`node scripts/with-keyring.mjs npx vitest run` (a throwaway gnome-keyring in a private D-Bus session). ' +
        `Reason: ${process.env.LASTTOKEN_KEYCHAIN_UNAVAILABLE ?? 'not run through scripts/with-keyring.mjs'}.`,
    );
  }
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-cli-report-'));
  db = join(dir, 'history.db');
  sim = await startSimulator({ port: 0 });
  proxy = await startConnectProxy({
    credentials: { username: PROXY_USER, password: PROXY_PASSWORD },
  });
  const at = ['--base-url', `${sim.url}/v1`];
  const add = async (name: string, model: string, more: string[] = []): Promise<string> =>
    (await ok(['profile', 'add', '--name', name, ...at, '--model', model, ...more])).trim();
  const proxyUrl = new URL(proxy.url);
  proxyUrl.username = PROXY_USER;
  proxyUrl.password = PROXY_PASSWORD;
  ids = {
    xss: await add(XSS, 'sim-steady:ttft=30,gap=5,tokens=20'),
    keyed: await add('Keyed behind a proxy', 'sim-batched:ttft=40,gap=10,tokens=24,per=3', [
      '--proxy',
      proxyUrl.href,
    ]),
    failing: await add('Always 500', 'sim-error-500'),
  };
  await ok(['profile', 'set-key', ids.keyed], { stdin: `${KEY}\n` });
  const tunnels = proxy.counts.tunnels;
  const run = await cli([
    'run',
    '--profiles',
    [ids.xss, ids.keyed, ids.failing].join(','),
    '--modes',
    'stream,plain',
    '--trials',
    '3',
    '--max-tokens',
    '24',
    '--json',
  ]);
  // The failing profile makes it exit 1; the run itself completed.
  expect([0, 1], run.stderr).toContain(run.code);
  const document = JSON.parse(run.stdout) as { run_id: string; status: string };
  expect(document.status).toBe('completed');
  runId = document.run_id;
  // The keyed profile's calls went through the proxy, which let them in with its credentials.
  expect(proxy.counts.tunnels).toBeGreaterThan(tunnels);
  shown = await showJson(runId);
  const keyed = shown.trials.filter((t) => t.profile_id === ids.keyed);
  expect(keyed.length).toBe(6);
  expect(keyed.every((t) => t.trial.status === 'ok' && t.trial.proxy === proxy.url)).toBe(true);
  expect(
    shown.trials.filter((t) => t.profile_id === ids.failing).every((t) => t.trial.status !== 'ok'),
  ).toBe(true);
  for (const [language, theme] of LOOKS) {
    const file = join(dir, `report-${language}-${theme}.html`);
    const out = await ok(['report', runId, '--out', file, '--lang', language, '--theme', theme]);
    expect(out).toMatch(/^wrote .*report-.*\.html \(\d+ bytes, html report of 1 run\)\n$/);
    reports.set(`${language}/${theme}`, readFileSync(file, 'utf8'));
  }
}, 180_000);

afterAll(async () => {
  if (realKeychain && ids) {
    const keytar = createRequire(import.meta.url)('keytar') as KeytarApi;
    for (const account of [ids.keyed, `${ids.keyed}#proxy`]) {
      await keytar.deletePassword(KEYCHAIN_SERVICE, account);
    }
  }
  await sim?.close();
  await proxy?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// What the run's data says the report must show, worked out here from
// `show --json`, not by the report's own code.

/** The summary's columns, per mode: which metric each reads, which figure of it, with an interval or not. */
const COLUMNS: Record<Mode, Column[]> = {
  stream: [
    column('first', 'ttft_ms', 'median', true),
    column('first_p95', 'ttft_ms', 'p95'),
    column('gap_median', 'gap_median_ms', 'median'),
    column('gap_p95', 'gap_p95_ms', 'median'),
    column('max_silence', 'max_silence_ms', 'median'),
    column('total', 'total_ms', 'median', true),
    column('total_p95', 'total_ms', 'p95'),
    column('e2e_tps', 'e2e_tps', 'median'),
    column('decode_tps', 'decode_tps', 'median'),
    column('tokens_per_chunk', 'tokens_per_chunk_mean', 'median'),
    column('reader_done', 'reader_done_ms', 'median', true),
    column('reader_wait', 'reader_wait_ms', 'median'),
    column('reader_stall', 'reader_stall_ms', 'median'),
  ],
  plain: [
    column('first', 'first_byte_ms', 'median', true),
    column('first_p95', 'first_byte_ms', 'p95'),
    column('total', 'total_ms', 'median', true),
    column('total_p95', 'total_ms', 'p95'),
    column('e2e_tps', 'e2e_tps', 'median'),
    column('reader_done', 'reader_done_ms', 'median', true),
    column('reader_wait', 'reader_wait_ms', 'median'),
  ],
};

function column(
  key: ColumnKey,
  metric: Column['metric'],
  stat: Column['stat'],
  interval = false,
): Column {
  return { key, metric, stat, interval, better: null };
}

/** Which figure of A against B each compared metric is shown under. */
const DIFFERENCE_FIGURE: Record<Comparison['metric'], string> = {
  ttft_ms: 'first',
  first_byte_ms: 'first',
  gap_median_ms: 'gap',
  total_ms: 'total',
  reader_done_ms: 'reader',
};

/** The charts of the run, in the page's order, each with the number of series it draws. */
function expectedCharts(run: Shown): [string, number][] {
  const counted = run.trials.filter((t) => !t.warmup);
  const okIn = (mode: Mode): StoredTrial[] =>
    counted.filter((t) => t.trial.mode === mode && t.trial.status === 'ok');
  const modes = (['stream', 'plain'] as const).filter((m) => run.run.config.modes.includes(m));
  const profiles = run.run.profiles.map((p) => p.id);
  const charts: [string, number][] = [];
  // One prompt length: no chart of the first token against the prompt's length.
  expect(run.run.config.input_tokens ?? null).toBeNull();

  // Where the time went: a bar per profile × mode with an ok trial, a series per phase
  // (connect, tls, headers, first token, streaming, tail), the tunnel's where a bar's median has one.
  const bars = modes.flatMap((mode) =>
    profiles.map((p) => okIn(mode).filter((t) => t.profile_id === p)).filter((g) => g.length > 0),
  );
  if (bars.length > 0) {
    const tunnel = bars.some((bar) => (median(bar.map((t) => t.trial.proxy_ms ?? 0)) ?? 0) > 0);
    charts.push(['phases', tunnel ? 7 : 6]);
  }

  // Profiles compared: per mode that measured the figure, a series of boxes and one of dots per box.
  const boxes: Record<string, Partial<Record<Mode, keyof StoredTrial['trial']>>> = {
    first: { stream: 'ttft_ms', plain: 'first_byte_ms' },
    gap: { stream: 'gap_median_ms' },
    total: { stream: 'total_ms', plain: 'total_ms' },
  };
  for (const [figure, metrics] of Object.entries(boxes)) {
    let series = 0;
    for (const mode of modes) {
      const metric = metrics[mode];
      if (!metric) continue;
      const measured = profiles.filter((p) =>
        okIn(mode).some((t) => t.profile_id === p && t.trial[metric] !== null),
      );
      if (measured.length > 0) series += 1 + measured.length;
    }
    if (series > 0) charts.push([`boxes-${figure}`, series]);
  }

  // A against B: per figure compared, the differences, their margins and the verdicts' marks.
  for (const figure of ['first', 'gap', 'total', 'reader']) {
    if (run.comparisons.some((c) => DIFFERENCE_FIGURE[c.metric] === figure)) {
      charts.push([`differences-${figure}`, 3]);
    }
  }

  // Token arrivals: a line per trial that got a token, a series of pings per profile that had
  // them, and one of bursts per rebuffered trial.
  for (const mode of modes) {
    const lines = counted.filter((t) => t.trial.mode === mode && t.trial.tokens > 0);
    if (lines.length === 0) continue;
    const pinging = new Set(lines.filter((t) => t.trial.pings > 0).map((t) => t.profile_id));
    const bursting = lines.filter((t) => t.trial.rebuffered).length;
    charts.push([`timeline-${mode}`, lines.length + pinging.size + bursting]);
  }

  // Chunk sizes: one series per profile with chunks in its ok streams.
  const chunked = profiles.filter((p) =>
    okIn('stream').some((t) => t.profile_id === p && t.trial.chunks > 0),
  );
  if (chunked.length > 0) {
    charts.push(['chunks-tokens', chunked.length], ['chunks-chars', chunked.length]);
  }
  return charts;
}

/** Checks a summary row's failures as the table words them: "3 × HTTP error" per status. */
function expectFailures(
  text: string,
  summary: ModeSummary | undefined,
  { t, format }: Words,
): void {
  const failures = Object.entries(summary?.failures ?? {});
  if (!summary || summary.trials === 0) expect(text).toBe(t('results.summary.notMeasured'));
  else if (failures.length === 0) expect(text).toBe(t('results.summary.noFailures'));
  for (const [status, count] of failures) {
    const times = t('results.summary.failureCount', { n: format.count(count) });
    expect(text).toContain(`${times} ${t(`common.status.${status}`)}`);
  }
}

/** A figure as the tables write it: the median or the p95, its interval, its n where fewer trials had it. */
function figureOf(
  col: Column,
  summary: ModeSummary | undefined,
  { t, format }: Words,
): { value: string; interval: string | null; n: string | null } | null {
  const distribution = summary?.metrics[col.metric];
  if (!summary || !distribution) return null;
  const text = (v: number): string => formatCell(col, v, format);
  const ci = distribution.median_ci95;
  return {
    value: text(col.stat === 'median' ? distribution.median : distribution.p95),
    interval:
      col.interval && ci
        ? t('results.summary.interval', { low: text(ci[0]), high: text(ci[1]) })
        : null,
    n:
      distribution.n === summary.ok
        ? null
        : t('common.units.n', { n: format.count(distribution.n) }),
  };
}

const summaryOf = (run: Shown, profileId: string, mode: Mode) =>
  run.summary.find((s) => s.profile_id === profileId && s.mode === mode);

// ---------------------------------------------------------------------------
// The HTML report

/** Checks every figure of the summary tables against `show --json`; says how many it compared. */
function expectSummaryTables(document: HtmlDocument, run: Shown, words: Words): number {
  const { t, format } = words;
  let compared = 0;
  for (const mode of run.run.config.modes) {
    const halves = [`summary-${mode}`, `summary-${mode}-more`].map((part) =>
      oneWithAttr(document, 'data-part', part),
    );
    for (const profile of run.run.profiles) {
      const summary = summaryOf(run, profile.id, mode);
      const cells = new Map<string, HtmlElement[]>();
      for (const half of halves) {
        const rows = withAttr(half, 'data-profile', profile.id).filter((e) => e.tagName === 'tr');
        expect(rows).toHaveLength(1);
        for (const td of byTag(rows[0] as HtmlElement, 'td')) {
          const key = attr(td, 'data-column') ?? '';
          cells.set(key, [...(cells.get(key) ?? []), td]);
        }
      }
      // Each column once across the two tables, "ok / n" in both.
      expect([...cells.keys()].sort()).toEqual(
        [...COLUMNS[mode].map((c) => c.key), 'ok', 'tokens', 'failures'].sort(),
      );
      const trials = summary?.trials ?? 0;
      const okCount = summary?.ok ?? 0;
      expect(cells.get('ok')?.map(textOf)).toEqual(
        Array(2).fill(
          t('common.units.nOf', { ok: format.count(okCount), n: format.count(trials) }),
        ),
      );
      expectFailures(textOf(cells.get('failures')?.[0] as HtmlElement), summary, words);
      for (const col of COLUMNS[mode]) {
        const td = cells.get(col.key)?.[0] as HtmlElement;
        const expected = figureOf(col, summary, words);
        const where = `${profile.name} ${mode} ${col.key}`;
        if (expected === null) {
          expect(textOf(td), where).toBe(MISSING);
          continue;
        }
        // ★ marks a column's clear best: a mark, not part of the figure.
        expect(ownTextOf(td).replace(/^★ /, ''), where).toBe(expected.value);
        expect(byTag(td, 'span').map(textOf), where).toEqual(
          [expected.interval, expected.n].filter((note) => note !== null),
        );
        compared += 1;
      }
    }
  }
  return compared;
}

describe('lasttoken report: the HTML file', () => {
  it.each(LOOKS)(
    'in %s, %s: every section, nothing that runs or fetches, the page’s language and theme',
    (language, theme) => {
      const text = reports.get(`${language}/${theme}`) as string;
      const document = parseReport(text);
      expect(reportOutline(document)).toEqual({ lang: language, theme, sections: RUN_SECTIONS });
      expect(activeOrExternal(document)).toEqual([]);
      expect(brokenIds(document)).toEqual([]);
      expect(attr(oneWithAttr(document, 'data-section', 'run'), 'id')).toBe(`run-${runId}`);
      // The failures section lists the failed trials with the provider's message.
      const failed = shown.trials.filter((t) => t.trial.status !== 'ok');
      const rows = byTag(oneWithAttr(document, 'data-part', 'failed-trials'), 'tbody').flatMap(
        (body) => byTag(body, 'tr'),
      );
      expect(failed.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(failed.length);
      for (const row of rows) expect(textOf(row)).toContain('HTTP 500');
    },
  );

  it.each(LOOKS)(
    'in %s, %s: each chart one SVG with as many series as the run’s data gives',
    (language, theme) => {
      const document = parseReport(reports.get(`${language}/${theme}`) as string);
      const figures = withAttr(document, 'data-chart');
      const expected = expectedCharts(shown);
      // This run has every kind of chart but the input-length one, the tunnel's phase among them.
      expect(expected.map(([id]) => id)).toEqual([
        'phases',
        ...['first', 'gap', 'total'].map((figure) => `boxes-${figure}`),
        ...['first', 'gap', 'total', 'reader'].map((figure) => `differences-${figure}`),
        ...['stream', 'plain'].map((mode) => `timeline-${mode}`),
        ...['tokens', 'chars'].map((unit) => `chunks-${unit}`),
      ]);
      expect(expected[0]).toEqual(['phases', 7]);
      expect(figures.map((f) => [attr(f, 'data-chart'), Number(attr(f, 'data-series'))])).toEqual(
        expected,
      );
      for (const figure of figures) {
        expect(figure.tagName).toBe('figure');
        expect(attr(figure, 'class')).toBe('chart');
        const svgs = byTag(figure, 'svg');
        expect(svgs, attr(figure, 'data-chart') ?? '').toHaveLength(1);
        // Drawn: shapes in it, and a caption above it.
        expect(elementsIn(svgs[0] as HtmlElement).length).toBeGreaterThan(5);
        expect(textOf(byTag(figure, 'figcaption')[0] as HtmlElement)).not.toBe('');
      }
      // The charts are in the charts section, the A-vs-B table after the last difference chart.
      const charts = oneWithAttr(document, 'data-section', 'charts');
      expect(withAttr(charts, 'data-chart')).toHaveLength(figures.length);
      expect(withAttr(charts, 'data-part', 'differences')).toHaveLength(1);
    },
  );

  it.each(LOOKS)(
    'in %s, %s: every figure of the summary tables is the one show --json has',
    (language, theme) => {
      const document = parseReport(reports.get(`${language}/${theme}`) as string);
      const compared = expectSummaryTables(document, shown, wordsIn(language));
      // Two measured profiles in both modes: 13 + 7 columns each.
      expect(compared).toBe(2 * (13 + 7));
    },
  );

  it.each(LOOKS)(
    'in %s, %s: the name written as markup is text; the key and the proxy’s credentials are nowhere',
    (language, theme) => {
      const text = reports.get(`${language}/${theme}`) as string;
      const document = parseReport(text);
      expect(textNodesIn(document).filter((node) => node.trim() === XSS).length).toBeGreaterThan(0);
      const [row] = withAttr(
        oneWithAttr(document, 'data-part', 'summary-stream'),
        'data-profile',
        ids.xss,
      ).filter((e) => e.tagName === 'tr');
      expect(ownTextOf(byTag(row as HtmlElement, 'th')[0] as HtmlElement)).toBe(XSS);
      expect(byTag(document, 'script')).toEqual([]);
      expect(keyPiecesIn(text, KEY)).toEqual([]);
      expect(keyPiecesIn(text, PROXY_PASSWORD)).toEqual([]);
      expect(text).not.toContain(PROXY_USER);
      // The proxy is named, without its credentials.
      expect(text).toContain(new URL(proxy.url).host);
    },
  );
});

describe('lasttoken report: where it writes', () => {
  it('without --out writes a file named after the run and its date into the working folder', async () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    const out = await ok(['report', runId], { cwd });
    const name = reportFileNameOf(shown.run.started_at, runId);
    expect(readdirSync(cwd)).toEqual([name]);
    const bytes = statSync(join(cwd, name)).size;
    expect(out).toBe(`wrote ${join(cwd, name)} (${bytes} bytes, html report of 1 run)\n`);
    expect(reportOutline(parseReport(readFileSync(join(cwd, name), 'utf8')))).toMatchObject({
      lang: 'en',
      theme: 'light',
    });
  });

  it('with --out - writes the report to standard output and nothing else anywhere', async () => {
    const cwd = mkdtempSync(join(dir, 'stdout-'));
    const result = await cli(['report', runId, '--out', '-', '--lang', 'zh-CN'], { cwd });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.startsWith('<!doctype html>')).toBe(true);
    expect(result.stdout.trimEnd().endsWith('</html>')).toBe(true);
    expect(reportOutline(parseReport(result.stdout))).toEqual({
      lang: 'zh-CN',
      theme: 'light',
      sections: RUN_SECTIONS,
    });
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('with --json prints the path, size, format and runs', async () => {
    const file = join(dir, 'json', 'report.html');
    mkdirSync(join(dir, 'json'));
    const printed = JSON.parse(await ok(['report', runId, '--out', file, '--json'])) as unknown;
    expect(printed).toEqual({
      path: file,
      bytes: statSync(file).size,
      format: 'html',
      run_ids: [runId],
    });
  });

  it.each([
    ['no run', []],
    ['runs and a series', ['RUN', '--series', 'abcdef12']],
    ['an unknown language', ['RUN', '--lang', 'fr']],
    ['an unknown theme', ['RUN', '--theme', 'sepia']],
    ['an unknown format', ['RUN', '--format', 'pdf']],
  ])('refuses %s with exit code 2 and one line', async (_what, args) => {
    const cwd = mkdtempSync(join(dir, 'usage-'));
    const result = await cli(['report', ...args.map((arg) => (arg === 'RUN' ? runId : arg))], {
      cwd,
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^lasttoken: [^\n]+\n$/);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// The Markdown report

/** The text a reader sees of inline tokens: escapes undone, emphasis kept as its words. */
function inlineText(tokens: readonly Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) =>
      'tokens' in token && token.tokens ? inlineText(token.tokens) : (token as Tokens.Text).text,
    )
    .join('');
}

/** Every token, nested ones and table cells' too. */
function allTokens(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => {
    const nested: Token[] = [];
    if ('tokens' in token && token.tokens) nested.push(...allTokens(token.tokens));
    if (token.type === 'list') nested.push(...allTokens((token as Tokens.List).items));
    if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) {
        nested.push(...allTokens(cell.tokens));
      }
    }
    return [token, ...nested];
  });
}

describe('lasttoken report --format md', () => {
  it.each(['en', 'zh-CN'] as const)(
    'in %s: tables a Markdown parser reads, with the figures of show --json, and no HTML',
    async (language: Language) => {
      const markdown = await ok([
        'report',
        runId,
        '--format',
        'md',
        '--out',
        '-',
        '--lang',
        language,
      ]);
      const words = wordsIn(language);
      const { t, format } = words;
      const tokens = marked.lexer(markdown);
      expect(allTokens(tokens).filter((token) => token.type === 'html')).toEqual([]);
      expect(keyPiecesIn(markdown, KEY)).toEqual([]);
      expect(keyPiecesIn(markdown, PROXY_PASSWORD)).toEqual([]);

      // Each summary table follows its caption's heading.
      const tables = new Map<Mode, Tokens.Table>();
      let heading = '';
      for (const token of tokens) {
        if (token.type === 'heading') heading = inlineText((token as Tokens.Heading).tokens);
        if (token.type !== 'table') continue;
        const table = token as Tokens.Table;
        if (inlineText(table.header[0]?.tokens) !== t('results.summary.profile')) continue;
        const mode = (['stream', 'plain'] as const).find(
          (m) => t(`results.summary.caption.${m}`) === heading,
        );
        expect(mode, heading).toBeDefined();
        tables.set(mode as Mode, table);
      }
      expect([...tables.keys()]).toEqual(shown.run.config.modes);

      let compared = 0;
      const pace = shown.trials[0]?.trial.reader_pace_tps;
      for (const [mode, table] of tables) {
        const header = table.header.map((cell) => inlineText(cell.tokens));
        const cellOf = (row: Tokens.TableCell[], name: string): string => {
          const index = header.indexOf(name);
          expect(index, name).toBeGreaterThan(-1);
          return inlineText(row[index]?.tokens);
        };
        expect(table.rows).toHaveLength(shown.run.profiles.length);
        shown.run.profiles.forEach((profile, i) => {
          const row = table.rows[i] as Tokens.TableCell[];
          const summary = summaryOf(shown, profile.id, mode);
          expect(inlineText(row[0]?.tokens).startsWith(profile.name)).toBe(true);
          expect(cellOf(row, t('results.summary.ok'))).toBe(
            t('common.units.nOf', {
              ok: format.count(summary?.ok ?? 0),
              n: format.count(summary?.trials ?? 0),
            }),
          );
          expectFailures(cellOf(row, t('results.summary.failures')), summary, words);
          for (const col of COLUMNS[mode]) {
            const group = groupLabel(
              GROUP_OF[col.key],
              { mode, reader_pace_tps: pace } as SummaryTable,
              t,
            );
            const name = t('results.summary.copyHeader', {
              group,
              column: t(`results.summary.copyColumn.${col.key}`),
            });
            const expected = figureOf(col, summary, words);
            const figure = cellOf(row, name).replace(' ★', '');
            expect(figure, `${profile.name} ${mode} ${name}`).toBe(
              expected === null
                ? MISSING
                : [expected.value, ...(expected.n === null ? [] : [`(${expected.n})`])].join(' '),
            );
            if (col.interval) {
              expect(cellOf(row, t('common.table.copy.interval', { column: name }))).toBe(
                expected?.interval ?? MISSING,
              );
            }
            if (expected !== null) compared += 1;
          }
        });
      }
      expect(compared).toBe(2 * (13 + 7));
      // The name written as markup is its characters, escaped for Markdown, never markup.
      expect(markdown).toContain('\\<script\\>alert(1)\\</script\\>');
    },
  );
});

// ---------------------------------------------------------------------------
// Several runs, and a series

describe('lasttoken report of several runs and of a series', () => {
  let series: { id: string; runs: string[] };

  beforeAll(async () => {
    const out = await ok([
      'run',
      '--profiles',
      ids.xss,
      '--modes',
      'stream',
      '--trials',
      '2',
      '--max-tokens',
      '16',
      '--repeat',
      '2',
      '--every',
      '200ms',
      '--json',
    ]);
    const runs = out
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { run_id: string }).run_id);
    expect(runs).toHaveLength(2);
    const first = await showJson(runs[0] as string);
    expect(first.run.series_id).toMatch(/^[0-9a-f-]{36}$/);
    series = { id: first.run.series_id as string, runs };
  }, 60_000);

  it('two runs: each whole, then how they moved, then B − A of the second against the first', async () => {
    const file = join(dir, 'two-runs.html');
    const [other] = series.runs;
    const printed = JSON.parse(
      await ok(['report', runId, other as string, '--out', file, '--json']),
    ) as { run_ids: string[] };
    expect(printed.run_ids).toEqual([runId, other]);
    const document = parseReport(readFileSync(file, 'utf8'));
    const { sections } = reportOutline(document);
    expect(sections).toEqual([...RUN_SECTIONS, ...RUN_SECTIONS, 'trend', 'pair']);
    expect(withAttr(document, 'data-section', 'run').map((s) => attr(s, 'id'))).toEqual([
      `run-${runId}`,
      `run-${other}`,
    ]);
    const pair = oneWithAttr(document, 'data-section', 'pair');
    // The profile both runs measured is compared, its name as text.
    const rows = byTag(oneWithAttr(pair, 'data-part', 'run-pair'), 'tbody').flatMap((b) =>
      byTag(b, 'tr'),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(textNodesIn(pair).some((node) => node.trim() === XSS)).toBe(true);
    expect(activeOrExternal(document)).toEqual([]);
    expect(brokenIds(document)).toEqual([]);
  });

  it('a series: its trend first, then its newest run whole', async () => {
    const cwd = mkdtempSync(join(dir, 'series-'));
    const printed = JSON.parse(
      await ok(['report', '--series', series.id.slice(0, 8), '--json'], { cwd }),
    ) as { path: string; run_ids: string[] };
    expect(printed.run_ids).toEqual(series.runs);
    const { run: first } = await showJson(series.runs[0] as string);
    expect(printed.path).toBe(
      join(cwd, reportFileNameOf(first.started_at, series.id, 'series-report.html')),
    );
    const document = parseReport(readFileSync(printed.path, 'utf8'));
    expect(reportOutline(document).sections).toEqual(['trend', ...RUN_SECTIONS]);
    expect(attr(oneWithAttr(document, 'data-section', 'run'), 'id')).toBe(`run-${series.runs[1]}`);
    const trend = oneWithAttr(document, 'data-section', 'trend');
    // The one profile and mode of the series: its chart, and a row per run in its table.
    const table = oneWithAttr(trend, 'data-part', `trend-${ids.xss}-stream`);
    expect(byTag(byTag(table, 'tbody')[0] as HtmlElement, 'tr')).toHaveLength(2);
    expect(withAttr(trend, 'data-chart').length).toBeGreaterThan(0);
  });
});
