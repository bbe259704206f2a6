// How `npm run dist` packages the desktop app with electron-builder: what goes
// into resources/app.asar, what stays outside it, and the installers per OS.
// tests/integration/packaging.test.ts packs the app with it (Linux, unpacked
// folder, a stand-in for Electron's binary) and checks the result.

import type { Configuration } from 'electron-builder';
import packageJson from './package.json' with { type: 'json' };
import { distTargets } from './scripts/dist-targets.mjs';

const icon = 'resources/icon.png';

// The installers per OS: only those the repository's metadata suffices for
// (scripts/dist-targets.mjs says which and why: deb needs a homepage and a
// maintainer's e-mail). `npm run dist -- --linux deb` asks for others.
const targets = distTargets(packageJson);

const config: Configuration = {
  appId: 'dev.lasttoken.app',
  // Also names the userData folder, where the history is (src/main/store/default-database-path.ts).
  productName: 'LastToken',
  directories: { output: 'dist' },

  // What the app runs, and nothing that builds or tests it: the built main,
  // preload and renderer, package.json (Electron finds out/main/index.js
  // through "main"), and the production dependencies, which electron-builder
  // adds itself. Not the CLI's bundle (out/cli): the CLI runs from the repository.
  files: [
    'package.json',
    'out/main/**',
    'out/preload/**',
    'out/renderer/**',
    // The window's icon on Linux: src/main/index.ts loads it from here.
    icon,
    '!**/.env',
    '!**/.env.*',
    '!**/*.map',
    // TypeScript sources some packages ship: nothing loads them at run time.
    '!**/*.{ts,mts,cts,tsx}',
    // better-sqlite3's C and C++ sources, what compiling them left and a test
    // extension: only building it needs those.
    '!node_modules/better-sqlite3/{deps,src,build/deps,build/Release/obj}/**',
    '!node_modules/better-sqlite3/build/Release/test_extension.node',
    // gpt-tokenizer's raw rank files and CommonJS copy: the token worker imports its ES modules.
    '!node_modules/gpt-tokenizer/{data,cjs}/**',
  ],

  // better-sqlite3 and keytar are rebuilt for Electron's ABI before packing
  // (in node_modules, in place: scripts/dist.mjs then gives Node its build back).
  npmRebuild: true,
  asar: true,
  asarUnpack: [
    // A native module must be a real file to be loaded.
    '**/*.node',
    // The worker threads run from plain files, not from the archive
    // (src/main/shell/asar.ts says why), with what they import: main's shared
    // chunks and gpt-tokenizer's ES modules.
    'out/main/measuring-worker.mjs',
    'out/main/token-worker.mjs',
    'out/main/sim-worker.mjs',
    'out/main/report-worker.mjs',
    'out/main/chunks/**',
    'node_modules/gpt-tokenizer/package.json',
    'node_modules/gpt-tokenizer/esm/**',
  ],

  linux: {
    target: targets.linux,
    icon,
    category: 'Development',
  },
  mac: {
    target: targets.mac,
    icon,
    category: 'public.app-category.developer-tools',
  },
  win: {
    target: targets.win,
    icon,
  },
};

export default config;
