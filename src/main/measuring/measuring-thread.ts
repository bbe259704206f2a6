// The measuring thread: a worker that owns every socket of every run in this
// process (measuring-worker.ts), so that nothing the main thread does (API
// calls, SQLite, summaries, chart data, imports) sits between a socket and its
// timestamp. Started on first use; a thread that dies cuts the runs in
// progress short (their finished trials are kept) and the next run starts a
// new one. It never takes the process down, and while no run is going it
// does not keep the process alive.

import { SHARE_ENV, Worker } from 'node:worker_threads';
import { configuredTokenWorker } from '../probe/tokens';
import type { Measurer } from './measurer';
import { createMeasuringClient, type MeasuringClient } from './measuring-client';
import type { FromMeasuringThread, MeasuringWorkerData } from './protocol';
import type { ThreadVitals } from './thread-vitals';

export interface MeasuringThreadOptions {
  /** The built measuring worker (default: the one configureMeasuringThread set). */
  workerUrl?: URL;
  /** The built token worker the thread starts (default: the one configureTokenWorker set). */
  tokenWorkerUrl?: URL;
}

export interface MeasuringThread extends Measurer {
  /** Watches the thread's vitals (starting it if need be) until the returned function is called. */
  watchVitals(): () => Promise<ThreadVitals>;
  /** Stops the thread; runs still going are cut short. A later run starts a new one. */
  close(): Promise<void>;
}

// The worker's code lands beside each entry point's bundle, so each entry point says where it is.
let configuredWorkerUrl: URL | undefined;

/** Where the built measuring worker is; each entry point calls this before starting a run. */
export function configureMeasuringThread(url: URL): void {
  configuredWorkerUrl = url;
}

interface Running {
  worker: Worker;
  client: MeasuringClient;
}

export function createMeasuringThread(options: MeasuringThreadOptions = {}): MeasuringThread {
  let running: Running | undefined;

  /** Ends what the thread still owed, once; the next job starts a new thread. */
  const lose = (gone: Running, why: string): void => {
    if (running !== gone) return;
    running = undefined;
    gone.client.lost(why);
  };

  const start = (): Running => {
    if (running) return running;
    const workerUrl = options.workerUrl ?? configuredWorkerUrl;
    const tokenWorkerUrl = options.tokenWorkerUrl ?? configuredTokenWorker();
    if (!workerUrl || !tokenWorkerUrl) {
      throw new Error(
        "the measuring thread's location is not configured: the entry point must call configureMeasuringThread(url) and configureTokenWorker(url) before starting a run",
      );
    }
    const workerData: MeasuringWorkerData = { tokenWorkerUrl: tokenWorkerUrl.href };
    // SHARE_ENV: the proxy variables a run reads are the process's, as they are now.
    const worker = new Worker(workerUrl, { workerData, env: SHARE_ENV });
    const client = createMeasuringClient((message) => {
      if (running?.worker === worker) worker.postMessage(message);
    });
    const started: Running = { worker, client };
    let failure: Error | undefined;
    worker.on('message', (message: FromMeasuringThread) => {
      client.receive(message);
      if (client.jobs === 0) worker.unref();
    });
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('messageerror', (error) => {
      failure = error;
      void worker.terminate();
    });
    worker.on('exit', (code) =>
      lose(
        started,
        failure
          ? `the measuring thread failed (${failure.message})`
          : `the measuring thread stopped (exit code ${code})`,
      ),
    );
    // Idle, it must not keep the process alive; measure() refs it while a job is going.
    worker.unref();
    running = started;
    return started;
  };

  return {
    measure(job, run) {
      const { worker, client } = start();
      worker.ref();
      return client.measure(job, run);
    },

    watchVitals() {
      const { worker, client } = start();
      // Answering keeps the process alive until the answer is in.
      const read = client.watchVitals();
      return () => {
        worker.ref();
        return read().finally(() => {
          if (client.jobs === 0) worker.unref();
        });
      };
    },

    async close() {
      const closing = running;
      if (!closing) return;
      lose(closing, 'the measuring thread was closed');
      await closing.worker.terminate();
    },
  };
}

let shared: MeasuringThread | undefined;

/** The process's measuring thread (one serves every run). */
export function sharedMeasuringThread(): MeasuringThread {
  shared ??= createMeasuringThread();
  return shared;
}
