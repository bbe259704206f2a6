import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens, tokensPerPiece } from '../../src/main/probe/tokens';

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

describe('tokens per piece', () => {
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

  it('handles CJK and emoji whose tokens end inside a character', () => {
    const pieces = ['流', '式传', '输', '🎉', '很快', '。'];
    const counts = tokensPerPiece(pieces);
    expect(sum(counts)).toBe(countTokens(pieces.join('')));
    expect(counts.every((n) => n >= 0)).toBe(true);
  });

  it('keeps empty pieces at zero and an empty text at all zeros', () => {
    expect(tokensPerPiece(['', '', ''])).toEqual([0, 0, 0]);
    expect(tokensPerPiece([])).toEqual([]);
    expect(tokensPerPiece(['', ' hello', ''])).toEqual([0, 1, 0]);
  });

  it('never loses or invents a token, for any text split anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 8 }), { maxLength: 30 }),
        (pieces) => {
          const counts = tokensPerPiece(pieces);
          expect(counts).toHaveLength(pieces.length);
          expect(sum(counts)).toBe(countTokens(pieces.join('')));
        },
      ),
    );
  });
});
