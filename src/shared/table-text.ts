// A table as text, for the clipboard and for reports: a header and rows of
// cells already formatted (figures rounded once, by whoever shows them).
// Markdown for documents and issues (GitHub's table syntax), TSV for
// spreadsheets. Plain strings in, plain string out: the renderer's "Copy"
// buttons and `report --format md` write the same tables.

export interface TableText {
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export type Alignment = 'left' | 'right';

/** A cell that starts with a figure ("1,204", "−3.5 %", "120–180", "3 of 5") reads best right-aligned. */
const FIGURE = /^[+\-−]?[\d.,]*\d/;

/** A cell that says "no figure" (empty, a dash) does not decide a column's alignment. */
const NO_FIGURE = /^[\s\-–—]*$/;

/** Right for a column whose every body cell with a figure starts with one (and that has one), left otherwise. */
export function alignmentsOf(table: TableText): Alignment[] {
  return table.header.map((_, column) => {
    const cells = table.rows
      .map((row) => row[column] ?? '')
      .filter((cell) => !NO_FIGURE.test(cell));
    return cells.length > 0 && cells.every((cell) => FIGURE.test(cell.trim())) ? 'right' : 'left';
  });
}

/**
 * A cell as Markdown text that reads back as the same characters: Markdown's
 * own punctuation (and the pipe that ends a cell) escaped with a backslash,
 * so that a profile named `<b>|*x*` stays text, and line breaks as `<br>`,
 * the one break a table cell can hold.
 */
export function markdownCell(cell: string): string {
  return cell.replace(/[\\`*_[\]<>|~]/g, '\\$&').replace(/\r\n|\r|\n/g, '<br>');
}

/** A GitHub-flavoured Markdown table, columns padded to line up in a monospace font. */
export function markdownTable(table: TableText, align = alignmentsOf(table)): string {
  const width = table.header.length;
  const lines = [table.header, ...table.rows].map((row) =>
    Array.from({ length: width }, (_, column) => markdownCell(row[column] ?? '')),
  );
  const widths = Array.from({ length: width }, (_, column) =>
    Math.max(3, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const pad = (cell: string, column: number): string => {
    const room = widths[column] ?? 0;
    return align[column] === 'right' ? cell.padStart(room) : cell.padEnd(room);
  };
  const rule = widths.map((w, column) =>
    align[column] === 'right' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w),
  );
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  const [head, ...body] = lines;
  return [
    line((head ?? []).map(pad)),
    line(rule),
    ...body.map((cells) => line(cells.map(pad))),
  ].join('\n');
}

/**
 * A cell as TSV text: a tab or line break inside it would start a new cell
 * or row, so they (and the backslash that escapes them) are written as `\t`,
 * `\n`, `\r` and `\\`, as PostgreSQL's text format and most TSV readers do.
 */
export function tsvCell(cell: string): string {
  return cell.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** Tab-separated values, a header line first, each line ended by a newline. */
export function tsvTable(table: TableText): string {
  const width = table.header.length;
  return [table.header, ...table.rows]
    .map((row) =>
      Array.from({ length: width }, (_, column) => tsvCell(row[column] ?? '')).join('\t'),
    )
    .map((line) => `${line}\n`)
    .join('');
}
