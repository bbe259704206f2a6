// The o200k_base vocabulary as lookup tables for the byte-pair merge. The rank
// table and the pre-tokenizer pattern come from gpt-tokenizer, so the
// vocabulary has one source; only the algorithm that applies them is ours.

import rankTable from 'gpt-tokenizer/bpeRanks/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

export interface Vocabulary {
  /**
   * Rank of every token the rank table spells as text, keyed by it: most
   * pre-tokenizer pieces are a whole token, found without encoding them.
   */
  textRanks: ReadonlyMap<string, number>;
  /** Rank of every token keyed by its bytes, one latin1 character per byte. */
  byteRanks: ReadonlyMap<string, number>;
  /** Rank of each single byte (every byte is a token, so merging always starts from ranks). */
  singleByteRanks: Int32Array;
  /** Rank of each two-byte token at (first << 8) | second, -1 elsewhere: a merge's first lookups. */
  pairRanks: Int32Array;
  /** No span longer than this is a token, so longer spans are never looked up. */
  maxTokenBytes: number;
}

/**
 * A fresh copy of o200k_base's pre-tokenizer (matching moves `lastIndex`, so
 * callers own theirs), sticky: every character matches one of its
 * alternatives, so each piece starts where the previous one ended.
 */
export function splitPattern(): RegExp {
  return new RegExp(O200K_TOKEN_SPLIT_REGEX.source, 'uy');
}

function buildVocabulary(): Vocabulary {
  const encoder = new TextEncoder();
  const textRanks = new Map<string, number>();
  const byteRanks = new Map<string, number>();
  const singleByteRanks = new Int32Array(256).fill(-1);
  const pairRanks = new Int32Array(1 << 16).fill(-1);
  let maxTokenBytes = 0;
  // forEach skips the table's holes (unused ranks).
  rankTable.forEach((token, rank) => {
    if (typeof token === 'string') textRanks.set(token, rank);
    const bytes = typeof token === 'string' ? encoder.encode(token) : Uint8Array.from(token);
    byteRanks.set(Buffer.from(bytes).toString('latin1'), rank);
    if (bytes.length === 1) singleByteRanks[bytes[0] as number] = rank;
    if (bytes.length === 2) pairRanks[((bytes[0] as number) << 8) | (bytes[1] as number)] = rank;
    maxTokenBytes = Math.max(maxTokenBytes, bytes.length);
  });
  if (singleByteRanks.includes(-1)) {
    throw new Error(
      'o200k_base rank table lacks a single-byte token: byte-level BPE needs all 256',
    );
  }
  return { textRanks, byteRanks, singleByteRanks, pairRanks, maxTokenBytes };
}

let vocabulary: Vocabulary | undefined;

/** The tables, built on first use (a few hundred milliseconds). */
export function o200kVocabulary(): Vocabulary {
  vocabulary ??= buildVocabulary();
  return vocabulary;
}
