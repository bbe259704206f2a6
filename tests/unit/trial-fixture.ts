// A complete, plausible Trial for tests: an ok stream trial of 4 chunks and
// 8 tokens over a fresh connection. Override only what a test is about; the
// reader metrics (at its reader_pace_tps, default 8), read bursts and pings
// around the first token follow from the result unless overridden too.

import { timelineFigures } from '../../src/shared/read-bursts';
import { DEFAULT_READER_PACE_TPS, readerMetrics } from '../../src/shared/reader';
import type { Trial } from '../../src/shared/trial';

export function makeTrial(overrides: Partial<Trial> = {}): Trial {
  const trial: Trial = {
    mode: 'stream',
    status: 'ok',
    started_at: '2025-01-01T00:00:00.000Z',

    reused_connection: false,
    dns_ms: 2,
    connect_ms: 10,
    proxy_ms: null,
    tls_ms: 20,
    proxy: null,

    headers_ms: 150,
    first_byte_ms: 160,
    first_event_ms: 160,
    ttft_ms: 200,
    ttfo_ms: 200,
    last_token_ms: 500,
    total_ms: 520,

    chunks: 4,
    gaps_ms: [100, 100, 100],
    gap_median_ms: 100,
    gap_p95_ms: 100,
    gap_max_ms: 100,

    tokens: 8,
    reasoning_tokens: 0,
    usage_completion_tokens: 8,
    usage_prompt_tokens: 12,
    cached_prompt_tokens: null,
    reasoning_tokens_api: null,
    token_param: 'max_tokens',
    input_tokens: null,
    usage_diff: 0,
    usage_requested: true,

    tokens_per_chunk_mean: 2,
    itl_ms: 300 / 7,
    decode_tps: 7000 / 300,
    e2e_tps: 8000 / 520,

    pings: 0,
    pings_before_ttft: 0,
    pings_after_ttft: 0,
    first_ping_ms: null,
    max_silence_ms: 160,
    max_content_silence_ms: 200,
    stalled: false,
    burst_share: 0.25,
    buffered: false,
    events_per_read_max: 1,
    rebuffered: false,

    reader_pace_tps: DEFAULT_READER_PACE_TPS,
    reader_done_ms: null,
    reader_wait_ms: null,
    reader_stall_ms: null,

    bytes: 1024,
    bytes_after_end: 0,
    content_encoding: null,
    finish_reason: 'stop',
    http_status: 200,
    request_id: null,
    retry_after_s: null,
    error: null,

    text: 'Hello there, how are you?',
    reasoning_text: '',

    abort: null,
    timeline: {
      t0_mono_ms: 1_000_000,
      chunks: [
        { at_ms: 200, kind: 'content', chars: 6, bytes: 120, tokens: 2 },
        { at_ms: 300, kind: 'content', chars: 7, bytes: 121, tokens: 2 },
        { at_ms: 400, kind: 'content', chars: 6, bytes: 120, tokens: 2 },
        { at_ms: 500, kind: 'content', chars: 6, bytes: 120, tokens: 2 },
      ],
      pings: [],
    },
    ...overrides,
  };
  return {
    ...trial,
    ...readerMetrics(trial, trial.reader_pace_tps),
    ...timelineFigures(trial.timeline, trial.ttft_ms),
    ...overrides,
  };
}

/** An ok plain trial: the answer as one body, its first byte 10 ms before the 520 ms total. */
export function makePlainTrial(overrides: Partial<Trial> = {}): Trial {
  return makeTrial({
    mode: 'plain',
    first_event_ms: null,
    ttft_ms: null,
    ttfo_ms: null,
    first_byte_ms: 510,
    last_token_ms: null,
    chunks: 0,
    gaps_ms: [],
    gap_median_ms: null,
    gap_p95_ms: null,
    gap_max_ms: null,
    tokens_per_chunk_mean: null,
    itl_ms: null,
    decode_tps: null,
    timeline: { t0_mono_ms: 0, chunks: [], pings: [] },
    ...overrides,
  });
}
