// The shape of one measured trial. Field names are the metric names of
// DESIGN.md and are used unchanged by the engine, the database, the UI and CSV.
// All `*_ms` values are milliseconds relative to the trial's `t0` (just before
// the request is written), except durations of phases, which are durations.

export const DIALECTS = ['openai-chat', 'anthropic-messages', 'openai-responses'] as const;
export type Dialect = (typeof DIALECTS)[number];

export const MODES = ['stream', 'plain'] as const;
export type Mode = (typeof MODES)[number];

export const TRIAL_STATUSES = [
  'ok',
  'http_error',
  'connect_timeout',
  'idle_timeout',
  'deadline',
  'stream_ignored',
  'protocol_error',
  'empty',
  'network_error',
  'aborted',
  'internal_error',
] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

/** What a content-bearing SSE event carried. */
export type ChunkKind = 'content' | 'reasoning' | 'mixed';

/** One SSE data event that carried text, as it arrived. */
export interface ChunkRecord {
  /** Arrival of the socket read that completed this event − t0. */
  at_ms: number;
  kind: ChunkKind;
  /** UTF-16 code units of text (content + reasoning) in this event. */
  chars: number;
  /** Bytes of the SSE event on the wire (field names, JSON and line breaks). */
  bytes: number;
  /** Tokens that end in this chunk (whole text tokenized once). */
  tokens: number;
}

/** A keep-alive: an SSE comment line (`: ping`) or a dialect's ping event. */
export interface PingRecord {
  at_ms: number;
  kind: 'comment' | 'event';
}

/** The abort experiment: the client hung up after K content tokens. */
export interface AbortRecord {
  after_tokens: number;
  /** When the client closed its side − t0. */
  at_ms: number;
  /** From the abort to the socket being fully closed; null if it never closed within the grace period. */
  close_ms: number | null;
  /** Bytes that still arrived on the socket after the abort. */
  bytes_after: number;
  /** Content-bearing events that still arrived after the abort. */
  chunks_after: number;
}

export interface TrialTimeline {
  /** t0 on the shared monotonic clock (ms, `process.hrtime` based, comparable across processes). */
  t0_mono_ms: number;
  chunks: ChunkRecord[];
  pings: PingRecord[];
}

export interface Trial {
  mode: Mode;
  status: TrialStatus;
  /** Wall-clock start, ISO 8601, for people; all arithmetic uses the monotonic clock. */
  started_at: string;

  // Connection phases (durations). Null when the trial reused a connection.
  reused_connection: boolean;
  dns_ms: number | null;
  /** TCP connect, to the proxy when there is one. */
  connect_ms: number | null;
  /** Through a proxy: from TCP connected to it until the tunnel was open (CONNECT answered, SOCKS handshake done). */
  proxy_ms: number | null;
  /** TLS with the provider (through the tunnel, when there is a proxy). */
  tls_ms: number | null;
  /** The proxy the trial went through, as scheme://host:port, never with credentials; null when direct. */
  proxy: string | null;

  headers_ms: number | null;
  first_byte_ms: number | null;
  /** First SSE data event of any kind (role-only, empty, usage...). Stream mode only. */
  first_event_ms: number | null;
  /** First event whose delta carries non-empty text, reasoning included. Stream mode only. */
  ttft_ms: number | null;
  /** First event carrying non-reasoning text. Stream mode only. */
  ttfo_ms: number | null;
  last_token_ms: number | null;
  total_ms: number | null;

  /** Content-bearing events. */
  chunks: number;
  gaps_ms: number[];
  gap_median_ms: number | null;
  gap_p95_ms: number | null;
  gap_max_ms: number | null;

