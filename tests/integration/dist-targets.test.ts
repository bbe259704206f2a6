// What `npm run dist` builds by default, and that it needs nothing the
// repository lacks: the targets electron-builder resolves from electron-builder.ts
// on each OS pass electron-builder's own checks with this package.json, while
// deb fails them with electron-builder's message until package.json has a
// homepage and a maintainer (scripts/dist-targets.mjs holds the rule).
//
// Two ways, both offline. In-process, electron-builder's build() runs for real
// (configuration, package.json checks, the default targets per OS, each target's
// own option check: for deb, FpmTarget's homepage and maintainer check) with
// platform packagers that stop there instead of packing, the step that would
// download Electron and the installer tools. Then scripts/dist.mjs runs as
// `npm run dist` does, on Linux, from a prepackaged stand-in app and with
// stand-ins for the AppImage tools and fpm (electron-builder's
// APPIMAGE_TOOLS_PATH and CUSTOM_FPM_PATH): electron-builder writes the
// packages itself, and what dist prints is checked.

import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Arch,
  build,
  LinuxPackager,
  MacPackager,
  Platform,
  WinPackager,
  type Packager,
  type Target,
} from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { authorEmailIsMissed } from 'app-builder-lib/out/errorMessages';
import { afterAll, describe, expect, it } from 'vitest';
import { DEB_SKIPPED, distTargets } from '../../scripts/dist-targets.mjs';
import { ROOT } from '../support/spawn-cli';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
  string,
  unknown
>;

const homepageMissed = 'Please specify project homepage';

