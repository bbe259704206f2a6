// The main window's options. The renderer shows untrusted text (model output,
// provider error messages), so it gets no Node, no Electron internals and
// Chromium's sandbox; it reaches main only through the preload's typed API.

/** `icon` is the window's icon where the OS takes it from the window (Linux); packaged apps carry their own elsewhere. */
export function mainWindowOptions(preloadPath: string, icon?: string) {
  return {
    ...(icon === undefined ? {} : { icon }),
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'LastToken',
    // Shown on 'ready-to-show', so the window never flashes an empty frame.
    show: false,
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    },
  } as const;
}
