import { describe, expect, it } from 'vitest';
import { jsonText, oneLine, printable, safeLine } from '../../src/main/cli/format';
import { renderTable } from '../../src/main/cli/table';

describe('provider text on a terminal', () => {
  it('shows every character a terminal would obey as its escape', () => {
    expect(printable('a\x1b]0;title\x07b')).toBe('a\\x1b]0;title\\x07b');
    expect(printable('progress\rover')).toBe('progress\\rover');
    expect(printable('\x00\x7f\u0085\u009b')).toBe('\\x00\\x7f\\x85\\x9b');
    expect(printable('\u202eevil\u2066\u2028')).toBe('\\u202eevil\\u2066\\u2028');
  });

  it('keeps newlines, tabs and every ordinary character, CJK and emoji included', () => {
    const text = 'line one\n\tline two: 流式传输 🎉 ünïcödé';
    expect(printable(text)).toBe(text);
    expect(oneLine(text)).toBe('line one  line two: 流式传输 🎉 ünïcödé');
  });

  it('writes the same JSON value with C1 controls and bidi overrides escaped', () => {
    const value = { error: 'a\u009b31m\u202e\u2028b\x1b', text: '流' };
    const json = jsonText(value);
    expect(json).not.toMatch(/[\u0080-\u009f\u2028\u202e]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('the one way text from elsewhere reaches a terminal', () => {
  const hostile = 'a\x1b[2Jb\u202ec\nd';

  it('a line escapes every value put in it, and only the values', () => {
    expect(safeLine`run ${hostile} of ${3} profiles\n`).toBe(
      'run a\\x1b[2Jb\\u202ec d of 3 profiles\n',
    );
  });

  it('a table escapes every cell, whatever its column, and lines up what it shows', () => {
    const table = renderTable(
      ['id', 'name'],
      [
        [hostile, 'plain'],
        ['x', hostile],
      ],
    );
    const shown = 'a\\x1b[2Jb\\u202ec d';
    expect(table).toBe(
      [
        `${'id'.padEnd(shown.length)}  name`,
        `${shown}  plain`,
        `${'x'.padEnd(shown.length)}  ${shown}`,
        '',
      ].join('\n'),
    );
  });

  it('a table cuts a column to its width after escaping, so the cut text is what shows', () => {
    const table = renderTable(['name'], [['\u202e'.repeat(5)]], { maxWidth: { 0: 8 } });
    expect(table).toBe('name\n\\u202e\\…\n');
  });
});
