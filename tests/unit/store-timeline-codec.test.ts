// The timeline BLOB: exact round trip of any timeline and gaps, compact size,
// and loud failures for values it cannot hold or bytes it did not write.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTimeline, encodeTimeline } from '../../src/main/store/timeline-codec';
import type { TrialTimeline } from '../../src/shared/trial';
import { streamTrial } from '../support/store-fixtures';
import { chunkArbitrary, pingArbitrary } from '../support/trial-arbitrary';

// Any float64 at all, -0, NaN and infinities included: the codec keeps the bits.
const anyDouble = fc.double();
const timeline = fc.record({
  t0_mono_ms: anyDouble,
  chunks: fc.array(
    chunkArbitrary.chain((c) => anyDouble.map((at_ms) => ({ ...c, at_ms }))),
    {
      maxLength: 50,
    },
  ),
  pings: fc.array(pingArbitrary, { maxLength: 10 }),
});

describe('timeline codec', () => {
  it('gives back exactly the timeline and gaps it was given', () => {
    fc.assert(
      fc.property(timeline, fc.array(anyDouble, { maxLength: 50 }), (t, gaps) => {
        const decoded = decodeTimeline(encodeTimeline(t, gaps));
        expect(decoded).toEqual({ timeline: t, gaps_ms: gaps });
        // toEqual tells -0 from 0; check the bits of every time as well.
        decoded.timeline.chunks.forEach((c, i) =>
          expect(Object.is(c.at_ms, t.chunks[i]?.at_ms)).toBe(true),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reads a blob wherever it sits in a larger buffer (as SQLite hands them out)', () => {
    const { timeline: t, gaps_ms } = streamTrial(10);
    const blob = encodeTimeline(t, gaps_ms);
    const offset = Buffer.concat([Buffer.alloc(3), blob]).subarray(3);
    expect(decodeTimeline(offset)).toEqual({ timeline: t, gaps_ms });
  });

  it('takes 29 bytes a chunk (21 + its gap), not a row each', () => {
    const { timeline: t, gaps_ms } = streamTrial(3000);
    expect(encodeTimeline({ ...t, pings: [] }, gaps_ms).byteLength).toBe(24 + 3000 * 21 + 2999 * 8);
  });

  it('refuses values it cannot hold instead of wrapping them', () => {
    const chunk = { at_ms: 1, kind: 'content' as const, chars: 1, bytes: 1, tokens: 1 };
    const withChunk = (c: Partial<typeof chunk>): TrialTimeline => ({
      t0_mono_ms: 0,
      chunks: [{ ...chunk, ...c }],
      pings: [],
    });
    expect(() => encodeTimeline(withChunk({ tokens: -1 }), [])).toThrow(
      /tokens must be an integer/,
    );
    expect(() => encodeTimeline(withChunk({ chars: 1.5 }), [])).toThrow(/chars must be an integer/);
    expect(() => encodeTimeline(withChunk({ bytes: 2 ** 32 }), [])).toThrow(
      /bytes must be an integer/,
    );
    const odd = {
      ...withChunk({}),
      chunks: [{ ...chunk, kind: 'odd' }],
    } as unknown as TrialTimeline;
    expect(() => encodeTimeline(odd, [])).toThrow(/unknown timeline kind odd/);
  });

  it('refuses bytes it did not write', () => {
    const { timeline: t, gaps_ms } = streamTrial(5);
    const blob = encodeTimeline(t, gaps_ms);
    expect(() => decodeTimeline(blob.subarray(0, blob.length - 1))).toThrow(/expected/);
    expect(() => decodeTimeline(Buffer.alloc(8))).toThrow(/unknown format/);
    const badKind = Buffer.from(blob);
    badKind[badKind.length - 2] = 9; // the last chunk's kind (one ping follows)
    expect(() => decodeTimeline(badKind)).toThrow(/unknown kind code 9/);
  });
});
