// A trial's timeline (chunks and pings) and its gaps as one compact BLOB.
// A long stream has thousands of chunks: one row each would multiply the
// writes of a run by a hundred, while the history only ever reads a trial's
// timeline whole (charts, CSV). So each trial's arrays are packed, column by
// column, in a little-endian layout that any platform decodes alike:
//
//   u32 version   u32 n chunks   u32 g gaps   u32 p pings   f64 t0_mono_ms
//   f64[n] chunk at_ms   f64[g] gaps_ms   f64[p] ping at_ms
//   u32[n] chars   u32[n] bytes   u32[n] tokens
//   u8[n] chunk kind   u8[p] ping kind
//
// gaps_ms is kept, not derived again on read: it is what the engine computed
// (rounded to microseconds), so a trial reads back exactly as it was saved.

import type { ChunkKind, ChunkRecord, PingRecord, TrialTimeline } from '../../shared/trial';

const VERSION = 1;
const HEADER_BYTES = 24;
const CHUNK_KINDS: readonly ChunkKind[] = ['content', 'reasoning', 'mixed'];
const PING_KINDS: readonly PingRecord['kind'][] = ['comment', 'event'];

export interface DecodedTimeline {
  timeline: TrialTimeline;
  gaps_ms: number[];
}

/** Where each column starts, in the order above; `end` is the blob's length. */
function layout(n: number, g: number, p: number) {
  const at = HEADER_BYTES;
  const gaps = at + 8 * n;
  const pingAt = gaps + 8 * g;
  const chars = pingAt + 8 * p;
  const bytes = chars + 4 * n;
  const tokens = bytes + 4 * n;
  const kind = tokens + 4 * n;
  const pingKind = kind + n;
  return { at, gaps, pingAt, chars, bytes, tokens, kind, pingKind, end: pingKind + p };
}

function uint32(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw new RangeError(`timeline ${what} must be an integer in [0, 2^32), got ${value}`);
  }
  return value;
}

function kindCode<K>(kinds: readonly K[], kind: K): number {
  const code = kinds.indexOf(kind);
  if (code < 0) throw new RangeError(`unknown timeline kind ${String(kind)}`);
  return code;
}

export function encodeTimeline(timeline: TrialTimeline, gaps_ms: readonly number[]): Buffer {
  const { chunks, pings } = timeline;
  const o = layout(chunks.length, gaps_ms.length, pings.length);
  const buffer = Buffer.alloc(o.end);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  view.setUint32(0, VERSION, true);
  view.setUint32(4, chunks.length, true);
  view.setUint32(8, gaps_ms.length, true);
  view.setUint32(12, pings.length, true);
  view.setFloat64(16, timeline.t0_mono_ms, true);
  chunks.forEach((chunk, i) => {
    view.setFloat64(o.at + 8 * i, chunk.at_ms, true);
    view.setUint32(o.chars + 4 * i, uint32(chunk.chars, 'chars'), true);
    view.setUint32(o.bytes + 4 * i, uint32(chunk.bytes, 'bytes'), true);
    view.setUint32(o.tokens + 4 * i, uint32(chunk.tokens, 'tokens'), true);
    view.setUint8(o.kind + i, kindCode(CHUNK_KINDS, chunk.kind));
  });
  gaps_ms.forEach((gap, i) => view.setFloat64(o.gaps + 8 * i, gap, true));
  pings.forEach((ping, i) => {
    view.setFloat64(o.pingAt + 8 * i, ping.at_ms, true);
    view.setUint8(o.pingKind + i, kindCode(PING_KINDS, ping.kind));
  });
  return buffer;
}

export function decodeTimeline(blob: Uint8Array): DecodedTimeline {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob.byteLength < HEADER_BYTES || view.getUint32(0, true) !== VERSION) {
    throw new Error('timeline blob: unknown format');
  }
  const n = view.getUint32(4, true);
  const g = view.getUint32(8, true);
  const p = view.getUint32(12, true);
  const o = layout(n, g, p);
  if (blob.byteLength !== o.end) {
    throw new Error(`timeline blob: ${blob.byteLength} bytes, expected ${o.end}`);
  }

  const chunks = new Array<ChunkRecord>(n);
  for (let i = 0; i < n; i++) {
    chunks[i] = {
      at_ms: view.getFloat64(o.at + 8 * i, true),
      kind: decodeKind(CHUNK_KINDS, view.getUint8(o.kind + i)),
      chars: view.getUint32(o.chars + 4 * i, true),
      bytes: view.getUint32(o.bytes + 4 * i, true),
      tokens: view.getUint32(o.tokens + 4 * i, true),
    };
  }
  const gaps_ms = new Array<number>(g);
  for (let i = 0; i < g; i++) gaps_ms[i] = view.getFloat64(o.gaps + 8 * i, true);
  const pings = new Array<PingRecord>(p);
  for (let i = 0; i < p; i++) {
    pings[i] = {
      at_ms: view.getFloat64(o.pingAt + 8 * i, true),
      kind: decodeKind(PING_KINDS, view.getUint8(o.pingKind + i)),
    };
  }
  return { timeline: { t0_mono_ms: view.getFloat64(16, true), chunks, pings }, gaps_ms };
}

function decodeKind<K>(kinds: readonly K[], code: number): K {
  const kind = kinds[code];
  if (kind === undefined) throw new Error(`timeline blob: unknown kind code ${code}`);
  return kind;
}
