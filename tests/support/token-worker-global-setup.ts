// Vitest global setup: builds the token worker from source once per test run
// (so no test runs a stale out/ build) and tells every test file where it is;
// token-worker-setup.ts configures the engine with it in each file's process.

import type { TestProject } from 'vitest/node';
import { bundleNodeScript } from './bundle-node-script';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled token worker (an .mjs file). */
    tokenWorkerFile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const worker = await bundleNodeScript('src/main/probe/tokens/token-worker.ts');
  project.provide('tokenWorkerFile', worker.file);
  return () => worker.remove();
}
