// registerIpcHandlers against a fake ipcMain, in plain Node (the Bruno pattern).

import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  registerIpcHandlers,
  type HandlersFor,
  type IpcInvokeEventLike,
  type IpcMainLike,
} from '../../src/main/ipc/register';
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
};

function setUp() {
  const listeners = new Map<string, Listener>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => listeners.set(channel, listener) };
  const appInfo = vi.fn(() => info);
  registerIpcHandlers(ipcMain, { appInfo }, (frame) => frame?.url === page);
  const call = (channel: string, event: IpcInvokeEventLike, ...args: unknown[]) => {
    const listener = listeners.get(channel);
    if (!listener) throw new Error(`nothing registered on ${channel}`);
    return Promise.resolve(listener(event, ...args));
  };
  return { listeners, appInfo, call };
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

  it('passes validated input to the handler and returns its result', async () => {
    const { appInfo, call } = setUp();
    await expect(call('lasttoken:app:info', { senderFrame: appFrame }, {})).resolves.toEqual(info);
    expect(appInfo).toHaveBeenCalledWith({});
  });

  it('refuses a sender that is not the app’s page, without running the handler', async () => {
    const { appInfo, call } = setUp();
    const stranger = { url: 'https://example.com/', parent: null };
    await expect(call('lasttoken:app:info', { senderFrame: stranger }, {})).rejects.toThrow(
      "lasttoken:app:info refused: the sender is not the app's own page",
    );
    await expect(call('lasttoken:app:info', { senderFrame: null }, {})).rejects.toThrow(/refused/);
    expect(appInfo).not.toHaveBeenCalled();
  });

  it('rejects invalid input with a message naming the channel and the problem', async () => {
    const { appInfo, call } = setUp();
    const event = { senderFrame: appFrame };
    await expect(call('lasttoken:app:info', event, { admin: true })).rejects.toThrow(
      /^lasttoken:app:info invalid input:\n.*Unrecognized key: "admin"/,
    );
    await expect(call('lasttoken:app:info', event, 'info')).rejects.toThrow(/invalid input/);
    await expect(call('lasttoken:app:info', event)).rejects.toThrow(
      'lasttoken:app:info expects one input argument, got 0',
    );
    expect(appInfo).not.toHaveBeenCalled();
  });

  it('needs a handler of the right type for every method (compile-time)', () => {
    expectTypeOf<{ appInfo: () => AppInfo }>().toExtend<HandlersFor<IpcContract>>();
    expectTypeOf<Record<string, never>>().not.toExtend<HandlersFor<IpcContract>>();
    expectTypeOf<{ appInfo: () => string }>().not.toExtend<HandlersFor<IpcContract>>();
  });
});
