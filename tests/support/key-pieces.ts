// What of a key a text still shows: each 8-character piece of it that is
// there raw, or in the bytes any run of base64 in the text decodes to (either
// alphabet, decoded from each of its first 4 characters, so at every
// alignment). A redacted text shows none.

export function keyPiecesIn(text: string, key: string): string[] {
  const decoded = (text.match(/[A-Za-z0-9+/_-]+/g) ?? []).flatMap((run) =>
    [0, 1, 2, 3].map((offset) => Buffer.from(run.slice(offset), 'base64')),
  );
  const bytes = Buffer.from(key);
  const pieces: string[] = [];
  for (let i = 0; i + 8 <= bytes.length; i++) {
    const piece = bytes.subarray(i, i + 8);
    if (text.includes(piece.toString()) || decoded.some((run) => run.includes(piece))) {
      pieces.push(piece.toString());
    }
  }
  return pieces;
}