const scratch = mkdtempSync(join(tmpdir(), 'lasttoken-dist-targets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let projects = 0;

/**
 * A copy of the repository as electron-builder sees it, with this package.json:
 * electron-builder.ts and the scripts it and dist use, the icons, node_modules.
 */
function projectWith(metadata: Record<string, unknown>): string {
  const dir = join(scratch, `project-${++projects}`);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  for (const file of ['electron-builder.ts', 'scripts/dist-targets.mjs', 'scripts/dist.mjs']) {
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'junction');
  symlinkSync(join(ROOT, 'resources'), join(dir, 'resources'), 'junction');
  writeFileSync(join(dir, 'package.json'), JSON.stringify(metadata, null, 2));
  return dir;
}

/** electron-builder's own packager for the platform. */
function platformPackager(info: Packager, platform: Platform) {
  if (platform === Platform.MAC) return new MacPackager(info);
  if (platform === Platform.WINDOWS) return new WinPackager(info);
  return new LinuxPackager(info);
}

/**
 * electron-builder's build() for one OS, up to the targets: it loads and
 * validates the configuration and package.json, resolves the targets (the
 * configuration's when none are named) and creates them; then each target's
 * checkOptions() runs, and nothing is packed or built. Resolves with the
 * targets' names; rejects with electron-builder's error.
 */
async function checkTargets(
  projectDir: string,
  platform: Platform,
  names: string[] | null = null,
): Promise<string[]> {
  const checked: string[] = [];
  await build({
    projectDir,
    targets: platform.createTarget(names, Arch.x64),
    config: { publish: null, directories: { output: join(scratch, 'never-written') } },
    platformPackagerFactory: (info, which) => {
      const packager = platformPackager(info, which);
      packager.pack = async (_outDir: string, _arch: Arch, targets: Target[]) => {
        for (const target of targets) {
          await target.checkOptions();
          checked.push(target.name);
          // NSIS and dmg build in finishBuild: nothing to build from here.
          target.finishBuild = async () => {};
        }
      };
      return packager;
    },
  });
  return checked;
}

describe('the default targets', () => {
  it('are AppImage on Linux, dmg on macOS and NSIS on Windows, without a homepage or author', async () => {
    expect(packageJson.homepage).toBeUndefined();
    expect(packageJson.author).toBeUndefined();
    expect(distTargets(packageJson)).toEqual({
      linux: ['AppImage'],
      mac: ['dmg'],
      win: ['nsis'],
      skipped: DEB_SKIPPED,
    });
    const config = await getConfig(ROOT, null, null);
    expect(config).toMatchObject({
      linux: { target: ['AppImage'] },
      mac: { target: ['dmg'] },
      win: { target: ['nsis'] },
    });
  });

  it('pass electron-builder’s checks with this package.json, on every OS', async () => {
    await expect(checkTargets(ROOT, Platform.LINUX)).resolves.toEqual(['appImage']);
    await expect(checkTargets(ROOT, Platform.WINDOWS)).resolves.toEqual(['nsis']);
    // electron-builder refuses macOS builds on Windows.
    if (process.platform !== 'win32') {
      await expect(checkTargets(ROOT, Platform.MAC)).resolves.toEqual(['dmg']);
    }
  });

  it('leave out deb, which electron-builder refuses without a maintainer’s e-mail', async () => {
    // The homepage part of the message depends on the checkout: electron-builder
    // also takes one from a GitHub remote named origin.
    await expect(checkTargets(ROOT, Platform.LINUX, ['AppImage', 'deb'])).rejects.toThrow(
      authorEmailIsMissed,
    );
  });

  it('add deb when package.json has a homepage and an author with an e-mail', async () => {
    const project = projectWith({
      ...packageJson,
      homepage: 'https://lasttoken.example',
      author: { name: 'Ada', email: 'ada@lasttoken.example' },
    });
    const config = await getConfig(project, null, null);
    expect(config).toMatchObject({ linux: { target: ['AppImage', 'deb'] } });
    await expect(checkTargets(project, Platform.LINUX)).resolves.toEqual(['appImage', 'deb']);
  });

  it('include deb exactly when electron-builder’s deb check passes', async () => {
    const cases: { metadata: Record<string, unknown>; refusal: string[] }[] = [
      { metadata: {}, refusal: [homepageMissed, authorEmailIsMissed] },
      { metadata: { homepage: 'https://lasttoken.example' }, refusal: [authorEmailIsMissed] },
      {
        metadata: { author: { name: 'Ada', email: 'ada@lasttoken.example' } },
        refusal: [homepageMissed],
      },
      {
        metadata: { homepage: 'https://lasttoken.example', author: 'Ada' },
        refusal: [authorEmailIsMissed],
      },
      {
        metadata: { homepage: 'https://lasttoken.example', author: { name: 'Ada' } },
        refusal: [authorEmailIsMissed],
      },
      {
        metadata: {
          homepage: 'https://lasttoken.example',
          author: { name: 'Ada', email: 'ada@lasttoken.example' },
        },
        refusal: [],
      },
      {
        metadata: {
          homepage: 'https://lasttoken.example',
          author: 'Ada <ada@lasttoken.example> (https://ada.example)',
        },
        refusal: [],
      },
    ];
    for (const { metadata, refusal } of cases) {
      const what = JSON.stringify(metadata);
      const targets = distTargets({ ...packageJson, ...metadata });
      const checked = checkTargets(projectWith({ ...packageJson, ...metadata }), Platform.LINUX, [
        'deb',
      ]);
      if (refusal.length === 0) {
        await expect(checked, what).resolves.toEqual(['deb']);
        expect(targets, what).toMatchObject({ linux: ['AppImage', 'deb'], skipped: null });
      } else {
        const error = await checked.then(
          () => new Error(`electron-builder accepted deb with ${what}`),
          (refused: unknown) => refused,
        );
        for (const message of refusal) expect(String(error), what).toContain(message);
        expect(targets, what).toMatchObject({ linux: ['AppImage'], skipped: DEB_SKIPPED });
      }
    }
  });
});

// The stand-ins are shell scripts, and Linux is what CI packs.
const onLinux = describe.skipIf(process.platform !== 'linux');

onLinux('npm run dist', () => {
  const standIns = join(scratch, 'stand-ins');

  /** Writes an executable shell script. */
  function script(path: string, body: string): void {
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
  }

  /**
   * APPIMAGE_TOOLS_PATH as electron-builder's default (FUSE2) AppImage tools
   * are laid out: mksquashfs, which writes its output file, a runtime per arch
   * and the libraries folder.
   */
  function appImageTools(): string {
    const dir = join(standIns, 'appimage');
    for (const host of ['linux-x64', 'linux-arm64', 'linux-arm32', 'linux-ia32']) {
      mkdirSync(join(dir, host), { recursive: true });
      script(join(dir, host, 'mksquashfs'), 'echo "a stand-in squashfs" > "$2"');
      script(join(dir, host, 'desktop-file-validate'), 'exit 0');
    }
    for (const arch of ['x64', 'arm64', 'armv7l', 'ia32']) {
      writeFileSync(join(dir, `runtime-${arch}`), 'a stand-in AppImage runtime\n');
    }
    mkdirSync(join(dir, 'lib', 'x64'), { recursive: true });
    mkdirSync(join(dir, 'lib', 'ia32'), { recursive: true });
    return dir;
  }

  /** CUSTOM_FPM_PATH: writes the package named by --package. */
  function fpm(): string {
    const path = join(standIns, 'fpm');
    script(
      path,
      'while [ $# -gt 0 ]; do [ "$1" = --package ] && echo "a stand-in deb" > "$2"; shift; done',
    );
    return path;
  }

  mkdirSync(standIns, { recursive: true });
  const env = { ...process.env, APPIMAGE_TOOLS_PATH: appImageTools(), CUSTOM_FPM_PATH: fpm() };
  let runs = 0;

  /**
   * scripts/dist.mjs in projectDir with these arguments, packaging a prepackaged
   * stand-in app (packing it would download Electron) into a fresh folder.
   */
  function dist(projectDir: string, args: string[]) {
    const run = join(scratch, `run-${++runs}`);
    const app = join(run, 'app');
    const output = join(run, 'dist');
    mkdirSync(join(app, 'resources'), { recursive: true });
    script(join(app, 'lasttoken'), 'echo "a stand-in for LastToken"');
    const result = spawnSync(
      process.execPath,
      [
        join(projectDir, 'scripts', 'dist.mjs'),
        ...args,
        '--prepackaged',
        app,
        `-c.directories.output=${output}`,
      ],
      { cwd: projectDir, env, encoding: 'utf8', timeout: 60_000 },
    );
    // The packages' kinds: their names hold the version and the arch.
    const written = existsSync(output)
      ? readdirSync(output)
          .map((name) => /\.(AppImage|deb)$/.exec(name)?.[1])
          .filter((kind) => kind != null)
          .sort()
      : [];
    const said = `${result.stdout}\n${result.stderr}`;
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, said, written };
  }

  function skipLines(text: string): string[] {
    return text.split('\n').filter((line) => line.includes('the deb package is skipped'));
  }

  it('writes the AppImage, exits 0 and says once what deb needs', () => {
    const run = dist(ROOT, []);
    expect(run.status, run.said).toBe(0);
    expect(run.written).toEqual(['AppImage']);
    expect(skipLines(run.said)).toEqual([DEB_SKIPPED]);
    expect(skipLines(run.stdout)).toEqual([DEB_SKIPPED]);
  });

  it('writes the AppImage and the deb package when package.json has what deb needs', () => {
    const project = projectWith({
      ...packageJson,
      homepage: 'https://lasttoken.example',
      author: { name: 'Ada', email: 'ada@lasttoken.example' },
    });
    const run = dist(project, []);
    expect(run.status, run.said).toBe(0);
    expect(run.written).toEqual(['AppImage', 'deb']);
    expect(skipLines(run.said)).toEqual([]);
  });

  it('passes explicit targets through: `--linux deb` fails with electron-builder’s message', () => {
    const run = dist(ROOT, ['--linux', 'deb']);
    expect(run.status).not.toBe(0);
    expect(run.written).toEqual([]);
    expect(run.said).toContain(authorEmailIsMissed.split('\n')[0]);
    expect(run.stderr).toContain(
      'dist: electron-builder refuses the deb package without a homepage and a maintainer: set "homepage"',
    );
    expect(skipLines(run.said)).toEqual([]);
  });

  it('names no skipped deb when the arguments name the Linux targets', () => {
    const run = dist(ROOT, ['--linux', 'AppImage']);
    expect(run.status, run.said).toBe(0);
    expect(run.written).toEqual(['AppImage']);
    expect(skipLines(run.said)).toEqual([]);
  });
});
