// Byte-pair merge of one pre-tokenizer piece in O(n log n): the same merges,
// in the same order, as the reference algorithm (lowest rank first, leftmost
// among equal ranks), which rescans every pair on every merge and so takes
// O(n²) on one long piece — seconds for a 100 kB word, never ending for a
// megabyte of base64. The same idea as openai/tiktoken#239.

import type { MergeQueue } from './merge-queue';
import type { Vocabulary } from './o200k-base';

/** `next` of a part start that has been merged into the part on its left. */
const DEAD = -1;

const INITIAL_CAPACITY = 1024;
/** Scratch space above this many bytes (one long piece's worth) is let go after use. */
const RETAINED_CAPACITY = 1 << 16;

/** Each byte as a one-character latin1 string: the vocabulary's keys for byte spans. */
const BYTE_KEYS = Array.from({ length: 256 }, (_, byte) => String.fromCharCode(byte));

// The parts form a linked list over the piece's bytes: a part starts at s and
// ends at next[s]; the part before it starts at prev[s]; partKeys[s] spells
// it, so a pair's key is two concatenated keys. Reused across pieces.
let next = new Int32Array(INITIAL_CAPACITY + 1);
let prev = new Int32Array(INITIAL_CAPACITY + 1);
let partRanks = new Int32Array(INITIAL_CAPACITY + 1);
let partKeys: string[] = [];

function allocate(capacity: number): void {
  next = new Int32Array(capacity);
  prev = new Int32Array(capacity);
  partRanks = new Int32Array(capacity);
  partKeys = [];
}

/** Rank of the token spelled by bytes [start, end), or -1 when no token is. */
export function rankOfBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  vocabulary: Vocabulary,
): number {
  if (end - start > vocabulary.maxTokenBytes) return -1;
  let key = '';
  for (let i = start; i < end; i++) key += BYTE_KEYS[bytes[i] as number] as string;
  return vocabulary.byteRanks.get(key) ?? -1;
}

/**
 * Merges bytes [0, length) into tokens and calls `visit` with each token's
 * rank and the offset just past its last byte, in order. Not reentrant (the
 * scratch space is shared): `visit` must not tokenize.
 */
export function bytePairMerge(
  bytes: Uint8Array,
  length: number,
  vocabulary: Vocabulary,
  queue: MergeQueue,
  visit: (rank: number, end: number) => void,
): void {
  if (next.length <= length) allocate(length + 1);
  const { byteRanks, maxTokenBytes, pairRanks, singleByteRanks } = vocabulary;
  queue.clear();
  for (let i = 0; i < length; i++) {
    const byte = bytes[i] as number;
    next[i] = i + 1;
    prev[i] = i - 1;
    partRanks[i] = singleByteRanks[byte] as number;
    partKeys[i] = BYTE_KEYS[byte] as string;
    if (i > 0) {
      const rank = pairRanks[((bytes[i - 1] as number) << 8) | byte] as number;
      if (rank !== -1) queue.push(rank, i - 1, i + 1);
    }
  }

  /** Queues merging the part at `left` with the one after it, if they spell a token. */
  const queuePair = (left: number, right: number, end: number): void => {
    if (end - left > maxTokenBytes) return;
    const rank = byteRanks.get((partKeys[left] as string) + (partKeys[right] as string));
    if (rank !== undefined) queue.push(rank, left, end);
  };

  while (queue.pop()) {
    const { rank, start, end } = queue;
    // Stale unless both parts are still the ones queued: [start, middle) and [middle, end).
    const middle = next[start] as number;
    if (middle === DEAD || middle >= length || next[middle] !== end) continue;

    next[start] = end;
    next[middle] = DEAD;
    partRanks[start] = rank;
    partKeys[start] = (partKeys[start] as string) + (partKeys[middle] as string);
    if (end < length) {
      prev[end] = start;
      queuePair(start, end, next[end] as number);
    }
    const before = prev[start] as number;
    if (before !== -1) queuePair(before, start, end);
  }
  queue.clear();

  for (let start = 0; start < length; start = next[start] as number) {
    visit(partRanks[start] as number, next[start] as number);
  }
  if (next.length > RETAINED_CAPACITY) allocate(INITIAL_CAPACITY + 1);
}
