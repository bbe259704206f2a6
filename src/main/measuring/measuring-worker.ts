// The measuring thread's entry: every socket of every run, their timestamps,
// decoding, SSE parsing and each trial's state, and nothing else. Built beside
// each entry point (out/main/measuring-worker.mjs, out/cli/measuring-worker.mjs)
// and started by measuring-thread.ts; it starts the token worker itself.

import { parentPort, workerData } from 'node:worker_threads';
import { configureTokenWorker } from '../probe/tokens';
import { inThreadMeasurer } from './in-thread-measurer';
import { hostMeasuring } from './measuring-host';
import type { MeasuringWorkerData } from './protocol';

const port = parentPort;
if (!port)
  throw new Error('measuring-worker runs as a worker thread: measuring-thread.ts starts it');
configureTokenWorker(new URL((workerData as MeasuringWorkerData).tokenWorkerUrl));
hostMeasuring(port, inThreadMeasurer());
