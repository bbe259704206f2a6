// The token worker's entry: a thread that counts tokens and redacts texts so
// that the main thread's event loop stays free to stamp socket reads. Built
// beside each entry point (out/cli/token-worker.mjs, out/main/token-worker.mjs)
// and started by token-counter.ts.

import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { o200kVocabulary } from './o200k-base';
import { analyzeTextTokens } from './text-tokens';
import type { TokenWorkerReply, TokenWorkerRequest } from './worker-protocol';

function answer({ id, task }: TokenWorkerRequest): TokenWorkerReply {
  try {
    const { request } = task;
    const result = analyzeTextTokens(request);
    const changed = (redacted: string, original: string) =>
      redacted === original ? null : redacted;
    return {
      id,
      kind: 'analyzed',
      result: {
        ...result,
        content: changed(result.content, request.content),
        reasoning: changed(result.reasoning, request.reasoning),
      },
    };
  } catch (error) {
    // A request the worker cannot answer fails alone; the worker stays up.
    const text = error instanceof Error ? error.message : String(error);
    return { id, kind: 'failed', message: text };
  }
}

// Counting can wait; stamping a read cannot. On Linux each thread has its own
// nice value and setpriority() for "this process" (pid 0) sets the calling
// thread's, so the worker gives way whenever the thread that stamps reads
// wants a core. Elsewhere it would lower the whole process: left alone there.
if (process.platform === 'linux') {
  try {
    setPriority(constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted here: counting works the same, only without yielding.
  }
}

const port = parentPort;
if (!port) throw new Error('token-worker runs as a worker thread: token-counter.ts starts it');
port.on('message', (message: TokenWorkerRequest) => port.postMessage(answer(message)));
// Built now, while the first request is on its way, rather than when it arrives.
o200kVocabulary();
