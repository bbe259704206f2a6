// The built app through its real entry points, as near to the Electron window
// as this machine allows (no Electron binary runs here): out/main/index.js in
// a Node process whose 'electron' is the stand-in of
// tests/support/stand-in-electron, its window a page of Debian's Chromium
// loading out/renderer/index.html from its file: URL, with the built
// out/preload/index.cjs run before the page's scripts and its IPC answered by
// the handlers main registered (main's own sender check seeing the URL
// Chromium reports). Through that: the window's options, the page's policy,
// pages outside the app refused, navigation and new windows denied, a profile
// created with its key in the (throwaway) keychain, a run followed live and
// its results drawn, a CSV exported where the save dialog said, and a quit in
// the middle of a long run leaving the run `interrupted` in the history file.
// Screenshots go to test-artifacts/built-app/.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type { App, BrowserWindow as ElectronWindow, session as ElectronSession } from 'electron';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnNames, SUMMARY_COLUMNS } from '../../src/main/export/columns';
import { startSimulator, type SimServer } from '../../src/main/sim';
import { contentSecurityPolicy } from '../../src/main/shell/csp';
import type { ApiResult } from '../../src/shared/api';
import { EVENT_CHANNEL, IPC_CHANNELS } from '../../src/shared/ipc-channels';
import type { LastTokenBridge } from '../../src/shared/ipc-contract';
import { ARTIFACTS, waitForCharts } from '../support/app-under-test';
import { ROOT } from '../support/spawn-cli';
import { createStandInElectron } from '../support/stand-in-electron/electron';
import { Rpc } from '../support/stand-in-electron/rpc';
import { BUILT, startStandInApp, type StandInApp } from '../support/stand-in-electron/window-host';

const KEY = 'sk-built-app-0123456789abcdef';
const PROFILE = 'Simulator (built app)';
const SHOTS = join(ARTIFACTS, 'built-app');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  productName: string;
  version: string;
};

/** The page's global as scripts in the page see it (this file has no DOM types). */
interface PageGlobal {
  lasttoken: LastTokenBridge;
  document: {
    head: { append(node: unknown): void };
    createElement(tag: string): { textContent: string };
  };
  location: { href: string };
  open(url: string): unknown;
  inlineScriptRan?: boolean;
}

let dir: string;
let historyFile: string;
let sim: SimServer;
let app: StandInApp;
let page: Page;
/** A page on another origin of 127.0.0.1, for what a page outside the app can do. */
let elsewhere: Server;

