// Builds the renderer from the current source, as `electron-vite build` does
// (the same config, resolved by electron-vite), into a folder of the test's
// own: browser tests never serve a stale out/renderer, and do not need main
// or the preload to build.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build, mergeConfig } from 'vite';
import { ROOT } from './spawn-cli';

export async function buildRenderer(): Promise<{ dir: string; remove: () => void }> {
  const parent = mkdtempSync(join(tmpdir(), 'lasttoken-renderer-'));
  const dir = join(parent, 'renderer');
  const { config } = await resolveConfig({ root: ROOT }, 'build', 'production');
  if (config?.renderer === undefined) throw new Error('electron.vite.config.ts has no renderer');
  await build(
    mergeConfig(config.renderer, {
      configFile: false,
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
    }),
  );
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
