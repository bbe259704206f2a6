// Our o200k_base tokenizer against gpt-tokenizer's, token id by token id.
// gpt-tokenizer stays the reference (and the rank table's source); ours is the
// same algorithm made O(n log n), reading special-token strings as text.

import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens, encodeOrdinary } from '../../src/main/probe/tokens/encode-ordinary';

/** gpt-tokenizer with special-token strings read as ordinary text, as tiktoken's encode_ordinary. */
const reference = (text: string): number[] => encode(text, { disallowedSpecial: new Set() });

// gpt-tokenizer decodes candidate byte spans with a TextDecoder that drops a
// leading U+FEFF, so it never finds the rank table's byte-order-mark tokens
// (5574 is U+FEFF alone): it is compared on every other text, and the mark is
// checked against the rank table below.
const BYTE_ORDER_MARK = '\uFEFF';
const comparable = (text: string): boolean => !text.includes(BYTE_ORDER_MARK);

const mixed = fc.string({
  unit: fc.oneof(
    fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', '.', ',', '!?', "'s", "'LL", '...', '//', '—'),
    fc.constantFrom('流式', '传输', '很快', '。', '🎉', '👩‍💻', 'é', 'e\u0301', 'Ǆ', 'ß', 'Ω'),
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 7 }),
    fc.string({ unit: fc.constantFrom(...'aAbBzZ'), minLength: 1, maxLength: 6 }),
    fc.string({ unit: 'grapheme', maxLength: 3 }),
  ),
  maxLength: 40,
});

describe('o200k_base parity with gpt-tokenizer', () => {
  it('gives the same token ids for any string', () => {
    const strings = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.string({ unit: 'grapheme-composite', maxLength: 60 }),
      // Any code unit: lone surrogates too.
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: 'binary-ascii', maxLength: 60 }),
      mixed,
    );
    fc.assert(
      fc.property(strings.filter(comparable), (text) => {
        expect(encodeOrdinary(text)).toEqual(reference(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives the same token ids for prose, code and Chinese', () => {
    const texts = [
      readFileSync('README.md', 'utf8'),
      readFileSync('docs/cli.md', 'utf8'),
      readFileSync('src/main/probe/tokens/byte-pair-merge.ts', 'utf8'),
      '流式传输让用户更早看到第一个字，但最后一个字的到达时间才决定等待的长短。',
      "Ceci n'est pas une pipe. Ærøskøbing, Straße, ﬁnal, İstanbul — ΑΒΓ αβγ.",
      '```json\n{"id": "chatcmpl-123", "choices": [{"delta": {"content": "Hi"}}]}\n```\n',
    ];
    for (const text of texts) expect(encodeOrdinary(text)).toEqual(reference(text));
  });

  it('gives the same token ids for long single pieces', () => {
    // A few thousand characters: the reference's quadratic merge is still quick there.
    const base64 = Buffer.from(
      Array.from({ length: 3_000 }, (_, i) => (i * 7919 + (i >> 3) * 31) % 256),
    ).toString('base64');
    const pieces = [
      'a'.repeat(3_000),
      'A'.repeat(3_000),
      'ab'.repeat(1_500),
      ' '.repeat(3_000),
      '!'.repeat(3_000),
      '-=+*'.repeat(750),
      base64,
      'x' + 'é'.repeat(2_000),
      '流'.repeat(2_000),
      '🎉'.repeat(1_000),
    ];
    for (const piece of pieces) expect(encodeOrdinary(piece)).toEqual(reference(piece));
  });

  it('reads special-token strings as the text they are', () => {
    const answer = 'The document ends with <|endoftext|> and <|im_start|>user';
    expect(() => encode(answer)).toThrow(/special token/i);
    expect(encodeOrdinary(answer)).toEqual(reference(answer));
    // 199999 is <|endoftext|> as a special token: never produced from text.
    expect(encodeOrdinary('<|endoftext|>')).not.toContain(199_999);
    expect(countTokens('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('finds the rank table byte-order-mark tokens that gpt-tokenizer misses', () => {
    // As tiktoken: a piece that is a token in the rank table is that token.
    expect(encodeOrdinary(BYTE_ORDER_MARK)).toEqual([5574]);
    expect(encodeOrdinary(`${BYTE_ORDER_MARK}using`)).toEqual([9251]);
    expect(reference(BYTE_ORDER_MARK)).toEqual([5416, 123]);
  });
});
