// better-sqlite3 is a native module built for one ABI: `npm install` builds it
// for Node (tests, the CLI), and Electron's ABI differs. Rebuilding it in place
// for Electron would break the other, so for `npm start` and `npm run dev`
// scripts/build-electron-sqlite.mjs compiles a second copy into its own folder,
// and the Electron main process loads that one through better-sqlite3's
// nativeBinding option. A packaged app is different: electron-builder rebuilt
// node_modules/better-sqlite3 itself for Electron (and unpacked it from
// app.asar), so better-sqlite3 finds its own build there, and native/ is not
// packaged at all.

import { join } from 'node:path';

/** Where the Electron build lives, relative to the app's root (app.getAppPath()). Keep in step with the script. */
export const ELECTRON_SQLITE_BINDING = join('native', 'electron', 'better_sqlite3.node');

export interface SqliteRuntime {
  /** process.versions.electron: undefined in plain Node. */
  electron: string | undefined;
  /** app.isPackaged: an installed app rather than the repository's `npm start`. */
  packaged: boolean;
  /** app.getAppPath(): the repository's root when not packaged. */
  appRoot: string;
}

/** The nativeBinding to open the database with: native/electron's build when unpackaged Electron runs the repository, else better-sqlite3's own. */
export function sqliteNativeBinding({
  electron,
  packaged,
  appRoot,
}: SqliteRuntime): string | undefined {
  return electron !== undefined && !packaged ? join(appRoot, ELECTRON_SQLITE_BINDING) : undefined;
}
