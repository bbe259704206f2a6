// A column header that sorts its table: a button inside the <th> (so Tab
// reaches it and Enter or Space presses it), the header's aria-sort saying
// the order to screen readers, and an arrow saying it to everyone else.

import type { ReactNode } from 'react';
import { ariaSort, nextSort, type Sort } from './sort';

const MARK = { ascending: '↑', descending: '↓', none: '↕' } as const;

export function SortHeader<K extends string>(props: {
  sortKey: K;
  sort: Sort<K>;
  onSort: (next: Sort<K>) => void;
  children: ReactNode;
  /** After descending, back to the table's own order (true), or ascending again. */
  cycle?: boolean;
  className?: string;
  title?: string;
  rowSpan?: number;
}) {
  const state = ariaSort(props.sort, props.sortKey);
  return (
    <th
      scope="col"
      aria-sort={state}
      rowSpan={props.rowSpan}
      className={props.className ? `sortable ${props.className}` : 'sortable'}
      title={props.title}
    >
      <button
        type="button"
        className="sort-button"
        data-sort={state}
        onClick={() => props.onSort(nextSort(props.sort, props.sortKey, props.cycle ?? true))}
      >
        <span className="sort-label">{props.children}</span>
        <span className="sort-mark" aria-hidden="true">
          {MARK[state]}
        </span>
      </button>
    </th>
  );
}
