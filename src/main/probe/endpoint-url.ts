import { WordedError } from '../../shared/messages';
import type { Dialect } from '../../shared/trial';
import { urlCredentialProblem } from './url-credentials';

// Each dialect's SDK appends its own path to the base URL. A URL that already
// ends in that path is used as it is, so the seed script's ENDPOINT (the full
// URL) can be pasted unchanged.
export const DIALECT_PATHS: Record<Dialect, string> = {
  'openai-chat': '/chat/completions',
  'anthropic-messages': '/v1/messages',
  'openai-responses': '/responses',
};

export class EndpointUrlError extends WordedError {}

/**
 * A base URL as a user gives it, refused when it is not one or would carry a
 * credential. No message repeats it: one that cannot be read cannot be
 * checked for a key either.
 */
export function parseBaseUrl(baseUrl: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl.trim());
  } catch {
    throw new EndpointUrlError({ key: 'probe.url_invalid' });
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    // Not the origin: for file:, data: and the like it is the string "null".
    throw new EndpointUrlError({ key: 'probe.url_protocol', values: { protocol: base.protocol } });
  }
  const credential = urlCredentialProblem(base);
  if (credential) throw new EndpointUrlError(credential);
  return base;
}

export function resolveEndpointUrl(baseUrl: string, dialect: Dialect): URL {
  const base = parseBaseUrl(baseUrl);
  const path = base.pathname.replace(/\/+$/, '');
  const suffix = DIALECT_PATHS[dialect];
  base.pathname = path.endsWith(suffix) ? path : path + suffix;
  return base;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
