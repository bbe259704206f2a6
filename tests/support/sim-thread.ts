// The simulator on its own thread, for tests that block the main thread on
// purpose: a simulator there would stop writing too, and its traces would
// agree with any measurement. Its traces are read over its HTTP route.
import { Worker } from 'node:worker_threads';
import type { SimTrace } from '../../src/main/sim';
import { bundleNodeScript } from './bundle-node-script';

export interface SimThread {
  url: string;
  trace(request_id: string): Promise<SimTrace>;
  close(): Promise<void>;
}

export async function startSimThread(): Promise<SimThread> {
  const script = await bundleNodeScript('tests/support/sim-thread-worker.ts');
  const worker = new Worker(script.file);
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url: string }) => resolve(message.url));
    worker.once('error', reject);
  });
  return {
    url,
    async trace(request_id) {
      const response = await fetch(`${url}/__sim/trace/${encodeURIComponent(request_id)}`);
      if (!response.ok) throw new Error(`no trace for ${request_id}: HTTP ${response.status}`);
      return (await response.json()) as SimTrace;
    },
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
      script.remove();
    },
  };
}
