// Observations of a completed trial, for tests and benchmarks of the metric
// derivation: chunks given with their text, tokens counted in this thread by
// the same code the token worker runs, everything else plausible and
// overridable.
import { NO_USAGE } from '../../src/main/probe/dialects';
import { analyzeTextTokens } from '../../src/main/probe/tokens/text-tokens';
import type { CountedText, TrialObservations } from '../../src/main/probe/trial-metrics';

/** A content-bearing event as a test describes it: when, and what text. */
export interface TextChunk {
  at_ms: number;
  content: string;
  reasoning?: string;
  bytes?: number;
}

function ends(pieces: readonly string[]): Int32Array {
  let end = 0;
  return Int32Array.from(pieces, (piece) => (end += piece.length));
}

/** Counts tokens over the joined pieces, each token credited to the piece it ends in. */
export function countedText(
  content: readonly string[],
  reasoning: readonly string[],
  secrets: readonly string[] = [],
): CountedText {
  const result = analyzeTextTokens({
    content: content.join(''),
    contentEnds: ends(content),
    reasoning: reasoning.join(''),
    reasoningEnds: ends(reasoning),
    secrets,
  });
  return {
    content: result.content,
    reasoning: result.reasoning,
    content_tokens: result.contentTokens,
    reasoning_tokens: result.reasoningTokens,
    content_total: result.contentTotal,
    reasoning_total: result.reasoningTotal,
  };
}

/** An answer that came as one body (plain mode): its text, no chunks. */
export function wholeBody(content: string, reasoning = ''): Partial<TrialObservations> {
  const counted = countedText([content], [reasoning]);
  return { whole_body: true, text: { ...counted, content_tokens: [], reasoning_tokens: [] } };
}

export function observations(
  chunks: readonly TextChunk[],
  overrides: Partial<TrialObservations> = {},
): TrialObservations {
  const last = chunks[chunks.length - 1]?.at_ms ?? 0;
  return {
    mode: 'stream',
    status: 'ok',
    started_at: '2026-11-30T00:00:00.000Z',
    t0_mono_ms: 1000,
    token_param: 'max_tokens',
    input_tokens: null,
    phases: { reused_connection: false, dns_ms: 0, connect_ms: 1, proxy_ms: null, tls_ms: null },
    proxy: null,
    headers_ms: 5,
    first_byte_ms: 5,
    first_event_ms: chunks[0]?.at_ms ?? null,
    complete_ms: last + 1,
    stopped_ms: last + 1,
    chunks: chunks.map((c) => ({
      at_ms: c.at_ms,
      content_chars: c.content.length,
      reasoning_chars: c.reasoning?.length ?? 0,
      bytes: c.bytes ?? 10,
    })),
    whole_body: false,
    text: countedText(
      chunks.map((c) => c.content),
      chunks.map((c) => c.reasoning ?? ''),
    ),
    pings: [],
    max_silence_ms: 0,
    bytes: 0,
    bytes_after_end: 0,
    content_encoding: null,
    finish_reason: null,
    usage: NO_USAGE,
    usage_requested: true,
    http_status: 200,
    request_id: null,
    retry_after_s: null,
    error: null,
    abort: null,
    stall_ms: 15_000,
    reader_pace_tps: 8,
    ...overrides,
  };
}
