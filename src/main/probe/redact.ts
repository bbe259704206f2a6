// Providers echo the credential they were sent: in error bodies, in response
// headers, even in the answer. Nothing that leaves the engine (errors, notes,
// header values, the stored text) may carry it, whole or in part: every
// stretch of text that matches PIECE or more characters of a secret (or
// BASE64_PIECE of its base64) is replaced, before anything is cut to length
// (a cut must never leave a piece of a key behind, as cutting first and
// redacting second did). A secret echoed escaped, as JSON (\u0073k-...) or a
// URL (%2D) may write it, or base64-encoded (base64-echo.ts says which forms
// are found), is a secret all the same.

import { base64Forms } from './base64-echo';
import { stretchFinder, type Span, type StretchTarget } from './stretch-finder';

export const REDACTED = '[redacted]';

/** The shortest piece of a secret that is redacted on its own: shorter ones are common words and symbols. */
export const PIECE = 8;

/**
 * The shortest stretch of a secret's base64 redacted on its own: PIECE bytes
 * (64 bits) fill 10 characters of their own wherever in a blob they fall, and
 * 60 bits are never there by chance.
 */
const BASE64_PIECE = 10;

/** Secrets shorter than this are not secrets worth the false matches (a 3-character key is no key). */
const MIN_SECRET = 4;

/** What to find of a secret: PIECE characters of it (all when shorter), or of its base64. */
function targetsOf(secret: string): StretchTarget[] {
  return [
    { text: secret, min: Math.min(PIECE, secret.length) },
    ...base64Forms(secret).map((form) => ({ text: form, min: BASE64_PIECE })),
  ];
}

const ESCAPE = /\\u([0-9a-fA-F]{4})|\\([/\\"])|%([0-9a-fA-F]{2})/g;

/**
 * `text` with its JSON and URL escapes decoded, and where character i of the
 * decoded text starts in `text` (i may be its length: the end), so a match in
 * the decoded text maps back to what to replace. Null when `text` has no
 * escape. Only the escapes are recorded, not every character: a megabyte of
 * text has a megabyte of positions but few escapes.
 */
function unescapedView(text: string): { plain: string; startOf: (i: number) => number } | null {
  const parts: string[] = [];
  // Escape k is character decodedAt[k] of the decoded text and text[escapeAt[k], escapeEnd[k]).
  const decodedAt: number[] = [];
  const escapeAt: number[] = [];
  const escapeEnd: number[] = [];
  let decodedLength = 0;
  let copiedTo = 0;
  for (const match of text.matchAll(ESCAPE)) {
    parts.push(text.slice(copiedTo, match.index));
    decodedLength += match.index - copiedTo;
    const [, unicode, simple, percent] = match;
    const code = unicode ?? percent;
    parts.push(code === undefined ? (simple as string) : String.fromCharCode(parseInt(code, 16)));
    decodedAt.push(decodedLength++);
    escapeAt.push(match.index);
    copiedTo = match.index + match[0].length;
    escapeEnd.push(copiedTo);
  }
  if (copiedTo === 0) return null;
  parts.push(text.slice(copiedTo));
  const startOf = (i: number): number => {
    // The last escape at or before character i.
    let low = 0;
    let high = decodedAt.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((decodedAt[mid] as number) <= i) low = mid + 1;
      else high = mid;
    }
    if (low === 0) return i;
    const at = decodedAt[low - 1] as number;
    return i === at ? (escapeAt[low - 1] as number) : (escapeEnd[low - 1] as number) + i - at - 1;
  };
  return { plain: parts.join(''), startOf };
}

/**
 * A function that returns its text with every occurrence of a secret, and of
 * any PIECE-character run of one or of its base64, replaced by [redacted];
 * overlapping or touching matches become one. Made once for many texts (a
 * model list's every field), since finding the secrets' forms has a cost.
 */
export function secretRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const kept = secrets.filter((s): s is string => s !== undefined && s.length >= MIN_SECRET);
  if (kept.length === 0) return (text) => text;
  const collect = stretchFinder(kept.flatMap(targetsOf));
  return (text) => {
    const spans: Span[] = [];
    collect(text, spans);
    const view = unescapedView(text);
    if (view) {
      const escaped: Span[] = [];
      collect(view.plain, escaped);
      for (const [from, to] of escaped) spans.push([view.startOf(from), view.startOf(to)]);
    }
    return replaced(text, spans);
  };
}

/** `text` with each span, or run of overlapping or touching spans, replaced by [redacted]. */
function replaced(text: string, spans: Span[]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let copiedTo = 0;
  let span = spans[0] as Span;
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

/** `text` redacted of the secrets, as secretRedactor's function does it. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  return secretRedactor(secrets)(text);
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
