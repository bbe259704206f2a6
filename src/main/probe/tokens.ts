import { countTokens, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base';

// o200k_base is the tokenizer of current OpenAI models. Other providers use
// their own, so counts are comparable across endpoints, not equal to what each
// bills; the API's own usage figure is kept beside it.
export const TOKENIZER = 'o200k_base';

export { countTokens };

/**
 * Tokenizes the whole text once and says, for each piece the text arrived in,
 * how many tokens end in it. Tokenizing piece by piece would over-count: a word
 * split across two chunks is one token, not two.
 *
 * Byte-level BPE can end a token inside a multi-byte character; such a token
 * belongs to the piece holding that character. (A token that completes one
 * character and starts the next is placed by the character it completes.)
 */
export function tokensPerPiece(pieces: readonly string[]): number[] {
  const counts = new Array<number>(pieces.length).fill(0);
  const text = pieces.join('');
  if (text.length === 0) return counts;

  const pieceEnds: number[] = [];
  let end = 0;
  for (const piece of pieces) pieceEnds.push((end += piece.length));

  const tokens = encode(text);
  let decodedChars = 0;
  let charsWhenPulled = 0;
  let piece = 0;
  const settleLastPulled = (): void => {
    // decodeGenerator yields text only once its characters are complete and
    // pulls tokens one at a time, so whether text appeared since this token
    // was pulled tells where it ends.
    const completedText = decodedChars > charsWhenPulled;
    const charIndex = completedText ? decodedChars - 1 : decodedChars;
    while (piece < pieces.length - 1 && charIndex >= (pieceEnds[piece] ?? 0)) piece++;
    counts[piece] = (counts[piece] ?? 0) + 1;
  };
  function* pull(): Generator<number> {
    for (let i = 0; i < tokens.length; i++) {
      if (i > 0) settleLastPulled();
      charsWhenPulled = decodedChars;
      yield tokens[i] as number;
    }
  }
  for (const decoded of decodeGenerator(pull())) decodedChars += decoded.length;
  settleLastPulled();
  return counts;
}
