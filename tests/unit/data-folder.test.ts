// Where a LastToken process keeps its files and its single-instance lock: an
// installed app in Electron's default folder (the history the CLI shares), a
// development run in a folder of its own beside it (src/main/shell/data-folder.ts).

import { describe, expect, it } from 'vitest';
import {
  alreadyRunningNotice,
  developmentNotice,
  locateDataFolder,
} from '../../src/main/shell/data-folder';

const linux = {
  appData: '/home/ada/.config',
  name: 'LastToken',
  env: {},
  platform: 'linux' as const,
  homedir: '/home/ada',
};

describe('the data folder', () => {
  it('of the installed app is Electron’s default, with the history the CLI shares', () => {
    expect(locateDataFolder({ ...linux, packaged: true })).toEqual({
      development: false,
      userData: undefined,
      databasePath: '/home/ada/.config/LastToken/lasttoken.db',
    });
  });

  it('of a development run is its own, beside the installed app’s, on every OS', () => {
    expect(locateDataFolder({ ...linux, packaged: false })).toEqual({
      development: true,
      userData: '/home/ada/.config/LastToken (development)',
      databasePath: '/home/ada/.config/LastToken (development)/lasttoken.db',
    });
    const windows = locateDataFolder({
      ...linux,
      packaged: false,
      platform: 'win32',
      appData: 'C:\\Users\\Ada\\AppData\\Roaming',
      homedir: 'C:\\Users\\Ada',
    });
    expect(windows.userData).toBe('C:\\Users\\Ada\\AppData\\Roaming\\LastToken (development)');
    expect(windows.databasePath).toBe(
      'C:\\Users\\Ada\\AppData\\Roaming\\LastToken (development)\\lasttoken.db',
    );
  });

  it('keeps LASTTOKEN_DB’s history either way', () => {
    const env = { LASTTOKEN_DB: '/tmp/shared.db' };
    expect(locateDataFolder({ ...linux, env, packaged: false }).databasePath).toBe(
      '/tmp/shared.db',
    );
    expect(locateDataFolder({ ...linux, env, packaged: true }).databasePath).toBe('/tmp/shared.db');
  });

  it('is said at a development start, and by a second launch before it quits', () => {
    const development = locateDataFolder({ ...linux, packaged: false });
    expect(developmentNotice(development)).toContain(
      'data folder /home/ada/.config/LastToken (development), history /home/ada/.config/LastToken (development)/lasttoken.db',
    );
    expect(alreadyRunningNotice(development)).toMatch(
      /^LastToken \(development\) is already running with the data folder \/home\/ada\/\.config\/LastToken \(development\): its window was brought to the front\./,
    );
    expect(alreadyRunningNotice(locateDataFolder({ ...linux, packaged: true }))).toBe(
      'LastToken is already running: its window was brought to the front.',
    );
  });
});
