// Vitest global setup: builds the worker threads from source once per test
// run (so no test runs a stale out/ build) and tells every test file where
// they are; worker-threads-setup.ts configures the engine with them in each
// file's process.

import type { TestProject } from 'vitest/node';
import { bundleNodeScript } from './bundle-node-script';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled token worker (an .mjs file). */
    tokenWorkerFile: string;
    /** The bundled measuring worker (an .mjs file). */
    measuringWorkerFile: string;
    /** The bundled simulator worker (an .mjs file). */
    simWorkerFile: string;
    /** The bundled report worker (an .mjs file). */
    reportWorkerFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const scripts = await Promise.all([
    bundleNodeScript('src/main/probe/tokens/token-worker.ts'),
    bundleNodeScript('src/main/measuring/measuring-worker.ts'),
    bundleNodeScript('src/main/sim/sim-worker.ts'),
    bundleNodeScript('src/main/report/report-worker.ts'),
  ]);
  const [tokens, measuring, sim, report] = scripts;
  project.provide('tokenWorkerFile', tokens.file);
  project.provide('measuringWorkerFile', measuring.file);
  project.provide('simWorkerFile', sim.file);
  project.provide('reportWorkerFile', report.file);
  return () => {
    for (const script of scripts) script.remove();
  };
}
