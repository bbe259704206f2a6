// The real measuring thread, made to crash once it has reported two finished
// trials: an uncaught error right after that batch leaves, as a bug in the
// engine would throw. The tests of a measuring thread that dies start this
// file instead of measuring-worker.ts.
import { parentPort } from 'node:worker_threads';
import type { FromMeasuringThread } from '../../src/main/measuring/protocol';

const port = parentPort;
if (!port) throw new Error('runs as a worker thread');
const post = port.postMessage.bind(port);
let ended = 0;
port.postMessage = (message: FromMeasuringThread) => {
  post(message);
  ended += message.reports.filter((r) => r.kind === 'trial_ended').length;
  if (ended >= 2) {
    setImmediate(() => {
      throw new Error('stand-in engine bug after two trials');
    });
  }
};
await import('../../src/main/measuring/measuring-worker');
