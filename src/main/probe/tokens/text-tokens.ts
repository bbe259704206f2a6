// What the token worker does with a trial's text: count its tokens per chunk
// and redact it, both off the thread that stamps socket reads.

import { redactSecrets } from '../redact';
import { tokensPerSegment } from './segments';

export interface TextTokensRequest {
  /** The whole content text. */
  content: string;
  /** Where each chunk's content ends in `content` (UTF-16 offsets): one entry per chunk. */
  contentEnds: Int32Array;
  reasoning: string;
  /** The same for `reasoning`, with the same number of chunks. */
  reasoningEnds: Int32Array;
  /** Redacted from the returned texts, whole or in part (see redact.ts). */
  secrets: readonly string[];
}

export interface TextTokensResult {
  /** Per chunk: the content tokens that end in it. */
  contentTokens: number[];
  reasoningTokens: number[];
  contentTotal: number;
  reasoningTotal: number;
  /** `content` with the secrets redacted. */
  content: string;
  reasoning: string;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export function analyzeTextTokens(request: TextTokensRequest): TextTokensResult {
  if (request.contentEnds.length !== request.reasoningEnds.length) {
    throw new RangeError(
      `content has ${request.contentEnds.length} chunks and reasoning ${request.reasoningEnds.length}: both need one entry per chunk`,
    );
  }
  const contentTokens = tokensPerSegment(request.content, request.contentEnds);
  const reasoningTokens = tokensPerSegment(request.reasoning, request.reasoningEnds);
  return {
    contentTokens,
    reasoningTokens,
    contentTotal: sum(contentTokens),
    reasoningTotal: sum(reasoningTokens),
    content: redactSecrets(request.content, request.secrets),
    reasoning: redactSecrets(request.reasoning, request.secrets),
  };
}
