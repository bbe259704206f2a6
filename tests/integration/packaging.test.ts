// `npm run dist` for real, as far as a machine without internet allows: the
// app is built and packed by scripts/dist.mjs with electron-builder and the
// repository's electron-builder.ts, for Linux as an unpacked folder (--dir),
// then the app.asar it made is read back. Two things need the internet and are
// replaced here: Electron's binary (electronDist: a folder holding a stand-in
// `electron` executable, which electron-builder copies and renames) and the
// rebuild of the native modules against Electron's headers (npmRebuild off).
// Everything else is electron-builder's own work: loading the configuration,
// collecting the production dependencies, the file patterns, asar and unpacking.

import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { listPackage, statFile } from '@electron/asar';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distTargets } from '../../scripts/dist-targets.mjs';
import { createMeasuringThread } from '../../src/main/measuring';
import { DEFAULT_LIMITS } from '../../src/main/probe';
import { startRun, type RunSink } from '../../src/main/runs';
import { startSimulator } from '../../src/main/sim';
import type { StoredTrial } from '../../src/shared/run';
import { makeProfile } from '../support/profile-fixture';
import { ROOT } from '../support/spawn-cli';
import { oneChunkRequest } from '../support/one-chunk-request';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  productName: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const scratch = mkdtempSync(join(tmpdir(), 'lasttoken-pack-'));
const output = join(scratch, 'dist');
const appOutDir = join(output, 'linux-unpacked');
const resourcesDir = join(appOutDir, 'resources');
const archive = join(resourcesDir, 'app.asar');
const unpacked = join(resourcesDir, 'app.asar.unpacked');

// Files that must never ship, planted inside folders that do.
const plantedSecrets = join(ROOT, 'out', 'main', '.env.production');
const plantedSourceMap = join(ROOT, 'out', 'renderer', 'planted.js.map');

/** Every path in app.asar, as /out/main/index.js. */
let entries: string[] = [];

