// A word of jargon (TTFT, p95, chunk) with what it means one focus or hover
// away: the word is focusable, its explanation is its accessible description
// (aria-describedby) and shows as a tooltip while the word is hovered or
// focused; Escape hides it again (WCAG 1.4.13: dismissable without moving).

import { useId, useState, type ReactNode } from 'react';
import './term.css';

export function Term({ children, description }: { children: ReactNode; description: string }) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span className="term" data-dismissed={dismissed || undefined}>
      <span
        className="term-word"
        tabIndex={0}
        aria-describedby={id}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
        onBlur={() => setDismissed(false)}
        onMouseLeave={() => setDismissed(false)}
      >
        {children}
      </span>
      <span role="tooltip" id={id} className="term-tip">
        {description}
      </span>
    </span>
  );
}
