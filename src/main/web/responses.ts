// What every response of the server carries, and its two ways of saying no:
// the API's ApiResult envelope as JSON, or a short page for a person in a
// browser tab.

import type { ServerResponse } from 'node:http';
import type { ApiError, ApiErrorCode, ApiResult } from '../../shared/api';
import { contentSecurityPolicy } from '../shell/csp';

/**
 * The window's policy, plus what only a header can say: no page may frame the
 * app (frame-ancestors is ignored in a meta tag).
 */
const CONTENT_SECURITY_POLICY = `${contentSecurityPolicy({ dev: false })}; frame-ancestors 'none'`;

/**
 * Set on every response before anything else, refusals included. No
 * Access-Control-* header is ever sent, so a page of another origin can
 * read nothing; CORP and COOP keep other pages from loading our responses
 * into theirs or holding a handle on our window.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Everything here is behind the token, and the history changes under it.
  'Cache-Control': 'no-store',
};

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/** The HTTP status that says the same as each error code of the envelope. */
const STATUSES: Readonly<Record<ApiErrorCode, number>> = {
  invalid_input: 400,
  invalid: 400,
  not_found: 404,
  refused: 403,
  keychain_unavailable: 503,
  // 507 Insufficient Storage: the history cannot be written (read-only, a full disk).
  storage: 507,
  // 502 Bad Gateway: the provider behind the call refused or failed.
  provider: 502,
  internal: 500,
};

function httpStatusOf(result: ApiResult<unknown>): number {
  return result.ok ? 200 : STATUSES[result.error.code];
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: ApiResult<unknown>,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendApiResult(res: ServerResponse, result: ApiResult<unknown>): void {
  sendJson(res, httpStatusOf(result), result);
}

/** Which way a refusal is said: to the renderer's client (JSON) or to a person (a page). */
export type Audience = 'api' | 'page';

export function refuse(
  res: ServerResponse,
  audience: Audience,
  status: number,
  error: ApiError,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (audience === 'api') {
    sendJson(res, status, { ok: false, error }, headers);
    return;
  }
  const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>LastToken</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>LastToken</h1>
<p>${escapeHtml(error.message)}</p>
</body>
</html>
`;
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(page),
  });
  // Node leaves the body out of an answer to HEAD.
  res.end(page);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
