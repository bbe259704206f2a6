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
// The installers are those electron-builder.ts names per OS, from
// scripts/dist-targets.mjs: AppImage on Linux (and deb when package.json has
// what it needs), dmg on macOS, NSIS on Windows. When a build of those Linux
// defaults leaves deb out, this prints one line, at the end, saying what to set.
//
// Arguments go to electron-builder unchanged: `npm run dist -- --linux deb`
// builds what they name. Exits with electron-builder's exit code.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEB_METADATA, distTargets } from './dist-targets.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function log(message) {
  console.log(`dist: ${message}`);
}

/** electron-builder's platform options, short ones included (`-mwl` is -m -w -l). */
const PLATFORM_FLAGS = {
  '--linux': 'linux',
  '-l': 'linux',
  '--mac': 'mac',
  '--macos': 'mac',
  '-m': 'mac',
  '-o': 'mac',
  '--win': 'win',
  '--windows': 'win',
  '-w': 'win',
};

/**
 * Whether electron-builder, given these arguments, builds linux.target of
 * electron-builder.ts: with no platform option on Linux, or with a bare
 * `--linux`; not when the arguments name Linux targets (`--linux deb`,
 * `-c.linux.target=…`) or ask for the unpacked folder only (`--dir`).
 */
function buildsDefaultLinuxTargets(args) {
  if (args.some((arg) => arg === '--dir' || /^(-c|--config)\.linux\.target\b/.test(arg))) {
    return false;
  }
  let platformNamed = false;
  /** The target names given to --linux, when it is there. */
  let linux = null;
  args.forEach((arg, index) => {
    const [option, inline] = arg.split(/=(.*)/s);
    // `-mwl` is -m -w -l: target names can follow only its last letter.
    const names = /^-[a-z]+$/.test(option) ? [...option.slice(1)].map((l) => `-${l}`) : [option];
    names.forEach((name, position) => {
      const platform = PLATFORM_FLAGS[name];
      if (platform == null) return;
      platformNamed = true;
      if (platform !== 'linux') return;
      if (position < names.length - 1) linux = [];
      else linux = inline !== undefined ? [inline] : valuesAfter(args, index);
    });
  });
  if (linux == null) return !platformNamed && process.platform === 'linux';
  return linux.length === 0;
}

/** The arguments after args[index] up to the next option: an option's values. */
function valuesAfter(args, index) {
  const rest = args.slice(index + 1);
  const end = rest.findIndex((arg) => arg.startsWith('-'));
  return end === -1 ? rest : rest.slice(0, end);
}

/** Whether the arguments name the deb target: `--linux deb`, `-c.linux.target=deb`. */
function namesDeb(args) {
  return args.some((arg) => /(^|[=,])deb(:|,|$)/.test(arg));
}

const args = process.argv.slice(2);
const targets = distTargets(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));

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

const builder = spawnSync(process.execPath, [require.resolve('electron-builder/cli.js'), ...args], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (builder.error) log(`electron-builder did not run: ${builder.error.message}`);
if (builder.status !== 0 && targets.skipped != null && namesDeb(args)) {
  console.error(
    `dist: electron-builder refuses the deb package without a homepage and a maintainer: ${DEB_METADATA}`,
  );
}

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

if (targets.skipped != null && buildsDefaultLinuxTargets(args)) console.log(targets.skipped);

process.exit(builder.status ?? 1);
