#!/usr/bin/env node
// `npm run dist`: electron-builder (electron-builder.ts), then better-sqlite3's
// build for Node back in node_modules.
//
// Before packing, electron-builder rebuilds the native modules for Electron's
// ABI in place, in node_modules. keytar is Node-API, so its one build serves
// Node and Electron alike; better-sqlite3's Electron build cannot be loaded by
// Node, so the tests and the CLI would fail after a dist (NODE_MODULE_VERSION
// errors), and a rebuild that fails half-way (offline) deletes it. So
// afterwards, whether electron-builder succeeded or not, if Node can no longer
// load better-sqlite3, this rebuilds it for Node (`npm rebuild better-sqlite3`).
//
// Arguments go to electron-builder: `npm run dist -- --linux AppImage`.
// Exits with electron-builder's exit code.

import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function log(message) {
  console.log(`dist: ${message}`);
}

/** Whether Node loads better-sqlite3 here: in a child, so a failed load leaves nothing behind. */
function nodeLoadsSqlite() {
  const probe = spawnSync(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').close()"],
    { cwd: ROOT, stdio: 'ignore' },
  );
  return probe.status === 0;
}

/** npm itself: the one running this script when there is one (npm_execpath), else npm on PATH. */
function npm(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: ROOT, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
}

const builder = spawnSync(
  process.execPath,
  [require.resolve('electron-builder/cli.js'), ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
if (builder.error) log(`electron-builder did not run: ${builder.error.message}`);

if (!nodeLoadsSqlite()) {
  log(
    "giving Node its better-sqlite3 build back (electron-builder rebuilt it for Electron's ABI)…",
  );
  if (npm(['rebuild', 'better-sqlite3']).status !== 0) {
    log(
      'could not rebuild better-sqlite3 for Node: run `npm rebuild better-sqlite3` before `npm test` or the CLI.',
    );
  }
}

process.exit(builder.status ?? 1);