beforeAll(async () => {
  if (process.env['LASTTOKEN_KEYCHAIN'] !== 'real') {
    throw new Error(
      'This test stores a key in the OS keychain: run it through scripts/with-keyring.mjs (npm test ' +
        `does). Reason: ${process.env['LASTTOKEN_KEYCHAIN_UNAVAILABLE'] ?? 'not run through scripts/with-keyring.mjs'}.`,
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'lasttoken-built-app-'));
  historyFile = join(dir, 'history.db');
  const folder = (name: string): string => {
    const path = join(dir, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  sim = await startSimulator({ port: 0 });
  elsewhere = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>elsewhere</title><p>not the app</p>');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  app = await startStandInApp({
    env: {
      HOME: folder('home'),
      XDG_CONFIG_HOME: folder('config'),
      XDG_CACHE_HOME: folder('cache'),
      XDG_DATA_HOME: folder('data'),
      LASTTOKEN_DB: historyFile,
    },
  });
  ({ page } = await app.window());
  await appShown(page);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await sim?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Waits for the app's layout; if the page shows an error instead (main refused the page's
 * calls, or the preload gave it no API), fails with it and the URLs main compares.
 */
async function appShown(target: Page): Promise<void> {
  const error = target.locator('.message-error');
  await Promise.race([target.locator('.layout').waitFor(), error.waitFor()]);
  if (await error.isVisible()) {
    throw new Error(
      `the app's page shows an error instead of the app: ${await error.textContent()}\n` +
        `  the page's URL as Chromium reports it: ${target.url()}\n` +
        `  the renderer file's URL main expects:  ${pathToFileURL(BUILT.renderer).href}\n` +
        `  problems: ${JSON.stringify(app.problems)}\n${app.output()}`,
    );
  }
}

async function screenshot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

function lasttokenCall<T>(target: Page, method: keyof LastTokenBridge, input?: unknown) {
  return target.evaluate(
    ([name, argument]) => {
      const api = (globalThis as unknown as PageGlobal).lasttoken as unknown as Record<
        string,
        (input?: unknown) => Promise<unknown>
      >;
      const fn = api[name as string];
      if (fn === undefined) throw new Error(`window.lasttoken has no ${String(name)}`);
      return fn(argument);
    },
    [method, input] as const,
  ) as Promise<ApiResult<T>>;
}

/**
 * A run's status as the file has it, read only: opening it through the store would mark a run
 * of a process that is gone `interrupted` itself, hiding whether main did.
 */
const statusOf = (runId: string): string | undefined => {
  const db = new Database(historyFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT status FROM runs WHERE id = ?').get(runId) as
      { status: string } | undefined;
    return row?.status;
  } finally {
    db.close();
  }
};

/** What main answered the page, or the failure it said. */
async function value<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

const eventsDelivered = (type: string): number =>
  app.delivered.filter((d) => d.channel === EVENT_CHANNEL && d.type === type && d.listeners > 0)
    .length;

describe('the built app in a stand-in Electron', () => {
  it('opens one isolated, sandboxed window with the built preload and renderer, and answers over IPC', async () => {
    const records = await app.records();
    expect(records.mainErrors).toEqual([]);
    expect(records.errorBoxes).toEqual([]);
    const [window, ...others] = records.windows;
    expect(others).toEqual([]);
    expect(window?.options).toMatchObject({
      show: false,
      webPreferences: {
        preload: BUILT.preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      },
    });
    expect(window?.loads).toEqual([
      { method: 'loadFile', argument: BUILT.renderer, url: pathToFileURL(BUILT.renderer).href },
    ]);
    // The URL main checks senders against is the one Chromium reports for the page.
    expect(page.url()).toBe(pathToFileURL(BUILT.renderer).href);
    // Shown once ready to show, never before.
    expect(window?.ops).toEqual(['show']);
    expect(records.calls.slice(0, 3)).toEqual([
      'app.requestSingleInstanceLock',
      'app.enableSandbox',
      'ready',
    ]);
    expect(records.calls).toContain('new BrowserWindow');
    expect(records.session).toEqual({
      headersListener: true,
      permissionRequestHandler: true,
      permissionCheckHandler: true,
    });
    expect([...records.ipcChannels].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    // Every page's contents are locked down as they are created.
    expect(window?.webContents).toMatchObject({
      windowOpenHandler: true,
      listeners: { 'will-navigate': 1, 'will-attach-webview': 1 },
    });

    // The preload's API, as the context bridge leaves it: read-only, frozen, one function per method.
    const bridge = await page.evaluate(() => {
      const own = Object.getOwnPropertyDescriptor(globalThis, 'lasttoken');
      const api = (globalThis as unknown as PageGlobal).lasttoken as unknown as Record<
        string,
        unknown
      >;
      return {
        writable: own?.writable,
        configurable: own?.configurable,
        frozen: Object.isFrozen(api),
        methods: Object.keys(api).filter((key) => typeof api[key] === 'function'),
      };
    });
    expect(bridge).toEqual({
      writable: false,
      configurable: false,
      frozen: true,
      methods: [...Object.keys(IPC_CHANNELS), 'subscribe'],
    });
    await expect(lasttokenCall(page, 'appInfo')).resolves.toEqual({
      ok: true,
      value: {
        name: packageJson.productName,
        version: packageJson.version,
        platform: process.platform,
        // process.versions.electron: none in the stand-in's Node (so main loads Node's better-sqlite3).
        electron: null,
        node: process.versions.node,
        transport: 'ipc',
      },
    });
    await expect(value(lasttokenCall(page, 'settingsGet'))).resolves.toMatchObject({
      database_path: historyFile,
    });
    // Electron's page talks to main only: no request of its own ever leaves it.
    expect(app.pageRequests).toEqual([]);
    // The lock and the session in the same folder, which is not the real user's.
    expect(records.userDataAtLock).toBe(records.sessionDataAtReady);
    expect(records.userDataAtLock?.startsWith(homedir())).toBe(false);
    // The plan for the demo (a newcomer's choice), counted by main.
    await expect.poll(() => page.locator('.plan-calls-number').textContent()).toBe('10');
    await screenshot('first-start');
    expect(app.problems).toEqual([]);
  });

  it('has the policy main sends in its page, which Chromium enforces, and denies permissions', async () => {
    const html = readFileSync(BUILT.renderer, 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBe(contentSecurityPolicy({ dev: false }));
    // What main's session.webRequest.onHeadersReceived does to a response: the same policy,
    // replacing the response's own, other headers kept.
    const response = await app.request('headers-received', {
      details: {
        id: 1,
        url: page.url(),
        method: 'GET',
        resourceType: 'mainFrame',
        referrer: '',
        timestamp: Date.now(),
        statusLine: 'HTTP/1.1 200 OK',
        statusCode: 200,
        responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Kept': ['yes'] },
      },
    });
    expect(response).toEqual({
      responseHeaders: { 'X-Kept': ['yes'], 'Content-Security-Policy': [meta] },
    });
    // A file: page gets no headers: the meta tag is what holds, and Chromium holds the page to it.
    const inlineRan = await page.evaluate(() => {
      const page = globalThis as unknown as PageGlobal;
      const script = page.document.createElement('script');
      script.textContent = 'globalThis.inlineScriptRan = true';
      page.document.head.append(script);
      return page.inlineScriptRan === true;
    });
    expect(inlineRan).toBe(false);

    await expect(
      app.request('permission-request', { permission: 'media', url: page.url() }),
    ).resolves.toBe(false);
    await expect(
      app.request('permission-check', { permission: 'notifications', origin: 'file:///' }),
    ).resolves.toBe(false);
  });

  it('refuses the same IPC from a page that is not the app’s', async () => {
    const refused = { ok: false, error: { code: 'refused', message: expect.any(String) } };
    const port = (elsewhere.address() as AddressInfo).port;
    for (const url of ['about:blank', `http://127.0.0.1:${port}/`]) {
      const other = await app.openPageOutsideApp(url);
      try {
        expect(other.url()).toBe(url);
        // The preload ran there too (as Electron's would in that window), so the call reaches main.
        await expect(lasttokenCall(other, 'appInfo'), url).resolves.toEqual(refused);
        await expect(lasttokenCall(other, 'profilesList'), url).resolves.toEqual(refused);
      } finally {
        await other.close();
      }
    }
    // The app's own page is still answered.
    await expect(lasttokenCall(page, 'appInfo')).resolves.toMatchObject({ ok: true });
  });

  it('keeps the window on the app: navigation elsewhere prevented, web links to the browser, no new windows', async () => {
    await page.evaluate(() => {
      (globalThis as unknown as Record<string, unknown>)['sameDocument'] = true;
    });
    const elsewhereUrl = 'https://example.com/elsewhere';
    const fileUrl = pathToFileURL('/etc/hostname').href;
    for (const url of [elsewhereUrl, fileUrl]) {
      const before = app.navigations.length;
      await page.evaluate((target) => {
        (globalThis as unknown as PageGlobal).location.href = target;
      }, url);
      await expect.poll(() => app.navigations.length).toBe(before + 1);
      expect(app.navigations.at(-1)).toEqual({ windowId: 1, url, prevented: true });
    }
    // Still the same document of the app's page.
    expect(page.url()).toBe(pathToFileURL(BUILT.renderer).href);
    expect(
      await page.evaluate(() => (globalThis as unknown as Record<string, unknown>)['sameDocument']),
    ).toBe(true);

    const popups = browserPages();
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobal).open('https://example.com/popup');
    });
    await expect.poll(() => app.windowOpens.length).toBe(1);
    expect(app.windowOpens[0]).toEqual({
      windowId: 1,
      url: 'https://example.com/popup',
      answer: { action: 'deny' },
    });
    await expect.poll(() => browserPages()).toBe(popups);

    await expect(
      app.request('will-attach-webview', { windowId: 1, src: 'https://example.com/' }),
    ).resolves.toEqual({ prevented: true });
    // Web links went to the system browser; the file: link nowhere.
    expect((await app.records()).openExternal).toEqual([elsewhereUrl, 'https://example.com/popup']);
    expect(app.problems).toEqual([]);
  });

  it('creates a profile against the simulator, its key stored in the keychain', async () => {
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobal).location.href = '#/profiles?new';
    });
    await page.getByLabel('Name', { exact: true }).fill(PROFILE);
    await page.getByLabel('Base URL', { exact: true }).fill(`${sim.url}/v1`);
    // Listed by main from the simulator over 127.0.0.1.
    await page.getByRole('button', { name: 'Load models' }).click();
    await page.getByLabel('Search models').fill('steady');
    await page.getByRole('radio', { name: 'sim-steady' }).check();
    await page.getByLabel('Model', { exact: true }).fill('sim-steady:tokens=120,gap=12,ttft=80');
    await page.getByLabel('Key to store').fill(KEY);
    await page.getByRole('button', { name: 'Create profile' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'its key is stored in the keychain' })
      .waitFor();
    const card = page.locator('.profile-card').filter({
      has: page.getByRole('heading', { name: PROFILE, exact: true }),
    });
    await expect.poll(() => card.textContent()).toContain('key stored in the keychain');
    expect(await page.content()).not.toContain(KEY);
    await screenshot('profiles');
  });

  let runId: string;

  it('runs it, followed live through webContents.send, and draws the results', async () => {
    await page.getByRole('link', { name: 'New run' }).first().click();
    await page.getByRole('heading', { name: 'New run', level: 1 }).waitFor();
    const option = page.locator('.profile-option').filter({ hasText: PROFILE });
    await expect.poll(() => option.textContent()).toContain('key stored');
    await option.getByRole('checkbox').check();
    await page
      .locator('.profile-option')
      .filter({ hasText: 'Demo (simulated)' })
      .getByRole('checkbox')
      .uncheck();
    await page.locator('input[name="run-modes"][value="both"]').check();
    await page.getByLabel('Trials per profile and mode').fill('2');
    await expect.poll(() => page.locator('.plan-calls-number').textContent()).toBe('4');
    await page.getByRole('button', { name: 'Start the run' }).click();
    await page.waitForURL(/#\/runs\/(?!new)[^/]+$/);
    runId = decodeURIComponent(new URL(page.url()).hash.replace('#/runs/', ''));
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();

    // Live: main's events reach the page's listeners, and the page moves with them.
    await expect
      .poll(() => page.locator('.live-run tbody tr').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.locator('.live-run .echart[data-chart-finished="true"]').waitFor();
    expect(eventsDelivered('run_progress')).toBeGreaterThan(0);
    expect(eventsDelivered('trial_finished')).toBeGreaterThan(0);
    await screenshot('live-run');

    await page.getByText('The run is complete: 4 trials saved.').waitFor({ timeout: 30_000 });
    await page.locator('.run-results').waitFor();
    expect(await waitForCharts(page)).toBeGreaterThan(1);
    expect(await page.locator('.run-results').textContent()).toContain(PROFILE);
    expect(statusOf(runId)).toBe('completed');
    await screenshot('results');
    expect(app.problems).toEqual([]);
  }, 60_000);

  it('exports a CSV where the save dialog says', async () => {
    const target = join(dir, 'exports', 'summary.csv');
    mkdirSync(join(dir, 'exports'), { recursive: true });
    await app.request('answer-save-dialog', { answer: { canceled: false, filePath: target } });
    await page
      .getByRole('group', { name: 'Export CSV' })
      .getByRole('button', { name: 'Summary' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `to ${target}` })
      .waitFor();
    const { saveDialogs } = await app.records();
    expect(saveDialogs).toEqual([
      {
        windowId: 1,
        options: {
          defaultPath: expect.stringMatching(/summary.*\.csv$/),
          filters: [{ name: 'CSV', extensions: ['csv'] }],
        },
      },
    ]);
    expect(existsSync(target)).toBe(true);
    const [header, ...rows] = readFileSync(target, 'utf8').trimEnd().split(/\r?\n/);
    expect(header).toBe(columnNames(SUMMARY_COLUMNS).join(','));
    // One row per profile and mode.
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.startsWith(`${runId},`))).toBe(true);
  });

  it('asks before the window unloads a form with unsaved edits: Stay keeps them, Leave goes', async () => {
    await page.evaluate(() => {
      (globalThis as unknown as PageGlobal).location.href = '#/profiles?new';
    });
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Not saved yet');
    const reload = () => page.evaluate('location.reload()');
    // Chromium holds the unload back (beforeunload); main asks, and Stay (button 1) keeps the page.
    await app.request('answer-message-box', { answer: 1 });
    await reload();
    await expect.poll(async () => (await app.records()).messageBoxes.length).toBe(1);
    expect(await name.inputValue()).toBe('Not saved yet');
    const [question] = (await app.records()).messageBoxes;
    expect(question).toEqual({
      windowId: 1,
      options: {
        type: 'question',
        buttons: ['Close without saving', 'Stay'],
        defaultId: 1,
        cancelId: 1,
        message: 'Leave without saving?',
        detail: 'The profile form has changes that are not saved. Closing the window loses them.',
      },
    });
    // Leave (button 0): the page goes, and the edits with it.
    await app.request('answer-message-box', { answer: 0 });
    await reload();
    await appShown(page);
    await expect.poll(async () => (await app.records()).messageBoxes.length).toBe(2);
    await name.waitFor();
    expect(await name.inputValue()).toBe('');
  });

  it('brings its window to the front when launched again', async () => {
    await app.request('second-instance', { argv: ['lasttoken'], workingDirectory: ROOT });
    await expect.poll(async () => (await app.records()).windows[0]?.ops.at(-1)).toBe('focus');
    expect((await app.records()).windows).toHaveLength(1);
  });

  it('quits mid-run only after marking the run interrupted, and then exits', async () => {
    const { id: profileId } = await value(
      lasttokenCall<{ id: string }>(page, 'profilesCreate', {
        name: 'Long answer',
        base_url: `${sim.url}/v1`,
        model: 'sim-steady:tokens=3000,gap=10',
      }),
    );
    const { run_id: longRun } = await value(
      lasttokenCall<{ run_id: string }>(page, 'runsStart', {
        prompt: 'Count slowly.',
        max_tokens: 5000,
        modes: ['stream'],
        trials: 3,
        profile_ids: [profileId],
      }),
    );
    await page.evaluate((id) => {
      (globalThis as unknown as PageGlobal).location.href = `#/runs/${id}`;
    }, longRun);
    await page.getByRole('heading', { name: 'Run in progress' }).waitFor();
    const progressed = eventsDelivered('run_progress');
    await expect.poll(() => eventsDelivered('run_progress')).toBeGreaterThan(progressed);
    expect(statusOf(longRun)).toBe('running');
    const before = (await app.records()).mainErrors;
    expect(before).toEqual([]);
    const quitFrom = app.appEvents.length;

    // Quitting may end the process before it answers (so it does, were the quit not held back).
    const quitAsked = app.request('quit').catch((error: unknown) => error);
    const exit = await app.exited;
    // What the history file says once the process is gone: the run was marked, not cut off.
    expect(statusOf(longRun)).toBe('interrupted');
    expect(statusOf(runId)).toBe('completed');
    expect(await quitAsked).toBeNull();
    expect(exit).toEqual({ code: 0, signal: null, announced: 0 });
    // The first quit was held back while the services closed; the second went through.
    expect(app.appEvents.slice(quitFrom)).toEqual([
      { name: 'before-quit', prevented: true },
      { name: 'before-quit', prevented: false },
      { name: 'will-quit', prevented: false },
      { name: 'quit', prevented: false },
    ]);
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(app.output()).not.toMatch(/closing the history failed|Uncaught|Unhandled/);
    expect(app.problems).toEqual([]);
  }, 30_000);
});