function run(what: string, args: string[]): void {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (result.status !== 0) {
    throw new Error(`${what} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** Electron's binary as far as packing needs it: an executable named electron. */
function standInElectron(): string {
  const dir = join(scratch, 'electron-dist');
  mkdirSync(dir);
  const binary = join(dir, 'electron');
  writeFileSync(binary, '#!/bin/sh\necho "a stand-in for Electron: packing test only"\n');
  chmodSync(binary, 0o755);
  return dir;
}

// The stand-in binary is a shell script, and Linux is what CI packs.
const onLinux = describe.skipIf(process.platform !== 'linux');

onLinux('the packaged app', () => {
  beforeAll(() => {
    // `npm run dist` builds first (the CLI's bundle is not packed, so only the app).
    run('electron-vite build', [
      join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'),
      'build',
    ]);
    writeFileSync(plantedSecrets, 'OPENAI_API_KEY=sk-planted-by-the-packaging-test\n');
    writeFileSync(plantedSourceMap, '{}\n');
    try {
      run('scripts/dist.mjs', [
        join(ROOT, 'scripts', 'dist.mjs'),
        '--dir',
        '--linux',
        `-c.electronDist=${standInElectron()}`,
        '-c.npmRebuild=false',
        `-c.directories.output=${output}`,
      ]);
    } finally {
      rmSync(plantedSecrets, { force: true });
      rmSync(plantedSourceMap, { force: true });
    }
    entries = listPackage(archive, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
  }, 120_000);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is LastToken’s executable beside its resources', () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(spawnSync(join(appOutDir, 'lasttoken'), { encoding: 'utf8' }).stdout).toContain(
      'stand-in',
    );
  });

  it('holds the built main, preload and renderer, package.json and the window icon', () => {
    for (const file of [
      '/package.json',
      '/out/main/index.js',
      '/out/main/measuring-worker.mjs',
      '/out/main/token-worker.mjs',
      '/out/main/report-worker.mjs',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/resources/icon.png',
    ]) {
      expect(entries, file).toContain(file);
    }
    expect(entries.some((entry) => /^\/out\/renderer\/assets\/.+\.js$/.test(entry))).toBe(true);
  });

  it('holds every production dependency and no development one', () => {
    for (const name of Object.keys(packageJson.dependencies)) {
      expect(entries, name).toContain(`/node_modules/${name}/package.json`);
    }
    for (const name of Object.keys(packageJson.devDependencies)) {
      expect(entries, name).not.toContain(`/node_modules/${name}`);
    }
  });

  it('holds nothing else: no sources, tests, scripts, docs or the CLI’s bundle', () => {
    const top = new Set(entries.map((entry) => entry.split('/')[1]));
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json', 'resources']);
    const outFolders = new Set(
      entries.filter((e) => e.startsWith('/out/')).map((e) => e.split('/')[2]),
    );
    expect([...outFolders].sort()).toEqual(['main', 'preload', 'renderer']);
    expect(entries.filter((e) => e.startsWith('/resources/'))).toEqual(['/resources/icon.png']);
  });

  it('holds no environment files, source maps or TypeScript sources, even inside out/', () => {
    const forbidden = entries.filter(
      (entry) => /\/\.env($|\.)/.test(entry) || /\.(map|ts|mts|cts|tsx)$/.test(entry),
    );
    expect(forbidden).toEqual([]);
  });

  it('unpacks the native modules, built where better-sqlite3 itself looks', () => {
    // A packaged app opens the history with better-sqlite3's own build (see native-binding.ts).
    for (const file of [
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/keytar/build/Release/keytar.node',
    ]) {
      expect(statFile(archive, file)).toMatchObject({ unpacked: true });
    }
    expect(entries).not.toContain('/node_modules/better-sqlite3/build/Release/test_extension.node');
  });

  it('runs the token worker from app.asar.unpacked, with nothing it imports left in the archive', async () => {
    expect(statFile(archive, 'out/main/token-worker.mjs')).toMatchObject({ unpacked: true });
    // Plain Node cannot read app.asar at all: the worker counting here proves it needs nothing inside.
    const worker = new Worker(join(unpacked, 'out', 'main', 'token-worker.mjs'));
    try {
      const reply = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({
          id: 1,
          task: { kind: 'analyze', request: oneChunkRequest('hello world') },
        });
      });
      expect(reply).toMatchObject({ id: 1, kind: 'analyzed', result: { contentTotal: 2 } });
    } finally {
      await worker.terminate();
    }
  });

  it('finds every package the built main and its workers import where each loads it from', () => {
    // A bare import left in a bundle is loaded from node_modules at run time:
    // main's from the archive, the workers' (and the chunks they share) from
    // app.asar.unpacked, which plain Node and worker threads read.
    const mainDir = join(ROOT, 'out', 'main');
    const files = [
      ...readdirSync(mainDir).filter((f) => /\.m?js$/.test(f)),
      ...readdirSync(join(mainDir, 'chunks')).map((f) => `chunks/${f}`),
    ];
    const builtins = new Set([...builtinModules, 'electron']);
    const missing: string[] = [];
    for (const file of files) {
      const code = readFileSync(join(mainDir, file), 'utf8');
      // A static import or re-export begins its line (an import list's last line with its `}`):
      // the same words inside a bundled library's comments or strings are not imports.
      const specifiers = code.matchAll(
        /(?:^\s*(?:import|export|\})[^'"\n]*?\bfrom\s*|\bimport\s*\(\s*|\b__require\s*\(\s*)["']([^"'./][^"']*)["']/gm,
      );
      for (const [, specifier = ''] of specifiers) {
        if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/');
        const manifest = `node_modules/${name}/package.json`;
        const found =
          file === 'index.js'
            ? entries.includes(`/${manifest}`)
            : existsSync(join(unpacked, manifest));
        if (!found) missing.push(`${file} imports ${specifier}`);
      }
    }
    expect(files).toContain('measuring-worker.mjs');
    expect(missing).toEqual([]);
  });

  it('measures a run on the measuring thread from app.asar.unpacked, which starts the token worker there', async () => {
    expect(statFile(archive, 'out/main/measuring-worker.mjs')).toMatchObject({ unpacked: true });
    const thread = createMeasuringThread({
      workerUrl: pathToFileURL(join(unpacked, 'out', 'main', 'measuring-worker.mjs')),
      tokenWorkerUrl: pathToFileURL(join(unpacked, 'out', 'main', 'token-worker.mjs')),
    });
    const sim = await startSimulator({ port: 0 });
    try {
      const saved: StoredTrial[] = [];
      const sink: RunSink = {
        createRun: () => {},
        saveTrial: (stored) => void saved.push(stored),
        saveProfileFailure: () => {},
        finishRun: () => {},
      };
      const profile = makeProfile('a', {
        base_url: `${sim.url}/v1`,
        model: 'sim-steady:tokens=8,gap=2',
      });
      const run = startRun(
        {
          profiles: { get: () => profile },
          keys: { readKeyForRequest: async () => undefined },
          sink,
          measurer: thread,
        },
        {
          prompt: 'Hi',
          max_tokens: 16,
          modes: ['stream'],
          trials: 1,
          profile_ids: ['a'],
          limits: { ...DEFAULT_LIMITS },
          reuse_connection: false,
          warmup: false,
        },
      );
      expect(await run.done).toMatchObject({ status: 'completed', saved_trials: 1 });
      expect(saved[0]?.trial).toMatchObject({ status: 'ok', chunks: 8, tokens: 8 });
    } finally {
      await thread.close();
      await sim.close();
    }
  });

  it('is packed from a configuration electron-builder accepts, for every OS', async () => {
    const config = await getConfig(ROOT, null, null);
    await expect(
      validateConfiguration(config, { isEnabled: false } as Parameters<
        typeof validateConfiguration
      >[1]),
    ).resolves.toBeUndefined();
    expect(config).toMatchObject({
      productName: packageJson.productName,
      npmRebuild: true,
      // The installers per OS (tests/integration/dist-targets.test.ts checks which).
      linux: { target: distTargets(packageJson).linux },
      mac: { target: ['dmg'] },
      win: { target: ['nsis'] },
    });
  });
});
