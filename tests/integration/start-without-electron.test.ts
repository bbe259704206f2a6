// `npm start` where Electron's binary was never downloaded (this machine, CI):
// one line that names the browser mode and exit 1, before the native rebuild
// for Electron starts, instead of electron-vite's stack trace.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/spawn-cli';

const CHECK = join(ROOT, 'scripts', 'check-electron.mjs');
const MISSING_BINARY_LINE =
  "LastToken: Electron's binary is not installed (its download failed or was skipped), " +
  'so the desktop window cannot open here. Use the browser mode: npm run web';

// Where the electron package records its binary once downloaded.
const electronDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
const binaryDownloaded = existsSync(join(electronDir, 'path.txt'));

const scratch = mkdtempSync(join(tmpdir(), 'lasttoken-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The environment without a binary chosen by hand (electron-vite's ELECTRON_EXEC_PATH). */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (!('ELECTRON_EXEC_PATH' in extra)) delete env['ELECTRON_EXEC_PATH'];
  return env;
}

function runCheck(extra: Record<string, string> = {}) {
  return spawnSync(process.execPath, [CHECK], {
    cwd: ROOT,
    env: environment(extra),
    encoding: 'utf8',
    timeout: 15_000,
  });
}

/** npm itself: the one running the tests when there is one, else npm on PATH. */
function runNpm(args: string[]) {
  const npmCli = process.env['npm_execpath'];
  const options = { cwd: ROOT, env: environment(), encoding: 'utf8', timeout: 60_000 } as const;
  return npmCli?.endsWith('.js')
    ? spawnSync(process.execPath, [npmCli, ...args], options)
    : spawnSync('npm', args, { ...options, shell: process.platform === 'win32' });
}

describe('npm start without Electron’s binary', () => {
  it.skipIf(binaryDownloaded)(
    'says so in one line naming the browser mode, exits 1, and builds nothing',
    () => {
      const start = runNpm(['start']);
      expect(start.status).toBe(1);
      const stderr = start.stderr.split('\n').filter((line) => line.trim() !== '');
      expect(stderr).toEqual([MISSING_BINARY_LINE]);
      // The check runs before the rebuild of better-sqlite3 for Electron, which never started
      // (everything that script prints starts with its name).
      expect(`${start.stdout}${start.stderr}`).not.toContain('build-electron-sqlite:');
    },
  );

  it('says the same wherever the binary chosen does not exist', () => {
    const check = runCheck({ ELECTRON_EXEC_PATH: join(scratch, 'no-such-electron') });
    expect(check.status).toBe(1);
    expect(check.stdout).toBe('');
    expect(check.stderr).toBe(`${MISSING_BINARY_LINE}\n`);
  });

  it('lets the start go on, silently, when the binary is there', () => {
    const binary = join(scratch, 'electron');
    writeFileSync(binary, '');
    const check = runCheck({ ELECTRON_EXEC_PATH: binary });
    expect(check.status).toBe(0);
    expect(check.stdout).toBe('');
    expect(check.stderr).toBe('');
  });
});
