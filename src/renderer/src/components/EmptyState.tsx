import type { ReactNode } from 'react';

/** What a newcomer sees where there is nothing yet: what it is, and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children}
    </div>
  );
}
