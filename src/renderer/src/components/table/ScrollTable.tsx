// The box a wide table scrolls in: its header and first column stay (table.css),
// a shadow on either side says there are more columns that way, and the box
// is a named region that takes the focus, so a keyboard scrolls it too.

import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import './table.css';

export function ScrollTable(props: {
  /** The id of what names the table (its caption or heading). */
  labelledBy: string;
  /** The scroll box, for a caller that measures it (useFittingColumns). */
  box?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const own = useRef<HTMLDivElement>(null);
  const box = props.box ?? own;
  const frame = useRef<HTMLDivElement>(null);

  // Set on the frame directly: scrolling re-renders nothing.
  useLayoutEffect(() => {
    const element = box.current;
    const edges = frame.current;
    if (!element || !edges) return;
    const mark = (): void => {
      const end = element.scrollWidth - element.clientWidth;
      edges.dataset['moreLeft'] = String(element.scrollLeft > 1);
      edges.dataset['moreRight'] = String(element.scrollLeft < end - 1);
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', mark, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', mark);
    };
  }, [box]);

  return (
    <div ref={frame} className="table-frame">
      {/* Focusable: a narrow window scrolls the table sideways, and keyboards must reach it. */}
      <div
        ref={box}
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-labelledby={props.labelledBy}
      >
        {props.children}
      </div>
    </div>
  );
}
