// src/main/index.ts with electron mocked: the window's security settings, the
// session's policies, the IPC wiring over the real services (a throwaway
// history file), events pushed to the window, links, the save dialog, a
// second launch and quitting mid-run, as a packaged app sets them up.

import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestWorkers } from '../support/test-workers';
import type { ApiResult, AppEvent } from '../../src/shared/api';
import { EVENT_CHANNEL, ipcContract } from '../../src/shared/ipc-contract';
import { contentSecurityPolicy } from '../../src/main/shell/csp';
import { openStore } from '../../src/main/store';
import { FakeWebContents, registered } from './fakes/electron';

const electron = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('./fakes/electron');
  return createFakeElectron();
});
vi.mock('electron', () => electron);

const { app, dialog, ipcHandlers, session, shell, windows } = electron;

// The app opens its history at start: here a throwaway file, not the user's.
const historyDir = mkdtempSync(join(tmpdir(), 'lasttoken-main-'));
const historyFile = join(historyDir, 'history.db');

beforeAll(async () => {
  process.env['LASTTOKEN_DB'] = historyFile;
  await import('../../src/main/index');
  // index.ts names the workers beside its bundle, which a test of the source has not built.
  useTestWorkers();
  await app.whenReady();
});

afterAll(() => {
  delete process.env['LASTTOKEN_DB'];
  rmSync(historyDir, { recursive: true, force: true });
});

function mainWindow() {
  expect(windows).toHaveLength(1);
  return registered(windows[0], 'the main window');
}

function rendererPageUrl(): string {
  const [file] = mainWindow().loadFile.mock.calls[0] ?? [];
  return pathToFileURL(registered(file, 'the renderer file')).href;
}

/** The app page's main frame: the one sender main answers. */
function appFrame() {
  return { url: rendererPageUrl(), parent: null };
}

/** One contract call as the renderer makes it, through the handler main registered. */
async function call(method: keyof typeof ipcContract, input: unknown): Promise<ApiResult<unknown>> {
  const { channel } = ipcContract[method];
  const handler = registered(ipcHandlers.get(channel), channel);
  return (await handler({ senderFrame: appFrame() }, input)) as ApiResult<unknown>;
}

async function value<T>(result: Promise<ApiResult<unknown>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value as T;
}

/** The events main pushed to the window so far. */
function pushedEvents(): AppEvent[] {
  return mainWindow()
    .webContents.send.mock.calls.filter(([channel]) => channel === EVENT_CHANNEL)
    .map(([, event]) => event as AppEvent);
}

