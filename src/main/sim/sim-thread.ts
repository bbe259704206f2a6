// The simulator on a thread of its own. Its scheduler sleeps its thread until
// each write is due (scheduler.ts), so it must not share one: on the main
// thread it would hold up every API call for up to two milliseconds at a
// time, and its writes would wait for them in turn.

import { Worker } from 'node:worker_threads';

export type ToSimThread = 'close';
export type FromSimThread = { url: string } | { error: string };

/** A simulator running on its own thread. */
export interface SimThread {
  /** http://127.0.0.1:PORT */
  url: string;
  close(): Promise<void>;
}

// The worker's code lands beside each entry point's bundle, so each entry point says where it is.
let configuredWorkerUrl: URL | undefined;

/** Where the built simulator worker is; each entry point that runs the demo calls this first. */
export function configureSimulatorThread(url: URL): void {
  configuredWorkerUrl = url;
}

export async function startSimulatorThread(workerUrl = configuredWorkerUrl): Promise<SimThread> {
  if (!workerUrl) {
    throw new Error(
      "the simulator thread's location is not configured: the entry point must call configureSimulatorThread(url) first",
    );
  }
  // Referenced while it starts and while it closes, when someone waits for it.
  const worker = new Worker(workerUrl);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const started = await new Promise<FromSimThread>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the simulator thread stopped before it served (exit code ${code})`)),
    );
  });
  if ('error' in started) {
    await exited;
    throw new Error(`the simulator could not start: ${started.error}`);
  }
  // Serving the demo must not keep a process alive that has nothing else to do.
  worker.unref();
  return {
    url: started.url,
    async close() {
      worker.ref();
      worker.postMessage('close' satisfies ToSimThread);
      await exited;
    },
  };
}
