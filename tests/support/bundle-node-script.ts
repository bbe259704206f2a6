// Bundles a TypeScript entry into one ES module that plain `node` can run, for
// tests that need the real source in another process (Node 20 cannot strip
// types). npm dependencies stay imports; the bundle is written under
// node_modules/.cache so that node resolves them from the project.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export interface NodeScript {
  /** The bundled .mjs file. */
  file: string;
  remove(): void;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function bundleNodeScript(entry: string): Promise<NodeScript> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'lasttoken-test-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    publicDir: false,
    build: {
      ssr: resolve(ROOT, entry),
      target: 'node20',
      outDir,
      minify: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { format: 'es', entryFileNames: 'script.mjs' } },
    },
  });
  return {
    file: join(outDir, 'script.mjs'),
    remove: () => rmSync(outDir, { recursive: true, force: true }),
  };
}