async function pushed<T extends AppEvent['type']>(
  type: T,
  runId: string,
): Promise<Extract<AppEvent, { type: T }>> {
  return vi.waitFor(
    () => {
      const event = pushedEvents().find((e) => e.type === type && e.run_id === runId);
      if (!event) throw new Error(`no ${type} pushed for ${runId} yet`);
      return event as Extract<AppEvent, { type: T }>;
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** A run of the built-in demo profile (the in-process simulator): no key, no network. */
async function startDemoRun(trials: number): Promise<string> {
  const { run_id } = await value<{ run_id: string }>(
    call('runsStart', {
      prompt: 'Say hello.',
      max_tokens: 32,
      modes: ['stream'],
      trials,
      profile_ids: ['demo'],
    }),
  );
  return run_id;
}

function runStatus(runId: string): string | undefined {
  const store = openStore(historyFile);
  try {
    return store.history.getRun(runId)?.run.status;
  } finally {
    store.close();
  }
}

/** web-contents-created, as Electron emits it for every new page. */
function createdWebContents(): FakeWebContents {
  const contents = new FakeWebContents();
  app.emit('web-contents-created', {}, contents);
  return contents;
}

function navigate(contents: FakeWebContents, url: string): boolean {
  const event = { url, preventDefault: vi.fn() };
  contents.emit('will-navigate', event);
  return event.preventDefault.mock.calls.length === 0;
}

describe('main process', () => {
  it('is the only instance: it took the single-instance lock', () => {
    expect(app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('opens the history shared with the CLI, with the demo profile on first start', () => {
    expect(dialog.showErrorBox).not.toHaveBeenCalled();
    const store = openStore(historyFile);
    try {
      expect(store.profiles.list()).toEqual([
        expect.objectContaining({ name: 'Demo (simulated)', builtin: true }),
      ]);
    } finally {
      store.close();
    }
  });

  it('gives the window the app icon where the OS takes it from the window', () => {
    const { options } = mainWindow();
    const icon = (options as { icon?: string }).icon;
    if (process.platform !== 'linux') {
      expect(icon).toBeUndefined();
      return;
    }
    // Under vitest the `?asset` import is a URL; electron-vite turns it into the file's path.
    expect(icon).toMatch(/\/resources\/icon\.png\b/);
    expect(existsSync(fileURLToPath(new URL('../../resources/icon.png', import.meta.url)))).toBe(
      true,
    );
  });

  it('sandboxes every renderer', () => {
    expect(app.enableSandbox).toHaveBeenCalled();
  });

  it('opens one window with an isolated, sandboxed renderer and the CommonJS preload', () => {
    const { options } = mainWindow();
    expect(options).toMatchObject({
      show: false,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      },
    });
    const { preload } = (options as { webPreferences: { preload: string } }).webPreferences;
    expect(basename(preload)).toBe('index.cjs');
    expect(basename(dirname(preload))).toBe('preload');
  });

  it('loads the built renderer and shows the window once it is ready', () => {
    const window = mainWindow();
    expect(basename(rendererPageUrl())).toBe('index.html');
    expect(window.loadURL).not.toHaveBeenCalled();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
  });

  it('keeps every page on the app: navigation elsewhere is prevented', () => {
    const contents = createdWebContents();
    expect(navigate(contents, 'https://example.com/')).toBe(false);
    expect(navigate(contents, pathToFileURL('/etc/passwd').href)).toBe(false);
    expect(navigate(contents, rendererPageUrl())).toBe(true);
  });

  it('opens web links in the system browser, and nothing else', () => {
    const contents = createdWebContents();
    shell.openExternal.mockClear();
    navigate(contents, 'https://platform.openai.com/docs');
    navigate(contents, 'javascript:alert(1)');
    navigate(contents, pathToFileURL('/etc/passwd').href);
    navigate(contents, 'https://user:secret@example.com/');
    const openWindow = registered(contents.windowOpenHandler, 'the window-open handler');
    expect(openWindow({ url: 'http://example.com/a?b=c' })).toEqual({ action: 'deny' });
    expect(openWindow({ url: 'vscode://file/etc/passwd' })).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([
      ['https://platform.openai.com/docs'],
      ['http://example.com/a?b=c'],
    ]);
  });

  it('denies new windows and webviews', () => {
    const contents = createdWebContents();
    const openWindow = registered(contents.windowOpenHandler, 'the window-open handler');
    expect(openWindow({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const attach = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
  });

  it('asks before a page with unsaved edits is closed, in the app’s language, Stay by default', () => {
    const contents = createdWebContents();
    const held = (answer: number): boolean => {
      dialog.showMessageBoxSync.mockReturnValueOnce(answer);
      const event = { preventDefault: vi.fn() };
      contents.emit('will-prevent-unload', event);
      // Electron's own way round: preventing the prevented unload lets it go ahead.
      return event.preventDefault.mock.calls.length === 0;
    };
    expect(held(1)).toBe(true);
    expect(held(0)).toBe(false);
    const [options] = dialog.showMessageBoxSync.mock.calls.at(-1) ?? [];
    expect(options).toMatchObject({
      message: '不保存就离开吗？',
      buttons: ['不保存，关闭', '留下'],
      defaultId: 1,
      cancelId: 1,
    });
  });

  it('denies every permission request and check', () => {
    const { defaultSession } = session;
    const callback = vi.fn();
    registered(defaultSession.permissionRequestHandler, 'the permission request handler')(
      {},
      'media',
      callback,
    );
    expect(callback).toHaveBeenCalledWith(false);
    expect(
      registered(defaultSession.permissionCheckHandler, 'the permission check handler')(),
    ).toBe(false);
  });

  it('sends the production Content-Security-Policy with every response', () => {
    const listener = registered(session.defaultSession.headersListener, 'the headers listener');
    const callback = vi.fn();
    listener({ responseHeaders: { 'content-security-policy': ['default-src *'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Security-Policy': [contentSecurityPolicy({ dev: false })] },
    });
  });

  it('registers a handler for every contract method and nothing else', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual(
      Object.values(ipcContract)
        .map((method) => method.channel)
        .sort(),
    );
  });

  it('answers the app page’s main frame, as the Electron app', async () => {
    await expect(call('appInfo', {})).resolves.toEqual({
      ok: true,
      value: {
        name: 'LastToken',
        version: '0.1.0-test',
        platform: process.platform,
        electron: null,
        node: process.versions.node,
        transport: 'ipc',
      },
    });
  });

  it('starts in the system’s language', async () => {
    await expect(value(call('settingsGet', {}))).resolves.toMatchObject({
      language: 'zh-CN',
      database_path: historyFile,
    });
  });

  it('refuses other senders and invalid input, as answers', async () => {
    const handler = registered(ipcHandlers.get('lasttoken:app:info'), 'lasttoken:app:info');
    const stranger = { url: 'https://example.com/', parent: null };
    const subframe = { url: rendererPageUrl(), parent: appFrame() };
    const refused = { ok: false, error: { code: 'refused', message: expect.any(String) } };
    // Electron's ipcMain awaits whatever a handler returns: an answer or a promise of one.
    expect(await handler({ senderFrame: stranger }, {})).toEqual(refused);
    expect(await handler({ senderFrame: subframe }, {})).toEqual(refused);
    expect(await handler({ senderFrame: null }, {})).toEqual(refused);
    expect(await handler({ senderFrame: appFrame() }, { extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('pushes a run’s events to the window on the event channel', async () => {
    const runId = await startDemoRun(1);
    const started = await pushed('run_started', runId);
    expect(started.plan).toBeDefined();
    const finished = await pushed('run_finished', runId);
    expect(finished.status).toBe('completed');
    // The events arrive in order: nothing of the run before it started, nothing after it finished.
    const types = pushedEvents()
      .filter((event) => event.run_id === runId)
      .map((event) => event.type);
    expect(types[0]).toBe('run_started');
    expect(types.at(-1)).toBe('run_finished');
  });

  it('skips a destroyed window', async () => {
    const window = mainWindow();
    window.webContents.send.mockClear();
    window.destroyed = true;
    try {
      const runId = await startDemoRun(1);
      await vi.waitFor(() => expect(runStatus(runId)).toBe('completed'), { timeout: 15_000 });
      expect(window.webContents.send).not.toHaveBeenCalled();
    } finally {
      window.destroyed = false;
    }
  });

  it('exports a run’s CSV where the save dialog says, in front of the window', async () => {
    const runId = await startDemoRun(1);
    await pushed('run_finished', runId);
    const target = join(historyDir, 'chosen.csv');
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    const saved = await value<{ saved: boolean; file_name: string; path: string; bytes: number }>(
      call('exportCsv', { run_id: runId, kind: 'summary' }),
    );
    expect(dialog.showSaveDialog).toHaveBeenLastCalledWith(mainWindow(), {
      defaultPath: saved.file_name,
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    expect(saved).toMatchObject({ saved: true, path: target });
    expect(readFileSync(target, 'utf8').length).toBe(saved.bytes);
  });

  it('writes nothing when the save dialog is cancelled', async () => {
    const runId = await startDemoRun(1);
    await pushed('run_finished', runId);
    dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    await expect(value(call('exportCsv', { run_id: runId, kind: 'trials' }))).resolves.toEqual(
      expect.objectContaining({ saved: false, path: null, bytes: 0 }),
    );
  });

  it('brings its window back when the app is launched again', async () => {
    const window = mainWindow();
    window.minimized = true;
    app.emit('second-instance', {}, ['LastToken'], '/');
    await vi.waitFor(() => expect(window.focus).toHaveBeenCalled());
    expect(window.restore).toHaveBeenCalled();
    expect(windows).toHaveLength(1);
  });

  it('quits when the last window closes, except on macOS', () => {
    app.quit.mockClear();
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });

  // Last: it closes the services.
  it('quits mid-run only once the run is marked interrupted and the history closed', async () => {
    const runId = await startDemoRun(200);
    await pushed('run_started', runId);
    app.quit.mockReset();
    let statusAtQuit: string | undefined;
    app.quit.mockImplementation(() => {
      statusAtQuit = runStatus(runId);
    });

    const firstQuit = { preventDefault: vi.fn() };
    app.emit('before-quit', firstQuit);
    expect(firstQuit.preventDefault).toHaveBeenCalled();
    expect(app.quit).not.toHaveBeenCalled();
    // Asked again while closing (a second Cmd-Q): still held back, and closed once.
    const secondQuit = { preventDefault: vi.fn() };
    app.emit('before-quit', secondQuit);
    expect(secondQuit.preventDefault).toHaveBeenCalled();

    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(statusAtQuit).toBe('interrupted');

    // The quit main asked for goes through.
    const finalQuit = { preventDefault: vi.fn() };
    app.emit('before-quit', finalQuit);
    expect(finalQuit.preventDefault).not.toHaveBeenCalled();
    expect(app.quit).toHaveBeenCalledTimes(1);
  });
});
