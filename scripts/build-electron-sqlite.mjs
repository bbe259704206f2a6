#!/usr/bin/env node
// Builds better-sqlite3's native module for Electron into native/electron/,
// leaving node_modules/better-sqlite3/build (the Node build that the tests and
// the CLI load) untouched. The Electron main process loads this copy through
// better-sqlite3's nativeBinding option (src/main/store/native-binding.ts), so
// `npm test` and `npm start` both work after `npm install`, in either order.
//
// `npm start` runs it first (prestart). It returns at once when the copy in
// native/electron was built for the installed Electron and better-sqlite3.
// Otherwise, in a scratch copy of better-sqlite3's sources:
//   1. prebuild-install downloads better-sqlite3's prebuilt binary for this
//      Electron, platform and architecture, when one is published;
//   2. else node-gyp compiles it against Electron's headers (downloaded from
//      electronjs.org), which needs a C++ toolchain.
// The result is checked to be an Electron build (Node refuses to load it for
// its ABI) for the CPU of the installed Electron binary, which is not always
// Node's (scripts/electron-binary.mjs says when), before it replaces the
// previous one.
//
// Usage: node scripts/build-electron-sqlite.mjs [--force]

import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileArch, installedElectron } from './electron-binary.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Keep in step with ELECTRON_SQLITE_BINDING in src/main/store/native-binding.ts.
const OUT_DIR = join(ROOT, 'native', 'electron');
const OUT_FILE = join(OUT_DIR, 'better_sqlite3.node');
const STAMP_FILE = join(OUT_DIR, 'build-info.json');
const HEADERS_URL = 'https://www.electronjs.org/headers';
const DOWNLOAD_TIMEOUT_MS = 2 * 60_000;
const COMPILE_TIMEOUT_MS = 15 * 60_000;

const TOOLCHAIN_HELP =
  'Compiling needs Python 3 and a C++ toolchain: on Debian/Ubuntu `apt install g++ make python3`, ' +
  'on macOS `xcode-select --install`, on Windows Visual Studio Build Tools with "Desktop development with C++".';

class BuildError extends Error {}

function log(message) {
  console.log(`build-electron-sqlite: ${message}`);
}

const requireFromRoot = createRequire(join(ROOT, 'package.json'));

function packageOf(name, requireFrom = requireFromRoot) {
  let file;
  try {
    file = requireFrom.resolve(`${name}/package.json`);
  } catch {
    throw new BuildError(`${name} is not installed. Run \`npm install\` first.`);
  }
  return { dir: dirname(file), version: JSON.parse(readFileSync(file, 'utf8')).version };
}

/** npm passes its own settings to scripts as npm_config_*: some would retarget the build. */
function buildEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    // nodedir (set on some machines) would quietly build against Node's headers instead.
    if (
      /^npm_config_(nodedir|target|runtime|arch|disturl|dist_url|build_from_source)$/i.test(key)
    ) {
      delete env[key];
    }
  }
  return env;
}

function run(what, args, cwd, timeout) {
  log(`${what}…`);
  const result = spawnSync(process.execPath, args, {
    cwd,
    env: buildEnv(),
    stdio: 'inherit',
    timeout,
  });
  if (result.error) log(`${what} failed: ${result.error.message}`);
  return result.status === 0;
}

/** A scratch copy of better-sqlite3's sources, without its build folder. */
function scratchCopy(sqliteDir) {
  const work = mkdtempSync(join(tmpdir(), 'lasttoken-electron-sqlite-'));
  cpSync(sqliteDir, work, {
    recursive: true,
    filter: (source) => {
      const path = relative(sqliteDir, source);
      return path !== 'build' && path !== 'node_modules';
    },
  });
  return work;
}

function downloadPrebuilt(work, sqliteDir, { electron, arch }) {
  let bin;
  try {
    bin = createRequire(join(sqliteDir, 'package.json')).resolve('prebuild-install/bin.js');
  } catch {
    return false;
  }
  return run(
    `downloading a prebuilt better-sqlite3 for Electron ${electron} (${arch})`,
    [
      bin,
      '--runtime=electron',
      `--target=${electron}`,
      `--arch=${arch}`,
      `--platform=${process.platform}`,
    ],
    work,
    DOWNLOAD_TIMEOUT_MS,
  );
}

/** node-gyp: npm's own (npm tells scripts where it is, else beside node), else the project's. */
function findNodeGyp() {
  const gyp = join('node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const nodeDir = dirname(process.execPath);
  const candidates = [
    process.env.npm_config_node_gyp,
    process.env.npm_execpath && join(dirname(process.env.npm_execpath), '..', gyp),
    join(nodeDir, '..', 'lib', 'node_modules', 'npm', gyp), // Linux, macOS
    join(nodeDir, 'node_modules', 'npm', gyp), // Windows
  ].filter(Boolean);
  try {
    candidates.push(requireFromRoot.resolve('node-gyp/bin/node-gyp.js'));
  } catch {
    // not installed in the project: npm's is enough
  }
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    throw new BuildError(
      'node-gyp was not found. Run this script through npm (`npm start` does), or install node-gyp (`npm install -g node-gyp`).',
    );
  }
  return found;
}

