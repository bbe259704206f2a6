// Sorting a table's rows by one column, as data: figures numerically, text
// in the reader's language's order, and a missing figure always last (a
// profile that measured nothing is neither the fastest nor the slowest).
// Pure, so the order is tested in Node; SortHeader.tsx is its button.

export type SortDirection = 'ascending' | 'descending';

/** The column sorted by and which way; null: the table's own order (a run's profile order). */
export type Sort<K extends string> = { key: K; direction: SortDirection } | null;

/** What a column sorts by: a figure, a text, or nothing (null, undefined, NaN: no figure). */
export type SortValue = number | string | null | undefined;

function missing(value: SortValue): value is null | undefined {
  return (
    value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))
  );
}

/**
 * Orders two values ascending, missing ones after every present one. Numbers
 * come before text when a column mixes them; texts compare with `collator`.
 */
export function compareValues(a: SortValue, b: SortValue, collator: Intl.Collator): number {
  if (missing(a) || missing(b)) return Number(missing(a)) - Number(missing(b));
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return collator.compare(a, b);
}

/**
 * The rows in `sort`'s order (a copy; ties keep the rows' own order). Missing
 * values stay last in both directions: descending reverses the present ones only.
 */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: Sort<K>,
  valueOf: (row: T, key: K) => SortValue,
  locale: string,
): T[] {
  if (!sort) return [...rows];
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: valueOf(row, sort.key) }));
  keyed.sort((x, y) => {
    if (missing(x.value) || missing(y.value)) return compareValues(x.value, y.value, collator);
    return sign * compareValues(x.value, y.value, collator);
  });
  return keyed.map((entry) => entry.row);
}

/**
 * A header's next sort when clicked: ascending first, then descending, then
 * the table's own order again (or, where there is none to go back to, ascending).
 */
export function nextSort<K extends string>(current: Sort<K>, key: K, cycle = true): Sort<K> {
  if (current?.key !== key) return { key, direction: 'ascending' };
  if (current.direction === 'ascending') return { key, direction: 'descending' };
  return cycle ? null : { key, direction: 'ascending' };
}

/** The `aria-sort` of a column's header. */
export function ariaSort<K extends string>(
  current: Sort<K>,
  key: K,
): 'ascending' | 'descending' | 'none' {
  return current?.key === key ? current.direction : 'none';
}
