// The simulated provider on a worker thread of its own (sim-thread.ts starts
// it): its writes keep their times while the test's main thread is busy.
import { parentPort } from 'node:worker_threads';
import { startSimulator } from '../../src/main/sim';

const sim = await startSimulator({ port: 0 });
parentPort?.postMessage({ url: sim.url });
parentPort?.on('message', (message: string) => {
  if (message === 'close') void sim.close().then(() => process.exit(0));
});
