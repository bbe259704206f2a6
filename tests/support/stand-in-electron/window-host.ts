// The built app (out/main, out/preload, out/renderer) as near to Electron as
// this machine allows, for an end-to-end test: the built main entry runs in a
// child Node process against the stand-in 'electron' (main-process.ts,
// electron.ts), and every BrowserWindow it opens is a page of Debian's
// Chromium in this process, loading the file: URL main asked for, with the
// built preload run before the page's scripts (renderer.ts). The page's
// ipcRenderer.invoke reaches the handlers main registered (the sender frame
// being the URL Chromium reports for the page), main's webContents.send
// reaches the page's listeners, a navigation the page starts asks main's
// 'will-navigate' listeners first and a window.open main's window-open
// handler. See docs/testing.md, "The built app in a stand-in Electron", for
// what this does not prove.

import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page, Route } from 'playwright-core';
import { bundleNodeScript, type NodeScript } from '../bundle-node-script';
import { launchChromium, type Browser } from '../chromium';
import { ROOT } from '../spawn-cli';
import {
  CONFIG_VAR,
  type FrameDescription,
  type InvokeReply,
  type LoadParams,
  type Records,
  type SendParams,
  type StandInConfig,
  type WindowCreated,
  type WindowOp,
} from './protocol';
import { preloadInitScript, type RendererHooks } from './renderer';
import { processTransport, Rpc } from './rpc';

export const BUILT = {
  main: join(ROOT, 'out', 'main', 'index.js'),
  preload: join(ROOT, 'out', 'preload', 'index.cjs'),
  renderer: join(ROOT, 'out', 'renderer', 'index.html'),
};

/**
 * A file: page loads its module script and stylesheet only with this switch
 * (Chromium treats file: as an opaque origin; Electron's own file: handling
 * lets a built app load them).
 */
const CHROMIUM_ARGS = ['--allow-file-access-from-files'];

export interface HostedWindow {
  id: number;
  /** The options main passed to new BrowserWindow, as a structured clone. */
  options: Record<string, unknown>;
  page: Page;
}

export interface StandInAppOptions {
  /** The main process's environment (HOME, XDG_*, LASTTOKEN_DB...), on top of PATH and D-Bus. */
  env: Record<string, string>;
  locale?: string;
  singleInstanceLock?: boolean;
}

export interface StandInApp {
  browser: Browser;
  /** The window main opened (the first by default), once its page has loaded. */
  window(id?: number): Promise<HostedWindow>;
  records(): Promise<Records>;
  /** Asks the child's stand-in (electron.ts registers the methods: 'quit', 'headers-received'...). */
  request<T = unknown>(method: string, params?: unknown): Promise<T>;
  /** Every webContents.send that reached a page's listeners: its channel and the event's type. */
  delivered: { windowId: number; channel: string; type: string | null; listeners: number }[];
  /** Sends that found no loaded page (Electron would lose them too). */
  dropped: SendParams[];
  /** Navigations a window's page started, and whether main prevented them. */
  navigations: { windowId: number; url: string; prevented: boolean }[];
  /** window.open calls, with what main's handler answered. */
  windowOpens: { windowId: number; url: string; answer: unknown }[];
  /** The app's events as the stand-in emitted them ('before-quit'...), and whether each was prevented. */
  appEvents: { name: string; prevented: boolean }[];
  /** Errors of the windows' pages (uncaught, or the preload failing), and of this host. */
  problems: string[];
  /** Every http(s) request a window's page made (the app's page needs none in Electron). */
  pageRequests: string[];
  /**
   * A page that is not the app's, given the same preload and the same invoke
   * path as window `windowId`'s page: what main would hear if that window
   * showed another page.
   */
  openPageOutsideApp(url: string, windowId?: number): Promise<Page>;
  /** Resolves when the child process has exited; `announced` is the code the stand-in exited with. */
  exited: Promise<{ code: number | null; signal: string | null; announced: number | null }>;
  /** The child's stdout and stderr so far. */
  output(): string;
  close(): Promise<void>;
}

