// The messages between token-counter.ts (main thread) and token-worker.ts.
// Types only, so that the main thread does not load the tokenizer.
//
// A message is copied between threads, and the main thread is the one that
// stamps socket reads: one string per text and typed arrays, never arrays of
// many small strings; a text that redaction left unchanged is not sent back
// (the main thread still holds it).

import type { TextTokensRequest, TextTokensResult } from './text-tokens';

export interface TokenTask {
  kind: 'analyze';
  request: TextTokensRequest;
}

export interface TokenWorkerRequest {
  id: number;
  task: TokenTask;
}

/** A result whose texts are null where redaction changed nothing. */
export type AnalyzedReply = Omit<TextTokensResult, 'content' | 'reasoning'> & {
  content: string | null;
  reasoning: string | null;
};

export type TokenWorkerReply =
  | { id: number; kind: 'analyzed'; result: AnalyzedReply }
  | { id: number; kind: 'failed'; message: string };
