// Plain text tables for lists (profiles, runs): columns padded to their widest
// cell as a terminal shows it, so names in Chinese or with emoji line up too.

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
 * A table with a header row; `rightAligned` lists the columns of figures.
 * Each line is indented by `indent` and has no trailing spaces.
 */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  { rightAligned = [], indent = '' }: { rightAligned?: readonly number[]; indent?: string } = {},
): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => displayWidth(row[i] ?? ''))));
  return all
    .map(
      (row) =>
        indent +
        header
          .map((_, i) => pad(row[i] ?? '', widths[i] ?? 0, rightAligned.includes(i)))
          .join('  ')
          .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}
