// Long work on the main thread without holding it: steps (src/shared/steps.ts)
// run in slices of about SLICE_MS, and between two slices the event loop runs
// whatever is waiting (a call of the API, a trial to save, a timer).
//
// Why slices and not a worker thread: this work reads the history, and
// better-sqlite3's connection belongs to the thread that opened it; a worker
// would need its own connection, its own built entry in each bundle and a
// protocol for what it sends back. Sliced, the same code runs in the CLI,
// the app and tests, and a slice holds the loop no longer than a trial's save.

import { performance } from 'node:perf_hooks';
import type { Steps } from '../shared/steps';

/** How long one slice runs before the event loop gets its turn (a step may end a little later). */
export const SLICE_MS = 10;

/** Resolves once the event loop has run whatever was waiting. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The value of `steps`, run in slices. An aborted `signal` ends it between
 * two slices with the signal's reason.
 */
export async function inSlices<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    signal?.throwIfAborted();
    const until = performance.now() + SLICE_MS;
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= until) break;
    }
    await nextTurn();
  }
}
