import { describe, expect, it } from 'vitest';
import { jsonText, oneLine, printable } from '../../src/main/cli/format';

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
