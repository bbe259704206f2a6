// Builds the Electron app into out/: main (src/main/index.ts → out/main/index.js, ESM,
// native modules and the tokenizer left external and loaded from node_modules, and the
// measuring and token workers beside it, out/main/measuring-worker.mjs and
// out/main/token-worker.mjs), preload
// (src/preload/index.ts → out/preload/index.cjs) and renderer (src/renderer/index.html).

import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './src/main/shell/csp';

/**
 * index.html carries the production policy. The dev server's page also gets
 * @vitejs/plugin-react's inline Fast Refresh script, so `electron-vite dev`
 * serves the dev variant instead; a build keeps the file's policy unchanged.
 */
function devContentSecurityPolicy(): Plugin {
  const metaTag = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/;
  return {
    name: 'lasttoken:dev-content-security-policy',
    apply: 'serve',
    transformIndexHtml(html) {
      if (!metaTag.test(html)) {
        throw new Error('src/renderer/index.html has no Content-Security-Policy meta tag');
      }
      return html.replace(metaTag, `$1${contentSecurityPolicy({ dev: true })}$2`);
    },
  };
}

/**
 * The renderer's JavaScript must stay small: every chart kind and library is
 * paid for at start. Raised from 1.2 MB with the request parameters' form and
 * their text in both languages (about 10 KB), then from 1.25 MB with main's
 * messages in both languages, the verdict cards, the trials table and the
 * two-run charts (about 45 KB of text, 25 KB of code); a library would not fit.
 */
export const RENDERER_SCRIPT_BUDGET_BYTES = 1.35 * 1024 * 1024;

/** Prints the renderer's minified JavaScript at build, against its budget. */
function reportScriptSize(): Plugin {
  return {
    name: 'lasttoken:report-script-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      let bytes = 0;
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') bytes += Buffer.byteLength(file.code);
      }
      const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;
      const verdict = bytes <= RENDERER_SCRIPT_BUDGET_BYTES ? 'within' : 'OVER';
      this.info(
        `renderer JavaScript: ${kb(bytes)} minified, ${verdict} its budget of ${kb(RENDERER_SCRIPT_BUDGET_BYTES)}`,
      );
    },
  };
}

/**
 * npm packages compiled into main's bundles instead of loaded from
 * node_modules: the plain-JavaScript ones the engine and the services import
 * (echarts and i18next: the reports draw and word a run as the page does).
 * electron-builder packs an app's node_modules with its own collector, which
 * here leaves out some of their dependencies (debug, ms, ip-address,
 * smart-buffer): loaded from the archive they would fail at start, and the
 * worker threads could not load them from the archive at all. Left external:
 * the native modules (better-sqlite3, keytar) and gpt-tokenizer, whose ES
 * modules the token worker loads from app.asar.unpacked.
 */
const BUNDLED_DEPENDENCIES = [
  'csv-stringify',
  'echarts',
  'eventsource-parser',
  'https-proxy-agent',
  'i18next',
  'socks',
  'socks-proxy-agent',
  'zod',
];

export default defineConfig({
  main: {
    build: {
      externalizeDeps: { exclude: BUNDLED_DEPENDENCIES },
      rolldownOptions: {
        input: {
          index: 'src/main/index.ts',
          // Worker threads main starts; src/main/index.ts tells the engine where they are.
          'measuring-worker': 'src/main/measuring/measuring-worker.ts',
          'token-worker': 'src/main/probe/tokens/token-worker.ts',
          'sim-worker': 'src/main/sim/sim-worker.ts',
          'report-worker': 'src/main/report/report-worker.ts',
        },
        output: {
          // .mjs: ES modules wherever they lie. A packaged app runs the worker,
          // and the shared chunks it imports, from app.asar.unpacked
          // (electron-builder.ts), outside the reach of package.json's
          // "type": "module", which stays in the archive.
          entryFileNames: (chunk) => (chunk.name === 'index' ? '[name].js' : '[name].mjs'),
          chunkFileNames: 'chunks/[name]-[hash].mjs',
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot load ES modules or require anything but
      // 'electron', so it is one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    plugins: [react(), devContentSecurityPolicy(), reportScriptSize()],
    // electron-vite leaves minifying to the project: the renderer is loaded at
    // every start (and served to the browser in browser mode), so it is minified.
    build: { minify: true },
  },
});
