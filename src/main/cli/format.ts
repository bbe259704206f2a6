// Number formatting shared by the progress lines and the report, so a figure
// reads the same in both.

import { msDecimals } from '../../shared/duration';
import type { SummaryMetric } from '../../shared/trial';

/** Milliseconds: whole from 100 up (sub-ms digits there are noise), one decimal below. */
export function formatMs(ms: number): string {
  const text = ms.toFixed(msDecimals(ms));
  // A value that rounds to zero reads 0, whatever its sign ("-0.0" is float noise).
  return `${Number(text) === 0 ? text.replace('-', '') : text} ms`;
}

/** A count that may be a median of counts (then it can end in .5). */
export function formatCount(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A signed difference, "+3" / "-2" / "0". */
export function formatSigned(n: number, format: (n: number) => string = formatCount): string {
  return n > 0 ? `+${format(n)}` : format(n);
}

/** How a summary metric's values are written: its unit decides. */
export function formatMetric(metric: SummaryMetric, value: number): string {
  if (metric.endsWith('_ms')) return formatMs(value);
  if (metric.endsWith('_tps')) return value.toFixed(1);
  if (metric === 'tokens_per_chunk_mean') return value.toFixed(2);
  return formatCount(value);
}

/** "1 trial", "2 trials". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

// Characters a terminal obeys instead of showing: C0 controls (escape
// sequences set the window title, clear the screen, move the cursor; a
// carriage return overwrites the line), DEL, C1 controls (U+009B is a CSI on
// some terminals), and the line separators and bidirectional overrides that
// make text read other than it is. Newline and tab are layout, not commands.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (char === '\r') return '\\r';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}

/**
 * Text from a provider (or anything stored) made safe to print to a terminal:
 * every character a terminal would obey is shown as its escape (\x1b, \r,
 * \u202e). Only what is printed changes; stored text stays as received.
 */
export function printable(text: string): string {
  return text.replace(OBEYED, visible);
}

/** As printable, on one line: newlines and tabs become spaces. */
export function oneLine(text: string): string {
  return printable(text).replace(/[\n\t]/g, ' ');
}

/**
 * A line of LastToken's own words around values from elsewhere (a run file,
 * the history, a provider): every `${value}` is shown with oneLine, so none
 * can move the cursor, rewrite the line or begin a line of its own. The words
 * are code, and may hold the line's newline.
 */
export function safeLine(words: TemplateStringsArray, ...values: readonly unknown[]): string {
  return words.reduce((line, word, i) => line + oneLine(String(values[i - 1])) + word);
}

/**
 * JSON for stdout. JSON.stringify escapes C0 controls but writes C1 controls,
 * line separators and bidi overrides as they are; the \u escapes here are the
 * same JSON value, harmless on a terminal.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
