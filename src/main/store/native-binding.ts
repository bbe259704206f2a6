// better-sqlite3 is a native module built for one ABI: `npm install` builds it
// for Node (tests, the CLI), and Electron's ABI differs. Rebuilding it in place
// for Electron would break the other, so scripts/build-electron-sqlite.mjs
// compiles a second copy into its own folder, and the Electron main process
// loads that one through better-sqlite3's nativeBinding option.

import { join } from 'node:path';

/** Where the Electron build lives, relative to the app's root (app.getAppPath()). Keep in step with the script. */
export const ELECTRON_SQLITE_BINDING = join('native', 'electron', 'better_sqlite3.node');

/** The nativeBinding to open the database with: the Electron build under Electron, else the default. */
export function sqliteNativeBinding(
  versions: NodeJS.ProcessVersions,
  appRoot: string,
): string | undefined {
  return versions.electron ? join(appRoot, ELECTRON_SQLITE_BINDING) : undefined;
}
