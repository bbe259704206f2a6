// The main thread's side of the token worker. Counting a long answer takes
// milliseconds to seconds of CPU; on the main thread it would delay the
// timestamps of every other stream's socket reads, so it runs on a worker
// thread, started on first use and restarted if it dies.

import { Worker } from 'node:worker_threads';
import type { TextTokensRequest, TextTokensResult } from './text-tokens';
import type {
  AnalyzedReply,
  TokenTask,
  TokenWorkerReply,
  TokenWorkerRequest,
} from './worker-protocol';

export type { TextTokensRequest, TextTokensResult } from './text-tokens';

export interface TokenCounter {
  /** Starts the worker, so that it loads its vocabulary before the first request needs it. */
  warm(): void;
  /** Tokens per chunk and in all, for a trial's content and reasoning, and both texts redacted. */
  analyze(request: TextTokensRequest): Promise<TextTokensResult>;
  /** Stops the worker; pending requests reject. A later request starts a new one. */
  close(): Promise<void>;
}

export interface TokenCounterOptions {
  /** The built token-worker file (default: the one configureTokenWorker set). */
  workerUrl?: URL;
}

// The worker's code lands beside each entry point's bundle, not beside this
// module's code (a shared chunk), so each entry point says where it is.
let configuredWorkerUrl: URL | undefined;

/** Where the built token worker is; each entry point calls this before counting tokens. */
export function configureTokenWorker(url: URL): void {
  configuredWorkerUrl = url;
}

/** Where configureTokenWorker said the token worker is (the measuring thread starts its own from it). */
export function configuredTokenWorker(): URL | undefined {
  return configuredWorkerUrl;
}

interface Pending {
  resolve(reply: TokenWorkerReply): void;
  reject(error: Error): void;
}

export function createTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  /** Rejects what `failed` still owed, once; a later request starts a new worker. */
  const abandon = (failed: Worker, error: Error): void => {
    if (worker !== failed) return;
    worker = undefined;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };

  const started = (): Worker => {
    if (worker) return worker;
    const url = options.workerUrl ?? configuredWorkerUrl;
    if (!url) {
      throw new Error(
        "the token worker's location is not configured: the entry point must call configureTokenWorker(url) before counting tokens",
      );
    }
    const thread = new Worker(url);
    thread.on('message', (reply: TokenWorkerReply) => {
      const request = pending.get(reply.id);
      if (!request) return;
      pending.delete(reply.id);
      if (pending.size === 0) thread.unref();
      request.resolve(reply);
    });
    thread.on('error', (error) =>
      abandon(thread, new Error(`the token worker failed: ${error.message}`, { cause: error })),
    );
    thread.on('exit', (code) =>
      abandon(thread, new Error(`the token worker stopped (exit code ${code}) before answering`)),
    );
    // Idle, it must not keep the process alive; send() refs it while work is
    // pending. After the listeners: a 'message' listener added later refs the
    // worker's port again, and a worker only warmed held the process open.
    thread.unref();
    worker = thread;
    return thread;
  };

  const send = (task: TokenTask): Promise<TokenWorkerReply> => {
    const thread = started();
    const message: TokenWorkerRequest = { id: nextId++, task };
    return new Promise((resolve, reject) => {
      // Throws on a request that cannot be copied to the thread; nothing is pending then.
      thread.postMessage(message);
      pending.set(message.id, { resolve, reject });
      if (pending.size === 1) thread.ref();
    });
  };

  const failure = (reply: TokenWorkerReply): Error =>
    new Error(
      reply.kind === 'failed'
        ? `the token worker could not answer: ${reply.message}`
        : `the token worker gave a ${reply.kind} reply to another kind of request`,
    );

  return {
    warm() {
      started();
    },

    async analyze(request) {
      const reply = await send({ kind: 'analyze', request });
      if (reply.kind !== 'analyzed') throw failure(reply);
      return withTexts(reply.result, request);
    },

    async close() {
      const closing = worker;
      if (!closing) return;
      abandon(closing, new Error('the token counter was closed before answering'));
      await closing.terminate();
    },
  };
}

/** The worker leaves out texts that redaction did not change: they are the request's. */
function withTexts(reply: AnalyzedReply, request: TextTokensRequest): TextTokensResult {
  return {
    ...reply,
    content: reply.content ?? request.content,
    reasoning: reply.reasoning ?? request.reasoning,
  };
}

let shared: TokenCounter | undefined;

/** The process's token counter (one worker serves every trial). */
export function sharedTokenCounter(): TokenCounter {
  shared ??= createTokenCounter();
  return shared;
}
