// Where the history lives by default (the same file for the CLI and the app,
// in Electron's userData folder), and which SQLite module Electron loads.

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
  it('is the Electron build under Electron, and the default in Node', () => {
    expect(sqliteNativeBinding({ ...process.versions, electron: '45.5.0' }, '/app')).toBe(
      '/app/native/electron/better_sqlite3.node',
    );
    expect(sqliteNativeBinding(process.versions, '/app')).toBeUndefined();
  });
});
