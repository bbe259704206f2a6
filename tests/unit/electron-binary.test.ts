// Electron's binary as the start scripts see it: installed or not (the test
// Electron's installer makes), and the CPU it is built for, read from its
// header (scripts/electron-binary.mjs), so that better-sqlite3 is built for
// the Electron that will load it, not for Node.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  executableArch,
  fileArch,
  installedElectron,
  platformExecutable,
} from '../../scripts/electron-binary.mjs';
import { ROOT } from '../support/spawn-cli';

const scratch = mkdtempSync(join(tmpdir(), 'lasttoken-electron-binary-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The first bytes of an ELF executable for e_machine, little- or big-endian. */
function elf(machine: number, littleEndian = true): Buffer {
  const header = Buffer.alloc(64);
  header.write('\x7fELF', 0, 'latin1');
  header[4] = 2; // 64-bit
  header[5] = littleEndian ? 1 : 2;
  if (littleEndian) header.writeUInt16LE(machine, 18);
  else header.writeUInt16BE(machine, 18);
  return header;
}

/** A thin 64-bit Mach-O header for a cputype. */
function machO(cpuType: number): Buffer {
  const header = Buffer.alloc(32);
  header.writeUInt32LE(0xfeedfacf, 0);
  header.writeUInt32LE(cpuType, 4);
  return header;
}

/** A PE executable: the DOS stub pointing at the PE header, then its Machine field. */
function pe(machine: number): Buffer {
  const header = Buffer.alloc(0x100);
  header.write('MZ', 0, 'latin1');
  header.writeUInt32LE(0x80, 0x3c);
  header.write('PE\0\0', 0x80, 'latin1');
  header.writeUInt16LE(machine, 0x84);
  return header;
}

describe('the CPU an executable is built for', () => {
  it('reads ELF, Mach-O and PE headers', () => {
    expect(executableArch(elf(0x3e))).toBe('x64');
    expect(executableArch(elf(0xb7))).toBe('arm64');
    expect(executableArch(elf(0x28))).toBe('arm');
    expect(executableArch(elf(0x16, false))).toBe('s390x');
    // Apple Silicon's Electron, as the installer fetches it for an x64 Node under Rosetta.
    expect(executableArch(machO(0x0100000c))).toBe('arm64');
    expect(executableArch(machO(0x01000007))).toBe('x64');
    expect(executableArch(pe(0x8664))).toBe('x64');
    expect(executableArch(pe(0xaa64))).toBe('arm64');
    expect(executableArch(pe(0x014c))).toBe('ia32');
  });

  it('says nothing of what it cannot tell', () => {
    // A universal Mach-O holds several; the OS chooses at launch.
    const universal = Buffer.alloc(32);
    universal.writeUInt32BE(0xcafebabe, 0);
    expect(executableArch(universal)).toBeNull();
    expect(executableArch(Buffer.from('#!/bin/sh\necho electron\n'))).toBeNull();
    expect(executableArch(elf(0x9999))).toBeNull();
    expect(executableArch(Buffer.alloc(0))).toBeNull();
    expect(executableArch(Buffer.from('MZ'))).toBeNull();
  });

  it('is Node’s for this Node, and the native module’s for better-sqlite3’s build', () => {
    expect(fileArch(process.execPath)).toBe(process.arch);
    const module = join(
      ROOT,
      'node_modules',
      'better-sqlite3',
      'build',
      'Release',
      'better_sqlite3.node',
    );
    expect(fileArch(module)).toBe(process.arch);
  });
});

describe('whether Electron is installed', () => {
  /** An electron package folder with what the installer leaves once it has run. */
  function electronFolder(
    name: string,
    files: Record<string, string>,
  ): { dir: string; version: string } {
    const dir = join(scratch, name);
    mkdirSync(join(dir, 'dist'), { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    return { dir, version: '45.5.0' };
  }

  it('as Electron’s install.js decides it', () => {
    const complete = electronFolder('complete', {
      'path.txt': 'electron',
      'dist/version': 'v45.5.0',
      'dist/electron': '',
    });
    expect(installedElectron(complete, {}, 'linux')).toBe(join(complete.dir, 'dist', 'electron'));
    // Another version's dist, another platform's path.txt, no executable, or nothing at all.
    expect(installedElectron({ ...complete, version: '46.0.0' }, {}, 'linux')).toBeNull();
    expect(installedElectron(complete, {}, 'darwin')).toBeNull();
    const noBinary = electronFolder('no-binary', {
      'path.txt': 'electron',
      'dist/version': '45.5.0',
    });
    expect(installedElectron(noBinary, {}, 'linux')).toBeNull();
    expect(installedElectron(electronFolder('fresh', {}), {}, 'linux')).toBeNull();
  });

  it('in ELECTRON_OVERRIDE_DIST_PATH when set', () => {
    const pkg = electronFolder('override', { 'path.txt': 'electron', 'dist/version': '45.5.0' });
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'electron'), '');
    expect(installedElectron(pkg, { ELECTRON_OVERRIDE_DIST_PATH: elsewhere }, 'linux')).toBe(
      join(elsewhere, 'electron'),
    );
  });

  it('names each platform’s executable as the installer does', () => {
    expect(platformExecutable('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
    expect(platformExecutable('mas')).toBe('Electron.app/Contents/MacOS/Electron');
    expect(platformExecutable('win32')).toBe('electron.exe');
    expect(platformExecutable('linux')).toBe('electron');
  });
});

// scripts/build-electron-sqlite.mjs in a scratch project whose Electron is an
// arm64 binary while Node is not: the module it keeps is stamped for arm64,
// and it says why. (Building one needs Electron's headers from the internet.)
describe.skipIf(process.arch === 'arm64' || process.platform !== 'linux')(
  'the Electron build of better-sqlite3',
  () => {
    it('targets the installed Electron’s CPU, not Node’s, and says so', () => {
      const project = join(scratch, 'project');
      mkdirSync(join(project, 'scripts'), { recursive: true });
      for (const script of ['build-electron-sqlite.mjs', 'electron-binary.mjs']) {
        cpSync(join(ROOT, 'scripts', script), join(project, 'scripts', script));
      }
      writeFileSync(join(project, 'package.json'), '{"name":"scratch","type":"module"}\n');
      const modules = join(project, 'node_modules');
      const electron = join(modules, 'electron');
      mkdirSync(join(electron, 'dist'), { recursive: true });
      cpSync(
        join(ROOT, 'node_modules', 'electron', 'package.json'),
        join(electron, 'package.json'),
      );
      writeFileSync(join(electron, 'path.txt'), 'electron');
      writeFileSync(join(electron, 'dist', 'version'), '45.5.0');
      writeFileSync(join(electron, 'dist', 'electron'), elf(0xb7));
      symlinkSync(join(ROOT, 'node_modules', 'better-sqlite3'), join(modules, 'better-sqlite3'));
      const sqliteVersion = (
        JSON.parse(
          spawnSync(
            process.execPath,
            ['-p', "JSON.stringify(require('better-sqlite3/package.json'))"],
            {
              cwd: ROOT,
              encoding: 'utf8',
            },
          ).stdout,
        ) as { version: string }
      ).version;
      const out = join(project, 'native', 'electron');
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'better_sqlite3.node'), elf(0xb7));
      const stamp = {
        electron: '45.5.0',
        better_sqlite3: sqliteVersion,
        platform: 'linux',
        arch: 'arm64',
      };
      writeFileSync(join(out, 'build-info.json'), `${JSON.stringify(stamp, null, 2)}\n`);

      const run = spawnSync(
        process.execPath,
        [join(project, 'scripts', 'build-electron-sqlite.mjs')],
        {
          cwd: project,
          encoding: 'utf8',
          timeout: 15_000,
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(
        `build-electron-sqlite: up to date for Electron 45.5.0 linux-arm64 ` +
          `(the installed Electron’s, not this Node’s ${process.arch}), better-sqlite3 ${sqliteVersion}\n`,
      );
    });
  },
);
