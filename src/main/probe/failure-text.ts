// Turns what went wrong into one sentence a user can act on.

import { ProxyError } from './proxy/proxy-error';

// Said after each error that means "nobody this process trusts vouches for the
// server's certificate" (a company's proxy or a local gateway with its own CA):
// trusting that CA is the fix. Turning verification off never is: it would
// send the API key to whoever answers.
const TRUST_HINT =
  '; to trust it, give LastToken the certificate of the authority that issued it: ' +
  'NODE_EXTRA_CA_CERTS=/path/to/ca.pem lasttoken …, or NODE_EXTRA_CA_CERTS=/path/to/ca.pem npm start';

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused: nothing is listening at that address',
  ENOTFOUND: 'DNS lookup failed: the host name does not resolve',
  EAI_AGAIN: 'DNS lookup failed temporarily: check the network',
  ECONNRESET: 'the connection was reset by the server',
  EPIPE: 'the server closed the connection while the request was being sent',
  ETIMEDOUT: 'the operating system timed out the connection',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  CERT_HAS_EXPIRED: 'TLS: the server certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: `TLS: the server certificate is self-signed${TRUST_HINT}`,
  SELF_SIGNED_CERT_IN_CHAIN: `TLS: a certificate in the chain is self-signed${TRUST_HINT}`,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: `TLS: the server certificate cannot be verified${TRUST_HINT}`,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: `TLS: the certificate's issuer is not trusted here${TRUST_HINT}`,
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS: the certificate does not match the host name',
};

// OpenSSL's reasons when the peer answered in something other than TLS
// (an http server's reply read as a TLS record).
const NOT_TLS = new Set(['wrong version number', 'packet length too long', 'http request']);

/**
 * OpenSSL's own words are long and cryptic ("write EPROTO 80EC...:error:0A00010B:
 * SSL routines:ssl3_get_record:wrong version number:../deps/...:350:"); say
 * what happened and what the user can do.
 */
function tlsErrorText(error: Error & { code?: string; reason?: string }): string | null {
  if (error.code !== 'EPROTO' && !error.code?.startsWith('ERR_SSL_')) return null;
  const reason =
    error.reason ?? /error:[0-9A-F]+:[^:]*:[^:]*:([^:]+)/.exec(error.message)?.[1] ?? '';
  if (NOT_TLS.has(reason.toLowerCase())) {
    return 'TLS handshake failed: the server does not speak TLS on this port (is the URL http://, not https://?)';
  }
  return `TLS handshake failed${reason ? `: ${reason}` : ''}`;
}

/** What a failed connection means, in words a user can act on (the error's own message when it is not a known case). */
export function networkReason(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code ? NETWORK_CODES[code] : undefined) ?? tlsErrorText(error) ?? error.message;
}

/** A failed request, said of `host`; a proxy's failure already names the proxy instead. */
export function networkErrorText(error: Error, host: string): string {
  if (error instanceof ProxyError) return error.message;
  return `${networkReason(error)} (${host})`;
}

/**
 * The provider's own message from an error body, in any of the shapes APIs
 * use, else the body itself. Uncut: redact it, then cut it.
 */
export function providerErrorMessage(body: string): string {
  const text = body.trim();
  if (!text) return '';
  try {
    const json = JSON.parse(text) as unknown;
    const found = findMessage(json);
    if (found) return found;
  } catch {
    // Not JSON: an HTML error page or plain text.
  }
  return text;
}

function findMessage(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ['error', 'message', 'detail', 'msg']) {
    const found = findMessage(record[key]);
    if (found) return found;
  }
  return null;
}

/**
 * Retry-After is either delta-seconds or an HTTP date. A date is rounded up to
 * whole seconds: a client that waits what this says never comes back early.
 */
export function parseRetryAfter(value: string | undefined, nowMs = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  // Hundreds of digits are Infinity as a number: not a wait anyone can keep, nor store as one.
  if (/^\d+(\.\d+)?$/.test(trimmed))
    return Number.isFinite(Number(trimmed)) ? Number(trimmed) : null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - nowMs) / 1000));
}
