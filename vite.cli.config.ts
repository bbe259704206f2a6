// Bundles the command-line tools for Node 20 into out/cli/: our TypeScript is
// compiled in, npm dependencies stay external and load from node_modules at
// run time (an SSR build externalizes them by default), but for ECharts (below). `npm install` runs
// this through the `prepare` script, so bin/lasttoken.mjs finds the CLI built.

import { defineConfig } from 'vite';

export default defineConfig({
  // Nothing from public/ belongs in a Node bundle.
  publicDir: false,
  // ECharts is hundreds of small modules: compiled into the report worker's
  // bundle, a report's thread loads it in a fraction of the time.
  ssr: { noExternal: ['echarts', 'zrender'] },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'out/cli',
    emptyOutDir: true,
    // Readable stack traces: the bundle keeps names and a comment per source file.
    minify: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        lasttoken: 'src/main/cli/index.ts',
        bench: 'tests/bench/run.ts',
        // Started by both as worker threads; each tells the engine where they are.
        'measuring-worker': 'src/main/measuring/measuring-worker.ts',
        'token-worker': 'src/main/probe/tokens/token-worker.ts',
        'sim-worker': 'src/main/sim/sim-worker.ts',
        'report-worker': 'src/main/report/report-worker.ts',
      },
      output: {
        format: 'es',
        entryFileNames: '[name].mjs',
        chunkFileNames: 'chunks/[name]-[hash].mjs',
      },
    },
  },
});
