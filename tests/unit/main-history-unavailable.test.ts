// src/main/index.ts when the history cannot be opened (electron mocked): the
// error box says why, the window still opens, and every contract method
// answers with that reason instead of having no handler.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcContract } from '../../src/shared/ipc-contract';
import { registered } from './fakes/electron';

const electron = await vi.hoisted(async () => {
  const { createFakeElectron } = await import('./fakes/electron');
  return createFakeElectron();
});
vi.mock('electron', () => electron);

const { app, dialog, ipcHandlers, windows } = electron;

// A folder where the history file should be: SQLite cannot open it.
const historyDir = mkdtempSync(join(tmpdir(), 'lasttoken-unavailable-'));

beforeAll(async () => {
  process.env['LASTTOKEN_DB'] = historyDir;
  await import('../../src/main/index');
  await app.whenReady();
});

afterAll(() => {
  delete process.env['LASTTOKEN_DB'];
  rmSync(historyDir, { recursive: true, force: true });
});

describe('a history that cannot be opened', () => {
  it('is explained in an error box, and the window still opens', () => {
    expect(dialog.showErrorBox).toHaveBeenCalledTimes(1);
    const [title, message] = dialog.showErrorBox.mock.calls[0] ?? [];
    expect(title).toBe('LastToken cannot open its history');
    expect(message).toContain(historyDir);
    expect(windows).toHaveLength(1);
  });

  it('answers every method with the reason', async () => {
    const [file] = registered(windows[0], 'the window').loadFile.mock.calls[0] ?? [];
    const frame = { url: pathToFileURL(registered(file, 'the renderer file')).href, parent: null };
    expect(ipcHandlers.size).toBe(Object.keys(ipcContract).length);
    for (const { channel } of Object.values(ipcContract)) {
      const handler = registered(ipcHandlers.get(channel), channel);
      expect(await handler({ senderFrame: frame }, {})).toEqual({
        ok: false,
        error: {
          code: 'storage',
          message: expect.stringContaining('LastToken cannot open its history'),
        },
      });
    }
  });

  it('still refuses foreign senders first', async () => {
    const handler = registered(ipcHandlers.get('lasttoken:app:info'), 'lasttoken:app:info');
    expect(
      await handler({ senderFrame: { url: 'https://example.com/', parent: null } }, {}),
    ).toMatchObject({ ok: false, error: { code: 'refused' } });
  });

  it('quits without waiting for anything', () => {
    const quit = { preventDefault: vi.fn() };
    app.emit('before-quit', quit);
    expect(quit.preventDefault).not.toHaveBeenCalled();
  });
});
