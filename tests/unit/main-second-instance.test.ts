// src/main/index.ts launched while LastToken already runs (electron mocked):
// the second launch quits at once, before opening anything, and the first
// instance shows its window ('second-instance', in main-process.test.ts).

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const electron = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('./fakes/electron');
  return createFakeElectron({ singleInstanceLock: false });
});
vi.mock('electron', () => electron);

const { app, ipcHandlers, windows } = electron;

const historyDir = mkdtempSync(join(tmpdir(), 'lasttoken-second-'));
const historyFile = join(historyDir, 'history.db');

const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeAll(async () => {
  process.env['LASTTOKEN_DB'] = historyFile;
  await import('../../src/main/index');
  await app.whenReady();
});

afterAll(() => {
  delete process.env['LASTTOKEN_DB'];
  said.mockRestore();
  rmSync(historyDir, { recursive: true, force: true });
});

describe('a second launch', () => {
  it('quits at once, saying which LastToken holds the lock', () => {
    expect(app.requestSingleInstanceLock).toHaveBeenCalledTimes(1);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(said.mock.calls).toEqual([
      [
        'LastToken (development) is already running with the data folder /nonexistent/appData/LastToken (development): ' +
          'its window was brought to the front. An installed LastToken is not this one: it runs beside it.',
      ],
    ]);
  });

  it('of a development run takes the lock of its own data folder, not the installed app’s', () => {
    expect(app.setPath).toHaveBeenCalledWith(
      'userData',
      '/nonexistent/appData/LastToken (development)',
    );
    expect(app.setPath.mock.invocationCallOrder[0]).toBeLessThan(
      app.requestSingleInstanceLock.mock.invocationCallOrder[0]!,
    );
  });

  it('opens no window, no history and no IPC', () => {
    expect(windows).toHaveLength(0);
    expect(existsSync(historyFile)).toBe(false);
    expect(ipcHandlers.size).toBe(0);
    expect(app.listenerCount('second-instance')).toBe(0);
  });
});