interface WindowState {
  id: number;
  options: Record<string, unknown>;
  page: Page | null;
  loadedOnce: boolean;
  /** While the host itself loads the page (loadURL): not a navigation the page started. */
  hostNavigating: boolean;
  deliveries: Promise<void>;
  loaded: Promise<Page>;
  resolveLoaded(page: Page): void;
}

export function assertBuilt(): void {
  const missing = Object.values(BUILT).filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The built app is missing (${missing.join(', ')}): run \`npx electron-vite build\` ` +
        '(npm test builds it first, in pretest).',
    );
  }
}

export async function startStandInApp(options: StandInAppOptions): Promise<StandInApp> {
  assertBuilt();
  const hooks: RendererHooks = {
    invoke: `__standInInvoke_${randomBytes(6).toString('hex')}`,
    deliver: `__standInDeliver_${randomBytes(6).toString('hex')}`,
    marker: `[stand-in-electron ${randomBytes(4).toString('hex')}]`,
  };
  const windows = new Map<number, WindowState>();
  /** Pages the host made (windows' and outside ones): any other page is a popup. */
  const ownPages = new Set<Page>();
  const state = {
    delivered: [] as StandInApp['delivered'],
    dropped: [] as SendParams[],
    navigations: [] as StandInApp['navigations'],
    windowOpens: [] as StandInApp['windowOpens'],
    appEvents: [] as StandInApp['appEvents'],
    problems: [] as string[],
    pageRequests: [] as string[],
  };
  let output = '';

  const script: NodeScript = await bundleNodeScript(
    'tests/support/stand-in-electron/main-process.ts',
  );
  const browser = await launchChromium({ args: CHROMIUM_ARGS }).catch((error: unknown) => {
    script.remove();
    throw error;
  });
  // The blank page a persistent context starts with is the browser's, not a window.
  for (const page of browser.context.pages()) ownPages.add(page);
  const config: StandInConfig = {
    mainFile: BUILT.main,
    appPath: ROOT,
    locale: options.locale ?? 'en-US',
    singleInstanceLock: options.singleInstanceLock ?? true,
  };
  const inherited = Object.fromEntries(
    ['PATH', 'DBUS_SESSION_BUS_ADDRESS', 'LANG', 'LC_ALL', 'TMPDIR']
      .map((name) => [name, process.env[name]] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined),
  );
  // Pages the host did not make are windows the app's pages opened (window.open). Their first
  // request comes before Playwright knows their frame (or opener): the stand-in asks the
  // window-open handler of the first window, with the URL and nothing of the features.
  // Registered before the child starts: nothing may await between its start and the RPC handlers.
  await browser.context.route('**/*', async (route: Route) => {
    const request = route.request();
    let own = false;
    try {
      own = ownPages.has(request.frame().page());
    } catch {
      // No frame yet: a page that the app's page is opening.
    }
    if (own || !request.isNavigationRequest()) {
      await route.continue();
      return;
    }
    const windowId = [...windows.keys()][0] ?? 0;
    let answer: unknown;
    try {
      answer = await rpc.request('window-open', {
        windowId,
        url: request.url(),
        frameName: '',
        features: '',
        disposition: 'foreground-tab',
      });
    } catch (error) {
      answer = { error: String(error) };
    }
    state.windowOpens.push({ windowId, url: request.url(), answer });
    if ((answer as { action?: unknown }).action !== 'deny') {
      state.problems.push(
        `window ${windowId}: window.open(${request.url()}) was not denied (${JSON.stringify(answer)}); ` +
          'the stand-in opens no further windows',
      );
    }
    await route.abort('aborted');
    // Electron never shows a denied window; here Chromium made one, which goes at once.
    for (const page of browser.context.pages()) {
      if (!ownPages.has(page)) await page.close();
    }
  });

  const child: ChildProcess = fork(script.file, [], {
    cwd: ROOT,
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...inherited, ...options.env, [CONFIG_VAR]: JSON.stringify(config) },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  let announced: number | null = null;
  const exited = new Promise<{
    code: number | null;
    signal: string | null;
    announced: number | null;
  }>((resolve) => {
    child.on('exit', (code, signal) => {
      rpc.close(`the main process exited (${code ?? signal})`);
      resolve({ code, signal, announced });
    });
  });
  const rpc = new Rpc(processTransport(child), (error) =>
    state.problems.push(`host: ${error instanceof Error ? error.message : String(error)}`),
  );

  const windowState = (id: number): WindowState => {
    const window = windows.get(id);
    if (window === undefined) throw new Error(`stand-in host: main has no window ${id}`);
    return window;
  };
  const frameOf = (frame: Frame): FrameDescription => {
    const parent = frame.parentFrame();
    return { url: frame.url(), parent: parent === null ? null : frameOf(parent) };
  };

  /** The built preload in every document of the page, its invoke going to window `windowId`. */
  async function installPreload(page: Page, windowId: number, preload: string | null) {
    if (preload === null) return;
    if (!existsSync(preload)) {
      state.problems.push(`window ${windowId}: Unable to load preload script: ${preload}`);
      return;
    }
    await page.exposeBinding(
      hooks.invoke,
      async (source, channel: string, args: unknown[]): Promise<InvokeReply> => {
        try {
          return await rpc.request<InvokeReply>('invoke', {
            windowId,
            channel,
            args,
            senderFrame: frameOf(source.frame),
          });
        } catch (error) {
          return { error: String(error) };
        }
      },
    );
    await page.addInitScript({ content: preloadInitScript(readFileSync(preload, 'utf8'), hooks) });
  }

  function watch(page: Page, label: string): void {
    page.on('pageerror', (error) =>
      state.problems.push(`${label}: ${error.stack ?? error.message}`),
    );
    page.on('console', (message) => {
      if (message.text().startsWith(hooks.marker))
        state.problems.push(`${label}: ${message.text()}`);
    });
  }

  async function windowPage(window: WindowState, preload: string | null): Promise<Page> {
    const page = await browser.context.newPage();
    ownPages.add(page);
    const width = Number(window.options['width'] ?? 800);
    const height = Number(window.options['height'] ?? 600);
    // The window's size as the page's viewport (Electron's width and height include the frame).
    await page.setViewportSize({ width, height });
    watch(page, `window ${window.id}`);
    // A beforeunload that held the unload back: Electron asks main (will-prevent-unload), and
    // the unload goes ahead only when a listener prevents that event.
    page.on('dialog', (dialog) => {
      // Any other dialog is dismissed, as Playwright does when nothing listens.
      if (dialog.type() !== 'beforeunload') {
        void dialog.dismiss();
        return;
      }
      void rpc
        .request('will-prevent-unload', { windowId: window.id })
        .then((answer) =>
          (answer as { unload: boolean }).unload ? dialog.accept() : dialog.dismiss(),
        )
        .catch((error: unknown) => {
          state.problems.push(`window ${window.id}: will-prevent-unload: ${String(error)}`);
          return dialog.dismiss();
        });
    });
    page.on('request', (request) => {
      if (/^https?:/.test(request.url())) state.pageRequests.push(request.url());
    });
    await installPreload(page, window.id, preload);
    // A navigation the page starts asks main first, as Electron's 'will-navigate'.
    await page.route('**/*', async (route: Route) => {
      const request = route.request();
      let mainFrame = false;
      try {
        mainFrame = request.frame() === page.mainFrame();
      } catch {
        // No frame yet: not a navigation of the page's main frame.
      }
      if (window.hostNavigating || !request.isNavigationRequest() || !mainFrame) {
        await route.continue();
        return;
      }
      const url = request.url();
      let prevented = true;
      try {
        ({ prevented } = await rpc.request<{ prevented: boolean }>('will-navigate', {
          windowId: window.id,
          url,
        }));
      } catch (error) {
        state.problems.push(`window ${window.id}: will-navigate failed: ${String(error)}`);
      }
      state.navigations.push({ windowId: window.id, url, prevented });
      await (prevented ? route.abort('aborted') : route.continue());
    });
    return page;
  }

  rpc.onNotice<WindowCreated>('window-created', ({ windowId, options: windowOptions }) => {
    let resolveLoaded!: (page: Page) => void;
    const loaded = new Promise<Page>((resolve) => {
      resolveLoaded = resolve;
    });
    windows.set(windowId, {
      id: windowId,
      options: windowOptions as Record<string, unknown>,
      page: null,
      loadedOnce: false,
      hostNavigating: false,
      deliveries: Promise.resolve(),
      loaded,
      resolveLoaded,
    });
  });

  rpc.handle<LoadParams>('load-url', async ({ windowId, url, preload }) => {
    const window = windowState(windowId);
    window.page ??= await windowPage(window, preload);
    window.hostNavigating = true;
    try {
      await window.page.goto(url, { waitUntil: 'load' });
    } finally {
      window.hostNavigating = false;
    }
    window.loadedOnce = true;
    window.resolveLoaded(window.page);
    return null;
  });

  rpc.onNotice<SendParams>('send', (sent) => {
    const window = windows.get(sent.windowId);
    const page = window?.page;
    if (window === undefined || page === null || page === undefined || !window.loadedOnce) {
      state.dropped.push(sent);
      return;
    }
    const type = (sent.args[0] as { type?: unknown } | undefined)?.type;
    window.deliveries = window.deliveries
      .then(async () => {
        if (page.isClosed()) {
          state.dropped.push(sent);
          return;
        }
        const listeners = await page.evaluate(
          ([deliver, channel, args]) =>
            (globalThis as unknown as Record<string, (c: unknown, a: unknown) => number>)[
              deliver as string
            ]?.(channel, args) ?? -1,
          [hooks.deliver, sent.channel, sent.args] as const,
        );
        state.delivered.push({
          windowId: sent.windowId,
          channel: sent.channel,
          type: typeof type === 'string' ? type : null,
          listeners,
        });
      })
      .catch((error: unknown) => {
        if (!page.isClosed())
          state.problems.push(`window ${sent.windowId}: delivery: ${String(error)}`);
      });
  });

  rpc.onNotice<WindowOp>('window-op', ({ windowId, op }) => {
    const window = windows.get(windowId);
    const page = window?.page;
    if (window === undefined || page === null || page === undefined) return;
    if (op === 'focus' || op === 'show') void page.bringToFront();
    if (op === 'destroyed') {
      void window.deliveries.then(() => page.close()).catch(() => undefined);
    }
  });

  const started = new Promise<void>((resolve, reject) => {
    rpc.onNotice('started', () => resolve());
    rpc.onNotice<{ message: string }>('startup-failed', ({ message }) =>
      reject(new Error(`the built main did not start: ${message}\n${output}`)),
    );
    void exited.then(({ code, signal }) =>
      reject(
        new Error(`the main process exited (${code ?? signal}) before it started:\n${output}`),
      ),
    );
  });
  rpc.onNotice<{ name: string; prevented: boolean }>('app-event', (event) => {
    state.appEvents.push(event);
  });
  rpc.onNotice<{ code: number }>('exiting', ({ code }) => {
    announced = code;
  });

  const app: StandInApp = {
    browser,
    ...state,
    async window(id) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const window = id === undefined ? [...windows.values()][0] : windows.get(id);
        if (window !== undefined) {
          const page = await window.loaded;
          return { id: window.id, options: window.options, page };
        }
        if (Date.now() > deadline) throw new Error(`main opened no window ${id ?? ''} in 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    records: () => rpc.request<Records>('records'),
    request: (method, params) => rpc.request(method, params ?? null),
    async openPageOutsideApp(url, windowId) {
      const id = windowId ?? [...windows.keys()][0];
      if (id === undefined) throw new Error('stand-in host: main has no window yet');
      const page = await browser.context.newPage();
      ownPages.add(page);
      await installPreload(
        page,
        id,
        (windowState(id).options['webPreferences'] as { preload?: string })?.preload ?? null,
      );
      await page.goto(url);
      return page;
    },
    exited,
    output: () => output,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await browser.close();
      script.remove();
    },
  };
  try {
    await started;
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
