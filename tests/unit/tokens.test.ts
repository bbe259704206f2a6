import bpe from 'gpt-tokenizer/bpeRanks/o200k_base';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/main/probe/tokens/encode-ordinary';
import { tokensPerSegment } from '../../src/main/probe/tokens/segments';

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

function tokensPerPiece(pieces: readonly string[]): number[] {
  const ends = new Int32Array(pieces.length);
  let end = 0;
  pieces.forEach((piece, i) => (ends[i] = end += piece.length));
  return tokensPerSegment(pieces.join(''), ends);
}

const utf8 = new TextEncoder();

/**
 * The same assignment computed independently: gpt-tokenizer's tokens, their
 * byte lengths from the rank table, and each byte's character located by
 * encoding the text one code point at a time.
 */
function referencePerPiece(pieces: readonly string[]): number[] {
  const text = pieces.join('');
  const charEndOfByte: number[] = [];
  let offset = 0;
  for (const char of text) {
    offset += char.length;
    // A lone surrogate is one code point here and encodes as U+FFFD's 3 bytes.
    for (let i = utf8.encode(char).length; i > 0; i--) charEndOfByte.push(offset);
  }
  const pieceEnds: number[] = [];
  offset = 0;
  for (const piece of pieces) pieceEnds.push((offset += piece.length));

  const counts = pieces.map(() => 0);
  let bytes = 0;
  for (const token of encode(text, { disallowedSpecial: new Set() })) {
    const spelled = bpe[token] as string | number[];
    bytes += typeof spelled === 'string' ? utf8.encode(spelled).length : spelled.length;
    const charEnd = charEndOfByte[bytes - 1] as number;
    const piece = pieceEnds.findIndex((end) => end >= charEnd);
    counts[piece] = (counts[piece] as number) + 1;
  }
  return counts;
}

// gpt-tokenizer reads U+FEFF wrong (see tokenizer-parity.test.ts); the
// assignment is compared on every other text.
const withoutByteOrderMark = (text: string): boolean => !text.includes('\uFEFF');

describe('tokens per segment', () => {
  it('assigns each token to the piece it ends in', () => {
    // " Hello" ends in the second piece, " world" in the third.
    expect(tokensPerPiece([' Hel', 'lo wor', 'ld'])).toEqual([0, 1, 1]);
  });

  it('counts once over the whole text: per-piece tokenizing would over-count', () => {
    const pieces = [' Hel', 'lo', ' wor', 'ld', ' stre', 'aming'];
    const perPieceCount = sum(pieces.map((p) => countTokens(p)));
    expect(sum(tokensPerPiece(pieces))).toBe(countTokens(pieces.join('')));
    expect(perPieceCount).toBeGreaterThan(countTokens(pieces.join('')));
  });

  it('places a token that ends inside a character with the piece holding that character', () => {
    const pieces = ['流', '式传', '输', '🎉', '很快', '。'];
    const counts = tokensPerPiece(pieces);
    expect(counts).toEqual(referencePerPiece(pieces));
    expect(sum(counts)).toBe(countTokens(pieces.join('')));
  });

  it('gives a surrogate pair split across two pieces to the piece that completes it', () => {
    // 🎉 is \uD83C\uDF89; the text tokenized is the joined, well-formed one.
    const pieces = ['a\uD83C', '\uDF89'];
    expect(tokensPerPiece(pieces)).toEqual([1, countTokens('a🎉') - 1]);
    expect(tokensPerPiece(pieces)).toEqual(referencePerPiece(pieces));
  });

  it('keeps empty pieces at zero and an empty text at all zeros', () => {
    expect(tokensPerPiece(['', '', ''])).toEqual([0, 0, 0]);
    expect(tokensPerPiece([])).toEqual([]);
    expect(tokensPerPiece(['', ' hello', ''])).toEqual([0, 1, 0]);
  });

  it('matches the independent assignment for any text split anywhere', () => {
    const pieces = fc.array(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 8 }),
        // Lone surrogates and pairs cut in two.
        fc.string({ unit: 'binary', maxLength: 8 }),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(
        pieces.filter((p) => withoutByteOrderMark(p.join(''))),
        (sample) => {
          const counts = tokensPerPiece(sample);
          expect(counts).toEqual(referencePerPiece(sample));
          expect(sum(counts)).toBe(countTokens(sample.join('')));
        },
      ),
    );
  });

  it('rejects segment ends that do not cover the text', () => {
    expect(() => tokensPerSegment('hello', new Int32Array([2]))).toThrow(RangeError);
    expect(() => tokensPerSegment('hello', new Int32Array([3, 2, 5]))).toThrow(/must not decrease/);
    expect(() => tokensPerSegment('hello', new Int32Array([]))).toThrow(RangeError);
  });
});
