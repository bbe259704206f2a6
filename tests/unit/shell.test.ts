// The pure parts of the Electron shell: window options, CSP, the app-page
// checks, links, the save dialog, event forwarding, quitting, the worker's
// place outside app.asar and the answers when the services cannot open.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../src/shared/api';
import { EVENT_CHANNEL } from '../../src/shared/ipc-contract';
import { isAppPageUrl, isTrustedSender, locateAppPage } from '../../src/main/shell/app-page';
import { unpackedUrl } from '../../src/main/shell/asar';
import { contentSecurityPolicy, withContentSecurityPolicy } from '../../src/main/shell/csp';
import { forwardEvents, type EventWindow } from '../../src/main/shell/event-forwarding';
import { browserUrl } from '../../src/main/shell/external-links';
import { quitAfterClosing } from '../../src/main/shell/quit';
import { chosenSavePath, saveDialogOptions } from '../../src/main/shell/save-dialog';
import { unavailableDispatch } from '../../src/main/shell/unavailable-dispatch';
import { mainWindowOptions } from '../../src/main/shell/window-options';

describe('main window options', () => {
  it('isolate and sandbox the renderer', () => {
    const { webPreferences } = mainWindowOptions('/app/out/preload/index.cjs');
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('content security policy', () => {
  const directives = (policy: string) =>
    new Map(
      policy.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );

  it('allows only the app’s own scripts and connections in a built app', () => {
    const policy = directives(contentSecurityPolicy({ dev: false }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('relaxes only script-src, and only for the dev server', () => {
    const production = directives(contentSecurityPolicy({ dev: false }));
    const dev = directives(contentSecurityPolicy({ dev: true }));
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    dev.delete('script-src');
    production.delete('script-src');
    expect(dev).toEqual(production);
  });

  it('is the policy of the meta tag in index.html', () => {
    const html = readFileSync(new URL('../../src/renderer/index.html', import.meta.url), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html);
    expect(meta?.[1]).toBe(contentSecurityPolicy({ dev: false }));
  });

  it('replaces any policy a response brings, whatever the header’s case', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] },
      "default-src 'self'",
    );
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });

  it('sets the policy on a response without headers', () => {
    expect(withContentSecurityPolicy(undefined, "default-src 'self'")).toEqual({
      'Content-Security-Policy': ["default-src 'self'"],
    });
  });
});

describe('the app page', () => {
  const rendererFile = '/opt/LastToken/out/renderer/index.html';
  const builtPage = locateAppPage({ devServerUrl: undefined, rendererFile });
  const builtUrl = pathToFileURL(rendererFile).href;
  const devPage = locateAppPage({ devServerUrl: 'http://localhost:5173/', rendererFile });

  it('is the built index.html, with any query or fragment', () => {
    expect(isAppPageUrl(builtPage, builtUrl)).toBe(true);
    expect(isAppPageUrl(builtPage, `${builtUrl}?run=3#charts`)).toBe(true);
  });

  it('is no other file, site or malformed URL', () => {
    expect(isAppPageUrl(builtPage, pathToFileURL('/etc/passwd').href)).toBe(false);
    expect(isAppPageUrl(builtPage, 'https://example.com/out/renderer/index.html')).toBe(false);
    expect(isAppPageUrl(builtPage, 'not a url')).toBe(false);
  });

  it('is the dev server’s origin in development', () => {
    expect(isAppPageUrl(devPage, 'http://localhost:5173/src/App.tsx')).toBe(true);
    expect(isAppPageUrl(devPage, 'http://localhost:5174/')).toBe(false);
    expect(isAppPageUrl(devPage, builtUrl)).toBe(false);
  });

  it('trusts IPC only from its own main frame', () => {
    const mainFrame = { url: builtUrl, parent: null };
    expect(isTrustedSender(builtPage, mainFrame)).toBe(true);
    expect(isTrustedSender(builtPage, { url: builtUrl, parent: mainFrame })).toBe(false);
    expect(isTrustedSender(builtPage, { url: 'https://example.com/', parent: null })).toBe(false);
    expect(isTrustedSender(builtPage, null)).toBe(false);
  });
});

// What the sender frame reports is Chromium's canonical form of the URL that
// Electron's loadFile made from the path: url.format without escaping `%`,
// then a drive letter in upper case, spaces and non-ASCII escaped.
describe('the app page, as Chromium names the file', () => {
  const sender = (url: string) => ({ url, parent: null });

  it('on Windows, whatever the drive letter’s case and the path’s', () => {
    const page = locateAppPage({
      devServerUrl: undefined,
      rendererFile: 'c:\\Users\\Ada\\LastToken\\out\\renderer\\index.html',
      platform: 'win32',
    });
    const chromium = 'file:///C:/Users/Ada/LastToken/out/renderer/index.html';
    expect(isTrustedSender(page, sender(chromium))).toBe(true);
    expect(isTrustedSender(page, sender(chromium.toLowerCase()))).toBe(true);
    expect(isTrustedSender(page, sender(`${chromium}#/runs/1`))).toBe(true);
    expect(
      isTrustedSender(page, sender('file:///D:/Users/Ada/LastToken/out/renderer/index.html')),
    ).toBe(false);
    expect(
      isTrustedSender(page, sender('file:///C:/Users/Ada/LastToken/out/renderer/other.html')),
    ).toBe(false);
    expect(
      isTrustedSender(page, sender('file://server/C:/Users/Ada/LastToken/out/renderer/index.html')),
    ).toBe(false);
  });

  it('in a folder named “100% 测试 files”, with its `%` escaped or not', () => {
    const folder = '100% 测试 files';
    const posix = locateAppPage({
      devServerUrl: undefined,
      rendererFile: `/home/ada/${folder}/out/renderer/index.html`,
      platform: 'linux',
    });
    const loaded = 'file:///home/ada/100%%20%E6%B5%8B%E8%AF%95%20files/out/renderer/index.html';
    expect(new URL(`file:///home/ada/${folder}/out/renderer/index.html`).href).toBe(loaded);
    expect(isTrustedSender(posix, sender(loaded))).toBe(true);
    expect(
      isTrustedSender(
        posix,
        sender(pathToFileURL(`/home/ada/${folder}/out/renderer/index.html`).href),
      ),
    ).toBe(true);
    expect(
      isTrustedSender(posix, sender('file:///home/ada/100%25%20files/out/renderer/index.html')),
    ).toBe(false);

    const windows = locateAppPage({
      devServerUrl: undefined,
      rendererFile: `c:\\Users\\Ada\\${folder}\\out\\renderer\\index.html`,
      platform: 'win32',
    });
    expect(
      isTrustedSender(
        windows,
        sender('file:///C:/Users/Ada/100%%20%E6%B5%8B%E8%AF%95%20files/out/renderer/index.html'),
      ),
    ).toBe(true);
  });

  it('with spaces, and not by another case on Linux', () => {
    const page = locateAppPage({
      devServerUrl: undefined,
      rendererFile: '/opt/Last Token/out/renderer/index.html',
      platform: 'linux',
    });
    expect(isTrustedSender(page, sender('file:///opt/Last%20Token/out/renderer/index.html'))).toBe(
      true,
    );
    expect(isTrustedSender(page, sender('file:///opt/last%20token/out/renderer/index.html'))).toBe(
      false,
    );
    expect(
      isTrustedSender(page, sender('file:///opt/Last%20Token/out/renderer/%2E%2E/index.html')),
    ).toBe(false);
  });

  it.skipIf(process.platform === 'win32')('through a symlinked checkout, either way round', () => {
    const root = mkdtempSync(join(tmpdir(), 'lasttoken-app-page-'));
    try {
      const real = join(root, 'real checkout');
      mkdirSync(join(real, 'out', 'renderer'), { recursive: true });
      writeFileSync(join(real, 'out', 'renderer', 'index.html'), '');
      writeFileSync(join(real, 'out', 'renderer', 'other.html'), '');
      const linked = join(root, 'linked');
      symlinkSync(real, linked);
      const realFile = join(real, 'out', 'renderer', 'index.html');
      const linkedFile = join(linked, 'out', 'renderer', 'index.html');
      for (const [located, reported] of [
        [linkedFile, realFile],
        [realFile, linkedFile],
      ] as const) {
        const page = locateAppPage({ devServerUrl: undefined, rendererFile: located });
        expect(isTrustedSender(page, sender(pathToFileURL(reported).href))).toBe(true);
        expect(
          isTrustedSender(
            page,
            sender(pathToFileURL(join(linked, 'out', 'renderer', 'other.html')).href),
          ),
        ).toBe(false);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('links to the system browser', () => {
  it('are plain http and https URLs', () => {
    expect(browserUrl('https://platform.openai.com/docs/models')).toBe(
      'https://platform.openai.com/docs/models',
    );
    expect(browserUrl('http://127.0.0.1:8787/v1?x=1#y')).toBe('http://127.0.0.1:8787/v1?x=1#y');
    // Parsed, so what opens is what was checked.
    expect(browserUrl('HTTPS://Example.COM/a b')).toBe('https://example.com/a%20b');
  });

  it('are never another scheme', () => {
    for (const link of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vscode://file/etc/passwd',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'blob:https://example.com/1234',
      'ftp://example.com/',
      'about:blank',
    ]) {
      expect(browserUrl(link), link).toBeNull();
    }
  });

  it('never carry credentials', () => {
    expect(browserUrl('https://user:pass@example.com/')).toBeNull();
    expect(browserUrl('https://bank.example@evil.example/')).toBeNull();
    expect(browserUrl('https://:pass@example.com/')).toBeNull();
  });

  it('are well-formed', () => {
    expect(browserUrl('not a url')).toBeNull();
    expect(browserUrl('https://')).toBeNull();
    expect(browserUrl('')).toBeNull();
  });
});

describe('the token worker outside app.asar', () => {
  it('runs from app.asar.unpacked in a packaged app', () => {
    expect(
      unpackedUrl(new URL('file:///opt/LastToken/resources/app.asar/out/main/token-worker.mjs'))
        .href,
    ).toBe('file:///opt/LastToken/resources/app.asar.unpacked/out/main/token-worker.mjs');
    expect(
      unpackedUrl(
        new URL(
          'file:///C:/Program%20Files/LastToken/resources/app.asar/out/main/token-worker.mjs',
        ),
      ).href,
    ).toBe(
      'file:///C:/Program%20Files/LastToken/resources/app.asar.unpacked/out/main/token-worker.mjs',
    );
  });

  it('stays where it is when the app is not packaged', () => {
    const url = new URL('file:///home/ada/lasttoken/out/main/token-worker.mjs');
    expect(unpackedUrl(url).href).toBe(url.href);
    // Only the app's own archive: a folder that merely looks like one is left alone.
    const lookalike = new URL('file:///home/ada/app.asar.d/out/main/token-worker.mjs');
    expect(unpackedUrl(lookalike).href).toBe(lookalike.href);
  });
});

describe('the save dialog', () => {
  it('offers the export’s file name among files of its kind', () => {
    expect(saveDialogOptions('lasttoken-run-1-summary.csv')).toEqual({
      defaultPath: 'lasttoken-run-1-summary.csv',
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    expect(saveDialogOptions('lasttoken-run-1-report.html')).toEqual({
      defaultPath: 'lasttoken-run-1-report.html',
      filters: [{ name: 'HTML', extensions: ['html'] }],
    });
    expect(saveDialogOptions('lasttoken-run-1-report.md').filters).toEqual([
      { name: 'Markdown', extensions: ['md'] },
    ]);
    expect(saveDialogOptions('lasttoken-run-1').filters).toEqual([]);
  });

  it('answers the chosen path, or null when cancelled', () => {
    expect(chosenSavePath({ canceled: false, filePath: '/tmp/a.csv' })).toBe('/tmp/a.csv');
    expect(chosenSavePath({ canceled: true, filePath: '/tmp/a.csv' })).toBeNull();
    expect(chosenSavePath({ canceled: false, filePath: '' })).toBeNull();
    expect(chosenSavePath({ canceled: false })).toBeNull();
  });
});

describe('event forwarding', () => {
  const event: AppEvent = { type: 'run_error', run_id: 'r1', message: 'boom' };

  function fakeWindow(state: { window?: boolean; contents?: boolean } = {}) {
    const send = vi.fn();
    const window: EventWindow = {
      isDestroyed: () => state.window ?? false,
      webContents: { isDestroyed: () => state.contents ?? false, send },
    };
    return { window, send };
  }

  function fakeSource() {
    const listeners = new Set<(event: AppEvent) => void>();
    return {
      listeners,
      subscribe(listener: (event: AppEvent) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      emit(appEvent: AppEvent) {
        for (const listener of listeners) listener(appEvent);
      },
    };
  }

  it('sends every event to every live window on the event channel', () => {
    const source = fakeSource();
    const a = fakeWindow();
    const b = fakeWindow();
    forwardEvents(source, () => [a.window, b.window]);
    source.emit(event);
    expect(a.send).toHaveBeenCalledWith(EVENT_CHANNEL, event);
    expect(b.send).toHaveBeenCalledWith(EVENT_CHANNEL, event);
  });

  it('skips destroyed windows and web contents', () => {
    const source = fakeSource();
    const closed = fakeWindow({ window: true });
    const crashed = fakeWindow({ contents: true });
    const live = fakeWindow();
    forwardEvents(source, () => [closed.window, crashed.window, live.window]);
    source.emit(event);
    expect(closed.send).not.toHaveBeenCalled();
    expect(crashed.send).not.toHaveBeenCalled();
    expect(live.send).toHaveBeenCalledTimes(1);
  });

  it('asks for the windows at each event (one opened later gets the next)', () => {
    const source = fakeSource();
    const windows: EventWindow[] = [];
    forwardEvents(source, () => windows);
    source.emit(event);
    const later = fakeWindow();
    windows.push(later.window);
    source.emit(event);
    expect(later.send).toHaveBeenCalledTimes(1);
  });

  it('stops when unsubscribed', () => {
    const source = fakeSource();
    const stop = forwardEvents(source, () => []);
    expect(source.listeners.size).toBe(1);
    stop();
    expect(source.listeners.size).toBe(0);
  });
});

describe('quitting after closing', () => {
  function deferred() {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  function quitEvent() {
    return { preventDefault: vi.fn() };
  }

  it('holds the first quit until closing is done, then quits again and lets that through', async () => {
    const closing = deferred();
    const close = vi.fn(() => closing.promise);
    const quit = vi.fn();
    const beforeQuit = quitAfterClosing({ close, quit, report: vi.fn() });

    const first = quitEvent();
    beforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(quit).not.toHaveBeenCalled();

    closing.resolve();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    const again = quitEvent();
    beforeQuit(again);
    expect(again.preventDefault).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('closes once when asked to quit again while closing', async () => {
    const closing = deferred();
    const close = vi.fn(() => closing.promise);
    const quit = vi.fn();
    const beforeQuit = quitAfterClosing({ close, quit, report: vi.fn() });
    beforeQuit(quitEvent());
    const second = quitEvent();
    beforeQuit(second);
    expect(second.preventDefault).toHaveBeenCalled();
    closing.resolve();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('reports a close that failed and quits anyway', async () => {
    const failure = new Error('disk gone');
    const report = vi.fn();
    const quit = vi.fn();
    quitAfterClosing({ close: () => Promise.reject(failure), quit, report })(quitEvent());
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(report).toHaveBeenCalledWith(failure);
  });

  it('quits anyway when closing takes too long', async () => {
    const report = vi.fn();
    const quit = vi.fn();
    const never = new Promise<void>(() => {});
    quitAfterClosing({ close: () => never, quit, report, timeoutMs: 20 })(quitEvent());
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('quitting anyway') }),
    );
  });
});

describe('the services when they cannot be opened', () => {
  it('answer every call with the reason, as a storage error', async () => {
    const dispatch = unavailableDispatch('LastToken cannot open its history: it is a folder');
    for (const [method, input] of [
      ['appInfo', {}],
      ['runsStart', { anything: true }],
      ['noSuchMethod', undefined],
    ] as const) {
      await expect(dispatch(method, input)).resolves.toEqual({
        ok: false,
        error: { code: 'storage', message: 'LastToken cannot open its history: it is a folder' },
      });
    }
  });
});
