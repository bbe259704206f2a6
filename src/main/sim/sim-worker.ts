// The simulator's thread (sim-thread.ts starts it): the built-in demo
// endpoint, served apart from the thread that started it. Its scheduler
// sleeps this thread until each write is due, which is harmless only here.
// Built beside each entry point (out/main/sim-worker.mjs, out/cli/sim-worker.mjs).

import { parentPort } from 'node:worker_threads';
import { startSimulator } from './server';
import type { FromSimThread, ToSimThread } from './sim-thread';

const port = parentPort;
if (!port) throw new Error('sim-worker runs as a worker thread: sim-thread.ts starts it');

try {
  const sim = await startSimulator({ port: 0 });
  port.on('message', (message: ToSimThread) => {
    if (message === 'close') void sim.close().then(() => port.close());
  });
  port.postMessage({ url: sim.url } satisfies FromSimThread);
} catch (error) {
  port.postMessage({
    error: error instanceof Error ? error.message : String(error),
  } satisfies FromSimThread);
  port.close();
}
