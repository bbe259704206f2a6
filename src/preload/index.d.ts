// What the preload exposes, as the renderer sees it.

import type { LastTokenApi } from '../shared/ipc-contract';

declare global {
  interface Window {
    readonly lasttoken: LastTokenApi;
  }
}
