// Where a request comes from, checked before anything else about it (before
// its token, so a refused page learns nothing): it must be addressed to this
// server by one of its own names, and a browser must send it from this
// server's own pages. Browsers attach Origin to every cross-origin call and
// Sec-Fetch-Site to every request; other clients (curl, the tests) send
// neither and are judged by their token alone.

import type { IncomingMessage } from 'node:http';

export interface AllowedSource {
  /** Host header values, lower case (see host-names.ts). */
  hosts: ReadonlySet<string>;
  origins: ReadonlySet<string>;
}

/** Why the request is refused (a 403), or null when it may go on to authentication. */
export function refusedSource(req: IncomingMessage, allowed: AllowedSource): string | null {
  const host = req.headers.host?.toLowerCase();
  if (host === undefined || !allowed.hosts.has(host)) {
    return `this server answers only requests addressed to ${[...allowed.hosts].join(' or ')}: a request for another host name (as DNS rebinding sends) is refused`;
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed.origins.has(origin.toLowerCase())) {
    return `a page of another origin (${origin.slice(0, 200)}) may not use this server`;
  }
  return isForeignSubresource(req)
    ? 'a page of another site (or of another port on this machine) may not load from this server'
    : null;
}

/**
 * A page elsewhere may link to the app (a top-level navigation, which then
 * needs the token), but not embed, fetch or script it. Cookies are shared
 * between the ports of one host, so a page on 127.0.0.1:OTHER counts as the
 * same site and would send the session cookie with a plain <script src> or
 * <img src>, which carry no Origin header: Sec-Fetch-Site catches those.
 */
function isForeignSubresource(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  const topLevelNavigation =
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.headers['sec-fetch-mode'] === 'navigate' &&
    req.headers['sec-fetch-dest'] === 'document';
  return !topLevelNavigation;
}
