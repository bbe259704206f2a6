// The first `npm start` on a machine without Electron's binary: the electron
// package (45) fetches it only when required, so scripts/ensure-electron.mjs
// runs Electron's own installer. Here the installer's real code (install.js,
// @electron/get, the native unzipper) runs in a scratch project against a local
// mirror on 127.0.0.1 serving a stand-in zip; nothing is installed into the
// real node_modules/electron and nothing leaves the machine.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startConnectProxy } from '../support/connect-proxy';
import type { TestProxy } from '../support/proxy-relay';
import { ROOT } from '../support/spawn-cli';
import { zip } from '../support/zip';

const SCRIPT = join(ROOT, 'scripts', 'ensure-electron.mjs');
const REAL_MODULES = join(ROOT, 'node_modules');
const REAL_ELECTRON = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const { version: VERSION, files: PACKAGE_FILES } = JSON.parse(
  readFileSync(join(REAL_ELECTRON, 'package.json'), 'utf8'),
) as { version: string; files: string[] };

const TARGET = `${process.platform}-${process.arch}`;
const ZIP_NAME = `electron-v${VERSION}-${TARGET}.zip`;
const ZIP_PATH = `/v${VERSION}/${ZIP_NAME}`;
const SHASUMS_PATH = `/v${VERSION}/SHASUMS256.txt`;
// What install.js writes to path.txt for this platform.
const EXECUTABLE =
  process.platform === 'darwin'
    ? 'Electron.app/Contents/MacOS/Electron'
    : process.platform === 'win32'
      ? 'electron.exe'
      : 'electron';
const STAND_IN = '#!/bin/sh\necho "a stand-in for Electron"\n';
const ZIP = zip([
  { name: EXECUTABLE, content: STAND_IN, mode: 0o755 },
  { name: 'version', content: VERSION },
]);

const BROWSER_MODE = 'The browser mode needs no Electron: npm run web';
const downloadFailed = (reason: string): string =>
  `LastToken: Electron's binary could not be downloaded (${reason}), so the desktop window cannot open. ${BROWSER_MODE}`;
const installedLine = `LastToken: Electron ${VERSION} is installed in ${join('node_modules', 'electron', 'dist')}.`;
const downloadingFrom = (mirror: string): string =>
  `LastToken: downloading Electron ${VERSION} for ${TARGET} from ${mirror} (first start only)…`;

type Behaviour = 'serve' | 'not-found' | 'wrong-checksum' | 'silent';

