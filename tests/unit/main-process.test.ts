// src/main/index.ts with electron mocked: the window's security settings, the
// session's policies and the IPC wiring, as a packaged app sets them up.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore } from '../../src/main/store';
import { contentSecurityPolicy } from '../../src/main/shell/csp';
import { ipcContract } from '../../src/shared/ipc-contract';
import { FakeWebContents, registered } from './fakes/electron';

const electron = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('./fakes/electron');
  return createFakeElectron();
});
vi.mock('electron', () => electron);

const { app, dialog, ipcHandlers, session, windows } = electron;

// The app opens its history at start: here a throwaway file, not the user's.
const historyDir = mkdtempSync(join(tmpdir(), 'lasttoken-main-'));
const historyFile = join(historyDir, 'history.db');

beforeAll(async () => {
  process.env['LASTTOKEN_DB'] = historyFile;
  await import('../../src/main/index');
  await app.whenReady();
});

afterAll(() => {
  app.emit('will-quit');
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

  it('denies new windows and webviews', () => {
    const contents = createdWebContents();
    const openWindow = registered(contents.windowOpenHandler, 'the window-open handler');
    expect(openWindow({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const attach = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
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

  it('answers the app page’s main frame', async () => {
    const handler = registered(ipcHandlers.get('lasttoken:app:info'), 'lasttoken:app:info');
    const frame = { url: rendererPageUrl(), parent: null };
    await expect(handler({ senderFrame: frame }, {})).resolves.toEqual({
      name: 'LastToken',
      version: '0.1.0-test',
      platform: process.platform,
      electron: null,
      node: process.versions.node,
    });
  });

  it('refuses other senders and invalid input', async () => {
    const handler = registered(ipcHandlers.get('lasttoken:app:info'), 'lasttoken:app:info');
    const appFrame = { url: rendererPageUrl(), parent: null };
    const stranger = { url: 'https://example.com/', parent: null };
    const subframe = { url: rendererPageUrl(), parent: appFrame };
    await expect(handler({ senderFrame: stranger }, {})).rejects.toThrow(/refused/);
    await expect(handler({ senderFrame: subframe }, {})).rejects.toThrow(/refused/);
    await expect(handler({ senderFrame: appFrame }, { extra: 1 })).rejects.toThrow(/invalid input/);
  });

  it('quits when the last window closes, except on macOS', () => {
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });
});
