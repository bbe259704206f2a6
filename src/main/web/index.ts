// Browser mode: `lasttoken web` serves the renderer and the IPC contract over
// HTTP to a browser on this machine. Plain Node, no Electron.
export { DEFAULT_WEB_HOST, isLoopbackHost, isWildcardHost } from './host-names';
export { openInBrowser } from './open-browser';
export { MAX_BODY_BYTES } from './request-body';
export { startWebServer, type WebServer, type WebServerOptions } from './web-server';
