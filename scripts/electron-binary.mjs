// Electron's binary as the scripts that prepare `npm start` see it: where the
// electron package keeps it, whether it is installed, and which CPU it is
// built for.
//
// The architecture is read from the executable's own header, because it is
// not always Node's: Electron's installer fetches an arm64 Electron for an x64
// Node running under Rosetta on Apple Silicon, and ELECTRON_INSTALL_ARCH or
// npm_config_arch choose another one on purpose. A native module must be built
// for the binary that will load it.

import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The electron package as resolved from `fromFile` (a script's import.meta.url):
 * its folder and version.
 */
export function electronPackage(fromFile) {
  const file = createRequire(fromFile).resolve('electron/package.json');
  return { dir: dirname(file), version: JSON.parse(readFileSync(file, 'utf8')).version };
}

/**
 * The executable inside dist/ for a platform, as Electron's install.js names
 * it, or null for a platform Electron has no build for (the installer says so).
 */
export function platformExecutable(platform) {
  switch (platform) {
    case 'mas':
    case 'darwin':
      return 'Electron.app/Contents/MacOS/Electron';
    case 'freebsd':
    case 'openbsd':
    case 'linux':
      return 'electron';
    case 'win32':
      return 'electron.exe';
    default:
      return null;
  }
}

/** The platform the installer fetches for: its own variables first, as install.js reads them. */
export function installPlatform(env = process.env, platform = process.platform) {
  return env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || platform;
}

/**
 * The installed binary's path, or null when it is not installed. "Installed"
 * is install.js's own test (dist/version is this package's version, path.txt
 * names the platform's executable, and ELECTRON_OVERRIDE_DIST_PATH or that
 * executable exists), so that it never differs from what the installer
 * concludes; the path is where electron's index.js then looks.
 */
export function installedElectron(pkg, env = process.env, platform = process.platform) {
  const executable = platformExecutable(installPlatform(env, platform));
  if (executable === null) return null;
  try {
    const version = readFileSync(join(pkg.dir, 'dist', 'version'), 'utf8').replace(/^v/, '');
    if (version !== pkg.version) return null;
    if (readFileSync(join(pkg.dir, 'path.txt'), 'utf8') !== executable) return null;
  } catch {
    return null;
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(override || join(pkg.dir, 'dist', executable))) return null;
  return override ? join(override, executable) : join(pkg.dir, 'dist', executable);
}

// Machine fields of ELF (e_machine), Mach-O (cputype) and PE (Machine) headers,
// by Node's names for the architectures.
const ELF_MACHINES = new Map([
  [0x03, 'ia32'],
  [0x28, 'arm'],
  [0x3e, 'x64'],
  [0xb7, 'arm64'],
  [0xf3, 'riscv64'],
  [0x15, 'ppc64'],
  [0x16, 's390x'],
  [0x102, 'loong64'],
]);
const MACHO_CPU_ARCH_ABI64 = 0x01000000;
const MACHO_CPUS = new Map([
  [7, 'ia32'],
  [7 | MACHO_CPU_ARCH_ABI64, 'x64'],
  [12, 'arm'],
  [12 | MACHO_CPU_ARCH_ABI64, 'arm64'],
]);
const PE_MACHINES = new Map([
  [0x014c, 'ia32'],
  [0x8664, 'x64'],
  [0x01c4, 'arm'],
  [0xaa64, 'arm64'],
]);

/**
 * The CPU an executable is built for, from its first bytes (ELF, thin Mach-O
 * or PE), or null when the header says nothing this knows (a universal Mach-O
 * holds several, and the OS picks one at launch).
 */
export function executableArch(header) {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const at = (offset, bytes) => offset + bytes <= header.byteLength;
  if (at(0, 20) && header[0] === 0x7f && header.toString('latin1', 1, 4) === 'ELF') {
    const littleEndian = header[5] === 1;
    return ELF_MACHINES.get(view.getUint16(18, littleEndian)) ?? null;
  }
  if (at(0, 8)) {
    const magic = view.getUint32(0, true);
    if (magic === 0xfeedface || magic === 0xfeedfacf) {
      return MACHO_CPUS.get(view.getUint32(4, true)) ?? null;
    }
  }
  if (at(0, 0x40) && header.toString('latin1', 0, 2) === 'MZ') {
    const pe = view.getUint32(0x3c, true);
    if (at(pe, 6) && header.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      return PE_MACHINES.get(view.getUint16(pe + 4, true)) ?? null;
    }
  }
  return null;
}

/** executableArch of a file: its first 64 KiB hold every header read above. */
export function fileArch(file) {
  const header = Buffer.alloc(64 * 1024);
  const fd = openSync(file, 'r');
  try {
    return executableArch(header.subarray(0, readSync(fd, header, 0, header.length, 0)));
  } finally {
    closeSync(fd);
  }
}
