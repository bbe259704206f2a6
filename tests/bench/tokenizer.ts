// `npm run bench`, the tokenizer: ours (O(n log n) merge) against
// gpt-tokenizer's (O(n²) on one long piece) on ordinary text and on one long
// word, and o200k_base's pre-tokenizer pattern on pathological megabyte texts
// (a backtracking pattern could be super-linear there, before any merge).

import { performance } from 'node:perf_hooks';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { median } from '../../src/shared/stats';
import { countTokens } from '../../src/main/probe/tokens/encode-ordinary';
import { splitPattern } from '../../src/main/probe/tokens/o200k-base';

/** gpt-tokenizer takes about a second here and grows quadratically: never run above it. */
export const OLD_LONGEST_WORD = 40_000;
const LONG_WORDS = [80_000, 200_000, 1_000_000];
const PATHOLOGICAL_CHARS = 1_000_000;

const WORDS = ['the', 'model', 'streams', 'tokens', 'while', 'users', 'wait', 'for', 'last'];
const SYLLABLES = ['ka', 'tor', 'vex', 'lin', 'qua', 'zer', 'pho', 'mir', 'dal', 'sku'];
const CHINESE = ['流式传输', '很快', '最后一个字', '用户在等待', '。', '，'];
const PUNCTUATION = ['.', ',', ';', ' —', '!', '?', '()', ' {}', ' => ', '\n', '\n\n', '  '];

/**
 * A deterministic mix of what answers hold: common words, invented
 * identifiers (not in the vocabulary, so they are merged byte by byte),
 * numbers, Chinese, punctuation and line breaks.
 */
export function ordinaryText(chars: number): string {
  let seed = 42;
  const next = (n: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const pick = (list: readonly string[]): string => list[next(list.length)] as string;
  let text = '';
  while (text.length < chars) {
    const kind = next(10);
    if (kind < 5) text += ` ${pick(WORDS)}`;
    else if (kind < 7) text += ` ${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
    else if (kind < 8) text += ` ${next(100_000)}`;
    else if (kind < 9) text += pick(CHINESE);
    else text += pick(PUNCTUATION);
  }
  return text;
}

const gptTokenizerCount = (text: string): number =>
  encode(text, { disallowedSpecial: new Set() }).length;

function medianMs(runs: number, work: () => void): number {
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  });
  return median(times) ?? NaN;
}

export interface TokenizerFigures {
  chars: number;
  oldCharsPerSecond: number;
  newCharsPerSecond: number;
  /** One word of `chars` letters: milliseconds for each tokenizer (old only up to OLD_LONGEST_WORD). */
  longWords: { chars: number; oldMs: number | null; newMs: number }[];
}

export function measureTokenizer(chars = 1_000_000): TokenizerFigures {
  const text = ordinaryText(chars);
  // Warm-up: JIT, our vocabulary's tables, gpt-tokenizer's merge cache.
  gptTokenizerCount(text);
  countTokens(text);
  const oldMs = medianMs(3, () => gptTokenizerCount(text));
  const newMs = medianMs(3, () => countTokens(text));
  const longWords = [OLD_LONGEST_WORD, ...LONG_WORDS].map((length) => {
    const word = 'a'.repeat(length);
    return {
      chars: length,
      oldMs: length <= OLD_LONGEST_WORD ? medianMs(1, () => gptTokenizerCount(word)) : null,
      newMs: medianMs(1, () => countTokens(word)),
    };
  });
  return {
    chars: text.length,
    oldCharsPerSecond: (text.length / oldMs) * 1000,
    newCharsPerSecond: (text.length / newMs) * 1000,
    longWords,
  };
}

/** Texts that make a backtracking pattern work hardest: one character class, a megabyte long. */
export const PATHOLOGICAL_INPUTS: Record<string, (chars: number) => string> = {
  letters: (n) => 'a'.repeat(n),
  uppercase: (n) => 'A'.repeat(n),
  'spaces, no newline': (n) => ' '.repeat(n),
  'spaces then a letter': (n) => `${' '.repeat(n - 1)}a`,
  punctuation: (n) => '!'.repeat(n),
  digits: (n) => '7'.repeat(n),
  newlines: (n) => '\n'.repeat(n),
  CJK: (n) => '流'.repeat(n),
};

export interface PatternFigures {
  input: string;
  /** Splitting a quarter of the text and all of it: linear when the second is about 4× the first. */
  quarterMs: number;
  wholeMs: number;
}

function splitAll(text: string): void {
  const pattern = splitPattern();
  while (pattern.lastIndex < text.length && pattern.test(text));
}

export function measurePattern(chars = PATHOLOGICAL_CHARS): PatternFigures[] {
  return Object.entries(PATHOLOGICAL_INPUTS).map(([input, make]) => {
    const whole = make(chars);
    const quarter = make(chars / 4);
    splitAll(quarter);
    splitAll(whole);
    return {
      input,
      quarterMs: medianMs(3, () => splitAll(quarter)),
      wholeMs: medianMs(3, () => splitAll(whole)),
    };
  });
}

const rate = (charsPerSecond: number): string => `${(charsPerSecond / 1e6).toFixed(1)} M chars/s`;

export function formatTokenizerFigures(
  tokenizer: TokenizerFigures,
  pattern: readonly PatternFigures[],
): string[] {
  return [
    `tokenizer (o200k_base) on ${(tokenizer.chars / 1e6).toFixed(1)} M chars of ordinary text, one core`,
    `  gpt-tokenizer ${rate(tokenizer.oldCharsPerSecond)}, ours ${rate(tokenizer.newCharsPerSecond)}`,
    'tokenizer on one long word (letters)',
    ...tokenizer.longWords.map(
      ({ chars, oldMs, newMs }) =>
        `  ${chars.toLocaleString('en').padStart(9)} chars: ours ${newMs.toFixed(0)} ms` +
        (oldMs === null ? '' : `, gpt-tokenizer ${oldMs.toFixed(0)} ms`),
    ),
    `pre-tokenizer pattern on ${(PATHOLOGICAL_CHARS / 1e6).toFixed(0)} M chars of one kind (linear: whole ≈ 4× quarter)`,
    ...pattern.map(
      ({ input, quarterMs, wholeMs }) =>
        `  ${input.padEnd(21)} ${wholeMs.toFixed(1).padStart(6)} ms (quarter ${quarterMs.toFixed(1)} ms)`,
    ),
  ];
}
