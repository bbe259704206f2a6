// Sorting a table's rows: figures by value, text in the language's order,
// a missing figure last whichever way, ties in the table's own order.

import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  compareValues,
  nextSort,
  sortRows,
  type Sort,
  type SortValue,
} from '../../src/renderer/src/components/table/sort';

interface Row {
  id: string;
  value: SortValue;
}

const rows: Row[] = [
  { id: 'a', value: 100 },
  { id: 'b', value: null },
  { id: 'c', value: 9 },
  { id: 'd', value: Number.NaN },
  { id: 'e', value: 25.5 },
  { id: 'f', value: undefined },
  { id: 'g', value: 9 },
];

const ids = (sorted: Row[]): string[] => sorted.map((row) => row.id);
const by = (sort: Sort<'value'>, list: Row[] = rows, locale = 'en'): string[] =>
  ids(sortRows(list, sort, (row) => row.value, locale));

describe('table sort', () => {
  it('orders figures by value, not as text (9 before 25.5 before 100)', () => {
    expect(by({ key: 'value', direction: 'ascending' })).toEqual([
      'c',
      'g',
      'e',
      'a',
      'b',
      'd',
      'f',
    ]);
  });

  it('keeps missing figures last when descending too, and ties in their own order', () => {
    expect(by({ key: 'value', direction: 'descending' })).toEqual([
      'a',
      'e',
      'c',
      'g',
      'b',
      'd',
      'f',
    ]);
  });

  it('leaves the rows as they are without a sort, and never changes the array it is given', () => {
    const before = ids(rows);
    expect(by(null)).toEqual(before);
    by({ key: 'value', direction: 'descending' });
    expect(ids(rows)).toEqual(before);
  });

  it("orders text as the reader's language does: case and accents aside, numbers within names by value", () => {
    const names: Row[] = ['beta', 'Alpha', 'émile', 'Zed', 'node 10', 'node 9', ''].map(
      (value) => ({
        id: value,
        value,
      }),
    );
    expect(by({ key: 'value', direction: 'ascending' }, names)).toEqual([
      '',
      'Alpha',
      'beta',
      'émile',
      'node 9',
      'node 10',
      'Zed',
    ]);
    // Chinese names sort by their pinyin in zh-CN.
    const chinese: Row[] = ['张', '阿', '李'].map((value) => ({ id: value, value }));
    expect(by({ key: 'value', direction: 'ascending' }, chinese, 'zh-CN')).toEqual([
      '阿',
      '李',
      '张',
    ]);
  });

  it('puts numbers before text in a mixed column, missing values after both', () => {
    const collator = new Intl.Collator('en');
    expect(compareValues(3, 'x', collator)).toBeLessThan(0);
    expect(compareValues('x', 3, collator)).toBeGreaterThan(0);
    expect(compareValues(null, 'x', collator)).toBeGreaterThan(0);
    expect(compareValues(null, undefined, collator)).toBe(0);
    expect(compareValues(-1, -0.5, collator)).toBeLessThan(0);
  });

  it('cycles a header ascending, descending, then back to the table’s order (or ascending again)', () => {
    const first = nextSort<'a' | 'b'>(null, 'a');
    expect(first).toEqual({ key: 'a', direction: 'ascending' });
    const second = nextSort(first, 'a');
    expect(second).toEqual({ key: 'a', direction: 'descending' });
    expect(nextSort(second, 'a')).toBeNull();
    expect(nextSort(second, 'a', false)).toEqual({ key: 'a', direction: 'ascending' });
    // Another column starts ascending.
    expect(nextSort(second, 'b')).toEqual({ key: 'b', direction: 'ascending' });
    expect(ariaSort(second, 'a')).toBe('descending');
    expect(ariaSort(second, 'b')).toBe('none');
    expect(ariaSort(null, 'a')).toBe('none');
  });
});
