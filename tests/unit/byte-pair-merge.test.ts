import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytePairMerge } from '../../src/main/probe/tokens/byte-pair-merge';
import { MergeQueue } from '../../src/main/probe/tokens/merge-queue';
import { o200kVocabulary } from '../../src/main/probe/tokens/o200k-base';

describe('merge queue', () => {
  it('pops lowest rank first, leftmost among equal ranks', () => {
    const entries = fc.uniqueArray(
      fc.record({
        rank: fc.integer({ min: 0, max: 200_000 }),
        start: fc.integer({ min: 0, max: 2 ** 31 - 2 }),
      }),
      { selector: (e) => `${e.rank}:${e.start}`, maxLength: 300 },
    );
    fc.assert(
      fc.property(entries, (pushed) => {
        const queue = new MergeQueue();
        for (const { rank, start } of pushed) queue.push(rank, start, start + 1);
        const popped: { rank: number; start: number }[] = [];
        while (queue.pop()) {
          expect(queue.end).toBe(queue.start + 1);
          popped.push({ rank: queue.rank, start: queue.start });
        }
        const expected = pushed.toSorted((a, b) => a.rank - b.rank || a.start - b.start);
        expect(popped).toEqual(expected);
      }),
    );
  });
});

describe('byte-pair merge', () => {
  const merge = (text: string, queue: MergeQueue) => {
    const bytes = new TextEncoder().encode(text);
    const tokens: { rank: number; end: number }[] = [];
    bytePairMerge(bytes, bytes.length, o200kVocabulary(), queue, (rank, end) =>
      tokens.push({ rank, end }),
    );
    return tokens;
  };

  it('covers the bytes with tokens that end in order', () => {
    const tokens = merge('hello wonderful world', new MergeQueue());
    expect(tokens.map((t) => t.end)).toEqual(tokens.map((t) => t.end).toSorted((a, b) => a - b));
    expect(tokens.at(-1)?.end).toBe(21);
  });

  it('does O(n log n) work on one long piece, not O(n²)', () => {
    // The queue counts the levels its entries move: deterministic, unlike a
    // clock. The reference algorithm's scans would grow 4× per doubling.
    const work = (text: string): number => {
      const queue = new MergeQueue();
      merge(text, queue);
      return queue.siftSteps;
    };
    for (const unit of ['a', 'ab', '!', ' ', '流']) {
      const small = work(unit.repeat(20_000));
      const large = work(unit.repeat(40_000));
      const bytes = new TextEncoder().encode(unit.repeat(40_000)).length;
      expect(large / small).toBeLessThan(2.5);
      expect(large).toBeLessThan(4 * bytes * Math.log2(bytes));
    }
  });
});
