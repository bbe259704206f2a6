#!/usr/bin/env node
// The `lasttoken` command. The CLI itself is TypeScript bundled into out/cli/ by
// `npm run build:cli`, which `npm install` runs (the `prepare` script).

import { existsSync } from 'node:fs';

const cli = new URL('../out/cli/lasttoken.mjs', import.meta.url);

if (!existsSync(cli)) {
  console.error('LastToken CLI is not built: run `npm run build:cli`');
  process.exit(1);
}

await import(cli.href);
