// The one door from the renderer into main: every contract method gets a
// handler that first checks who is calling and what they sent. Written against
// a tiny IpcMainLike, so tests (and a local bridge) run it in plain Node.

import { z } from 'zod';
import {
  ipcContract,
  type IpcContract,
  type IpcMethod,
  type IpcMethodName,
  type ParsedInputOf,
  type ResultOf,
} from '../../shared/ipc-contract';
import type { SenderFrame } from '../shell/app-page';

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

export type Handler<M extends IpcMethod> = (
  input: ParsedInputOf<M>,
) => ResultOf<M> | Promise<ResultOf<M>>;

/** One handler per method: leaving one out does not compile. */
export type HandlersFor<C extends Record<string, IpcMethod>> = {
  readonly [K in keyof C]: Handler<C[K]>;
};

/** Thrown back to the renderer, whose `invoke` rejects with this message. */
export class IpcRequestError extends Error {
  override readonly name = 'IpcRequestError';
}

export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  handlers: HandlersFor<IpcContract>,
  isTrustedSender: (frame: SenderFrame | null) => boolean,
): void {
  for (const name of Object.keys(ipcContract) as IpcMethodName[]) {
    registerMethod(name);
  }

  // Indexing the contract and the handlers with one generic key keeps each
  // method paired with its own handler's type (a plain union key would not).
  function registerMethod<K extends IpcMethodName>(name: K): void {
    register(ipcContract[name], handlers[name]);
  }

  function register<M extends IpcMethod>(method: M, handler: Handler<M>): void {
    const { channel } = method;
    ipcMain.handle(channel, async (event, ...args) => {
      if (!isTrustedSender(event.senderFrame)) {
        throw new IpcRequestError(`${channel} refused: the sender is not the app's own page`);
      }
      // The preload always sends exactly one input object.
      if (args.length !== 1) {
        throw new IpcRequestError(`${channel} expects one input argument, got ${args.length}`);
      }
      const parsed = z.safeParse<M['input']>(method.input, args[0]);
      if (!parsed.success) {
        throw new IpcRequestError(`${channel} invalid input:\n${z.prettifyError(parsed.error)}`);
      }
      return handler(parsed.data);
    });
  }
}
