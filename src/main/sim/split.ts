// sim-cjk writes each text event in parts cut where a careless client breaks:
// inside the `data:` field name, and inside a multi-byte UTF-8 character. A
// client that parses each read on its own, or decodes each read as UTF-8 on
// its own, gets this stream wrong.

/** Milliseconds between the parts of a split event, so that each part leaves as its own packet. */
export const SPLIT_STEP_MS = 2;

export function splitEvent(data: string): Buffer[] {
  const bytes = Buffer.from(data, 'utf8');
  // The field of the event that carries the text: the last one in the piece.
  const field = bytes.lastIndexOf('data:');
  if (field < 0) return [bytes];
  const cuts = [field + 2];
  // A byte >= 0xC0 leads a multi-byte character: cut right after it.
  const lead = bytes.findIndex((byte, i) => i > field && byte >= 0xc0);
  if (lead >= 0) cuts.push(lead + 1);
  return [0, ...cuts].map((from, i) => bytes.subarray(from, cuts[i] ?? bytes.length));
}
