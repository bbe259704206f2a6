// The renderer's only way into main: `window.lasttoken`, one function per
// contract method, each bound to its own channel, and `subscribe` for the
// events main pushes on the one event channel. The renderer never gets
// ipcRenderer itself, so it cannot send on any other channel or listen to any.
// Runs sandboxed, where only 'electron' can be required at run time, so it is
// bundled into one CommonJS file (zod included) by electron.vite.config.ts.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { AppEvent } from '../shared/api';
import { CHANNEL_PREFIX, EVENT_CHANNEL, IPC_CHANNELS } from '../shared/ipc-channels';
import type { LastTokenBridge } from '../shared/ipc-contract';

function invoke(channel: string, input: unknown): Promise<unknown> {
  if (!channel.startsWith(CHANNEL_PREFIX)) {
    return Promise.reject(new Error(`Refused IPC channel "${channel}": not a LastToken channel`));
  }
  return ipcRenderer.invoke(channel, input);
}

const methods = Object.fromEntries(
  Object.entries(IPC_CHANNELS).map(([name, channel]) => [
    name,
    // A method without input is called as `appInfo()`; main validates whatever arrives.
    (input: unknown = {}) => invoke(channel, input),
  ]),
);

function subscribe(listener: (event: AppEvent) => void): () => void {
  // Only the event's data crosses: never the IpcRendererEvent, which holds the sender.
  const forward = (_event: IpcRendererEvent, appEvent: AppEvent): void => listener(appEvent);
  ipcRenderer.on(EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  };
}

// The cast is the IPC boundary: each result has the type main's handler for
// that channel is compiled against (see HandlersFor in src/main/ipc/dispatch.ts).
contextBridge.exposeInMainWorld('lasttoken', { ...methods, subscribe } as LastTokenBridge);