interface Mirror {
  url: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/** Electron's release layout (vVERSION/FILE) on 127.0.0.1, recording every path asked for. */
async function startMirror(behaviour: Behaviour): Promise<Mirror> {
  const requests: string[] = [];
  const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (behaviour === 'silent') return;
    if (behaviour !== 'not-found' && req.url === ZIP_PATH) {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': ZIP.length });
      res.end(ZIP);
    } else if (behaviour !== 'not-found' && req.url === SHASUMS_PATH) {
      const hash = behaviour === 'wrong-checksum' ? sha256('something else') : sha256(ZIP);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${hash} *${ZIP_NAME}\n`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was just released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Scratch {
  dir: string;
  script: string;
  electron: string;
  cache: string;
}

const scratches: string[] = [];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
afterAll(() => {
  for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
});

/**
 * A project with a copy of the script and of the electron package's own files
 * (no binary), and every other real node_modules entry linked in: the
 * installer's dependencies are the real ones, what it writes lands here.
 */
function makeScratch(): Scratch {
  const dir = mkdtempSync(join(tmpdir(), 'lasttoken-electron-'));
  scratches.push(dir);
  mkdirSync(join(dir, 'scripts'));
  const script = join(dir, 'scripts', 'ensure-electron.mjs');
  copyFileSync(SCRIPT, script);
  // What it imports beside it.
  copyFileSync(
    join(ROOT, 'scripts', 'electron-binary.mjs'),
    join(dir, 'scripts', 'electron-binary.mjs'),
  );
  const modules = join(dir, 'node_modules');
  const electron = join(modules, 'electron');
  mkdirSync(electron, { recursive: true });
  for (const file of ['package.json', ...PACKAGE_FILES]) {
    if (existsSync(join(REAL_ELECTRON, file))) {
      copyFileSync(join(REAL_ELECTRON, file), join(electron, file));
    }
  }
  for (const entry of readdirSync(REAL_MODULES)) {
    if (entry === 'electron') continue;
    const target = join(REAL_MODULES, entry);
    symlinkSync(target, join(modules, entry), statSync(target).isDirectory() ? 'junction' : 'file');
  }
  // @electron/get downloads into a folder of the OS's temp dir, which a killed installer leaves.
  mkdirSync(join(dir, 'tmp'));
  return { dir, script, electron, cache: join(dir, 'cache') };
}

/**
 * The test's environment without anything that would redirect the installer
 * (a mirror or cache of the developer's, npm's electron_* settings, proxies).
 */
function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/electron|proxy|^force_no_cache$|^npm_config_(platform|arch)$|^debug$/i.test(key)) {
      env[key] = value;
    }
  }
  return { ...env, ...extra };
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end without blocking this process, which serves the mirror. */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function ensureElectron(scratch: Scratch, env: Record<string, string>): Promise<Outcome> {
  return run(
    process.execPath,
    [scratch.script],
    scratch.dir,
    cleanEnvironment({
      electron_use_remote_checksums: '1',
      electron_config_cache: scratch.cache,
      TMPDIR: join(scratch.dir, 'tmp'),
      TMP: join(scratch.dir, 'tmp'),
      TEMP: join(scratch.dir, 'tmp'),
      ...env,
    }),
  );
}

const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

/** What every failed download must look like: one line on stderr, no stack, nothing installed. */
function expectOneLineFailure(scratch: Scratch, outcome: Outcome, line: string): void {
  expect(outcome.code).toBe(1);
  expect(outcome.stderr).toBe(`${line}\n`);
  expect(`${outcome.stdout}${outcome.stderr}`).not.toContain('    at ');
  expect(existsSync(join(scratch.electron, 'path.txt'))).toBe(false);
}

async function mirror(behaviour: Behaviour): Promise<Mirror> {
  const started = await startMirror(behaviour);
  servers.push(started);
  return started;
}

describe('the first start downloads Electron through its own installer', () => {
  it('installs the binary from the mirror, says so in two lines, then stays silent', async () => {
    const server = await mirror('serve');
    const scratch = makeScratch();

    const first = await ensureElectron(scratch, { ELECTRON_MIRROR: server.url });
    expect(first.stderr).toBe('');
    expect(lines(first.stdout)).toEqual([downloadingFrom(server.url), installedLine]);
    expect(first.code).toBe(0);

    expect(readFileSync(join(scratch.electron, 'path.txt'), 'utf8')).toBe(EXECUTABLE);
    const binary = join(scratch.electron, 'dist', EXECUTABLE);
    expect(readFileSync(binary, 'utf8')).toBe(STAND_IN);
    if (process.platform !== 'win32') expect(statSync(binary).mode & 0o111).toBe(0o111);
    expect(readFileSync(join(scratch.electron, 'dist', 'version'), 'utf8')).toBe(VERSION);
    // The checksums came from the mirror (electron_use_remote_checksums), the zip went to
    // the cache named by electron_config_cache.
    expect(server.requests).toEqual([ZIP_PATH, SHASUMS_PATH]);
    expect(readdirSync(scratch.cache, { recursive: true })).toContainEqual(
      expect.stringMatching(new RegExp(`${ZIP_NAME.replace(/\./g, '\\.')}$`)),
    );

    const again = await ensureElectron(scratch, { ELECTRON_MIRROR: server.url });
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(server.requests).toHaveLength(2);
  });

  it('goes through a proxy with ELECTRON_GET_USE_PROXY and HTTP_PROXY', async () => {
    const server = await mirror('serve');
    const proxy: TestProxy = await startConnectProxy();
    servers.push(proxy);
    const scratch = makeScratch();

    const outcome = await ensureElectron(scratch, {
      ELECTRON_MIRROR: server.url,
      ELECTRON_GET_USE_PROXY: '1',
      HTTP_PROXY: proxy.url,
    });
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    expect(proxy.counts.destinations).toContain(`127.0.0.1:${server.port}`);
    expect(server.requests).toEqual([ZIP_PATH, SHASUMS_PATH]);
  });

  it('names the HTTP status when the mirror has no such file', async () => {
    const server = await mirror('not-found');
    const scratch = makeScratch();

    const outcome = await ensureElectron(scratch, { ELECTRON_MIRROR: server.url });
    expect(lines(outcome.stdout)).toEqual([downloadingFrom(server.url)]);
    expectOneLineFailure(
      scratch,
      outcome,
      downloadFailed(
        `HTTPError: Response code 404 (Not Found) for http://127.0.0.1:${server.port}${ZIP_PATH}`,
      ),
    );
  });

  it('names the checksum mismatch when the zip does not match SHASUMS256.txt', async () => {
    const server = await mirror('wrong-checksum');
    const scratch = makeScratch();

    const outcome = await ensureElectron(scratch, { ELECTRON_MIRROR: server.url });
    expectOneLineFailure(
      scratch,
      outcome,
      downloadFailed(
        `Error: Generated checksum for "${ZIP_NAME}" did not match expected checksum.`,
      ),
    );
    expect(server.requests).toEqual([ZIP_PATH, SHASUMS_PATH]);
    expect(existsSync(join(scratch.electron, 'dist'))).toBe(false);
  });

  it('names the refused connection when nothing listens at the mirror', async () => {
    const port = await closedPort();
    const scratch = makeScratch();

    const outcome = await ensureElectron(scratch, { ELECTRON_MIRROR: `http://127.0.0.1:${port}/` });
    expectOneLineFailure(
      scratch,
      outcome,
      downloadFailed(
        `TypeError: fetch failed (connect ECONNREFUSED 127.0.0.1:${port}) for http://127.0.0.1:${port}${ZIP_PATH}`,
      ),
    );
  });

  it('never repeats the credentials of a mirror URL', async () => {
    const server = await mirror('serve');
    const scratch = makeScratch();
    const withCredentials = `http://reader:s3cret@127.0.0.1:${server.port}/`;
    const redacted = `http://***@127.0.0.1:${server.port}/`;

    // Node's fetch refuses a URL with credentials, quoting it.
    const outcome = await ensureElectron(scratch, { ELECTRON_MIRROR: withCredentials });
    expect(lines(outcome.stdout)).toEqual([downloadingFrom(redacted)]);
    expectOneLineFailure(
      scratch,
      outcome,
      downloadFailed(
        `TypeError: Request cannot be constructed from a URL that includes credentials: ${redacted}v${VERSION}/${ZIP_NAME}`,
      ),
    );
    expect(`${outcome.stdout}${outcome.stderr}`).not.toContain('s3cret');
  });

  it('gives up when the installer has not finished in time, and says so', async () => {
    const server = await mirror('silent');
    const scratch = makeScratch();

    const outcome = await ensureElectron(scratch, {
      ELECTRON_MIRROR: server.url,
      LASTTOKEN_ELECTRON_DOWNLOAD_TIMEOUT: '1',
    });
    expectOneLineFailure(
      scratch,
      outcome,
      downloadFailed(
        'the installer had not finished after 1 second; ' +
          'set LASTTOKEN_ELECTRON_DOWNLOAD_TIMEOUT to a number of seconds to wait longer',
      ),
    );
    expect(server.requests).toEqual([ZIP_PATH]);
  });
});

