// Debian's Chromium through playwright-core, launched as ENVIRONMENT.md says
// works on these machines: a fresh profile folder, headless, and its own
// config and cache folders, all removed on close.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** `args`: more of Chromium's switches, after the ones every test uses. */
export async function launchChromium(options: { args?: readonly string[] } = {}): Promise<Browser> {
  const home = mkdtempSync(join(tmpdir(), 'lasttoken-chromium-'));
  const folder = (name: string): string => mkdtempSync(join(home, `${name}-`));
  const context = await chromium.launchPersistentContext(folder('profile'), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.args ?? []),
    ],
    env: { ...process.env, XDG_CONFIG_HOME: folder('config'), XDG_CACHE_HOME: folder('cache') },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
