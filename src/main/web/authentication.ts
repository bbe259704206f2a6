// Who may use the server: a client that shows the launch's token, either as
// `Authorization: Bearer TOKEN` (scripts, tests) or as the session cookie that
// opening the printed URL sets (a browser, whose pages cannot send the header
// by themselves and should not keep the token in the address bar).

import type { IncomingMessage } from 'node:http';
import { isSessionToken } from './session-token';

export type Credential = 'valid' | 'missing' | 'wrong';

/**
 * Cookies are kept per host, not per port: the port in the name keeps two
 * servers on one machine (two `lasttoken web`, one per history) from
 * replacing each other's session.
 */
export function sessionCookieName(port: number): string {
  return `lasttoken_session_${port}`;
}

/** HttpOnly: no script reads it; SameSite=Strict: no other site's page sends it. */
export function sessionCookie(name: string, token: string): string {
  return `${name}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

export function credentialOf(req: IncomingMessage, token: string, cookieName: string): Credential {
  const shown = [bearerToken(req), cookieValue(req, cookieName)].filter(
    (value): value is string => value !== null,
  );
  if (shown.length === 0) return 'missing';
  return shown.some((value) => isSessionToken(value, token)) ? 'valid' : 'wrong';
}

function bearerToken(req: IncomingMessage): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function cookieValue(req: IncomingMessage, name: string): string | null {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return null;
}