function compile(work, { electron, arch }) {
  const compiled = run(
    `compiling better-sqlite3 against Electron ${electron}'s headers (${arch})`,
    [
      findNodeGyp(),
      'rebuild',
      '--release',
      `--target=${electron}`,
      `--arch=${arch}`,
      `--dist-url=${HEADERS_URL}`,
      // Electron's headers apart from Node's, as @electron/rebuild keeps them.
      `--devdir=${join(homedir(), '.electron-gyp')}`,
    ],
    work,
    COMPILE_TIMEOUT_MS,
  );
  if (!compiled) {
    throw new BuildError(
      `Could not build better-sqlite3 for Electron ${electron}: no prebuilt binary could be downloaded, and compiling failed (see above). ` +
        `It needs internet access (for the binary or Electron's headers from ${HEADERS_URL}). ${TOOLCHAIN_HELP}`,
    );
  }
}

/** The ABI Electron loads, from node-abi (prebuild-install's), when it knows this version. */
function electronAbi(sqliteDir, electron) {
  try {
    const prebuildDir = dirname(
      createRequire(join(sqliteDir, 'package.json')).resolve('prebuild-install/package.json'),
    );
    const nodeAbi = createRequire(join(prebuildDir, 'package.json'))('node-abi');
    return String(nodeAbi.getAbi(electron, 'electron'));
  } catch {
    return null;
  }
}

/**
 * Node loads only modules built for its own ABI, so loading the result here
 * must fail, naming the ABI it was built for. If it loads, the build silently
 * targeted Node (an npm `nodedir` setting does that), and Electron would crash.
 */
function verify(file, expectedAbi, arch) {
  if (!existsSync(file)) throw new BuildError(`the build produced no ${file}`);
  const builtArch = fileArch(file);
  if (builtArch !== null && builtArch !== arch) {
    throw new BuildError(
      `the module was built for ${builtArch}, but the installed Electron is ${arch}`,
    );
  }
  // Node cannot load a module for another CPU at all, so its ABI cannot be read here.
  if (arch !== process.arch) {
    log(`built for ${arch}; its ABI is checked when Electron loads it`);
    return;
  }
  try {
    process.dlopen({ exports: {} }, file);
  } catch (error) {
    const built = /NODE_MODULE_VERSION (\d+)/.exec(String(error?.message))?.[1];
    if (!built) {
      log(`could not check the module's ABI (${error?.message}); using it`);
      return;
    }
    if (expectedAbi && built !== expectedAbi) {
      throw new BuildError(
        `the module was built for ABI ${built}, but this Electron needs ${expectedAbi}`,
      );
    }
    log(`built for ABI ${built}${expectedAbi ? ' (Electron’s)' : ''}`);
    return;
  }
  throw new BuildError(
    `the module was built for this Node.js (ABI ${process.versions.modules}), not for Electron. ` +
      'Check that no `nodedir` or `target` is set in your npm configuration (`npm config list`).',
  );
}

function install(file, stamp) {
  mkdirSync(OUT_DIR, { recursive: true });
  // Copy then rename: a reader never sees half a file.
  const partial = `${OUT_FILE}.partial`;
  copyFileSync(file, partial);
  renameSync(partial, OUT_FILE);
  writeFileSync(STAMP_FILE, `${JSON.stringify(stamp, null, 2)}\n`);
  log(`installed ${relative(ROOT, OUT_FILE)}`);
}

/**
 * The CPU the module is built for: the installed Electron binary's, read from
 * its header; Node's only when there is no binary to read (then said).
 */
function targetArch(electronPackage) {
  const binary = installedElectron(electronPackage);
  const arch = binary === null ? null : fileArch(binary);
  if (arch === null) {
    return {
      arch: process.arch,
      why: `this Node's: no installed Electron binary to read it from`,
    };
  }
  return {
    arch,
    why:
      arch === process.arch
        ? 'the installed Electron’s'
        : `the installed Electron’s, not this Node’s ${process.arch}`,
  };
}

function main() {
  const force = process.argv.includes('--force');
  const electronPackage = packageOf('electron');
  const electron = electronPackage.version;
  const sqlite = packageOf('better-sqlite3');
  const { arch, why } = targetArch(electronPackage);
  const stamp = {
    electron,
    better_sqlite3: sqlite.version,
    platform: process.platform,
    arch,
  };
  const target = `Electron ${electron} ${process.platform}-${arch} (${why}), better-sqlite3 ${sqlite.version}`;
  const current = existsSync(STAMP_FILE) ? readFileSync(STAMP_FILE, 'utf8') : '';
  if (!force && existsSync(OUT_FILE) && current === `${JSON.stringify(stamp, null, 2)}\n`) {
    log(`up to date for ${target}`);
    return;
  }

  log(`building for ${target}`);
  const work = scratchCopy(sqlite.dir);
  try {
    if (!downloadPrebuilt(work, sqlite.dir, { electron, arch })) compile(work, { electron, arch });
    const built = join(work, 'build', 'Release', 'better_sqlite3.node');
    verify(built, electronAbi(sqlite.dir, electron), arch);
    install(built, stamp);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  main();
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(`build-electron-sqlite: ${error.message}`);
  process.exit(1);
}
