// fast-check arbitraries for Trial and its timeline: any value the types allow
// that the engine can produce (finite numbers, counts that are non-negative
// integers, text without lone surrogates, which UTF-8 cannot carry).

import fc from 'fast-check';
import type {
  AbortRecord,
  ChunkRecord,
  PingRecord,
  Trial,
  TrialTimeline,
} from '../../src/shared/trial';
import { MODES, TRIAL_STATUSES } from '../../src/shared/trial';

// SQLite keeps a REAL's value, not its sign of zero: -0 reads back as 0.
export const finite = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((x) => !Object.is(x, -0));
const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null });
const count = fc.nat();
const u32 = fc.integer({ min: 0, max: 0xffff_ffff });
// Any Unicode scalar values: CJK, emoji (astral), NUL and control characters.
const text = fc.string({ unit: 'binary', maxLength: 40 });

export const chunkArbitrary: fc.Arbitrary<ChunkRecord> = fc.record({
  at_ms: finite,
  kind: fc.constantFrom('content', 'reasoning', 'mixed'),
  chars: u32,
  bytes: u32,
  tokens: u32,
});

export const pingArbitrary: fc.Arbitrary<PingRecord> = fc.record({
  at_ms: finite,
  kind: fc.constantFrom('comment', 'event'),
});

export const timelineArbitrary: fc.Arbitrary<TrialTimeline> = fc.record({
  t0_mono_ms: finite,
  chunks: fc.array(chunkArbitrary, { maxLength: 30 }),
  pings: fc.array(pingArbitrary, { maxLength: 5 }),
});

const abortArbitrary: fc.Arbitrary<AbortRecord> = fc.record({
  after_tokens: count,
  at_ms: finite,
  close_ms: maybe(finite),
  bytes_after: count,
  chunks_after: count,
});

export const trialArbitrary: fc.Arbitrary<Trial> = fc.record({
  mode: fc.constantFrom(...MODES),
  status: fc.constantFrom(...TRIAL_STATUSES),
  started_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  reused_connection: fc.boolean(),
  dns_ms: maybe(finite),
  connect_ms: maybe(finite),
  proxy_ms: maybe(finite),
  tls_ms: maybe(finite),
  proxy: maybe(text),
  headers_ms: maybe(finite),
  first_byte_ms: maybe(finite),
  first_event_ms: maybe(finite),
  ttft_ms: maybe(finite),
  ttfo_ms: maybe(finite),
  last_token_ms: maybe(finite),
  total_ms: maybe(finite),
  chunks: count,
  gaps_ms: fc.array(finite, { maxLength: 30 }),
  gap_median_ms: maybe(finite),
  gap_p95_ms: maybe(finite),
  gap_max_ms: maybe(finite),
  tokens: count,
  reasoning_tokens: count,
  usage_completion_tokens: maybe(count),
  usage_prompt_tokens: maybe(count),
  cached_prompt_tokens: maybe(count),
  reasoning_tokens_api: maybe(count),
  usage_diff: maybe(fc.integer()),
  usage_requested: fc.boolean(),
  token_param: fc.constantFrom(null, 'max_tokens', 'max_completion_tokens'),
  input_tokens: fc.option(fc.integer({ min: 1, max: 2_000_000 })),
  tokens_per_chunk_mean: maybe(finite),
  itl_ms: maybe(finite),
  decode_tps: maybe(finite),
  e2e_tps: maybe(finite),
  pings: count,
  pings_before_ttft: count,
  pings_after_ttft: count,
  first_ping_ms: maybe(finite),
  max_silence_ms: maybe(finite),
  max_content_silence_ms: maybe(finite),
  stalled: fc.boolean(),
  burst_share: maybe(finite),
  buffered: fc.boolean(),
  events_per_read_max: maybe(count),
  rebuffered: fc.boolean(),
  reader_pace_tps: fc.double({ min: 0.5, max: 1000, noNaN: true }),
  reader_done_ms: maybe(finite),
  reader_wait_ms: maybe(finite),
  reader_stall_ms: maybe(finite),
  bytes: count,
  bytes_after_end: maybe(count),
  content_encoding: maybe(text),
  finish_reason: maybe(text),
  http_status: maybe(fc.integer({ min: 100, max: 599 })),
  request_id: maybe(text),
  retry_after_s: maybe(finite),
  error: maybe(text),
  text,
  reasoning_text: text,
  abort: maybe(abortArbitrary),
  timeline: timelineArbitrary,
});
