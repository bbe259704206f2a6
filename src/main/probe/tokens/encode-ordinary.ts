// o200k_base tokenization of ordinary text, as tiktoken's encode_ordinary: a
// special-token string such as "<|endoftext|>" in a model's answer is text
// the model wrote, counted as the tokens that spell it, never an error.

import { bytePairMerge, rankOfBytes } from './byte-pair-merge';
import { MergeQueue } from './merge-queue';
import { o200kVocabulary, splitPattern, type Vocabulary } from './o200k-base';

const INITIAL_CAPACITY = 1024;
/** Scratch space above this many bytes (one long piece's worth) is let go after use. */
const RETAINED_CAPACITY = 1 << 16;
/**
 * Merged pieces up to this long are remembered for the rest of the text:
 * words outside the vocabulary (names, identifiers, CJK phrases) recur within
 * an answer; long pieces seldom do.
 */
const REMEMBERED_PIECE_CHARS = 64;

// One piece's UTF-8 and, for each of its bytes, the offset in the piece (in
// UTF-16 code units) just past the character the byte belongs to. Reused.
let pieceBytes = new Uint8Array(INITIAL_CAPACITY);
let charEnds = new Int32Array(INITIAL_CAPACITY);
const queue = new MergeQueue();

function allocate(capacity: number): void {
  pieceBytes = new Uint8Array(capacity);
  charEnds = new Int32Array(capacity);
}

/**
 * Writes the piece's UTF-8 into pieceBytes and returns its length. A lone
 * surrogate becomes U+FFFD, as TextEncoder (and so the reference) encodes it.
 */
function encodePiece(piece: string): number {
  // At most 3 bytes per UTF-16 code unit (a surrogate pair is 4 bytes for 2).
  if (pieceBytes.length < piece.length * 3) allocate(piece.length * 3);
  let length = 0;
  let i = 0;
  while (i < piece.length) {
    let code = piece.charCodeAt(i++);
    if (code < 0x80) {
      pieceBytes[length] = code;
      charEnds[length++] = i;
      continue;
    }
    if (code < 0x800) {
      pieceBytes[length] = 0xc0 | (code >> 6);
      pieceBytes[length + 1] = 0x80 | (code & 0x3f);
      charEnds.fill(i, length, (length += 2));
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && i < piece.length) {
      const low = piece.charCodeAt(i);
      if (low >= 0xdc00 && low <= 0xdfff) {
        i++;
        const point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        pieceBytes[length] = 0xf0 | (point >> 18);
        pieceBytes[length + 1] = 0x80 | ((point >> 12) & 0x3f);
        pieceBytes[length + 2] = 0x80 | ((point >> 6) & 0x3f);
        pieceBytes[length + 3] = 0x80 | (point & 0x3f);
        charEnds.fill(i, length, (length += 4));
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    pieceBytes[length] = 0xe0 | (code >> 12);
    pieceBytes[length + 1] = 0x80 | ((code >> 6) & 0x3f);
    pieceBytes[length + 2] = 0x80 | (code & 0x3f);
    charEnds.fill(i, length, (length += 3));
  }
  return length;
}

/**
 * The tokens of a piece that is not one token of textRanks, flattened:
 * [rank, end, rank, end, ...], each end an offset in the piece (UTF-16 code
 * units) just past the character holding the token's last byte.
 */
function tokenizePiece(piece: string, vocabulary: Vocabulary): number[] {
  const length = encodePiece(piece);
  // One token after all: the piece has a lone surrogate (now U+FFFD), or the
  // rank table stores the token as bytes.
  const whole = rankOfBytes(pieceBytes, 0, length, vocabulary);
  if (whole !== -1) return [whole, piece.length];
  const tokens: number[] = [];
  bytePairMerge(pieceBytes, length, vocabulary, queue, (rank, byteEnd) =>
    tokens.push(rank, charEnds[byteEnd - 1] as number),
  );
  if (pieceBytes.length > RETAINED_CAPACITY) allocate(INITIAL_CAPACITY);
  return tokens;
}

/**
 * Calls `visit` with each token of `text` in order: its rank (the token id)
 * and where it ends, the offset in `text` (UTF-16 code units) just past the
 * character holding the token's last byte. Byte-level BPE can end a token
 * inside a multi-byte character; it then ends where that character ends.
 */
export function forEachToken(text: string, visit: (rank: number, end: number) => void): void {
  const vocabulary = o200kVocabulary();
  // Per text, so that no piece (a slice that may hold the whole text) outlives it.
  const remembered = new Map<string, number[]>();
  const pattern = splitPattern();
  // test() leaves the piece's end in lastIndex without building a match array.
  for (let start = 0; start < text.length; start = pattern.lastIndex) {
    if (!pattern.test(text)) {
      throw new Error(`the o200k_base pattern matched nothing at offset ${start}`);
    }
    const piece = text.slice(start, pattern.lastIndex);
    const whole = vocabulary.textRanks.get(piece);
    if (whole !== undefined) {
      visit(whole, pattern.lastIndex);
      continue;
    }
    let tokens = remembered.get(piece);
    if (tokens === undefined) {
      tokens = tokenizePiece(piece, vocabulary);
      if (piece.length <= REMEMBERED_PIECE_CHARS) remembered.set(piece, tokens);
    }
    for (let i = 0; i < tokens.length; i += 2) {
      visit(tokens[i] as number, start + (tokens[i + 1] as number));
    }
  }
}

/** The token ids of `text`. */
export function encodeOrdinary(text: string): number[] {
  const tokens: number[] = [];
  forEachToken(text, (rank) => tokens.push(rank));
  return tokens;
}

/** How many tokens `text` is. */
export function countTokens(text: string): number {
  let count = 0;
  forEachToken(text, () => count++);
  return count;
}
