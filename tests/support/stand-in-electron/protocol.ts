// What the two halves of the stand-in say to each other (see rpc.ts): the
// child process that runs the built main with the stand-in 'electron' module,
// and the test process that shows its windows in Chromium. Types and names
// only, imported by both.

/** The environment variable that carries StandInConfig (JSON) to the child. */
export const CONFIG_VAR = 'LASTTOKEN_STAND_IN_ELECTRON';

/** The global the generated 'electron' module reads the stand-in from. */
export const GLOBAL_KEY = 'lasttoken.stand-in-electron';

export interface StandInConfig {
  /** The built main entry to load (out/main/index.js). */
  mainFile: string;
  /** What app.getAppPath() answers: the folder of the app's package.json (the repository). */
  appPath: string;
  /** What app.getLocale() answers, e.g. "en-US". */
  locale: string;
  /** What app.requestSingleInstanceLock() answers: false is a second launch. */
  singleInstanceLock: boolean;
}

/** A frame as the page reports it (Chromium's own URL string), its parents up to the top. */
export interface FrameDescription {
  url: string;
  parent: FrameDescription | null;
}

/** host → child: a call of ipcRenderer.invoke from a window's page. */
export interface InvokeParams {
  windowId: number;
  channel: string;
  args: unknown[];
  senderFrame: FrameDescription | null;
}

/** As Electron's ipcRenderer.invoke gets it back: a result, or the error's text. */
export type InvokeReply = { result: unknown } | { error: string };

/** host → child: the page asked to navigate its main frame (will-navigate). */
export interface NavigateParams {
  windowId: number;
  url: string;
}

/** host → child: the page called window.open (setWindowOpenHandler). */
export interface WindowOpenParams {
  windowId: number;
  url: string;
  frameName: string;
  features: string;
  disposition: 'default' | 'foreground-tab' | 'background-tab' | 'new-window' | 'other';
}

/** child → host notices and requests. */
export interface WindowCreated {
  windowId: number;
  options: unknown;
}
export interface LoadParams {
  windowId: number;
  url: string;
  /** options.webPreferences.preload of the window: the file the page's preload comes from. */
  preload: string | null;
}
export interface SendParams {
  windowId: number;
  channel: string;
  args: unknown[];
}
export interface WindowOp {
  windowId: number;
  op: 'show' | 'hide' | 'focus' | 'restore' | 'minimize' | 'destroyed';
}

/** What the stand-in recorded of the app's calls, for the test to check. */
export interface Records {
  ready: boolean;
  /** Notable calls in order: `app.requestSingleInstanceLock`, `ready`, `new BrowserWindow`... */
  calls: string[];
  /** app.getPath('userData') when the single-instance lock was asked for (Electron locks there). */
  userDataAtLock: string | null;
  /** app.getPath('sessionData') at 'ready': where Electron would keep the window's session. */
  sessionDataAtReady: string | null;
  /** Every app.setPath(name, path), in order. */
  setPaths: [string, string][];
  windows: WindowRecord[];
  ipcChannels: string[];
  session: {
    headersListener: boolean;
    permissionRequestHandler: boolean;
    permissionCheckHandler: boolean;
  };
  saveDialogs: { windowId: number | null; options: unknown }[];
  /** Every dialog.showMessageBoxSync, with its window and options. */
  messageBoxes: { windowId: number | null; options: unknown }[];
  errorBoxes: { title: string; content: string }[];
  openExternal: string[];
  /** The app's own events as the stand-in emitted them, and whether a listener prevented each. */
  appEvents: { name: string; prevented: boolean }[];
  /** Uncaught exceptions and unhandled rejections in the main process, and its console.error lines. */
  mainErrors: string[];
}

export interface WindowRecord {
  id: number;
  options: unknown;
  loads: { method: 'loadFile' | 'loadURL'; argument: string; url: string }[];
  ops: string[];
  destroyed: boolean;
  webContents: {
    /** Listener counts by event name ('will-navigate', 'will-attach-webview'...). */
    listeners: Record<string, number>;
    windowOpenHandler: boolean;
    /** webContents.send calls by channel. */
    sent: Record<string, number>;
  };
}
