// A text that arrived in segments (a stream's chunks) is tokenized once, as
// a whole, and each token is credited to the segment it ends in. Tokenizing
// segment by segment would over-count: a word split across two chunks is one
// token, not two.

import { forEachToken } from './encode-ordinary';

/**
 * For each segment of `text`, how many tokens end in it: a token belongs to
 * the segment holding its last byte. `ends` holds where each segment ends in
 * `text` (UTF-16 offsets). Where a character is split across segments (a
 * surrogate pair cut in two), the character and so the token belong to the
 * segment that completes it. Empty segments hold no token.
 */
export function tokensPerSegment(text: string, ends: Int32Array): number[] {
  let previous = 0;
  for (const end of ends) {
    if (end < previous) {
      throw new RangeError(`segment ends must not decrease: ${end} after ${previous}`);
    }
    previous = end;
  }
  if (previous !== text.length) {
    throw new RangeError(`segment ends reach ${previous}, not the text's length ${text.length}`);
  }
  const counts = new Array<number>(ends.length).fill(0);
  let segment = 0;
  forEachToken(text, (_rank, end) => {
    while ((ends[segment] as number) < end) segment++;
    counts[segment] = (counts[segment] as number) + 1;
  });
  return counts;
}
