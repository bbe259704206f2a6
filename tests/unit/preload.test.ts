// src/preload/index.ts with electron mocked: what the renderer gets as window.lasttoken.

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNEL, ipcContract } from '../../src/shared/ipc-contract';

const electron = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('./fakes/electron');
  return createFakeElectron();
});
vi.mock('electron', () => electron);

const { contextBridge, ipcRenderer } = electron;

/** Loads the preload afresh and returns what it exposed under `lasttoken`. */
async function loadPreload(): Promise<Record<string, unknown>> {
  vi.resetModules();
  contextBridge.exposeInMainWorld.mockClear();
  await import('../../src/preload/index');
  expect(contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [key, api] = contextBridge.exposeInMainWorld.mock.calls[0] ?? [];
  expect(key).toBe('lasttoken');
  expect(api).toBeTypeOf('object');
  return api as Record<string, unknown>;
}

describe('preload', () => {
  beforeEach(() => {
    ipcRenderer.invoke.mockClear();
    vi.doUnmock('../../src/shared/ipc-channels');
  });

  it('exposes exactly one function per contract method, and subscribe', async () => {
    const api = await loadPreload();
    expect(Object.keys(api).sort()).toEqual([...Object.keys(ipcContract), 'subscribe'].sort());
    for (const value of Object.values(api)) expect(value).toBeTypeOf('function');
  });

  it('subscribes to the one event channel, passes on only the event, and unsubscribes', async () => {
    const api = await loadPreload();
    ipcRenderer.on.mockClear();
    const seen: unknown[] = [];
    const subscribe = api['subscribe'] as (listener: (e: unknown) => void) => () => void;
    const unsubscribe = subscribe((event) => seen.push(event));
    expect(ipcRenderer.on).toHaveBeenCalledTimes(1);
    const [channel, forward] = ipcRenderer.on.mock.calls[0] as [string, (...a: unknown[]) => void];
    expect(channel).toBe(EVENT_CHANNEL);
    const event = { type: 'run_error', run_id: 'r', message: 'm' };
    forward({ sender: 'the IpcRendererEvent, which must not reach the page' }, event);
    expect(seen).toEqual([event]);
    unsubscribe();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(EVENT_CHANNEL, forward);
  });

  it('never exposes ipcRenderer or its methods', async () => {
    const api = await loadPreload();
    const exposed = Object.values(api);
    for (const part of [ipcRenderer, ipcRenderer.invoke, ipcRenderer.send, ipcRenderer.on]) {
      expect(exposed).not.toContain(part);
    }
  });

  it('invokes each method on its own channel, sending {} when called without input', async () => {
    const api = await loadPreload();
    ipcRenderer.invoke.mockResolvedValueOnce({ name: 'LastToken' });
    const appInfo = api['appInfo'] as () => Promise<unknown>;
    await expect(appInfo()).resolves.toEqual({ name: 'LastToken' });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('lasttoken:app:info', {});
  });

  it('refuses a channel without the lasttoken: prefix', async () => {
    vi.doMock('../../src/shared/ipc-channels', async (importOriginal) => {
      const real = await importOriginal<typeof import('../../src/shared/ipc-channels')>();
      return { ...real, IPC_CHANNELS: { ...real.IPC_CHANNELS, rogue: 'other:app:info' } };
    });
    const api = await loadPreload();
    const rogue = api['rogue'] as () => Promise<unknown>;
    await expect(rogue()).rejects.toThrow('Refused IPC channel "other:app:info"');
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
  });
});
