// Input lengths as people type them: "8000", "8k", or a sweep "1k, 8k, 32000".
// One reading for the CLI's --input-tokens and New run's field, so that what
// one accepts the other does; each says a problem in its own words.

import { z } from 'zod';
import { MAX_INPUT_LENGTHS, MAX_INPUT_TOKENS, type RunConfig } from './run';

/**
 * RunConfig.input_tokens as the API and run files take it: one length, or a
 * sweep (planRun says in words what is wrong with one).
 */
export const inputTokensSchema = z.union([
  z.int().min(1).max(MAX_INPUT_TOKENS),
  z.array(z.int().min(1).max(MAX_INPUT_TOKENS)).min(1).max(MAX_INPUT_LENGTHS),
]);

export type InputLengthsProblem =
  /** A part that is not a whole number of tokens from 1 to MAX_INPUT_TOKENS. */
  | { kind: 'length'; part: string }
  | { kind: 'too-many'; count: number }
  | { kind: 'repeated'; length: number };

export type ParsedInputLengths =
  { ok: true; lengths: number[] } | { ok: false; problem: InputLengthsProblem };

/** A length: digits, or digits then k for thousands; null when it is neither or out of range. */
function lengthOf(part: string): number | null {
  const match = /^\s*(\d+)\s*(k?)\s*$/i.exec(part);
  if (!match) return null;
  const n = Number(match[1]) * (match[2] === '' ? 1 : 1000);
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_INPUT_TOKENS ? n : null;
}

/** The lengths in the order given; blank text is none (the prompt as it is). */
export function parseInputLengths(text: string): ParsedInputLengths {
  if (text.trim() === '') return { ok: true, lengths: [] };
  const lengths: number[] = [];
  for (const part of text.split(',')) {
    const n = lengthOf(part);
    if (n === null) return { ok: false, problem: { kind: 'length', part: part.trim() } };
    if (lengths.includes(n)) return { ok: false, problem: { kind: 'repeated', length: n } };
    lengths.push(n);
  }
  if (lengths.length > MAX_INPUT_LENGTHS) {
    return { ok: false, problem: { kind: 'too-many', count: lengths.length } };
  }
  return { ok: true, lengths };
}

/** RunConfig.input_tokens for the lengths given: none, one, or a sweep. */
export function inputTokensOf(lengths: readonly number[]): Pick<RunConfig, 'input_tokens'> {
  if (lengths.length === 0) return {};
  return { input_tokens: lengths.length === 1 ? (lengths[0] as number) : [...lengths] };
}
