import { stalledAfterFirstContent } from '../../shared/content-stop';
import { timelineFigures } from '../../shared/read-bursts';
import { DEFAULT_READER_PACE_TPS, readerMetrics, type ReaderFields } from '../../shared/reader';
import { median, quantile } from '../../shared/stats';
import type {
  AbortRecord,
  ChunkKind,
  Mode,
  PingRecord,
  Trial,
  TrialStatus,
} from '../../shared/trial';
import { NO_USAGE, type Usage } from './dialects';
import type { ConnectionPhases } from './http-exchange';

/** A content-bearing SSE event as received: its sizes; its text is in the trial's text. */
export interface ObservedChunk {
  at_ms: number;
  /** UTF-16 code units of content, and of reasoning, the event carried. */
  content_chars: number;
  reasoning_chars: number;
  bytes: number;
}

/**
 * The trial's text with its tokens counted once over the whole text (by the
 * token worker, off the thread that stamps reads) and keys redacted.
 */
export interface CountedText {
  content: string;
  reasoning: string;
  /** Per chunk: the tokens that end in it. Empty for a whole body. */
  content_tokens: readonly number[];
  reasoning_tokens: readonly number[];
  content_total: number;
  reasoning_total: number;
}

/** Everything a trial saw, in the order it saw it; metrics are derived from this alone. */
export interface TrialObservations {
  mode: Mode;
  status: TrialStatus;
  started_at: string;
  t0_mono_ms: number;
  phases: ConnectionPhases;
  /** scheme://host:port of the proxy the request went through; null when direct. */
  proxy: string | null;
  headers_ms: number | null;
  first_byte_ms: number | null;
  first_event_ms: number | null;
  /** Response complete: end-of-stream marker or end of body. Null if it never completed. */
  complete_ms: number | null;
  /** When the trial stopped observing (complete, failed or aborted). */
  stopped_ms: number;
  chunks: ObservedChunk[];
  /** The answer came as one body, not as chunks (plain mode, or a stream request answered with JSON). */
  whole_body: boolean;
  text: CountedText;
  pings: PingRecord[];
  /** Longest time without bytes, from t0 to when observing stopped. */
  max_silence_ms: number;
  bytes: number;
  /** Body bytes (decoded) after the end-of-stream marker's event; null when no marker ended the stream. */
  bytes_after_end: number | null;
  content_encoding: string | null;
  finish_reason: string | null;
  usage: Usage;
  usage_requested: boolean;
  token_param: string | null;
  input_tokens: number | null;
  http_status: number | null;
  request_id: string | null;
  retry_after_s: number | null;
  error: string | null;
  abort: AbortRecord | null;
  stall_ms: number;
  /** The reading pace the reader metrics are for (tokens/s). */
  reader_pace_tps: number;
}

/** The trial field each usage count is kept in. */
export const USAGE_FIELDS: Record<keyof Usage, keyof Trial> = {
  completion_tokens: 'usage_completion_tokens',
  prompt_tokens: 'usage_prompt_tokens',
  cached_prompt_tokens: 'cached_prompt_tokens',
  reasoning_tokens: 'reasoning_tokens_api',
};

// A stream whose tokens mostly arrive in the last tenth of its content window
// was held back somewhere (a proxy, a gateway) and released at once.
const BURST_WINDOW = 0.1;
const BUFFERED_SHARE = 0.8;
const BUFFERED_MIN_TOKENS = 8;

const roundMicros = (ms: number): number => Math.round(ms * 1000) / 1000;

