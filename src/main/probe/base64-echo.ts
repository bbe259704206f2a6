// A key echoed base64-encoded is the key all the same: a Basic or Bearer
// header decoded and echoed back, a JWT or a data: URL made of the request, a
// JSON body encoded whole. Base64 writes 3 bytes as 4 characters, so which
// characters the key becomes depends on where it starts in the blob's 3-byte
// groups: it is encoded at each of the 3 alignments, less the first and last
// characters, which share bits with the bytes around the key. What is left
// (the stable middle) is in every blob that holds the key at that alignment,
// written with the standard (+/) or the URL-safe (-_) alphabet, padded or not
// (= only ever ends a blob).
//
// Redacting every long enough stretch of these middles covers the key in a
// blob at any offset, and what is left of it in a blob cut short. Not
// covered: a blob broken by line breaks or spaces inside the key's part
// (MIME's 76-column lines), base64 of base64, other encodings (hex, UTF-16).

/** The stable middles of the secret's base64 at each alignment, in both alphabets. */
export function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>();
  for (let lead = 0; lead < 3; lead++) {
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64');
    // From the first character that starts at the key's first bit or after,
    // to the last that ends at its last bit or before.
    const middle = encoded.slice(
      Math.ceil((8 * lead) / 6),
      Math.floor((8 * (lead + bytes.length)) / 6),
    );
    forms.add(middle);
    forms.add(middle.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...forms];
}
