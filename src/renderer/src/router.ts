// The app's screens as hash routes, so that a link (`#/runs/<id>` after the
// URL `lasttoken web` prints) opens one, the browser's back button works, and
// a file:// page (the Electron window) needs no server. Hand-written: five
// routes and a hashchange listener are less than a router library's setup.

import { useEffect, useState } from 'react';

export type Route =
  /** `from`: filled in from that run's settings ("Run again"); in the address, so a reload or Back finds it. */
  | { page: 'new-run'; from?: string }
  | { page: 'run'; runId: string }
  | { page: 'history' }
  | { page: 'compare'; a: string; b: string }
  | { page: 'profiles' }
  | { page: 'settings' };

export type PageName = Route['page'];

/** Where the app opens: a newcomer can run the demo profile from there at once. */
export const HOME: Route = { page: 'new-run' };

export function parseRoute(hash: string): Route | null {
  const [path = '', query = ''] = hash.replace(/^#\/?/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third] = parts;
  if (parts.length === 0) return HOME;
  if (first === 'runs' && second === 'new' && parts.length === 2) {
    const from = new URLSearchParams(query).get('from');
    return from ? { page: 'new-run', from } : { page: 'new-run' };
  }
  if (first === 'runs' && second && parts.length === 2) return { page: 'run', runId: second };
  if (first === 'history' && parts.length === 1) return { page: 'history' };
  if (first === 'compare' && second && third && parts.length === 3) {
    return { page: 'compare', a: second, b: third };
  }
  if (first === 'profiles' && parts.length === 1) return { page: 'profiles' };
  if (first === 'settings' && parts.length === 1) return { page: 'settings' };
  return null;
}

export function hrefOf(route: Route): string {
  switch (route.page) {
    case 'new-run':
      return route.from === undefined
        ? '#/runs/new'
        : `#/runs/new?${new URLSearchParams({ from: route.from }).toString()}`;
    case 'run':
      return `#/runs/${encodeURIComponent(route.runId)}`;
    case 'history':
      return '#/history';
    case 'compare':
      return `#/compare/${encodeURIComponent(route.a)}/${encodeURIComponent(route.b)}`;
    case 'profiles':
      return '#/profiles';
    case 'settings':
      return '#/settings';
  }
}

export function navigate(route: Route): void {
  window.location.hash = hrefOf(route);
}

/** The route the address shows (null: nothing known lives there), following every change. */
export function useRoute(): Route | null {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
