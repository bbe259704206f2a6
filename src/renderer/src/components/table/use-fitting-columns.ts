// Which of a table's columns fit its box: measured, not guessed from the
// window (a card beside a side panel is narrower than the window says). When
// the table is wider than its scroll box, as many columns as make up the
// difference go into the rows' details, in the order the table gives (the
// least needed first); a wider box, or other contents, start again with
// every column. An overflowing table is at its narrowest already, so each
// header's width is what hiding its column gives back.

import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export function useFittingColumns<K extends string>(
  box: RefObject<HTMLElement | null>,
  /** The columns that may go into the details, the first to go first; their <th>s carry data-column. */
  collapsible: readonly K[],
  /** What the cells' widths follow (the rows, the language): when one changes, they are measured again. */
  contents: readonly unknown[],
): ReadonlySet<K> {
  const [hidden, setHidden] = useState(0);
  const [measured, setMeasured] = useState(contents);
  if (measured.length !== contents.length || measured.some((c, i) => c !== contents[i])) {
    setMeasured(contents);
    setHidden(0);
  }

  // What the observer reads, as of the last render.
  const order = useRef(collapsible);
  const shown = useRef(hidden);
  useLayoutEffect(() => {
    order.current = collapsible;
    shown.current = hidden;
  });

  useLayoutEffect(() => {
    const element = box.current;
    const table = element?.querySelector('table');
    if (!element || !table) return;
    let width = element.clientWidth;
    const fit = (): void => {
      const overflow = element.scrollWidth - element.clientWidth;
      if (overflow <= 1) return;
      let freed = 0;
      let count = shown.current;
      for (const key of order.current.slice(count)) {
        if (freed >= overflow) break;
        const header = element.querySelector(`th[data-column="${key}"]`);
        freed += header?.getBoundingClientRect().width ?? 0;
        count++;
      }
      setHidden(count);
    };
    // The box grew: every column may fit again. The table changed (its rows, a
    // question in place of Delete, the columns just hidden): check it fits.
    const observer = new ResizeObserver(() => {
      const grew = element.clientWidth > width;
      width = element.clientWidth;
      if (grew && shown.current > 0) setHidden(0);
      else fit();
    });
    observer.observe(element);
    observer.observe(table);
    return () => observer.disconnect();
  }, [box]);

  return new Set(collapsible.slice(0, hidden));
}
