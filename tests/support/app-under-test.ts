// The whole app as a user meets it in browser mode, for end-to-end tests: the
// real services (a history in a temp folder, the real keychain that
// scripts/with-keyring.mjs prepared), the web server, the renderer built from
// source, the simulated provider over 127.0.0.1, and Debian's Chromium. Plus
// what every screen test needs: waiting for drawn charts, an axe-core scan,
// and screenshots under test-artifacts/ named by screen, language and theme.

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openAppServices, type AppServices } from '../../src/main/app-services';
import { KeytarKeyStore, type KeyStore } from '../../src/main/secrets';
import { startSimulator, type SimServer } from '../../src/main/sim';
import { startWebServer, type WebServer } from '../../src/main/web';
import type { AppEvent, Language, RunView, Theme } from '../../src/shared/api';
import { DEFAULT_RUN_LIMITS, type RunConfig } from '../../src/shared/run';
import { buildRenderer } from './build-renderer';
import { launchChromium, type Browser } from './chromium';
import { ROOT } from './spawn-cli';

export const ARTIFACTS = join(ROOT, 'test-artifacts');

export interface AppUnderTest {
  services: AppServices;
  server: WebServer;
  sim: SimServer;
  browser: Browser;
  /** A page signed in (its session cookie set), at the app's first screen. */
  page: Page;
  /**
   * Every alert, confirm or prompt the page opened, dismissed: a name rendered
   * as HTML that ran a script would show up here.
   */
  dialogs: string[];
  /** Opens the app at this hash route (`#/profiles`), waiting for it to render. */
  open(hash: string): Promise<void>;
  close(): Promise<void>;
}

export async function startAppUnderTest(
  /** `keys`: the real keychain by default; a benchmark may do without one. */
  options: { width?: number; height?: number; keys?: KeyStore } = {},
): Promise<AppUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-e2e-'));
  const renderer = await buildRenderer();
  const sim = await startSimulator({ port: 0 });
  const services = openAppServices({
    databasePath: join(dir, 'history.db'),
    keys: options.keys ?? new KeytarKeyStore(),
    identity: { name: 'LastToken', version: 'e2e', electron: null, transport: 'http' },
    systemLocale: 'en-US',
  });
  const server = await startWebServer({ services, rendererDir: renderer.dir });
  const browser = await launchChromium();
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: options.width ?? 1440, height: options.height ?? 900 });
  // Errors in the page fail the test that caused them, not silently.
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    // A form with unsaved changes asks before the page unloads: a test that opens another page means it.
    if (dialog.type() === 'beforeunload') {
      void dialog.accept();
      return;
    }
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(server.url);
  await page.locator('.layout').waitFor();
  return {
    services,
    server,
    sim,
    browser,
    page,
    dialogs,
    async open(hash) {
      // A new load each time (a hash change alone would keep the page and its settings),
      // and a new session: the window's session storage (New run's draft) starts empty.
      await page.goto('about:blank');
      await page.goto(`${server.origin}/robots.txt`);
      await page.evaluate('sessionStorage.clear()');
      await page.goto(`${server.origin}/${hash}`);
      await page.locator('.layout').waitFor();
      if (pageErrors.length > 0) throw pageErrors[0];
    },
    async close() {
      await browser.close();
      await server.close();
      await services.close();
      await sim.close();
      renderer.remove();
      rmSync(dir, { recursive: true, force: true });
      if (pageErrors.length > 0) throw pageErrors[0];
    },
  };
}

/**
 * Waits until the page shows at least one chart and every chart on it has
 * been drawn (Echart.tsx marks its host). Polled with evaluate: a string
 * predicate would need eval, which the page's CSP refuses.
 */
export async function waitForCharts(page: Page, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await page.evaluate(() => {
      const charts = [
        ...(
          globalThis as unknown as {
            document: {
              querySelectorAll(s: string): Iterable<{ dataset: Record<string, string> }>;
            };
          }
        ).document.querySelectorAll('.echart'),
      ];
      return {
        count: charts.length,
        drawn: charts.every((c) => c.dataset['chartFinished'] === 'true'),
      };
    });
    if (state.count > 0 && state.drawn) return state.count;
    if (Date.now() > deadline) {
      throw new Error(`charts not drawn within ${timeoutMs} ms (${state.count} on the page)`);
    }
    await page.waitForTimeout(50);
  }
}

/** Every language and theme the app has: each screen is checked and shot in all four. */
export const LOOKS = [
  ['en', 'light'],
  ['en', 'dark'],
  ['zh-CN', 'light'],
  ['zh-CN', 'dark'],
] as const satisfies readonly (readonly [Language, Theme])[];

/** The window sizes the app promises to read well at: a laptop's, and the narrowest. */
export const WINDOW_SIZES = [
  [1440, 900],
  [1024, 700],
] as const;

/** `look` at each window size in turn; the window is 1440×900 again afterwards, whatever happened. */
export async function atEachSize(
  page: Page,
  look: (width: number, height: number) => Promise<void>,
): Promise<void> {
  try {
    for (const [width, height] of WINDOW_SIZES) {
      await page.setViewportSize({ width, height });
      await look(width, height);
    }
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
  }
}

/** Switches language and theme through the app's own settings, as a user would. */
export async function useLook(app: AppUnderTest, language: Language, theme: Theme): Promise<void> {
  await app.services.settings.update({ language, theme });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's serious and critical findings on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated by the browser's debugging protocol: the page's own CSP (no
  // inline scripts) stays in force for everything else.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run();
    return (
      result.violations as {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: string[] }[];
      }[]
    )
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}

/** Saves the page as test-artifacts/<name>.png (full page), for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Starts a run through the app's services and resolves with its id once it has finished. */
export async function finishedRun(app: AppUnderTest, config: RunConfig): Promise<string> {
  let started: string | null = null;
  const early = new Set<string>();
  const done = new Promise<void>((resolve) => {
    const stop = app.services.events.subscribe((event: AppEvent) => {
      if (event.type !== 'run_finished') return;
      early.add(event.run_id);
      if (event.run_id === started) {
        stop();
        resolve();
      }
    });
  });
  const { run_id } = await app.services.runs.start(config);
  started = run_id;
  if (!early.has(run_id)) await done;
  return run_id;
}

/**
 * A run of these profiles on the simulator through the app's services, in
 * both modes with every trial shown (no wait for a rate limit, no giving up),
 * finished, as its results page reads it (historyRun).
 */
export async function finishedRunView(
  app: AppUnderTest,
  config: Pick<RunConfig, 'prompt' | 'max_tokens' | 'trials' | 'profile_ids'> & Partial<RunConfig>,
): Promise<RunView> {
  const run_id = await finishedRun(app, {
    modes: ['stream', 'plain'],
    limits: DEFAULT_RUN_LIMITS,
    reuse_connection: false,
    warmup: false,
    max_retry_wait_ms: 0,
    give_up_after: 0,
    ...config,
  });
  const result = await app.services.dispatch('historyRun', { run_id });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as RunView;
}
