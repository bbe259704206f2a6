// The renderer's JavaScript stays under its budget (1.2 MB minified): every
// chart kind and library it carries is loaded before the first screen shows.
// Reads the build `npm test` makes first (pretest: npm run build).

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_SCRIPT_BUDGET_BYTES } from '../../electron.vite.config';
import { ROOT } from '../support/spawn-cli';

const ASSETS = join(ROOT, 'out', 'renderer', 'assets');

describe('the built renderer', () => {
  it('carries less than its JavaScript budget', () => {
    if (!existsSync(ASSETS)) {
      throw new Error('out/renderer is not built: run `npm run build` (npm test does it first)');
    }
    const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const bytes = scripts.reduce((sum, name) => sum + statSync(join(ASSETS, name)).size, 0);
    expect(bytes).toBeLessThan(RENDERER_SCRIPT_BUDGET_BYTES);
  });
});
