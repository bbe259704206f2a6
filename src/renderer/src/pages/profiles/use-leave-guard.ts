// Asks before a form with unsaved changes is left. The app moves between
// screens by hash links, so a click on one is held back while the question
// is open; any other change of the address (Back, a script) is undone at
// once, before the screens follow it, and asked about the same way. Closing
// or reloading the page gets the browser's own question.

import { useEffect, useRef, useState } from 'react';

export interface LeaveGuard {
  /** The address the user asked to go to, while the question is open. */
  pending: string | null;
  stay: () => void;
  leave: () => void;
  /** Saved: the move away that follows is not asked about. */
  release: () => void;
}

/** A plain left click on a link to another of the app's addresses, or null. */
function appLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const href = link?.getAttribute('href') ?? null;
  return href?.startsWith('#') && href !== window.location.hash ? href : null;
}

export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  const [pending, setPending] = useState<string | null>(null);
  const released = useRef(false);
  // The form's own address, as last shown (saving a new profile gives it another).
  const here = useRef('');
  useEffect(() => {
    here.current = window.location.href;
  });

  useEffect(() => {
    if (!unsaved) return;
    const onClick = (event: MouseEvent): void => {
      const href = released.current ? null : appLinkOf(event);
      if (href === null) return;
      event.preventDefault();
      setPending(href);
    };
    // A move in the history (Back, a script) fires popstate before the hashchange the screens
    // follow: the form's address is back by the time they read it, so nothing moves.
    const onPopState = (): void => {
      if (released.current) return;
      const target = window.location.hash;
      window.history.pushState(null, '', here.current);
      setPending(target);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      if (!released.current) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved]);

  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      if (pending === null) return;
      released.current = true;
      setPending(null);
      window.location.hash = pending;
    },
    release: () => {
      released.current = true;
    },
  };
}
