// Observations of a completed stream trial, for tests and benchmarks of the
// metric derivation: the chunks given, everything else plausible and overridable.
import type { ObservedChunk, TrialObservations } from '../../src/main/probe/trial-metrics';

export function observations(
  chunks: ObservedChunk[],
  overrides: Partial<TrialObservations> = {},
): TrialObservations {
  const last = chunks[chunks.length - 1]?.at_ms ?? 0;
  return {
    mode: 'stream',
    status: 'ok',
    started_at: '2026-11-30T00:00:00.000Z',
    t0_mono_ms: 1000,
    phases: { reused_connection: false, dns_ms: 0, connect_ms: 1, tls_ms: null },
    headers_ms: 5,
    first_byte_ms: 5,
    first_event_ms: chunks[0]?.at_ms ?? null,
    complete_ms: last + 1,
    stopped_ms: last + 1,
    chunks,
    whole_body: null,
    pings: [],
    max_silence_ms: 0,
    bytes: 0,
    usage: { completion_tokens: null, prompt_tokens: null },
    usage_requested: true,
    http_status: 200,
    request_id: null,
    retry_after_s: null,
    error: null,
    abort: null,
    stall_ms: 15_000,
    ...overrides,
  };
}
