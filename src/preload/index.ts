// The renderer's only way into main: `window.lasttoken`, one function per
// contract method, each bound to its own channel. The renderer never gets
// ipcRenderer itself, so it cannot send on any other channel or listen to any.
// Runs sandboxed, where only 'electron' can be required at run time, so it is
// bundled into one CommonJS file (zod included) by electron.vite.config.ts.

import { contextBridge, ipcRenderer } from 'electron';
import { CHANNEL_PREFIX, ipcContract, type LastTokenApi } from '../shared/ipc-contract';

function invoke(channel: string, input: unknown): Promise<unknown> {
  if (!channel.startsWith(CHANNEL_PREFIX)) {
    return Promise.reject(new Error(`Refused IPC channel "${channel}": not a LastToken channel`));
  }
  return ipcRenderer.invoke(channel, input);
}

const api = Object.fromEntries(
  Object.entries(ipcContract).map(([name, { channel }]) => [
    name,
    // A method without input is called as `appInfo()`; main validates whatever arrives.
    (input: unknown = {}) => invoke(channel, input),
  ]),
);

// The cast is the IPC boundary: each result has the type main's handler for
// that channel is compiled against (see HandlersFor in src/main/ipc/register.ts).
contextBridge.exposeInMainWorld('lasttoken', api as LastTokenApi);