  /** Offline tokenizer count over the whole text (content + reasoning). */
  tokens: number;
  reasoning_tokens: number;
  /** What the API reported as completion tokens, when it did. */
  usage_completion_tokens: number | null;
  usage_prompt_tokens: number | null;
  /**
   * Prompt tokens the provider served from its prompt cache, as its usage
   * says (OpenAI `prompt_tokens_details.cached_tokens`, DeepSeek
   * `prompt_cache_hit_tokens`, Anthropic `cache_read_input_tokens`, which its
   * input_tokens leaves out); null when it reported none.
   */
  cached_prompt_tokens: number | null;
  /** The reasoning tokens among the completion tokens, as the API counts them (`completion_tokens_details.reasoning_tokens`); null when it did not say. */
  reasoning_tokens_api: number | null;
  /** usage_completion_tokens − tokens. */
  usage_diff: number | null;
  /** False when the endpoint rejected `stream_options.include_usage` and the trial ran without it. */
  usage_requested: boolean;
  /**
   * The name the request gave its token limit (`max_tokens`,
   * `max_completion_tokens`), after any retry with the other one; null for a
   * trial that sent no request, or was measured before LastToken kept it.
   */
  token_param: string | null;
  /**
   * The synthetic prompt's length the request was made at (RunConfig.input_tokens:
   * its group in a sweep); null when it sent its prompt as given.
   */
  input_tokens: number | null;

  tokens_per_chunk_mean: number | null;
  itl_ms: number | null;
  decode_tps: number | null;
  e2e_tps: number | null;

  pings: number;
  /** Pings until the first content token, in its read included (all of them when no content came). */
  pings_before_ttft: number;
  /** Pings after the first content token: they bridged silences in the answer. */
  pings_after_ttft: number;
  first_ping_ms: number | null;
  /** Longest time with no bytes at all, from t0 to the end of the response. */
  max_silence_ms: number | null;
  /** Longest time with no content (pings do not end it), from t0 to the end of the response. */
  max_content_silence_ms: number | null;
  /** After the first content chunk, content stopped for at least the stall limit (the wait before it is TTFT, never a stall). */
  stalled: boolean;
  /** Share of tokens that arrived in the last 10% of the time to the last token. */
  burst_share: number | null;
  /** Most content arrived in one burst at the end: a stream that was buffered somewhere. */
  buffered: boolean;
  /** The most content events that arrived in one socket read; null with no content event. */
  events_per_read_max: number | null;
  /** Released in bursts by a buffer between provider and client: many events per read (DESIGN.md; shared/read-bursts.ts). */
  rebuffered: boolean;

  // What a reader feels (DESIGN.md; src/shared/reader.ts), at reader_pace_tps.
  /** Content tokens per second of the reader the next three are for. */
  reader_pace_tps: number;
  /** When the reader reads the last content token − t0. Null unless ok with content. */
  reader_done_ms: number | null;
  /** reader_done_ms − tokens / pace: the time not spent reading. */
  reader_wait_ms: number | null;
  /** Stream mode: reader_wait_ms − ttfo_ms, waiting for text after it began. */
  reader_stall_ms: number | null;

  /** Body bytes received, as they came over the wire (compressed, when the server compressed). */
  bytes: number;
  /**
   * Stream mode: body bytes (decompressed) the server sent after its end-of-stream
   * marker (`[DONE]`, `message_stop`), which end the response: ignored, only
   * counted. Null when no marker ended the stream (plain mode, a stream that
   * ended without one, a trial measured before LastToken counted them).
   */
  bytes_after_end: number | null;
  /** The response's Content-Encoding (gzip, deflate, br) when the server compressed it; null when it did not. */
  content_encoding: string | null;
  /**
   * Why the model stopped, as the provider said it (`stop`, `length`, `end_turn`,
   * `max_tokens`, `content_filter`...); null when it did not say.
   */
  finish_reason: string | null;
  http_status: number | null;
  /** The provider's id for this request (x-request-id, request-id), for support tickets. */
  request_id: string | null;
  retry_after_s: number | null;
  /** Why the trial failed, or a note on an ok trial (never contains the API key). */
  error: string | null;

  /** The content text and the reasoning text, as received. */
  text: string;
  reasoning_text: string;

  abort: AbortRecord | null;
  timeline: TrialTimeline;
}

/** Scalar metrics that are summarised across trials. */
export const SUMMARY_METRICS = [
  'ttft_ms',
  'ttfo_ms',
  'first_byte_ms',
  'headers_ms',
  'last_token_ms',
  'total_ms',
  'gap_median_ms',
  'gap_p95_ms',
  'gap_max_ms',
  'tokens',
  'chunks',
  'tokens_per_chunk_mean',
  'itl_ms',
  'decode_tps',
  'e2e_tps',
  'max_silence_ms',
  'reader_done_ms',
  'reader_wait_ms',
  'reader_stall_ms',
] as const;
export type SummaryMetric = (typeof SUMMARY_METRICS)[number];
