#!/usr/bin/env node
// `npm start` and `npm run dev` open the desktop window, which needs Electron's
// binary. The electron package downloads it when it is installed; where that
// download failed or was skipped (offline, a blocked host, a CI machine), this
// says so in one line and points to the browser mode, instead of the stack
// trace electron-vite would print. It runs first (prestart, predev), before
// the native rebuild for Electron, which would be wasted there.
//
// It looks for the binary where electron-vite will: ELECTRON_EXEC_PATH, else
// the executable named by node_modules/electron/path.txt under its dist/
// folder. Not through require('electron'), which tries the download again.
// Exit 0 when the binary is there, 1 otherwise.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const BROWSER_MODE = 'Use the browser mode: npm run web';

/** The binary electron-vite would run, or null when the electron package has none. */
function electronBinary() {
  if (process.env.ELECTRON_EXEC_PATH) return process.env.ELECTRON_EXEC_PATH;
  const packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(packageDir, 'path.txt');
  return existsSync(pathFile) ? join(packageDir, 'dist', readFileSync(pathFile, 'utf8')) : null;
}

function fail(reason) {
  console.error(`LastToken: ${reason}, so the desktop window cannot open here. ${BROWSER_MODE}`);
  process.exit(1);
}

let binary;
try {
  binary = electronBinary();
} catch {
  fail('the electron package is not installed (run `npm install` first)');
}
if (binary === null || !existsSync(binary)) {
  fail("Electron's binary is not installed (its download failed or was skipped)");
}
