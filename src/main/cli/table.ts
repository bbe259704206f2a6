// Plain text tables for lists (profiles, runs): columns padded to their widest
// cell as a terminal shows it, so names in Chinese or with emoji line up too.
// Cells hold text from anywhere (a run file's profile names, a provider's
// model ids): the table shows every cell with oneLine, so no column can let
// an escape sequence or a line break through.

import { oneLine } from './format';

// East Asian wide and fullwidth ranges, and the emoji planes: two columns each.
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
// Combining marks and zero-width characters take no column of their own.
const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufeff]/u;

/** How many terminal columns `text` takes. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (ZERO_WIDTH.test(char)) continue;
    width += WIDE.test(char) ? 2 : 1;
  }
  return width;
}

function pad(text: string, width: number, right: boolean): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}

/** `text` cut to at most `max` columns, with … when cut. */
export function truncate(text: string, max: number): string {
  if (displayWidth(text) <= max) return text;
  let result = '';
  for (const char of text) {
    if (displayWidth(result + char) > max - 1) break;
    result += char;
  }
  return `${result}…`;
}

/**
 * A table with a header row; `rightAligned` lists the columns of figures,
 * `maxWidth` the columns cut to a width (column index to columns of text).
 * Each line is indented by `indent` and has no trailing spaces.
 */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  {
    rightAligned = [],
    maxWidth = {},
    indent = '',
  }: {
    rightAligned?: readonly number[];
    maxWidth?: Readonly<Record<number, number>>;
    indent?: string;
  } = {},
): string {
  const cell = (text: string | undefined, i: number): string => {
    const shown = oneLine(text ?? '');
    const max = maxWidth[i];
    return max === undefined ? shown : truncate(shown, max);
  };
  const all = [header, ...rows].map((row) => header.map((_, i) => cell(row[i], i)));
  // Folded, not spread into Math.max: a history can have more rows than a call takes arguments.
  const widths = header.map((_, i) =>
    all.reduce((widest, row) => Math.max(widest, displayWidth(row[i] ?? '')), 0),
  );
  return all
    .map(
      (row) =>
        indent +
        row
          .map((text, i) => pad(text, widths[i] ?? 0, rightAligned.includes(i)))
          .join('  ')
          .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}
