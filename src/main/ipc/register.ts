// Electron's IPC as a transport of the contract: one handler per method's
// channel, which first checks who is calling (the app's own page, its main
// frame), then dispatches. Written against a tiny IpcMainLike, so tests run
// it in plain Node.

import { ipcContract, type IpcMethodName } from '../../shared/ipc-contract';
import type { SenderFrame } from '../shell/app-page';
import type { Dispatch } from './dispatch';

export interface IpcInvokeEventLike {
  /** Null when the frame has already navigated away or been destroyed. */
  readonly senderFrame: SenderFrame | null;
}

/** The part of Electron's ipcMain used here. */
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: IpcInvokeEventLike, ...args: unknown[]) => unknown,
  ): void;
}

export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  dispatch: Dispatch,
  isTrustedSender: (frame: SenderFrame | null) => boolean,
): void {
  for (const [name, { channel }] of Object.entries(ipcContract) as [
    IpcMethodName,
    { channel: string },
  ][]) {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrustedSender(event.senderFrame)) {
        return {
          ok: false,
          error: {
            code: 'refused',
            message: `${channel} refused: the sender is not the app's own page`,
          },
        };
      }
      // The preload always sends exactly one input object.
      if (args.length !== 1) {
        return {
          ok: false,
          error: {
            code: 'invalid_input',
            message: `${channel} expects one input argument, got ${args.length}`,
          },
        };
      }
      return dispatch(name, args[0]);
    });
  }
}
