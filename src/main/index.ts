// Electron glue only: the window, its security settings and the IPC wiring.
// Everything with logic lives in modules that do not import electron (./shell,
// ./ipc) and is tested in plain Node; this file only connects them to Electron.

import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, type WebContents } from 'electron';
import icon from '../../resources/icon.png?asset';
import { openAppServices } from './app-services';
import { configureTokenWorker } from './probe/tokens';
import { createHandlers } from './ipc/handlers';
import { registerIpcHandlers } from './ipc/register';
import { isAppPageUrl, isTrustedSender, locateAppPage } from './shell/app-page';
import { contentSecurityPolicy, withContentSecurityPolicy } from './shell/csp';
import { mainWindowOptions } from './shell/window-options';
import { defaultDatabasePath, sqliteNativeBinding } from './store';

// The built layout (electron.vite.config.ts): out/main/index.js beside
// out/main/token-worker.js, out/preload/index.cjs and out/renderer/index.html.
const preloadFile = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
configureTokenWorker(new URL('./token-worker.js', import.meta.url));
const rendererFile = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
// `electron-vite dev` serves the renderer and passes its URL; a packaged app
// always loads the built file.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const appPage = locateAppPage({ devServerUrl, rendererFile });

// Every renderer is sandboxed, whatever a window's options say.
app.enableSandbox();

app.on('web-contents-created', (_event, contents) => lockDown(contents));

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

  try {
    // The history and the profiles, in the file the CLI uses too.
    const services = openAppServices({
      databasePath: defaultDatabasePath(process.platform, process.env, homedir()),
      nativeBinding: sqliteNativeBinding(process.versions, app.getAppPath()),
    });
    app.on('will-quit', () => services.close());
  } catch (error) {
    // The message says which file and what to do; the window still opens.
    dialog.showErrorBox('LastToken cannot open its history', String((error as Error).message));
  }

  registerIpcHandlers(
    ipcMain,
    createHandlers({ name: app.getName(), version: app.getVersion() }),
    (frame) => isTrustedSender(appPage, frame),
  );

  openMainWindow();
  // macOS keeps the app running with no window; clicking the dock icon opens one again.
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
});

function openMainWindow(): void {
  const window = new BrowserWindow(
    mainWindowOptions(preloadFile, process.platform === 'linux' ? icon : undefined),
  );
  window.once('ready-to-show', () => window.show());
  void (devServerUrl === undefined ? window.loadFile(rendererFile) : window.loadURL(devServerUrl));
}

/** No web contents may leave the app's page, open a window or embed a webview. */
function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    // The app's own page stays allowed so that a reload (Vite's in dev) still works.
    if (!isAppPageUrl(appPage, event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
