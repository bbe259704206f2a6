// What a reader feels, against cases computed by hand from DESIGN.md's rule:
// done_k = max(done_(k−1), arrival_k) + 1/pace, from the first content token.

import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_PACE_TPS, readerMetrics, withReaderMetrics } from '../../src/shared/reader';
import type { ChunkRecord, Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from './trial-fixture';

const chunk = (
  at_ms: number,
  tokens: number,
  kind: ChunkRecord['kind'] = 'content',
): ChunkRecord => ({
  at_ms,
  kind,
  chars: tokens * 4,
  bytes: 100,
  tokens,
});

function streamed(chunks: ChunkRecord[], overrides: Partial<Trial> = {}): Trial {
  const tokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
  return makeTrial({
    tokens,
    timeline: { t0_mono_ms: 0, chunks, pings: [] },
    ...overrides,
  });
}

describe('reader metrics, stream mode', () => {
  it('a stream always ahead of the reader: the reader only waits for the first token', () => {
    // 125 ms a token at 8 tok/s; 2 tokens every 100 ms arrive faster than that.
    // done: 200 + 250 = 450, 700, 950, 1200; 8 tokens take 1000 ms to read.
    const trial = makeTrial();
    expect(readerMetrics(trial)).toEqual({
      reader_done_ms: 1200,
      reader_wait_ms: 200,
      reader_stall_ms: 0,
    });
  });

  it('a stream slower than the reader: the reader waits between tokens too', () => {
    // 100 ms a token at 10 tok/s. done: 100 + 100 = 200; max(200, 500) + 100 = 600;
    // max(600, 600) + 100 = 700; max(700, 1500) + 100 = 1600. Idle 200→500 and 700→1500.
    const trial = streamed([chunk(100, 1), chunk(500, 1), chunk(600, 1), chunk(1500, 1)], {
      ttft_ms: 100,
      ttfo_ms: 100,
    });
    expect(readerMetrics(trial, 10)).toEqual({
      reader_done_ms: 1600,
      reader_wait_ms: 1200,
      reader_stall_ms: 1100,
    });
  });

  it('reads a chunk of several tokens one token after another', () => {
    // 4 tokens at 0 ms, read by 400 ms at 10 tok/s; the next token at 100 ms waits its turn.
    const trial = streamed([chunk(0, 4), chunk(100, 1)]);
    expect(readerMetrics(trial, 10)).toEqual({
      reader_done_ms: 500,
      reader_wait_ms: 0,
      reader_stall_ms: 0,
    });
  });

  it('starts at the first content token: reasoning before it is not read', () => {
    // Reasoning 3 + 3 tokens, then a mixed chunk of 4 tokens (1 reasoning, 3 content:
    // 12 tokens of which 7 reasoning leave 5 content, 2 in the content chunk),
    // then 2 content tokens at 900 ms. At 10 tok/s: 200 + 300 = 500; max(500, 900) + 200 = 1100.
    const trial = streamed(
      [
        chunk(100, 3, 'reasoning'),
        chunk(150, 3, 'reasoning'),
        chunk(200, 4, 'mixed'),
        chunk(900, 2),
      ],
      { reasoning_tokens: 7, ttft_ms: 100, ttfo_ms: 200 },
    );
    const metrics = readerMetrics(trial, 10);
    expect(metrics.reader_done_ms).toBeCloseTo(1100, 9);
    // 5 content tokens take 500 ms: 600 ms not spent reading, 200 of them before the text began.
    expect(metrics.reader_wait_ms).toBeCloseTo(600, 9);
    expect(metrics.reader_stall_ms).toBeCloseTo(400, 9);
  });

  it('has nothing to read without content: reasoning alone, or no chunk at all', () => {
    const thinking = streamed([chunk(100, 5, 'reasoning')], {
      reasoning_tokens: 5,
      ttfo_ms: null,
    });
    const nothing = { reader_done_ms: null, reader_wait_ms: null, reader_stall_ms: null };
    expect(readerMetrics(thinking)).toEqual(nothing);
    expect(readerMetrics(streamed([], { tokens: 0, status: 'empty' }))).toEqual(nothing);
    expect(readerMetrics(streamed([], { tokens: 0 }))).toEqual(nothing);
  });

  it('is undefined for a trial that did not end ok: its answer was cut short', () => {
    for (const status of ['idle_timeout', 'aborted', 'deadline'] as const) {
      expect(readerMetrics(makeTrial({ status })).reader_done_ms).toBeNull();
    }
  });
});

describe('reader metrics, plain mode', () => {
  const plain = (overrides: Partial<Trial> = {}): Trial =>
    makePlainTrial({ total_ms: 900, tokens: 16, ...overrides });

  it('starts reading when the whole answer is there: total + tokens / pace', () => {
    // 16 tokens at 8 tok/s: 2000 ms after the 900 ms total.
    expect(readerMetrics(plain())).toEqual({
      reader_done_ms: 2900,
      reader_wait_ms: 900,
      reader_stall_ms: null,
    });
  });

  it('reads the answer, not the reasoning', () => {
    // 10 content tokens of 16 at 8 tok/s: 1250 ms.
    expect(readerMetrics(plain({ reasoning_tokens: 6 })).reader_done_ms).toBe(2150);
  });

  it('has nothing without content or without a total', () => {
    expect(readerMetrics(plain({ tokens: 0, status: 'empty' })).reader_done_ms).toBeNull();
    expect(readerMetrics(plain({ tokens: 4, reasoning_tokens: 4 })).reader_done_ms).toBeNull();
    expect(readerMetrics(plain({ total_ms: null })).reader_done_ms).toBeNull();
  });
});

describe('reader pace', () => {
  it('defaults to 8 tokens/s and takes another pace without a new run', () => {
    expect(DEFAULT_READER_PACE_TPS).toBe(8);
    // 8 tokens at 4 tok/s: 250 ms each, the stream (2 tokens / 100 ms) far ahead.
    expect(readerMetrics(makeTrial(), 4).reader_done_ms).toBe(200 + 2000);
    expect(withReaderMetrics(makeTrial(), 4)).toMatchObject({
      ttft_ms: 200,
      reader_done_ms: 2200,
      reader_wait_ms: 200,
    });
  });

  it('refuses a pace that is not a positive number', () => {
    for (const pace of [0, -8, NaN, Infinity]) {
      expect(() => readerMetrics(makeTrial(), pace)).toThrow(RangeError);
    }
  });
});
