// Where a LastToken process keeps its files, and so whose single-instance
// lock it takes: Electron ties the lock to the userData folder. An installed
// app uses Electron's default folder, named after the product, whose history
// the CLI shares. A development run (`npm start`, `npm run dev`: not packaged)
// gets a folder of its own beside it, so that it neither writes into the
// installed app's history nor quits silently because the installed app holds
// the lock.
// Pure, so every platform's answer can be tested on any platform.

import { posix, win32 } from 'node:path';
import {
  DATABASE_FILE,
  defaultDatabasePath,
  type DatabasePathEnv,
} from '../store/default-database-path';

export interface DataFolderSource {
  packaged: boolean;
  /** Electron's app.getPath('appData'). */
  appData: string;
  /** Electron's app.getName(): the installed app's folder. */
  name: string;
  env: DatabasePathEnv;
  platform: NodeJS.Platform;
  homedir: string;
}

export interface DataFolder {
  development: boolean;
  /** The folder to give Electron as userData, or undefined to keep Electron's default. */
  userData: string | undefined;
  databasePath: string;
}

export const DEVELOPMENT_SUFFIX = ' (development)';

export function locateDataFolder(source: DataFolderSource): DataFolder {
  if (source.packaged) {
    return {
      development: false,
      userData: undefined,
      databasePath: defaultDatabasePath(source.platform, source.env, source.homedir),
    };
  }
  const path = source.platform === 'win32' ? win32 : posix;
  const userData = path.join(source.appData, `${source.name}${DEVELOPMENT_SUFFIX}`);
  return {
    development: true,
    userData,
    databasePath: source.env.LASTTOKEN_DB || path.join(userData, DATABASE_FILE),
  };
}

/** Said at the start of a development run, on its terminal. */
export function developmentNotice(folder: DataFolder): string {
  return (
    `LastToken${DEVELOPMENT_SUFFIX}: data folder ${folder.userData ?? '(Electron’s default)'}, ` +
    `history ${folder.databasePath}; the installed app keeps its own (LASTTOKEN_DB chooses another history).`
  );
}

/** Said by a second launch before it quits, so that it never disappears without a word. */
export function alreadyRunningNotice(folder: DataFolder): string {
  return folder.development
    ? `LastToken${DEVELOPMENT_SUFFIX} is already running with the data folder ${folder.userData}: ` +
        'its window was brought to the front. An installed LastToken is not this one: it runs beside it.'
    : 'LastToken is already running: its window was brought to the front.';
}
