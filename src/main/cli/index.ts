// Process glue only: hands the real argv, streams and environment to main(),
// turns SIGINT/SIGTERM into the interrupt signal, makes a failing stdout one
// line instead of a stack trace, says where the worker threads are, and sets the
// exit code.

import { fileURLToPath } from 'node:url';
import { configureMeasuringThread } from '../measuring';
import { configureTokenWorker } from '../probe/tokens';
import { configureReportThread } from '../report/report-thread';
import { configureSimulatorThread } from '../sim';
import { main } from './main';
import { handleOutputErrors } from './output-errors';

// This file is bundled into out/cli/lasttoken.mjs, beside the measuring and
// token workers' bundles; `electron-vite build` puts the renderer in out/renderer.
configureMeasuringThread(new URL('./measuring-worker.mjs', import.meta.url));
configureSimulatorThread(new URL('./sim-worker.mjs', import.meta.url));
configureTokenWorker(new URL('./token-worker.mjs', import.meta.url));
configureReportThread(new URL('./report-worker.mjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));

const interrupt = new AbortController();
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    // A second Ctrl-C means "now": do not wait for the results to be printed.
    if (interrupt.signal.aborted) process.exit(130);
    interrupt.abort(name);
  });
}

handleOutputErrors();

void main(
  process.argv.slice(2),
  {
    // Only `profile set-key` reads stdin: the stream is not even created otherwise.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    interrupt: interrupt.signal,
  },
  { rendererDir },
).then((code) => {
  process.exitCode = code;
});
