// The file name a download's Content-Disposition offers: `filename*`
// (RFC 8187, UTF-8, percent-encoded) when there is one, else `filename`.

export function fileNameOf(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Not valid percent-encoding: fall back to the plain name.
    }
  }
  const plain =
    /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain?.[1] ?? null;
}
