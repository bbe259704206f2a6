// Types of electron-binary.mjs, for the tests that import it.

export interface ElectronPackage {
  dir: string;
  version: string;
}

export function electronPackage(fromFile: string | URL): ElectronPackage;
export function platformExecutable(platform: string): string | null;
export function installPlatform(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string;
export function installedElectron(
  pkg: ElectronPackage,
  env?: NodeJS.ProcessEnv,
  platform?: NodeJS.Platform,
): string | null;
export function executableArch(header: Buffer): NodeJS.Architecture | null;
export function fileArch(file: string): NodeJS.Architecture | null;
