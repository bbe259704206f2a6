// Gives the page its window.lasttoken. In the Electron window the preload has
// put one there already (contextBridge, read-only) and it is left alone; in a
// browser there is none, and the HTTP bridge takes its place, as read-only
// as the preload's, so no script can swap it.

import type { LastTokenBridge } from '../../../shared/ipc-contract';

/** `target` is the page's window; `create` runs only when it has no bridge yet. */
export function installBridge(target: object, create: () => LastTokenBridge): void {
  if ('lasttoken' in target) return;
  Object.defineProperty(target, 'lasttoken', {
    value: Object.freeze(create()),
    writable: false,
    configurable: false,
    enumerable: true,
  });
}
