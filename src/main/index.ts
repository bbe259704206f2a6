// Electron glue only: the window, its security settings and the IPC wiring.
// Everything with logic lives in modules that do not import electron (./shell,
// ./ipc, ./app-services) and is tested in plain Node; this file only connects
// them to Electron.

import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, shell, type WebContents } from 'electron';
import type { Language } from '../shared/api';
import icon from '../../resources/icon.png?asset';
import { openAppServices } from './app-services';
import type { Dispatch } from './ipc/dispatch';
import { registerIpcHandlers } from './ipc/register';
import { configureMeasuringThread } from './measuring';
import { configureTokenWorker } from './probe/tokens';
import { isAppPageUrl, isTrustedSender, locateAppPage } from './shell/app-page';
import { unpackedUrl } from './shell/asar';
import { contentSecurityPolicy, withContentSecurityPolicy } from './shell/csp';
import { alreadyRunningNotice, developmentNotice, locateDataFolder } from './shell/data-folder';
import { forwardEvents } from './shell/event-forwarding';
import { browserUrl } from './shell/external-links';
import { choseToLeave, leaveDialogOptions } from './shell/leave-dialog';
import { quitAfterClosing } from './shell/quit';
import { chosenSavePath, saveDialogOptions } from './shell/save-dialog';
import { unavailableDispatch } from './shell/unavailable-dispatch';
import { mainWindowOptions } from './shell/window-options';
import { configureReportThread } from './report/report-thread';
import { configureSimulatorThread } from './sim';
import { languageFor } from './settings';
import { sqliteNativeBinding } from './store';

// The built layout (electron.vite.config.ts): out/main/index.js beside
// out/main/measuring-worker.mjs, out/main/token-worker.mjs, out/main/sim-worker.mjs,
// out/main/report-worker.mjs,
// out/preload/index.cjs and out/renderer/index.html.
const preloadFile = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
configureMeasuringThread(unpackedUrl(new URL('./measuring-worker.mjs', import.meta.url)));
configureTokenWorker(unpackedUrl(new URL('./token-worker.mjs', import.meta.url)));
configureSimulatorThread(unpackedUrl(new URL('./sim-worker.mjs', import.meta.url)));
configureReportThread(unpackedUrl(new URL('./report-worker.mjs', import.meta.url)));
const rendererFile = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
// `electron-vite dev` serves the renderer and passes its URL; a packaged app
// always loads the built file.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const appPage = locateAppPage({ devServerUrl, rendererFile });

/** The window dialogs belong to; on macOS it can be closed while the app runs on. */
let mainWindow: BrowserWindow | undefined;

/** The language main's own dialogs speak: the settings', once the history is open. */
let appLanguage = (): Language => languageFor(app.getLocale());

// Before the lock: Electron ties it to the userData folder, which a development run has of its own.
const dataFolder = locateDataFolder({
  packaged: app.isPackaged,
  appData: app.getPath('appData'),
  name: app.getName(),
  env: process.env,
  platform: process.platform,
  homedir: homedir(),
});
if (dataFolder.userData !== undefined) app.setPath('userData', dataFolder.userData);

// One LastToken per data folder: a second launch quits at once, and the first shows its window.
if (app.requestSingleInstanceLock()) {
  start();
} else {
  console.error(alreadyRunningNotice(dataFolder));
  app.quit();
}

function start(): void {
  if (dataFolder.development) console.log(developmentNotice(dataFolder));
  // Every renderer is sandboxed, whatever a window's options say.
  app.enableSandbox();

  app.on('web-contents-created', (_event, contents) => lockDown(contents));

  app.on('second-instance', () => {
    void app.whenReady().then(showMainWindow);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(() => {
    const policy = contentSecurityPolicy({ dev: devServerUrl !== undefined });
    session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, policy) });
    });
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => {
      callback(false);
    });
    session.defaultSession.setPermissionCheckHandler(() => false);

    registerIpcHandlers(ipcMain, openServices(), (frame) => isTrustedSender(appPage, frame));

    openMainWindow();
    // macOS keeps the app running with no window; clicking the dock icon opens one again.
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
    });
  });
}

/**
 * The history and the profiles, in the file the CLI uses too, with their
 * events forwarded to the window and closed before the app quits. When they
 * cannot be opened, the window still opens and every call answers why.
 */
function openServices(): Dispatch {
  try {
    const services = openAppServices({
      databasePath: dataFolder.databasePath,
      nativeBinding: sqliteNativeBinding({
        electron: process.versions.electron,
        packaged: app.isPackaged,
        appRoot: app.getAppPath(),
      }),
      identity: {
        name: app.getName(),
        version: app.getVersion(),
        electron: process.versions.electron ?? null,
        transport: 'ipc',
      },
      chooseSavePath,
      systemLocale: app.getLocale(),
    });
    appLanguage = () => services.settings.get().language;
    const stopForwarding = forwardEvents(services.events, () => BrowserWindow.getAllWindows());
    app.on(
      'before-quit',
      quitAfterClosing({
        close: () => {
          stopForwarding();
          return services.close();
        },
        quit: () => app.quit(),
        report: (error) => console.error(`LastToken: closing the history failed: ${String(error)}`),
      }),
    );
    return services.dispatch;
  } catch (error) {
    // The message says which file and what to do.
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('LastToken cannot open its history', message);
    return unavailableDispatch(`LastToken cannot open its history: ${message}`);
  }
}

function openMainWindow(): void {
  const window = new BrowserWindow(
    mainWindowOptions(preloadFile, process.platform === 'linux' ? icon : undefined),
  );
  mainWindow = window;
  window.once('ready-to-show', () => window.show());
  void (devServerUrl === undefined ? window.loadFile(rendererFile) : window.loadURL(devServerUrl));
}

/** Brings the window to the front (a second launch asked for the app), or opens it again. */
function showMainWindow(): void {
  if (mainWindow === undefined || mainWindow.isDestroyed()) {
    openMainWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** The save dialog for an export, in front of the window. */
async function chooseSavePath(fileName: string): Promise<string | null> {
  const options = saveDialogOptions(fileName);
  const owner = mainWindow !== undefined && !mainWindow.isDestroyed() ? mainWindow : undefined;
  const result = await (owner === undefined
    ? dialog.showSaveDialog(options)
    : dialog.showSaveDialog(owner, options));
  return chosenSavePath(result);
}

/**
 * No web contents may leave the app's page, open a window or embed a webview.
 * A web link it tries to follow opens in the system browser instead.
 */
function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    // The app's own page stays allowed so that a reload (Vite's in dev) still works.
    if (isAppPageUrl(appPage, event.url)) return;
    event.preventDefault();
    openInBrowser(event.url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // The page held back its unload (unsaved edits): ask, or the window would not close.
  contents.on('will-prevent-unload', (event) => {
    const options = leaveDialogOptions(appLanguage());
    const owner = BrowserWindow.fromWebContents(contents);
    const response =
      owner === null
        ? dialog.showMessageBoxSync(options)
        : dialog.showMessageBoxSync(owner, options);
    if (choseToLeave(response)) event.preventDefault();
  });
}

function openInBrowser(link: string): void {
  const url = browserUrl(link);
  if (url === null) return;
  shell.openExternal(url).catch((error: unknown) => {
    console.error(`LastToken: the system browser did not open ${url}: ${String(error)}`);
  });
}
