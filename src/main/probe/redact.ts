// Providers echo the credential they were sent: in error bodies, in response
// headers, even in the answer. Nothing that leaves the engine (errors, notes,
// header values, the stored text) may carry it, whole or in part: every
// stretch of text that matches PIECE or more characters of a secret is
// replaced, before anything is cut to length (a cut must never leave a piece
// of a key behind, as cutting first and redacting second did). A secret
// echoed escaped, as JSON (\u0073k-...) or a URL (%2D) may write it, is a
// secret all the same.

export const REDACTED = '[redacted]';

/** The shortest piece of a secret that is redacted on its own: shorter ones are common words and symbols. */
export const PIECE = 8;

/** Secrets shorter than this are not secrets worth the false matches (a 3-character key is no key). */
const MIN_SECRET = 4;

/** Adds [start, end) of every match of `needle` in `text` to `spans`. */
function collectMatches(text: string, needle: string, spans: [number, number][]): void {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    spans.push([at, at + needle.length]);
  }
}

/** Every distinct run of PIECE characters of the secret (the secret itself when it is shorter). */
function piecesOf(secret: string): Set<string> {
  if (secret.length <= PIECE) return new Set([secret]);
  const pieces = new Set<string>();
  for (let i = 0; i + PIECE <= secret.length; i++) pieces.add(secret.slice(i, i + PIECE));
  return pieces;
}

const ESCAPE = /\\u([0-9a-fA-F]{4})|\\([/\\"])|%([0-9a-fA-F]{2})/g;

/**
 * `text` with its JSON and URL escapes decoded, and where each of its
 * characters starts in `text` (`starts[i]` for character i, and one more entry
 * for the end), so a match in the decoded text maps back to what to replace.
 * Null when `text` has no escape.
 */
function unescapedView(text: string): { plain: string; starts: number[] } | null {
  let plain = '';
  const starts: number[] = [];
  let copiedTo = 0;
  for (const match of text.matchAll(ESCAPE)) {
    for (let i = copiedTo; i < match.index; i++) starts.push(i);
    plain += text.slice(copiedTo, match.index);
    const [, unicode, simple, percent] = match;
    const code = unicode ?? percent;
    plain += code === undefined ? (simple as string) : String.fromCharCode(parseInt(code, 16));
    starts.push(match.index);
    copiedTo = match.index + match[0].length;
  }
  if (copiedTo === 0) return null;
  for (let i = copiedTo; i < text.length; i++) starts.push(i);
  starts.push(text.length);
  return { plain: plain + text.slice(copiedTo), starts };
}

/**
 * `text` with every occurrence of a secret, and of any PIECE-character run of
 * one, replaced by [redacted]; overlapping or touching matches become one.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  const spans: [number, number][] = [];
  const view = unescapedView(text);
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET) continue;
    for (const piece of piecesOf(secret)) {
      collectMatches(text, piece, spans);
      if (!view) continue;
      const escaped: [number, number][] = [];
      collectMatches(view.plain, piece, escaped);
      for (const [from, to] of escaped) {
        spans.push([view.starts[from] as number, view.starts[to] as number]);
      }
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let copiedTo = 0;
  let span = spans[0] as [number, number];
  for (const next of spans.slice(1)) {
    if (next[0] <= span[1]) {
      span = [span[0], Math.max(span[1], next[1])];
      continue;
    }
    out += text.slice(copiedTo, span[0]) + REDACTED;
    copiedTo = span[1];
    span = next;
  }
  return out + text.slice(copiedTo, span[0]) + REDACTED + text.slice(span[1]);
}

/** `text` cut to `max` characters, saying how much was cut. Redact before cutting. */
export function truncate(text: string, max: number): string {
  return text.length <= max
    ? text
    : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** Provider text for one line: redacted first, whitespace runs made one space, then cut. */
export function providerLine(
  text: string,
  secrets: readonly (string | undefined)[],
  max: number,
): string {
  return truncate(redactSecrets(text, secrets).replace(/\s+/g, ' ').trim(), max);
}