function browserPages(): number {
  return app.browser.context.pages().length;
}

/** The stand-in on its own, in this process: its Electron behaviour, which the test above relies on. */
describe('the stand-in electron itself', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'lasttoken-stand-in-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function alone(env: NodeJS.ProcessEnv = { HOME: join(scratch, 'home') }) {
    const exits: number[] = [];
    const rpc = new Rpc({ send: () => undefined, onMessage: () => undefined }, (error) => {
      throw error;
    });
    const standIn = createStandInElectron({
      rpc,
      config: { mainFile: BUILT.main, appPath: ROOT, locale: 'en-US', singleInstanceLock: true },
      exit: (code) => exits.push(code),
      env,
    });
    const electron = standIn.module as unknown as {
      app: App;
      BrowserWindow: typeof ElectronWindow;
      session: typeof ElectronSession;
    };
    return { ...electron, standIn, exits };
  }

  it('computes, overrides and creates paths as Electron on Linux does', () => {
    const config = join(scratch, 'config');
    const { app } = alone({ HOME: join(scratch, 'home'), XDG_CONFIG_HOME: config });
    expect(app.getPath('home')).toBe(join(scratch, 'home'));
    expect(app.getPath('appData')).toBe(config);
    expect(app.getName()).toBe(packageJson.productName);
    expect(app.getPath('userData')).toBe(join(config, packageJson.productName));
    expect(existsSync(join(config, packageJson.productName))).toBe(true);
    expect(app.getPath('sessionData')).toBe(app.getPath('userData'));
    // An override clears what was computed from it; the folder is neither created nor required.
    const moved = join(scratch, 'moved');
    app.setPath('appData', moved);
    expect(app.getPath('userData')).toBe(join(moved, packageJson.productName));
    const own = join(scratch, 'own-user-data');
    app.setPath('userData', own);
    expect(app.getPath('userData')).toBe(own);
    expect(app.getPath('sessionData')).toBe(own);
    expect(existsSync(own)).toBe(false);
    expect(() => app.setPath('userData', 'relative')).toThrow('Path must be absolute');
    expect(() => app.setPath('nowhere', own)).toThrow('Failed to set path');
    expect(() => app.getPath('nowhere' as 'home')).toThrow("Failed to get 'nowhere' path");
    expect(() => app.getPath('exe')).toThrow(/not implemented/);
  });

  it('refuses what it does not implement, and what Electron refuses before ready', () => {
    const { app, BrowserWindow, session, standIn } = alone();
    expect(() => app.setAppUserModelId('x')).toThrow(/app\.setAppUserModelId is not implemented/);
    expect(() => app.on('browser-window-focus', () => undefined)).toThrow(/never emits/);
    expect(() => session.defaultSession).toThrow('Session can only be received when app is ready');
    expect(() => new BrowserWindow({})).toThrow('Cannot create BrowserWindow before app is ready');
    standIn.becomeReady();
    expect(() => app.enableSandbox()).toThrow('can only be called before app is ready');
    const window = new BrowserWindow({ show: false });
    expect(() => window.setTitle('x')).toThrow(/BrowserWindow\.setTitle is not implemented/);
    expect(() => window.webContents.openDevTools()).toThrow(/webContents\.openDevTools/);
  });

  it('quits as Electron does: before-quit can hold it, a window can refuse to close, will-quit too', () => {
    const { app, BrowserWindow, standIn, exits } = alone();
    standIn.becomeReady();
    const seen: string[] = [];
    let hold = { quit: true, close: true, willQuit: true };
    app.on('before-quit', (event) => {
      seen.push('before-quit');
      if (hold.quit) event.preventDefault();
    });
    app.on('will-quit', (event) => {
      seen.push('will-quit');
      if (hold.willQuit) event.preventDefault();
    });
    app.on('quit', () => seen.push('quit'));
    app.on('window-all-closed', () => seen.push('window-all-closed'));
    const window = new BrowserWindow({ show: false });
    window.on('close', (event) => {
      seen.push('close');
      if (hold.close) event.preventDefault();
    });
    window.on('closed', () => seen.push('closed'));

    app.quit();
    expect(seen).toEqual(['before-quit']);
    hold = { ...hold, quit: false };
    app.quit();
    expect(seen).toEqual(['before-quit', 'before-quit', 'close']);
    expect(window.isDestroyed()).toBe(false);
    hold = { ...hold, close: false };
    app.quit();
    expect(seen.slice(3)).toEqual(['before-quit', 'close', 'closed', 'will-quit']);
    expect(exits).toEqual([]);
    hold = { ...hold, willQuit: false };
    app.quit();
    // No window is left to close; 'window-all-closed' is never emitted by a quit.
    expect(seen.slice(7)).toEqual(['before-quit', 'will-quit', 'quit']);
    expect(exits).toEqual([0]);
  });
});
