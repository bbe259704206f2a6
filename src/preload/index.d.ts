// What the preload (or, in browser mode, the HTTP client) exposes, as the renderer sees it.

import type { LastTokenBridge } from '../shared/ipc-contract';

declare global {
  interface Window {
    readonly lasttoken: LastTokenBridge;
  }
}
