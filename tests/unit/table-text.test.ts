// Tables as Markdown and TSV: what is written reads back as the same cells
// (pipes, backslashes, Markdown's punctuation and line breaks inside a cell
// included), figures line up on the right, and a tab or newline never starts
// a cell or a row of its own.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignmentsOf, markdownTable, tsvTable, type TableText } from '../../src/shared/table-text';

/**
 * A GitHub-flavoured Markdown table read back into cells, as a renderer does:
 * rows split at unescaped pipes, cells trimmed, backslash escapes undone and
 * `<br>` read as the line break it draws.
 */
function parseMarkdown(markdown: string): { header: string[]; align: string[]; rows: string[][] } {
  const split = (line: string): string[] => {
    const cells: string[] = [];
    let cell = '';
    for (let i = 1; i < line.length - 1; i++) {
      const c = line[i] as string;
      if (c === '\\') {
        cell += c + (line[i + 1] ?? '');
        i++;
      } else if (c === '|') {
        cells.push(cell);
        cell = '';
      } else cell += c;
    }
    cells.push(cell);
    return cells.map((text) =>
      text
        .trim()
        .replace(/<br>/g, '\n')
        .replace(/\\([!-/:-@[-`{-~])/g, '$1'),
    );
  };
  const [head, rule, ...body] = markdown.split('\n');
  expect(head?.startsWith('| ') && head.endsWith(' |')).toBe(true);
  const align = split(rule ?? '').map((r) => {
    expect(r).toMatch(/^-{2,}:?$/);
    return r.endsWith(':') ? 'right' : 'left';
  });
  return { header: split(head ?? ''), align, rows: body.map(split) };
}

function parseTsv(tsv: string): string[][] {
  expect(tsv.endsWith('\n')).toBe(true);
  const unescape = (cell: string): string =>
    cell.replace(/\\(.)/g, (_, c: string) =>
      c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c,
    );
  return tsv
    .slice(0, -1)
    .split('\n')
    .map((line) => line.split('\t').map(unescape));
}

const table: TableText = {
  header: ['Profile', 'TTFT, ms: median', 'ok / n', 'Failures'],
  rows: [
    ['fast | cheap', '1,204', '5 of 5', 'none'],
    ['<img src=x onerror=alert(1)>', '98.5 ★', '4 of 5', '1 × HTTP error'],
    ['*bold* _it_ `code` \\ [link](x)', '–', '0 of 5', 'two\nlines'],
  ],
};

describe('Markdown tables', () => {
  it('read back as the same cells: pipes, markup and line breaks stay text', () => {
    const markdown = markdownTable(table);
    const parsed = parseMarkdown(markdown);
    expect(parsed.header).toEqual(table.header);
    expect(parsed.rows).toEqual(table.rows);
    // Every line has the same number of cells: an escaped pipe does not start one.
    for (const line of markdown.split('\n')) {
      expect(line.split(/(?<!\\)\|/).length).toBe(table.header.length + 2);
    }
    expect(markdown).toContain('fast \\| cheap');
    expect(markdown).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(markdown).toContain('two<br>lines');
  });

  it('align figure columns right, text left, and pad columns to line up', () => {
    expect(alignmentsOf(table)).toEqual(['left', 'right', 'right', 'left']);
    const markdown = markdownTable(table);
    expect(parseMarkdown(markdown).align).toEqual(['left', 'right', 'right', 'left']);
    const lines = markdown.split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    // Right-aligned: padded on the left.
    expect(lines[2]).toMatch(/\| {3,}1,204 \|/);
  });

  it('treat a dash (no figure) as neither text nor figure, and an empty column as text', () => {
    const dashes: TableText = {
      header: ['a', 'b', 'c'],
      rows: [
        ['–', '', 'x'],
        ['−2.5 %', '', '3'],
      ],
    };
    expect(alignmentsOf(dashes)).toEqual(['right', 'left', 'left']);
  });

  it('read back any cells whatever characters they hold', () => {
    const cell = fc
      .string({
        unit: fc.constantFrom(
          'a',
          'Z',
          '1',
          ' x',
          '|',
          '\\',
          '*',
          '_',
          '<',
          '>',
          '`',
          '[',
          ']',
          '~',
          '\n',
          '中',
          '#',
        ),
      })
      // A renderer trims a cell's outer spaces, so the tables the app writes have none.
      .map((text) => text.trim());
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 5 }),
        (rows) => {
          const written: TableText = { header: ['one', 'two', 'three'], rows };
          const parsed = parseMarkdown(markdownTable(written));
          expect(parsed.rows).toEqual(rows.map((row) => row.map((c) => c.replace(/\r\n?/g, '\n'))));
        },
      ),
    );
  });
});

describe('TSV tables', () => {
  it('keep a cell with tabs, newlines and backslashes in one cell', () => {
    const tricky: TableText = {
      header: ['name', 'value'],
      rows: [
        ['tab\there', 'line\nbreak'],
        ['back\\slash \\t', 'cr\r\nlf'],
      ],
    };
    const tsv = tsvTable(tricky);
    expect(tsv.split('\n')).toHaveLength(4);
    expect(tsv.split('\n')[1]).toBe('tab\\there\tline\\nbreak');
    expect(parseTsv(tsv)).toEqual([tricky.header, ...tricky.rows]);
  });

  it('write every row as wide as the header', () => {
    const ragged: TableText = { header: ['a', 'b', 'c'], rows: [['1'], ['1', '2', '3']] };
    expect(parseTsv(tsvTable(ragged))).toEqual([
      ['a', 'b', 'c'],
      ['1', '', ''],
      ['1', '2', '3'],
    ]);
  });
});
