// A stand-in for the 'electron' module (no Electron binary exists on CI): the
// parts src/main/index.ts and src/preload/index.ts use, recording what they
// register so tests can call it. Use through vi.hoisted + vi.mock('electron').

import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export type IpcListener = (event: { senderFrame: FakeFrame | null }, ...args: unknown[]) => unknown;
type HeadersListener = (
  details: { responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;
type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;
type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

export interface SaveDialogResult {
  canceled: boolean;
  filePath: string;
}

/** The value, or a failed test if the code under test never registered it. */
export function registered<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} was never registered`);
  return value;
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | undefined;
  destroyed = false;
  readonly send = vi.fn<(channel: string, ...args: unknown[]) => void>();

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export interface FakeElectronOptions {
  /** What app.requestSingleInstanceLock() answers: false is a second launch. */
  singleInstanceLock?: boolean;
}

export function createFakeElectron({ singleInstanceLock = true }: FakeElectronOptions = {}) {
  const ready = Promise.resolve();

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    enableSandbox: vi.fn(),
    whenReady: () => ready,
    requestSingleInstanceLock: vi.fn(() => singleInstanceLock),
    getName: () => 'LastToken',
    getVersion: () => '0.1.0-test',
    getAppPath: () => '/nonexistent/app',
    getLocale: () => 'zh-CN',
    quit: vi.fn(),
    paths: new Map<string, string>([['appData', '/nonexistent/appData']]),
    getPath(name: string): string {
      const path = this.paths.get(name);
      if (path === undefined) throw new Error(`app.getPath('${name}'): not in the fake`);
      return path;
    },
    setPath: vi.fn(function (this: { paths: Map<string, string> }, name: string, path: string) {
      this.paths.set(name, path);
    }),
  });
  const dialog = {
    showErrorBox: vi.fn<(title: string, content: string) => void>(),
    // Electron's overloads: (window, options) or (options).
    showSaveDialog: vi.fn<(...args: unknown[]) => Promise<SaveDialogResult>>(() =>
      Promise.resolve({ canceled: true, filePath: '' }),
    ),
    /** The button chosen: (window, options) or (options), as Electron's overloads. */
    showMessageBoxSync: vi.fn<(...args: unknown[]) => number>(() => 0),
  };
  const shell = {
    openExternal: vi.fn<(url: string) => Promise<void>>(() => Promise.resolve()),
  };

  const windows: FakeBrowserWindow[] = [];

  class FakeBrowserWindow extends EventEmitter {
    static getAllWindows(): FakeBrowserWindow[] {
      return windows;
    }

    static fromWebContents(contents: unknown): FakeBrowserWindow | null {
      return windows.find((window) => window.webContents === contents) ?? null;
    }

    readonly webContents = new FakeWebContents();
    readonly loadFile = vi.fn<(file: string) => Promise<void>>(() => Promise.resolve());
    readonly loadURL = vi.fn<(url: string) => Promise<void>>(() => Promise.resolve());
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn(() => {
      this.minimized = false;
    });
    minimized = false;
    destroyed = false;

    constructor(readonly options: unknown) {
      super();
      windows.push(this);
    }

    isMinimized(): boolean {
      return this.minimized;
    }

    isDestroyed(): boolean {
      return this.destroyed;
    }
  }

  const ipcHandlers = new Map<string, IpcListener>();
  const ipcMain = {
    handle(channel: string, listener: IpcListener): void {
      if (ipcHandlers.has(channel)) throw new Error(`second handler for ${channel}`);
      ipcHandlers.set(channel, listener);
    },
  };

  const defaultSession = {
    headersListener: undefined as HeadersListener | undefined,
    permissionRequestHandler: undefined as PermissionRequestHandler | undefined,
    permissionCheckHandler: undefined as (() => boolean) | undefined,
    webRequest: {
      onHeadersReceived(listener: HeadersListener): void {
        defaultSession.headersListener = listener;
      },
    },
    setPermissionRequestHandler(handler: PermissionRequestHandler): void {
      defaultSession.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: () => boolean): void {
      defaultSession.permissionCheckHandler = handler;
    },
  };

  const contextBridge = { exposeInMainWorld: vi.fn<(key: string, api: unknown) => void>() };
  const ipcRenderer = {
    invoke: vi.fn<(channel: string, ...args: unknown[]) => Promise<unknown>>(() =>
      Promise.resolve(undefined),
    ),
    send: vi.fn(),
    on: vi.fn(),
    removeListener: vi.fn(),
  };

  return {
    app,
    dialog,
    shell,
    BrowserWindow: FakeBrowserWindow,
    ipcMain,
    session: { defaultSession },
    contextBridge,
    ipcRenderer,
    // Not part of electron: what the fakes recorded.
    windows,
    ipcHandlers,
  };
}
