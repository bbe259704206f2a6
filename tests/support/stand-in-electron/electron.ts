// The stand-in for the 'electron' module of the main process: what
// src/main/index.ts uses of app, BrowserWindow, ipcMain, dialog, shell and
// session, behaving as Electron 45 documents (and, where its documentation is
// silent, as its source does: the quit sequence of shell/browser/browser.cc,
// the paths of shell/common/electron_paths.cc and base::PathService).
// Anything else throws (strict.ts), and so does listening for an event the
// stand-in never emits. Windows are not drawn here: each BrowserWindow asks
// the test process (window-host.ts) to show its page in Chromium, and the
// page's IPC comes back through the RPC channel (rpc.ts) to the handlers the
// app registered with ipcMain.handle. What it records, the test reads.

import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { format as formatUrl } from 'node:url';
import type {
  FrameDescription,
  InvokeParams,
  InvokeReply,
  LoadParams,
  NavigateParams,
  Records,
  SendParams,
  StandInConfig,
  WindowCreated,
  WindowOp,
  WindowOpenParams,
  WindowRecord,
} from './protocol';
import type { Rpc } from './rpc';
import { strict } from './strict';

/** The names the stand-in 'electron' module exports (every other import of it fails). */
export const EXPORTS = ['app', 'BrowserWindow', 'dialog', 'ipcMain', 'session', 'shell'] as const;

type Listener = Parameters<EventEmitter['on']>[1];

/** Electron's Event: the first argument of every event it emits. */
class StandInEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

function electronEvent(name: string, properties: Record<string, unknown> = {}): StandInEvent {
  return strict(`the '${name}' event`, Object.assign(new StandInEvent(), properties));
}

/**
 * An EventEmitter that takes listeners only for the events the stand-in
 * emits: a listener for any other would never be called, silently.
 */
class KnownEventsEmitter extends EventEmitter {
  constructor(
    private readonly emitterName: string,
    private readonly known: ReadonlySet<string>,
  ) {
    super();
  }

  private check(event: string | symbol): void {
    if (typeof event === 'string' && !this.known.has(event)) {
      throw new Error(
        `stand-in electron: ${this.emitterName} never emits '${event}', so a listener for it would ` +
          'never be called: tests/support/stand-in-electron does not implement that event yet.',
      );
    }
  }

  override on(event: string | symbol, listener: Listener): this {
    this.check(event);
    return super.on(event, listener);
  }

  override once(event: string | symbol, listener: Listener): this {
    this.check(event);
    return super.once(event, listener);
  }

  override addListener(event: string | symbol, listener: Listener): this {
    this.check(event);
    return super.addListener(event, listener);
  }

  override prependListener(event: string | symbol, listener: Listener): this {
    this.check(event);
    return super.prependListener(event, listener);
  }
}

const APP_EVENTS = new Set([
  'will-finish-launching',
  'ready',
  'browser-window-created',
  'web-contents-created',
  'second-instance',
  'window-all-closed',
  'before-quit',
  'will-quit',
  'quit',
  // macOS only: Electron never emits it on Linux or Windows, and neither does the stand-in.
  'activate',
]);
const WINDOW_EVENTS = new Set(['ready-to-show', 'close', 'closed']);
const WEB_CONTENTS_EVENTS = new Set([
  'will-navigate',
  'will-attach-webview',
  // The page's beforeunload held its unload back (window-host sees Chromium's dialog for it).
  'will-prevent-unload',
  'did-finish-load',
  'did-fail-load',
  'destroyed',
]);

/** The names app.getPath/setPath know (Electron's GetPathConstant); 'recent' exists on Windows only. */
const PATH_NAMES = new Set([
  'home',
  'appData',
  'assets',
  'userData',
  'sessionData',
  'temp',
  'exe',
  'module',
  'desktop',
  'documents',
  'downloads',
  'music',
  'pictures',
  'videos',
  'logs',
  'crashDumps',
  'cache',
  'userCache',
]);

