// A prompt of N input tokens: deterministic filler, then the user's prompt as
// the question, counted with the same tokenizer the engine counts answers
// with (o200k_base, on the token worker, off this thread). Providers count
// with their own tokenizers and add their chat template, so their
// prompt_tokens differ by a few percent; each trial keeps what they say.

import type { TokenCounter } from '../probe';
import { CHARS_PER_TOKEN, FRAME, fillerSentences, languageOf } from './filler-text';

export class SyntheticPromptError extends Error {
  override name = 'SyntheticPromptError';
}

export interface SyntheticPrompt {
  text: string;
  /** Its tokens, by o200k_base. */
  tokens: number;
}

/** Tokens per segment of the text the pieces make, one count per piece. */
async function tokensOfPieces(counter: TokenCounter, pieces: readonly string[]): Promise<number[]> {
  const ends = new Int32Array(pieces.length);
  let at = 0;
  pieces.forEach((piece, i) => (ends[i] = at += piece.length));
  const counted = await counter.analyze({
    content: pieces.join(''),
    contentEnds: ends,
    reasoning: '',
    reasoningEnds: new Int32Array(pieces.length),
    secrets: [],
  });
  return counted.contentTokens;
}

/**
 * `question` after as many filler sentences as bring the whole to `tokens`
 * tokens (at most one sentence, some 12 tokens, short of it). Each sentence's
 * tokens are counted in place, in the whole text, so a token that a boundary
 * would split is counted once, where it ends.
 */
export async function syntheticPrompt(
  question: string,
  tokens: number,
  counter: TokenCounter,
): Promise<SyntheticPrompt> {
  const language = languageOf(question);
  const { head, question: label } = FRAME[language];
  const tail = `${label}${question}`;
  let sentences = Math.ceil((tokens * CHARS_PER_TOKEN[language]) / 20) + 8;
  for (;;) {
    const filler = fillerSentences(language, sentences);
    const counts = await tokensOfPieces(counter, [head, ...filler, tail]);
    const fixed = (counts[0] as number) + (counts[counts.length - 1] as number);
    if (fixed > tokens) {
      throw new SyntheticPromptError(
        `the prompt alone is ${fixed} tokens, more than the ${tokens} input tokens asked for: ask for more, or shorten the prompt`,
      );
    }
    let total = fixed;
    let taken = 0;
    while (taken < filler.length && total + (counts[taken + 1] as number) <= tokens) {
      total += counts[taken + 1] as number;
      taken++;
    }
    if (taken < filler.length) {
      const text = `${head}${filler.slice(0, taken).join('')}${tail}`;
      return { text, tokens: total };
    }
    sentences *= 2;
  }
}
