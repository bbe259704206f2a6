// registerIpcHandlers and createDispatch against a fake ipcMain, in plain Node
// (the Bruno pattern): the sender check, the contract's input schemas, errors
// as data, and the compile-time pairing of handlers with methods.

import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createDispatch, type HandlersFor } from '../../src/main/ipc/dispatch';
import {
  registerIpcHandlers,
  type IpcInvokeEventLike,
  type IpcMainLike,
} from '../../src/main/ipc/register';
import { ProfileInputError } from '../../src/main/profiles';
import { ipcContract, type AppInfo, type IpcContract } from '../../src/shared/ipc-contract';

type Listener = (event: IpcInvokeEventLike, ...args: unknown[]) => unknown;

const page = 'file:///app/out/renderer/index.html';
const appFrame = { url: page, parent: null };
const info: AppInfo = {
  name: 'LastToken',
  version: '1.2.3',
  platform: 'linux',
  electron: null,
  node: '20.20.0',
  transport: 'ipc',
};

/** Handlers for every method that fail the test if called, but those given. */
function handlers(given: Partial<HandlersFor<IpcContract>>): HandlersFor<IpcContract> {
  const all = Object.fromEntries(
    Object.keys(ipcContract).map((name) => [
      name,
      () => {
        throw new Error(`${name} was not expected to be called`);
      },
    ]),
  );
  return { ...all, ...given } as HandlersFor<IpcContract>;
}

function setUp(given: Partial<HandlersFor<IpcContract>> = {}) {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => listeners.set(channel, listener) };
  const appInfo = vi.fn(() => info);
  const report = vi.fn();
  const dispatch = createDispatch(handlers({ appInfo, ...given }), report);
  registerIpcHandlers(ipcMain, dispatch, (frame) => frame?.url === page);
  const call = (channel: string, event: IpcInvokeEventLike, ...args: unknown[]) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`nothing registered on ${channel}`);
    return Promise.resolve(listener(event, ...args));
  };
  return { listeners, appInfo, call, report, dispatch };
}

describe('registerIpcHandlers', () => {
  it('registers exactly the contract’s channels', () => {
    const { listeners } = setUp();
    expect([...listeners.keys()].sort()).toEqual(
      Object.values(ipcContract)
        .map((method) => method.channel)
        .sort(),
    );
  });

  it('passes validated input to the handler and answers its result', async () => {
    const { appInfo, call } = setUp();
    await expect(call('lasttoken:app:info', { senderFrame: appFrame }, {})).resolves.toEqual({
      ok: true,
      value: info,
    });
    expect(appInfo).toHaveBeenCalledWith({});
  });

  it('refuses a sender that is not the app’s page, without running the handler', async () => {
    const { appInfo, call } = setUp();
    const stranger = { url: 'https://example.com/', parent: null };
    for (const senderFrame of [stranger, null]) {
      await expect(call('lasttoken:app:info', { senderFrame }, {})).resolves.toEqual({
        ok: false,
        error: {
          code: 'refused',
          message: "lasttoken:app:info refused: the sender is not the app's own page",
        },
      });
    }
    expect(appInfo).not.toHaveBeenCalled();
  });

  it('answers invalid input with a message naming the method and the problem', async () => {
    const { appInfo, call } = setUp();
    const event = { senderFrame: appFrame };
    const answer = (await call('lasttoken:app:info', event, { admin: true })) as {
      ok: false;
      error: { code: string; message: string };
    };
    expect(answer.error.code).toBe('invalid_input');
    expect(answer.error.message).toMatch(/^appInfo: invalid input:\n.*Unrecognized key: "admin"/);
    await expect(call('lasttoken:app:info', event, 'info')).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    await expect(call('lasttoken:app:info', event)).resolves.toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'lasttoken:app:info expects one input argument, got 0',
      },
    });
    expect(appInfo).not.toHaveBeenCalled();
  });

  it('needs a handler of the right type for every method (compile-time)', () => {
    expectTypeOf<Record<string, never>>().not.toExtend<HandlersFor<IpcContract>>();
    expectTypeOf<Omit<HandlersFor<IpcContract>, 'appInfo'>>().not.toExtend<
      HandlersFor<IpcContract>
    >();
    expectTypeOf<
      Omit<HandlersFor<IpcContract>, 'appInfo'> & { appInfo: () => string }
    >().not.toExtend<HandlersFor<IpcContract>>();
  });
});

describe('createDispatch', () => {
  it('answers a known error of a service with its code, message and field', async () => {
    const { dispatch, report } = setUp({
      profilesCreate: () => {
        throw new ProfileInputError('base_url', 'the base URL is empty');
      },
    });
    await expect(
      dispatch('profilesCreate', { name: 'x', base_url: '', model: 'm' }),
    ).resolves.toEqual({
      ok: false,
      error: { code: 'invalid', message: 'the base URL is empty', field: 'base_url' },
    });
    expect(report).not.toHaveBeenCalled();
  });

  it('answers a bug as internal, with what failed, and reports it', async () => {
    const { dispatch, report } = setUp({
      profilesList: () => {
        throw new TypeError('x is undefined');
      },
    });
    await expect(dispatch('profilesList', {})).resolves.toEqual({
      ok: false,
      error: {
        code: 'internal',
        message: 'LastToken failed (please report it): x is undefined',
        text: { key: 'app.internal', values: { message: 'x is undefined' } },
      },
    });
    expect(report).toHaveBeenCalledWith('profilesList', expect.any(TypeError));
  });

  it('answers a method that does not exist without calling anything', async () => {
    const { dispatch } = setUp();
    await expect(dispatch('toString', {})).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'there is no method "toString"' },
    });
  });
});
