// The one list of everything the renderer may ask the main process to do.
// Main registers a handler per method (a missing one is a compile error), the
// preload exposes one function per method, and the renderer sees the typed API.
// Inputs cross a trust boundary, so each has a zod schema that main checks.

import { z } from 'zod';

/** Every channel carries the app's prefix, so the preload can refuse any other. */
export const CHANNEL_PREFIX = 'lasttoken:';

/** `lasttoken:namespace:action` */
export type Channel = `${typeof CHANNEL_PREFIX}${string}:${string}`;

/**
 * Carries a method's result type. It has no runtime value: results come from
 * main's handlers, which are compiled against it.
 */
export interface Returns<T> {
  readonly __result?: T;
}

function returns<T>(): Returns<T> {
  return {};
}

export interface IpcMethod {
  readonly channel: Channel;
  readonly input: z.ZodType;
  readonly result: Returns<unknown>;
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** Null when the services run in plain Node (tests, the CLI), not under Electron. */
  electron: string | null;
  node: string;
}

export const ipcContract = {
  appInfo: {
    channel: 'lasttoken:app:info',
    input: z.strictObject({}),
    result: returns<AppInfo>(),
  },
} as const satisfies Record<string, IpcMethod>;

export type IpcContract = typeof ipcContract;
export type IpcMethodName = keyof IpcContract;

/** What the renderer passes (before zod defaults and transforms). */
export type InputOf<M extends IpcMethod> = z.input<M['input']>;
/** What main's handler receives (after validation). */
export type ParsedInputOf<M extends IpcMethod> = z.output<M['input']>;
export type ResultOf<M extends IpcMethod> = M['result'] extends Returns<infer R> ? R : never;

/** A method whose input may be empty can be called without an argument. */
type ApiArgs<M extends IpcMethod> =
  Record<string, never> extends InputOf<M> ? [input?: InputOf<M>] : [input: InputOf<M>];

/** `window.lasttoken`: one async function per contract method. */
export type LastTokenApi = {
  readonly [K in IpcMethodName]: (
    ...args: ApiArgs<IpcContract[K]>
  ) => Promise<ResultOf<IpcContract[K]>>;
};
