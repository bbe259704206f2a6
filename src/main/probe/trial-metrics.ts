import { median, quantile } from '../../shared/stats';
import type {
  AbortRecord,
  ChunkKind,
  Mode,
  PingRecord,
  Trial,
  TrialStatus,
} from '../../shared/trial';
import type { Usage } from './dialects';
import type { ConnectionPhases } from './http-exchange';
import { countTokens, tokensPerPiece } from './tokens';

/** A content-bearing SSE event as received, before tokens are assigned. */
export interface ObservedChunk {
  at_ms: number;
  content: string;
  reasoning: string;
  bytes: number;
}

/** Everything a trial saw, in the order it saw it; metrics are derived from this alone. */
export interface TrialObservations {
  mode: Mode;
  status: TrialStatus;
  started_at: string;
  t0_mono_ms: number;
  phases: ConnectionPhases;
  headers_ms: number | null;
  first_byte_ms: number | null;
  first_event_ms: number | null;
  /** Response complete: end-of-stream marker or end of body. Null if it never completed. */
  complete_ms: number | null;
  /** When the trial stopped observing (complete, failed or aborted). */
  stopped_ms: number;
  chunks: ObservedChunk[];
  /** A body that was not a stream (plain mode, or a stream request answered with JSON). */
  whole_body: { content: string; reasoning: string } | null;
  pings: PingRecord[];
  /** Longest time without bytes, from t0 to when observing stopped. */
  max_silence_ms: number;
  bytes: number;
  usage: Usage;
  usage_requested: boolean;
  http_status: number | null;
  request_id: string | null;
  retry_after_s: number | null;
  error: string | null;
  abort: AbortRecord | null;
  stall_ms: number;
}

// A stream whose tokens mostly arrive in the last tenth of its content window
// was held back somewhere (a proxy, a gateway) and released at once.
const BURST_WINDOW = 0.1;
const BUFFERED_SHARE = 0.8;
const BUFFERED_MIN_TOKENS = 8;

const roundMicros = (ms: number): number => Math.round(ms * 1000) / 1000;

function chunkKind(chunk: ObservedChunk): ChunkKind {
  if (chunk.content && chunk.reasoning) return 'mixed';
  return chunk.reasoning ? 'reasoning' : 'content';
}

function longestInterval(times: readonly number[]): number | null {
  let longest: number | null = null;
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number);
    if (longest === null || gap > longest) longest = gap;
  }
  return longest;
}

function burstShare(
  chunks: readonly { at_ms: number; tokens: number }[],
  tokens: number,
): number | null {
  const first = chunks[0];
  const last = chunks[chunks.length - 1];
  if (!first || !last || tokens === 0) return null;
  const windowStart = last.at_ms - (last.at_ms - first.at_ms) * BURST_WINDOW;
  let late = 0;
  for (const chunk of chunks) if (chunk.at_ms >= windowStart) late += chunk.tokens;
  return late / tokens;
}

export function deriveTrial(o: TrialObservations): Trial {
  const contentTokens = tokensPerPiece(o.chunks.map((c) => c.content));
  const reasoningTokens = tokensPerPiece(o.chunks.map((c) => c.reasoning));
  const chunks = o.chunks.map((c, i) => ({
    at_ms: c.at_ms,
    kind: chunkKind(c),
    chars: c.content.length + c.reasoning.length,
    bytes: c.bytes,
    tokens: (contentTokens[i] ?? 0) + (reasoningTokens[i] ?? 0),
  }));

  const text = o.whole_body?.content ?? o.chunks.map((c) => c.content).join('');
  const reasoningText = o.whole_body?.reasoning ?? o.chunks.map((c) => c.reasoning).join('');
  const reasoning_tokens = o.whole_body
    ? countTokens(reasoningText)
    : reasoningTokens.reduce((a, b) => a + b, 0);
  const tokens = o.whole_body
    ? countTokens(text) + reasoning_tokens
    : chunks.reduce((sum, c) => sum + c.tokens, 0);

  const arrivals = chunks.map((c) => c.at_ms);
  const gaps_ms = arrivals.slice(1).map((at, i) => roundMicros(at - (arrivals[i] as number)));
  const sortedGaps = [...gaps_ms].sort((a, b) => a - b);

  const ttft_ms = arrivals[0] ?? null;
  const last_token_ms = arrivals[arrivals.length - 1] ?? null;
  const itl_ms =
    ttft_ms !== null && last_token_ms !== null && chunks.length >= 2 && tokens >= 2
      ? (last_token_ms - ttft_ms) / (tokens - 1)
      : null;
  const total_ms = o.complete_ms;
  const isStream = o.mode === 'stream' && o.whole_body === null;

  const contentSilence = isStream
    ? longestInterval([0, ...arrivals, o.complete_ms ?? o.stopped_ms])
    : null;
  const share = isStream ? burstShare(chunks, tokens) : null;
  const usageCompletion = o.usage.completion_tokens;

  return {
    mode: o.mode,
    status: o.status,
    started_at: o.started_at,
    ...o.phases,
    headers_ms: o.headers_ms,
    first_byte_ms: o.first_byte_ms,
    first_event_ms: o.first_event_ms,
    ttft_ms,
    ttfo_ms: chunks.find((c) => c.kind !== 'reasoning')?.at_ms ?? null,
    last_token_ms,
    total_ms,
    chunks: chunks.length,
    gaps_ms,
    gap_median_ms: median(gaps_ms),
    gap_p95_ms: sortedGaps.length > 0 ? quantile(sortedGaps, 0.95) : null,
    gap_max_ms: sortedGaps[sortedGaps.length - 1] ?? null,
    tokens,
    reasoning_tokens,
    usage_completion_tokens: usageCompletion,
    usage_prompt_tokens: o.usage.prompt_tokens,
    usage_diff: usageCompletion === null ? null : usageCompletion - tokens,
    usage_requested: o.usage_requested,
    tokens_per_chunk_mean: chunks.length > 0 ? tokens / chunks.length : null,
    itl_ms,
    decode_tps: itl_ms !== null && itl_ms > 0 ? 1000 / itl_ms : null,
    e2e_tps: total_ms !== null && total_ms > 0 && tokens > 0 ? (tokens / total_ms) * 1000 : null,
    pings: o.pings.length,
    first_ping_ms: o.pings[0]?.at_ms ?? null,
    max_silence_ms: o.max_silence_ms,
    max_content_silence_ms: contentSilence,
    stalled: contentSilence !== null && contentSilence > o.stall_ms,
    burst_share: share,
    buffered: share !== null && tokens >= BUFFERED_MIN_TOKENS && share >= BUFFERED_SHARE,
    bytes: o.bytes,
    http_status: o.http_status,
    request_id: o.request_id,
    retry_after_s: o.retry_after_s,
    error: o.error,
    text,
    reasoning_text: reasoningText,
    abort: o.abort,
    timeline: { t0_mono_ms: o.t0_mono_ms, chunks, pings: o.pings },
  };
}
