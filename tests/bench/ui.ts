// The renderer with a lot to show, in Debian's Chromium through browser mode:
// a large finished run from navigation to its last chart drawn, and the
// page's longest main-thread task while 32 streams run live. Keys are kept in
// memory: the figures need no keychain.

import { existsSync } from 'node:fs';
import { MemoryKeyStore } from '../../src/main/secrets';
import { startAppUnderTest } from '../support/app-under-test';
import { CHROMIUM } from '../support/chromium';
import {
  followLiveRun,
  formatLiveLongTasks,
  formatResultLoads,
  seedLargeRun,
  timeResultLoads,
} from '../support/ui-timing';

export async function printUiFigures(): Promise<void> {
  console.log('\nthe renderer in Chromium (browser mode, the real services)');
  if (!existsSync(CHROMIUM)) {
    console.log(`  not measured: no Chromium at ${CHROMIUM} (apt install chromium)`);
    return;
  }
  const app = await startAppUnderTest({ keys: new MemoryKeyStore() });
  try {
    seedLargeRun(app.services.store.runs, 'large-run');
    // The first load compiles the page's code: not what a user sees twice.
    await timeResultLoads(app, 'large-run', 1);
    console.log(`  ${formatResultLoads(await timeResultLoads(app, 'large-run', 5))}`);
    console.log(`  ${formatLiveLongTasks(await followLiveRun(app))}`);
  } finally {
    await app.close();
  }
}