describe('a binary chosen with ELECTRON_EXEC_PATH (electron-vite’s override)', () => {
  it('stops in one line when it does not exist', async () => {
    const scratch = makeScratch();
    const missing = join(scratch.dir, 'no-such-electron');
    const outcome = await ensureElectron(scratch, { ELECTRON_EXEC_PATH: missing });
    expect(outcome).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `LastToken: ELECTRON_EXEC_PATH names no file (${missing}), ` +
        `so the desktop window cannot open. ${BROWSER_MODE}\n`,
    });
  });

  it('lets the start go on, silently and without downloading, when it exists', async () => {
    const scratch = makeScratch();
    const binary = join(scratch.dir, 'electron');
    writeFileSync(binary, '');
    const outcome = await ensureElectron(scratch, {
      ELECTRON_EXEC_PATH: binary,
      ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`,
    });
    expect(outcome).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(existsSync(join(scratch.electron, 'path.txt'))).toBe(false);
  });
});

// The real project, where the binary is absent (this machine, CI): npm start's
// prestart stops at the failed download, before the native rebuild for Electron.
const realBinaryInstalled =
  existsSync(join(REAL_ELECTRON, 'path.txt')) &&
  existsSync(join(REAL_ELECTRON, 'dist', readFileSync(join(REAL_ELECTRON, 'path.txt'), 'utf8')));

describe('npm start without Electron’s binary', () => {
  it.skipIf(realBinaryInstalled)(
    'stops in one line when the download fails, and builds nothing',
    async () => {
      const server = await mirror('not-found');
      const dir = mkdtempSync(join(tmpdir(), 'lasttoken-electron-start-'));
      scratches.push(dir);
      const [userConfig, globalConfig] = [join(dir, 'user-npmrc'), join(dir, 'global-npmrc')];
      writeFileSync(userConfig, '');
      writeFileSync(globalConfig, '');
      // An electron_mirror in the developer's user or global .npmrc would reach the installer
      // ahead of ELECTRON_MIRROR (as npm_config_electron_mirror): npm reads neither here.
      const env = cleanEnvironment({
        ELECTRON_MIRROR: server.url,
        electron_config_cache: join(dir, 'cache'),
        npm_config_userconfig: userConfig,
        npm_config_globalconfig: globalConfig,
        // Else npm asks its registry for a newer npm.
        npm_config_update_notifier: 'false',
      });
      const npmCli = process.env['npm_execpath'];
      const start = npmCli?.endsWith('.js')
        ? await run(process.execPath, [npmCli, 'start'], ROOT, env, 120_000)
        : await run('npm', ['start'], ROOT, env, 120_000);

      expect(lines(start.stderr)).toEqual([
        downloadFailed(
          `HTTPError: Response code 404 (Not Found) for http://127.0.0.1:${server.port}${ZIP_PATH}`,
        ),
      ]);
      expect(start.code).toBe(1);
      expect(server.requests).toEqual([ZIP_PATH]);
      // Everything build-electron-sqlite prints starts with its name.
      expect(`${start.stdout}${start.stderr}`).not.toContain('build-electron-sqlite:');
      expect(existsSync(join(REAL_ELECTRON, 'path.txt'))).toBe(false);
    },
    130_000,
  );
});