function chunkKind(chunk: ObservedChunk): ChunkKind {
  if (chunk.content_chars > 0 && chunk.reasoning_chars > 0) return 'mixed';
  return chunk.reasoning_chars > 0 ? 'reasoning' : 'content';
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
  const counted = o.text;
  const chunks = o.chunks.map((c, i) => ({
    at_ms: c.at_ms,
    kind: chunkKind(c),
    chars: c.content_chars + c.reasoning_chars,
    bytes: c.bytes,
    tokens: (counted.content_tokens[i] ?? 0) + (counted.reasoning_tokens[i] ?? 0),
  }));
  const reasoning_tokens = counted.reasoning_total;
  const tokens = counted.content_total + reasoning_tokens;

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
  const isStream = o.mode === 'stream' && !o.whole_body;

  const contentSilence = isStream
    ? longestInterval([0, ...arrivals, o.complete_ms ?? o.stopped_ms])
    : null;
  const share = isStream ? burstShare(chunks, tokens) : null;
  const usageCompletion = o.usage.completion_tokens;

  const trial: Omit<Trial, keyof ReaderFields> = {
    mode: o.mode,
    status: o.status,
    started_at: o.started_at,
    ...o.phases,
    proxy: o.proxy,
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
    cached_prompt_tokens: o.usage.cached_prompt_tokens,
    reasoning_tokens_api: o.usage.reasoning_tokens,
    usage_diff: usageCompletion === null ? null : usageCompletion - tokens,
    usage_requested: o.usage_requested,
    token_param: o.token_param,
    input_tokens: o.input_tokens,
    tokens_per_chunk_mean: chunks.length > 0 ? tokens / chunks.length : null,
    itl_ms,
    decode_tps: itl_ms !== null && itl_ms > 0 ? 1000 / itl_ms : null,
    e2e_tps: total_ms !== null && total_ms > 0 && tokens > 0 ? (tokens / total_ms) * 1000 : null,
    pings: o.pings.length,
    first_ping_ms: o.pings[0]?.at_ms ?? null,
    max_silence_ms: o.max_silence_ms,
    max_content_silence_ms: contentSilence,
    stalled:
      isStream && stalledAfterFirstContent(arrivals, o.complete_ms ?? o.stopped_ms, o.stall_ms),
    burst_share: share,
    buffered: share !== null && tokens >= BUFFERED_MIN_TOKENS && share >= BUFFERED_SHARE,
    ...timelineFigures({ chunks, pings: o.pings }, ttft_ms),
    bytes: o.bytes,
    bytes_after_end: o.bytes_after_end,
    content_encoding: o.content_encoding,
    finish_reason: o.finish_reason,
    http_status: o.http_status,
    request_id: o.request_id,
    retry_after_s: o.retry_after_s,
    error: o.error,
    text: counted.content,
    reasoning_text: counted.reasoning,
    abort: o.abort,
    timeline: { t0_mono_ms: o.t0_mono_ms, chunks, pings: o.pings },
  };
  return {
    ...trial,
    reader_pace_tps: o.reader_pace_tps,
    ...readerMetrics(trial, o.reader_pace_tps),
  };
}

const NO_TEXT: CountedText = {
  content: '',
  reasoning: '',
  content_tokens: [],
  reasoning_tokens: [],
  content_total: 0,
  reasoning_total: 0,
};

/** A trial that failed before it measured anything: the status and why, every metric null. */
export function unmeasuredTrial(
  mode: Mode,
  status: TrialStatus,
  error: string,
  proxy: string | null = null,
  input_tokens: number | null = null,
): Trial {
  return deriveTrial({
    mode,
    status,
    started_at: new Date().toISOString(),
    t0_mono_ms: 0,
    phases: {
      reused_connection: false,
      dns_ms: null,
      connect_ms: null,
      proxy_ms: null,
      tls_ms: null,
    },
    proxy,
    headers_ms: null,
    first_byte_ms: null,
    first_event_ms: null,
    complete_ms: null,
    stopped_ms: 0,
    chunks: [],
    whole_body: false,
    text: NO_TEXT,
    pings: [],
    max_silence_ms: 0,
    bytes: 0,
    bytes_after_end: null,
    content_encoding: null,
    finish_reason: null,
    usage: NO_USAGE,
    usage_requested: false,
    token_param: null,
    input_tokens,
    http_status: null,
    request_id: null,
    retry_after_s: null,
    error,
    abort: null,
    stall_ms: 0,
    reader_pace_tps: DEFAULT_READER_PACE_TPS,
  });
}
