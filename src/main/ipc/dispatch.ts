// One call of the contract, whatever carried it (Electron's IPC or HTTP in
// browser mode): find the method, check its input against the contract's
// schema, run main's handler, and answer with an ApiResult. The transports
// only add their own check of who is calling.

import { z } from 'zod';
import type { ApiResult } from '../../shared/api';
import {
  ipcContract,
  type IpcContract,
  type IpcMethod,
  type IpcMethodName,
  type ParsedInputOf,
  type ResultOf,
} from '../../shared/ipc-contract';
import { toApiError } from './api-error';

export type Handler<M extends IpcMethod> = (
  input: ParsedInputOf<M>,
) => ResultOf<M> | Promise<ResultOf<M>>;

/** One handler per method: leaving one out does not compile. */
export type HandlersFor<C extends Record<string, IpcMethod>> = {
  readonly [K in keyof C]: Handler<C[K]>;
};

export type Dispatch = (method: string, input: unknown) => Promise<ApiResult<unknown>>;

export function isMethodName(name: string): name is IpcMethodName {
  return Object.hasOwn(ipcContract, name);
}

/** A method's input checked against the contract's schema, or the `invalid_input` answer. */
export function parseInput<K extends IpcMethodName>(
  name: K,
  input: unknown,
): ApiResult<ParsedInputOf<IpcContract[K]>> {
  const parsed = z.safeParse(ipcContract[name].input as IpcMethod['input'], input);
  if (parsed.success) return { ok: true, value: parsed.data as ParsedInputOf<IpcContract[K]> };
  return {
    ok: false,
    error: {
      code: 'invalid_input',
      message: `${name}: invalid input:\n${z.prettifyError(parsed.error)}`,
    },
  };
}

/**
 * `report` sees every error that is a bug (`internal`), for the log; the
 * caller gets its message either way. `databasePath` is named in the message
 * of a damaged or full history.
 */
export function createDispatch(
  handlers: HandlersFor<IpcContract>,
  report: (method: string, error: unknown) => void = () => {},
  databasePath?: string,
): Dispatch {
  // Indexing the contract and the handlers with one generic key keeps each
  // method paired with its own handler's type (a plain union key would not).
  async function call<K extends IpcMethodName>(
    name: K,
    input: unknown,
  ): Promise<ApiResult<unknown>> {
    const parsed = parseInput(name, input);
    if (!parsed.ok) return parsed;
    const handler = handlers[name] as Handler<IpcContract[K]>;
    try {
      return { ok: true, value: await handler(parsed.value) };
    } catch (error) {
      const answer = toApiError(error, databasePath);
      if (answer.code === 'internal') report(name, error);
      return { ok: false, error: answer };
    }
  }

  return (method, input) => {
    if (!isMethodName(method)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'not_found', message: `there is no method "${method.slice(0, 100)}"` },
      });
    }
    return call(method, input);
  };
}
