#!/usr/bin/env node
// `npm start` and `npm run dev` open the desktop window, which needs Electron's
// binary. The electron package (45.5 here) has no install script: its index.js
// downloads the binary the first time something requires it. But
// electron-vite never requires it (it reads path.txt and throws "Electron
// uninstall"), so on a fresh checkout nothing would ever fetch it. This runs
// first (prestart, predev) and, when the binary is missing, runs Electron's own
// installer (node_modules/electron/install.js), before the native rebuild for
// Electron, which would be wasted if the download fails.
//
// The installer runs in a child process with our environment as it is, so every
// @electron/get setting (ELECTRON_MIRROR, electron_config_cache, checksums,
// ELECTRON_GET_USE_PROXY...) applies exactly as Electron documents it. Its
// stderr stays the terminal, where @electron/get draws its progress bar (after
// 30 seconds, on a TTY only); only its failure, which it prints as a stack
// trace, is taken aside and reduced to one line that points to the browser mode.
//
// Exit 0 when the binary is there (silently) or was just installed, 1 otherwise.

import { spawn } from 'node:child_process';
import { existsSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import {
  electronPackage,
  fileArch,
  installPlatform,
  installedElectron,
} from './electron-binary.mjs';

const BROWSER_MODE = 'The browser mode needs no Electron: npm run web';
// @electron/get has no overall deadline (undici only gives up on a connection
// silent for 5 minutes), so a trickling download could hold `npm start` forever.
const TIMEOUT_VARIABLE = 'LASTTOKEN_ELECTRON_DOWNLOAD_TIMEOUT';
const DEFAULT_TIMEOUT_S = 10 * 60;
// The child's channel for its failure: fd 3, as stderr belongs to the progress bar.
const REASON_FD = 3;
const INSTALLER_FLAG = '--run-electron-installer';

function fail(reason) {
  console.error(`LastToken: ${redact(reason)}, so the desktop window cannot open. ${BROWSER_MODE}`);
  process.exit(1);
}

/** A mirror URL may carry user:password@; an error message quoting it must not. */
function redact(text) {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@');
}

function firstLine(text) {
  return (
    String(text)
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? ''
  );
}

/** What the messages name: install.js's platform and arch (before its Rosetta check). */
function target() {
  const arch = process.env.ELECTRON_INSTALL_ARCH || process.env.npm_config_arch || process.arch;
  return `${installPlatform()}-${arch}`;
}

/** The mirror @electron/get will use when one is set, looked up in its order. */
function mirror() {
  return (
    process.env.npm_config_electron_mirror ||
    process.env.NPM_CONFIG_ELECTRON_MIRROR ||
    process.env.npm_package_config_electron_mirror ||
    process.env.ELECTRON_MIRROR ||
    null
  );
}

function timeoutSeconds() {
  const value = Number(process.env[TIMEOUT_VARIABLE]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_S;
}

function duration(seconds) {
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Runs install.js in a child (this script again), resolving to null or the reason it failed. */
function runInstaller(installer) {
  const seconds = timeoutSeconds();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), INSTALLER_FLAG, installer],
      { stdio: ['ignore', 'inherit', 'inherit', 'pipe'] },
    );
    let reason = '';
    let timedOut = false;
    child.stdio[REASON_FD].setEncoding('utf8');
    child.stdio[REASON_FD].on('data', (text) => (reason += text));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill();
    }, seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`the installer could not start: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        resolve(
          `the installer had not finished after ${duration(seconds)}; ` +
            `set ${TIMEOUT_VARIABLE} to a number of seconds to wait longer`,
        );
      } else if (code === 0) {
        resolve(null);
      } else {
        resolve(
          firstLine(reason) ||
            (signal ? `the installer was killed (${signal})` : `the installer exited with ${code}`),
        );
      }
    });
  });
}

/**
 * The child: install.js, required as it is. It reports a failure with
 * `console.error(err.stack)` and exit 1, its only use of console.error, so
 * console.error is held back until exit and the failure's first line goes to
 * the parent. Node's fetch words every network failure as "fetch failed" and
 * keeps the reason (ECONNREFUSED, ENOTFOUND, a TLS error) in error.cause, which
 * a stack leaves out: the failed fetch is kept to add it, with its URL.
 */
function installerChild(installer) {
  const printError = console.error;
  const held = [];
  let failedFetch = null;
  console.error = (...args) => held.push(format(...args));

  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    try {
      return await realFetch(input, init);
    } catch (error) {
      failedFetch = { error, url: String(input instanceof Request ? input.url : input) };
      throw error;
    }
  };

  process.on('uncaughtException', (error) => {
    held.push(error instanceof Error ? String(error.stack) : format(error));
    process.exit(1);
  });
  process.on('exit', (code) => {
    if (code === 0) {
      for (const text of held) printError(text);
      return;
    }
    let reason = firstLine(held.at(-1) ?? '');
    const cause = failedFetch?.error?.cause;
    if (cause && reason === firstLine(failedFetch.error.stack)) {
      reason = `${reason} (${causeText(cause)}) for ${failedFetch.url}`;
    }
    writeSync(REASON_FD, `${reason}\n`);
  });

  createRequire(import.meta.url)(installer);
}

function causeText(cause) {
  if (cause instanceof AggregateError && cause.errors.length > 0) {
    return cause.errors.map(causeText).join('; ');
  }
  return (cause instanceof Error && cause.message) || cause?.code || String(cause);
}

async function main() {
  const chosen = process.env.ELECTRON_EXEC_PATH;
  if (chosen) {
    if (!existsSync(chosen)) fail(`ELECTRON_EXEC_PATH names no file (${chosen})`);
    return;
  }

  let pkg;
  try {
    pkg = electronPackage(import.meta.url);
  } catch {
    fail('the electron package is not installed (run `npm install` first)');
  }
  const { dir: packageDir, version } = pkg;
  if (installedElectron(pkg) !== null) return;

  const from = mirror();
  console.log(
    `LastToken: downloading Electron ${version} for ${target()} ` +
      (from
        ? `from ${redact(from)} (first start only)…`
        : '(first start only; set ELECTRON_MIRROR to use a mirror)…'),
  );
  const failure = await runInstaller(join(packageDir, 'install.js'));
  if (failure !== null) fail(`Electron's binary could not be downloaded (${failure})`);
  const binary = installedElectron(pkg);
  if (binary === null) {
    fail(`Electron's installer finished but left no binary in ${join(packageDir, 'dist')}`);
  }
  const dist = join(packageDir, 'dist');
  // The installer may have chosen another CPU than Node's (arm64 under Rosetta): say the real one.
  const arch = fileArch(binary);
  console.log(
    `LastToken: Electron ${version}${arch === null ? '' : ` (${arch})`} is installed in ${relative(process.cwd(), dist) || dist}.`,
  );
}

if (process.argv[2] === INSTALLER_FLAG) {
  installerChild(process.argv[3]);
} else {
  await main();
}
