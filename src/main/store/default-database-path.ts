// The history file the CLI and the desktop app share by default: in the app's
// userData folder, where Electron keeps its own files for the app "LastToken"
// (which needs package.json's productName "LastToken": Electron names the
// folder after it). LASTTOKEN_DB overrides it; the CLI's --db overrides both.
// Pure, so every platform's answer can be tested on any platform.

import { posix, win32 } from 'node:path';

export const APP_FOLDER = 'LastToken';
export const DATABASE_FILE = 'lasttoken.db';

export type DatabasePathEnv = Readonly<Record<string, string | undefined>>;

export function defaultDatabasePath(
  platform: NodeJS.Platform,
  env: DatabasePathEnv,
  homedir: string,
): string {
  const override = env.LASTTOKEN_DB;
  if (override) return override;
  switch (platform) {
    case 'win32':
      return win32.join(
        env.APPDATA || win32.join(homedir, 'AppData', 'Roaming'),
        APP_FOLDER,
        DATABASE_FILE,
      );
    case 'darwin':
      return posix.join(homedir, 'Library', 'Application Support', APP_FOLDER, DATABASE_FILE);
    default:
      // Chromium's rule on Linux and the BSDs: $XDG_CONFIG_HOME when set, else ~/.config.
      return posix.join(
        env.XDG_CONFIG_HOME || posix.join(homedir, '.config'),
        APP_FOLDER,
        DATABASE_FILE,
      );
  }
}