export interface StandInElectron {
  /** What `import { ... } from 'electron'` gets. */
  module: Record<(typeof EXPORTS)[number], unknown>;
  /** Called once the main entry has been loaded: Electron's 'ready'. */
  becomeReady(): void;
  /** For uncaught errors and console.error of the main process. */
  recordMainError(text: string): void;
}

export function createStandInElectron(options: {
  rpc: Rpc;
  config: StandInConfig;
  /** Ends the process with this code (after the test process has heard of it). */
  exit(code: number): void;
  /** Where HOME and the XDG variables are read from, when paths are computed (process.env). */
  env?: NodeJS.ProcessEnv;
}): StandInElectron {
  const { rpc, config } = options;
  const env = options.env ?? process.env;
  const packageJson = JSON.parse(readFileSync(join(config.appPath, 'package.json'), 'utf8')) as {
    name?: string;
    productName?: string;
    version?: string;
  };

  const records = {
    calls: [] as string[],
    userDataAtLock: null as string | null,
    sessionDataAtReady: null as string | null,
    setPaths: [] as [string, string][],
    saveDialogs: [] as Records['saveDialogs'],
    messageBoxes: [] as Records['messageBoxes'],
    errorBoxes: [] as Records['errorBoxes'],
    openExternal: [] as string[],
    appEvents: [] as Records['appEvents'],
    mainErrors: [] as string[],
  };

  // ---- app ----------------------------------------------------------------

  let ready = false;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  /** Browser::is_quitting_, is_exiting_, is_shutdown_ and the exit code. */
  const quitState = { quitting: false, exiting: false, shutDown: false, exitCode: 0 };
  let nameOverride: string | undefined;

  // base::PathService: computed paths are cached; every override clears the cache.
  const pathOverrides = new Map<string, string>();
  const pathCache = new Map<string, string>();

  function appName(): string {
    return nameOverride ?? (packageJson.productName ?? packageJson.name ?? 'Electron').trim();
  }

  function created(path: string): string {
    // The provider creates these folders when it first computes them, as Electron's does.
    mkdirSync(path, { recursive: true });
    return path;
  }

  function computePath(name: string): string {
    switch (name) {
      // base::GetHomeDir: $HOME when set and not empty.
      case 'home':
        return env['HOME'] || homedir();
      // base::nix::GetXDGDirectory: the variable when set and not empty, else the fallback.
      case 'appData':
        return env['XDG_CONFIG_HOME'] || join(getPath('home'), '.config');
      case 'cache':
        return env['XDG_CACHE_HOME'] || join(getPath('home'), '.cache');
      case 'userData':
        return created(join(getPath('appData'), appName()));
      case 'sessionData':
        return getPath('userData');
      case 'userCache':
        return created(join(getPath('cache'), appName()));
      case 'logs':
        return created(join(getPath('userData'), 'logs'));
      case 'crashDumps':
        return created(join(getPath('userData'), 'Crashpad'));
      case 'temp':
        return env['TMPDIR'] || '/tmp';
      default:
        // exe, module, assets: the Electron binary's; desktop, documents...: xdg-user-dirs'.
        throw new Error(
          `stand-in electron: app.getPath('${name}') is not implemented (there is no Electron ` +
            'binary here, and the XDG user folders are not read); set it with app.setPath first.',
        );
    }
  }

  function getPath(name: string): string {
    if (!PATH_NAMES.has(name)) throw new Error(`Failed to get '${name}' path`);
    const known = pathCache.get(name) ?? pathOverrides.get(name);
    if (known !== undefined) return known;
    const path = computePath(name);
    pathCache.set(name, path);
    return path;
  }

  function setPath(name: string, path: string): void {
    if (typeof path !== 'string' || !isAbsolute(path)) throw new Error('Path must be absolute');
    if (!PATH_NAMES.has(name)) throw new Error('Failed to set path');
    // Electron neither creates the folder nor checks that it exists (its docs say otherwise).
    pathCache.clear();
    pathOverrides.set(name, path);
    records.setPaths.push([name, path]);
  }

  function emitAppEvent(name: string, event: StandInEvent, ...args: unknown[]): StandInEvent {
    app.emit(name, event, ...args);
    const emitted = { name, prevented: event.defaultPrevented };
    records.appEvents.push(emitted);
    // Told as it happens: the events of a quit come after the last chance to ask for records.
    rpc.notify('app-event', emitted);
    return event;
  }

  class StandInApp extends KnownEventsEmitter {
    readonly isPackaged = false;

    constructor() {
      super('app', APP_EVENTS);
    }

    get name(): string {
      return appName();
    }

    set name(name: string) {
      nameOverride = name;
    }

    requestSingleInstanceLock(): boolean {
      records.calls.push('app.requestSingleInstanceLock');
      // Electron's process singleton lives in the userData folder, as it is at this moment.
      records.userDataAtLock = getPath('userData');
      return config.singleInstanceLock;
    }

    enableSandbox(): void {
      if (ready) throw new Error('app.enableSandbox() can only be called before app is ready');
      records.calls.push('app.enableSandbox');
    }

    whenReady(): Promise<void> {
      return readyPromise;
    }

    isReady(): boolean {
      return ready;
    }

    getName(): string {
      return appName();
    }

    setName(name: string): void {
      nameOverride = name;
    }

    getVersion(): string {
      return packageJson.version ?? '0.0.0';
    }

    getLocale(): string {
      return config.locale;
    }

    getAppPath(): string {
      return config.appPath;
    }

    getPath(name: string): string {
      return getPath(name);
    }

    setPath(name: string, path: string): void {
      setPath(name, path);
    }

    /** Browser::Quit: 'before-quit' (preventable), then every window closes, then 'will-quit' and 'quit'. */
    quit(): void {
      records.calls.push('app.quit');
      if (quitState.quitting) return;
      const event = emitAppEvent('before-quit', electronEvent('before-quit'));
      if (event.defaultPrevented) return;
      quitState.quitting = true;
      if (windows.length === 0) notifyAndShutdown();
      else for (const window of [...windows]) window.close();
    }

    /** Browser::Exit: no 'before-quit' or 'will-quit', windows destroyed without 'close'. */
    exit(exitCode = 0): void {
      records.calls.push('app.exit');
      quitState.exiting = true;
      quitState.exitCode = exitCode;
      if (windows.length === 0) shutdown();
      else for (const window of [...windows]) window.destroy();
    }
  }

  function windowAllClosed(): void {
    if (quitState.exiting) shutdown();
    else if (quitState.quitting) notifyAndShutdown();
    else {
      emitAppEvent('window-all-closed', electronEvent('window-all-closed'));
    }
  }

  function notifyAndShutdown(): void {
    if (quitState.shutDown) return;
    const event = emitAppEvent('will-quit', electronEvent('will-quit'));
    if (event.defaultPrevented) {
      quitState.quitting = false;
      return;
    }
    shutdown();
  }

  function shutdown(): void {
    if (quitState.shutDown) return;
    quitState.shutDown = true;
    quitState.quitting = true;
    emitAppEvent('quit', electronEvent('quit'), quitState.exitCode);
    options.exit(quitState.exitCode);
  }

  const app = strict('app', new StandInApp());
  // lib/browser/init.ts: quit when the last window closes and the app does not listen itself.
  app.on('window-all-closed', () => {
    if (app.listenerCount('window-all-closed') === 1) app.quit();
  });

  // ---- BrowserWindow and its webContents -----------------------------------

  const windows: StandInBrowserWindow[] = [];
  let nextId = 1;

  class StandInWebContents extends KnownEventsEmitter {
    destroyed = false;
    url = '';
    windowOpenHandler: ((details: unknown) => unknown) | null = null;
    readonly sent: Record<string, number> = {};

    constructor(readonly id: number) {
      super('webContents', WEB_CONTENTS_EVENTS);
    }

    send(channel: string, ...args: unknown[]): void {
      if (this.destroyed) throw new Error('Object has been destroyed');
      if (typeof channel !== 'string') throw new TypeError('Missing required channel argument');
      this.sent[channel] = (this.sent[channel] ?? 0) + 1;
      // A structured clone, as Electron's: values it cannot clone throw here.
      rpc.notify('send', { windowId: this.id, channel, args } satisfies SendParams);
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }

    setWindowOpenHandler(handler: (details: unknown) => unknown): void {
      this.windowOpenHandler = handler;
    }

    getURL(): string {
      return this.url;
    }
  }

  class StandInBrowserWindow extends KnownEventsEmitter {
    static getAllWindows(): StandInBrowserWindow[] {
      return [...windows];
    }

    static fromWebContents(contents: unknown): StandInBrowserWindow | null {
      return windows.find((window) => window.webContents === contents) ?? null;
    }

    readonly id: number;
    readonly webContents: StandInWebContents;
    readonly options: Record<string, unknown>;
    readonly loads: WindowRecord['loads'] = [];
    readonly ops: string[] = [];
    destroyed = false;
    minimized = false;
    visible: boolean;
    private shownOnce = false;

    constructor(windowOptions: Record<string, unknown> = {}) {
      super('BrowserWindow', WINDOW_EVENTS);
      if (!ready) throw new Error('Cannot create BrowserWindow before app is ready');
      this.id = nextId++;
      // Recorded as a structured clone: what main passed, not a live object.
      this.options = structuredClone(windowOptions);
      this.visible = windowOptions['show'] !== false;
      this.webContents = strict('webContents', new StandInWebContents(this.id));
      const self = strict('BrowserWindow', this);
      windows.push(self);
      records.calls.push('new BrowserWindow');
      rpc.notify('window-created', {
        windowId: this.id,
        options: this.options,
      } satisfies WindowCreated);
      emitAppEvent('browser-window-created', electronEvent('browser-window-created'), self);
      emitAppEvent(
        'web-contents-created',
        electronEvent('web-contents-created', { sender: app }),
        this.webContents,
      );
      return self;
    }

    private op(op: WindowOp['op']): void {
      this.ops.push(op);
      rpc.notify('window-op', { windowId: this.id, op } satisfies WindowOp);
    }

    show(): void {
      this.visible = true;
      this.op('show');
    }

    hide(): void {
      this.visible = false;
      this.op('hide');
    }

    isVisible(): boolean {
      return this.visible;
    }

    focus(): void {
      this.op('focus');
    }

    minimize(): void {
      this.minimized = true;
      this.op('minimize');
    }

    isMinimized(): boolean {
      return this.minimized;
    }

    restore(): void {
      this.minimized = false;
      this.op('restore');
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }

    /** lib/browser/api/web-contents.ts: a path resolved against the app's folder, as a file: URL. */
    loadFile(
      filePath: string,
      loadOptions: { query?: Record<string, string>; search?: string; hash?: string } = {},
    ): Promise<void> {
      if (typeof filePath !== 'string') throw new TypeError('Must pass filePath as a string');
      const { query, search, hash } = loadOptions;
      const url = formatUrl({
        protocol: 'file',
        slashes: true,
        pathname: resolve(config.appPath, filePath),
        query,
        search,
        hash,
      });
      return this.load('loadFile', filePath, url);
    }

    loadURL(url: string, loadOptions?: unknown): Promise<void> {
      if (loadOptions !== undefined) {
        throw new Error('stand-in electron: loadURL options are not implemented');
      }
      return this.load('loadURL', url, url);
    }

    private async load(method: 'loadFile' | 'loadURL', argument: string, url: string) {
      if (this.destroyed) throw new Error('Object has been destroyed');
      this.loads.push({ method, argument, url });
      records.calls.push(`window.${method}`);
      this.webContents.url = url;
      const webPreferences = (this.options['webPreferences'] ?? {}) as Record<string, unknown>;
      const preload =
        typeof webPreferences['preload'] === 'string' ? webPreferences['preload'] : null;
      try {
        await rpc.request('load-url', { windowId: this.id, url, preload } satisfies LoadParams);
      } catch (error) {
        this.webContents.emit('did-fail-load', electronEvent('did-fail-load'), -2, String(error));
        throw error;
      }
      this.webContents.emit('did-finish-load', electronEvent('did-finish-load'));
      if (!this.shownOnce) {
        this.shownOnce = true;
        this.emit('ready-to-show', electronEvent('ready-to-show'));
      }
    }

    /** A close the app (or the user) asks for: 'close' can prevent it. */
    close(): void {
      if (this.destroyed) return;
      const event = electronEvent('close');
      this.emit('close', event);
      if (event.defaultPrevented) {
        // Browser::OnWindowCloseCancelled: a quit waiting for the windows is called off.
        quitState.quitting = false;
        return;
      }
      this.destroy();
    }

    destroy(): void {
      if (this.destroyed) return;
      this.destroyed = true;
      this.webContents.destroyed = true;
      this.webContents.emit('destroyed', electronEvent('destroyed'));
      this.op('destroyed');
      this.emit('closed', electronEvent('closed'));
      windows.splice(windows.indexOf(this), 1);
      if (windows.length === 0) windowAllClosed();
    }
  }

  function windowById(id: number): StandInBrowserWindow {
    const window = windows.find((w) => w.id === id);
    if (window === undefined) throw new Error(`stand-in electron: no open window ${id}`);
    return window;
  }

  // ---- ipcMain, dialog, shell, session --------------------------------------

  type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown;
  const invokeHandlers = new Map<string, InvokeHandler>();
  const ipcMain = strict('ipcMain', {
    handle(channel: string, handler: InvokeHandler): void {
      if (invokeHandlers.has(channel)) {
        throw new Error(`Attempted to register a second handler for '${channel}'`);
      }
      if (typeof handler !== 'function') {
        throw new TypeError(
          `Expected handler to be a function, but found type '${typeof handler}'`,
        );
      }
      invokeHandlers.set(channel, handler);
    },
    removeHandler(channel: string): void {
      invokeHandlers.delete(channel);
    },
  });

  const saveDialogAnswers: unknown[] = [];
  const messageBoxAnswers: number[] = [];
  const dialog = strict('dialog', {
    // Electron's overloads: (window, options) or (options).
    showSaveDialog(windowOrOptions: unknown, maybeOptions?: unknown): Promise<unknown> {
      const owner = maybeOptions === undefined ? null : (windowOrOptions as StandInBrowserWindow);
      const dialogOptions = maybeOptions ?? windowOrOptions;
      records.saveDialogs.push({
        windowId: owner === null ? null : owner.id,
        options: structuredClone(dialogOptions),
      });
      const answer = saveDialogAnswers.shift();
      return answer === undefined
        ? Promise.reject(
            new Error('stand-in dialog.showSaveDialog: the test scripted no answer for it'),
          )
        : Promise.resolve(answer);
    },
    // A modal question: the button the test scripted (answer-message-box), as Electron's index.
    showMessageBoxSync(windowOrOptions: unknown, maybeOptions?: unknown): number {
      const owner = maybeOptions === undefined ? null : (windowOrOptions as StandInBrowserWindow);
      records.messageBoxes.push({
        windowId: owner === null ? null : owner.id,
        options: structuredClone(maybeOptions ?? windowOrOptions),
      });
      const answer = messageBoxAnswers.shift();
      if (answer === undefined) {
        throw new Error('stand-in dialog.showMessageBoxSync: the test scripted no answer for it');
      }
      return answer;
    },
    showErrorBox(title: string, content: string): void {
      records.errorBoxes.push({ title, content });
      process.stderr.write(`stand-in dialog.showErrorBox: ${title}: ${content}\n`);
    },
  });

  const shell = strict('shell', {
    openExternal(url: string): Promise<void> {
      records.openExternal.push(url);
      return Promise.resolve();
    },
  });

  type HeadersListener = (details: unknown, callback: (response: unknown) => void) => void;
  type PermissionRequestHandler = (
    contents: unknown,
    permission: string,
    callback: (granted: boolean) => void,
    details: unknown,
  ) => void;
  type PermissionCheckHandler = (
    contents: unknown,
    permission: string,
    origin: string,
    details: unknown,
  ) => boolean;
  const sessionState = {
    headersListener: null as HeadersListener | null,
    permissionRequestHandler: null as PermissionRequestHandler | null,
    permissionCheckHandler: null as PermissionCheckHandler | null,
  };
  const defaultSession = strict('session.defaultSession', {
    webRequest: strict('session.defaultSession.webRequest', {
      // (listener) or (filter, listener); a new listener replaces the previous one.
      onHeadersReceived(filterOrListener: unknown, maybeListener?: unknown): void {
        const listener = (maybeListener ?? filterOrListener) as HeadersListener | null;
        sessionState.headersListener = listener;
      },
    }),
    setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
      sessionState.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
      sessionState.permissionCheckHandler = handler;
    },
  });
  const session = strict(
    'session',
    Object.defineProperty({}, 'defaultSession', {
      enumerable: true,
      get() {
        if (!ready) throw new Error('Session can only be received when app is ready');
        return defaultSession;
      },
    }),
  );

  // ---- what the test process asks ------------------------------------------

  function frameMain(frame: FrameDescription): unknown {
    return strict('WebFrameMain', {
      url: frame.url,
      parent: frame.parent === null ? null : frameMain(frame.parent),
    });
  }

  rpc.handle<InvokeParams>('invoke', async ({ windowId, channel, args, senderFrame }) => {
    const window = windowById(windowId);
    const handler = invokeHandlers.get(channel);
    // lib/browser/api/web-contents.ts: what the renderer's invoke is rejected with.
    if (handler === undefined) {
      return { error: `Error: No handler registered for '${channel}'` } satisfies InvokeReply;
    }
    const event = strict('IpcMainInvokeEvent', {
      type: 'frame',
      sender: window.webContents,
      senderFrame: senderFrame === null ? null : frameMain(senderFrame),
    });
    try {
      return { result: await handler(event, ...args) } satisfies InvokeReply;
    } catch (error) {
      console.error(`Error occurred in handler for '${channel}':`, error);
      return { error: String(error) } satisfies InvokeReply;
    }
  });

  rpc.handle<NavigateParams>('will-navigate', ({ windowId, url }) => {
    const contents = windowById(windowId).webContents;
    const event = electronEvent('will-navigate', {
      url,
      isSameDocument: false,
      isMainFrame: true,
      frame: frameMain({ url: contents.url, parent: null }),
      initiator: null,
    });
    // The deprecated positional arguments after the event: url, isInPlace, isMainFrame.
    contents.emit('will-navigate', event, url, false, true);
    return { prevented: event.defaultPrevented };
  });

  rpc.handle<WindowOpenParams>('window-open', ({ windowId, ...details }) => {
    const handler = windowById(windowId).webContents.windowOpenHandler;
    if (handler === null) return { action: 'allow' };
    return handler(
      strict('the window-open handler details', {
        ...details,
        referrer: { url: '', policy: 'strict-origin-when-cross-origin' },
        postBody: undefined,
      }),
    );
  });

  rpc.handle<{ windowId: number; src: string }>('will-attach-webview', ({ windowId, src }) => {
    const event = electronEvent('will-attach-webview');
    windowById(windowId).webContents.emit('will-attach-webview', event, {}, { src });
    return { prevented: event.defaultPrevented };
  });

  rpc.handle<{ details: Record<string, unknown> }>('headers-received', ({ details }) => {
    const listener = sessionState.headersListener;
    if (listener === null) throw new Error('main registered no webRequest.onHeadersReceived');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the onHeadersReceived listener never called back')),
        5_000,
      );
      listener(strict('the onHeadersReceived details', details), (response) => {
        clearTimeout(timer);
        resolve(response);
      });
    });
  });

  rpc.handle<{ permission: string; url: string }>('permission-request', ({ permission, url }) => {
    const handler = sessionState.permissionRequestHandler;
    if (handler === null) throw new Error('main set no permission request handler');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the permission request handler never called back')),
        5_000,
      );
      const contents = windows[0]?.webContents ?? null;
      handler(
        contents,
        permission,
        (granted) => {
          clearTimeout(timer);
          resolve(granted);
        },
        { requestingUrl: url, isMainFrame: true },
      );
    });
  });

  rpc.handle<{ permission: string; origin: string }>(
    'permission-check',
    ({ permission, origin }) => {
      const handler = sessionState.permissionCheckHandler;
      if (handler === null) throw new Error('main set no permission check handler');
      return handler(windows[0]?.webContents ?? null, permission, origin, {
        requestingUrl: origin,
        isMainFrame: true,
      });
    },
  );

  rpc.handle<{ argv: string[]; workingDirectory: string }>(
    'second-instance',
    ({ argv, workingDirectory }) => {
      emitAppEvent('second-instance', electronEvent('second-instance'), argv, workingDirectory, {});
      return null;
    },
  );

  rpc.handle<{ answer: unknown }>('answer-save-dialog', ({ answer }) => {
    saveDialogAnswers.push(answer);
    return null;
  });

  rpc.handle<{ answer: number }>('answer-message-box', ({ answer }) => {
    messageBoxAnswers.push(answer);
    return null;
  });

  // Electron's way round: preventing the event lets the page unload after all.
  rpc.handle<{ windowId: number }>('will-prevent-unload', ({ windowId }) => {
    const event = electronEvent('will-prevent-unload');
    windowById(windowId).webContents.emit('will-prevent-unload', event);
    return { unload: event.defaultPrevented };
  });

  rpc.handle('quit', () => {
    app.quit();
    return null;
  });

  rpc.handle('records', (): Records => {
    const listened = (emitter: EventEmitter, names: ReadonlySet<string>) =>
      Object.fromEntries([...names].map((name) => [name, emitter.listenerCount(name)]));
    return {
      ready,
      calls: records.calls,
      userDataAtLock: records.userDataAtLock,
      sessionDataAtReady: records.sessionDataAtReady,
      setPaths: records.setPaths,
      windows: allWindowsEver.map((w) => ({
        id: w.id,
        options: w.options,
        loads: w.loads,
        ops: w.ops,
        destroyed: w.destroyed,
        webContents: {
          listeners: listened(w.webContents, WEB_CONTENTS_EVENTS),
          windowOpenHandler: w.webContents.windowOpenHandler !== null,
          sent: w.webContents.sent,
        },
      })),
      ipcChannels: [...invokeHandlers.keys()],
      session: {
        headersListener: sessionState.headersListener !== null,
        permissionRequestHandler: sessionState.permissionRequestHandler !== null,
        permissionCheckHandler: sessionState.permissionCheckHandler !== null,
      },
      saveDialogs: records.saveDialogs,
      messageBoxes: records.messageBoxes,
      errorBoxes: records.errorBoxes,
      openExternal: records.openExternal,
      appEvents: records.appEvents,
      mainErrors: records.mainErrors,
    };
  });

  const allWindowsEver: StandInBrowserWindow[] = [];
  app.on('browser-window-created', (_event: unknown, window: StandInBrowserWindow) => {
    allWindowsEver.push(window);
  });

  const BrowserWindow = strict('BrowserWindow', StandInBrowserWindow);

  return {
    module: { app, BrowserWindow, dialog, ipcMain, session, shell },
    becomeReady() {
      if (ready) return;
      // Where Electron opens the default session's files at 'ready' (creating userData).
      records.sessionDataAtReady = getPath('sessionData');
      ready = true;
      records.calls.push('ready');
      emitAppEvent('will-finish-launching', electronEvent('will-finish-launching'));
      emitAppEvent('ready', electronEvent('ready'), {});
      resolveReady();
    },
    recordMainError(text) {
      records.mainErrors.push(text);
    },
  };
}
