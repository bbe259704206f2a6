// Where the history lives by default (the same file for the CLI and the app,
// in Electron's userData folder), and which SQLite module Electron loads.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDatabasePath } from '../../src/main/store/default-database-path';
import { sqliteNativeBinding } from '../../src/main/store/native-binding';

describe('defaultDatabasePath', () => {
  it('Linux: $XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultDatabasePath('linux', {}, '/home/ada')).toBe(
      '/home/ada/.config/LastToken/lasttoken.db',
    );
    expect(defaultDatabasePath('linux', { XDG_CONFIG_HOME: '' }, '/home/ada')).toBe(
      '/home/ada/.config/LastToken/lasttoken.db',
    );
    expect(defaultDatabasePath('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ada')).toBe(
      '/cfg/LastToken/lasttoken.db',
    );
    expect(defaultDatabasePath('freebsd', {}, '/home/ada')).toBe(
      '/home/ada/.config/LastToken/lasttoken.db',
    );
  });

  it('macOS: ~/Library/Application Support', () => {
    expect(defaultDatabasePath('darwin', { XDG_CONFIG_HOME: '/ignored' }, '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/LastToken/lasttoken.db',
    );
  });

  it('Windows: %APPDATA%, else the roaming folder under the home', () => {
    expect(
      defaultDatabasePath(
        'win32',
        { APPDATA: 'C:\\Users\\Ada\\AppData\\Roaming' },
        'C:\\Users\\Ada',
      ),
    ).toBe('C:\\Users\\Ada\\AppData\\Roaming\\LastToken\\lasttoken.db');
    expect(defaultDatabasePath('win32', {}, 'C:\\Users\\Ada')).toBe(
      'C:\\Users\\Ada\\AppData\\Roaming\\LastToken\\lasttoken.db',
    );
  });

  it('LASTTOKEN_DB overrides it on every platform, unless empty', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      expect(defaultDatabasePath(platform, { LASTTOKEN_DB: 'runs/mine.db' }, '/home/ada')).toBe(
        'runs/mine.db',
      );
    }
    expect(defaultDatabasePath('linux', { LASTTOKEN_DB: '' }, '/h')).toBe(
      '/h/.config/LastToken/lasttoken.db',
    );
  });
});

describe('sqliteNativeBinding', () => {
  it('is native/electron’s build when Electron runs the repository (npm start)', () => {
    expect(sqliteNativeBinding({ electron: '45.5.0', packaged: false, appRoot: '/app' })).toBe(
      join('/app', 'native', 'electron', 'better_sqlite3.node'),
    );
  });

  it('is better-sqlite3’s own build in a packaged app, which electron-builder rebuilt for Electron', () => {
    expect(
      sqliteNativeBinding({
        electron: '45.5.0',
        packaged: true,
        appRoot: '/opt/LastToken/resources/app.asar',
      }),
    ).toBeUndefined();
  });

  it('is better-sqlite3’s own build in plain Node (tests, the CLI)', () => {
    expect(
      sqliteNativeBinding({ electron: undefined, packaged: false, appRoot: '/app' }),
    ).toBeUndefined();
  });
});
