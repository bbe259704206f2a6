import { describe, expect, it } from 'vitest';
import { ChunkLog } from '../../src/main/probe/chunk-log';

describe('ChunkLog', () => {
  it('gives back every chunk and the exact text, past its first capacity', () => {
    const log = new ChunkLog();
    const contents: string[] = [];
    for (let i = 0; i < 1_000; i++) {
      // A lone surrogate, an emoji, CJK and ASCII: UTF-16 units come back as they went in.
      const content = i % 7 === 0 ? '\ud83d' : i % 5 === 0 ? '😀字' : `w${i} `;
      const reasoning = i % 3 === 0 ? `r${i}` : '';
      contents.push(content);
      log.push(i * 1.5, content, reasoning, 40 + i);
    }
    expect(log.length).toBe(1_000);
    expect(log.contentText()).toBe(contents.join(''));
    expect(log.chars).toBe(log.contentText().length + log.reasoningText().length);
    const chunks = log.observed();
    expect(chunks[7]).toEqual({ at_ms: 10.5, content_chars: 1, reasoning_chars: 0, bytes: 47 });
    expect(chunks[10]).toEqual({ at_ms: 15, content_chars: 3, reasoning_chars: 0, bytes: 50 });
    expect(chunks[9]).toEqual({ at_ms: 13.5, content_chars: 3, reasoning_chars: 2, bytes: 49 });
    expect(chunks.reduce((sum, c) => sum + c.content_chars, 0)).toBe(log.contentText().length);
    expect(log.arrivalOf(999)).toBe(1498.5);
    const ends = log.contentEnds();
    expect(ends.length).toBe(1_000);
    expect(ends[999]).toBe(log.contentText().length);
    expect(log.reasoningEnds()[999]).toBe(log.reasoningText().length);
  });

  it('holds one long text that outgrows its buffer many times over', () => {
    const log = new ChunkLog();
    const word = 'x'.repeat(100_000);
    log.push(1, word, '', 100_010);
    log.push(2, 'y', '', 11);
    expect(log.contentText()).toBe(`${word}y`);
    expect(log.observed().map((c) => c.content_chars)).toEqual([100_000, 1]);
  });

  it('is empty until a chunk arrives', () => {
    const log = new ChunkLog();
    expect([log.length, log.chars, log.contentText(), log.observed()]).toEqual([0, 0, '', []]);
    expect(log.contentEnds()).toEqual(new Int32Array(0));
  });
});
