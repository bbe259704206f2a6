// Which proxy, if any, a request to the provider goes through: the profile's
// own, or the environment's as curl reads it.

import { isLoopbackHost } from '../endpoint-url';
import type { ProxyChoice } from '../types';
import { bypassesProxy } from './no-proxy';

export type ProxyProtocol = 'connect' | 'socks';

const SCHEMES: Record<string, { protocol: ProxyProtocol; port: number }> = {
  'http:': { protocol: 'connect', port: 80 },
  'https:': { protocol: 'connect', port: 443 },
  'socks5:': { protocol: 'socks', port: 1080 },
  'socks5h:': { protocol: 'socks', port: 1080 },
};

/** A proxy to go through. Its credentials travel apart from its URL, like a key. */
export interface ProxyRoute {
  /** scheme://host:port, never credentials: what trials record and messages name. */
  readonly display: string;
  readonly protocol: ProxyProtocol;
  /** The proxy's URL without credentials. */
  readonly url: URL;
  readonly username: string;
  readonly password: string;
}

/** A proxy URL that cannot be used; the message never repeats its credentials. */
export class ProxyUrlError extends Error {}

/** URL userinfo is percent-encoded; a stray % is kept as written. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function routeOf(text: string, where: string, username?: string, password?: string): ProxyRoute {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProxyUrlError(`${where} is not a valid URL: expected scheme://host:port`);
  }
  const scheme = SCHEMES[url.protocol];
  if (!scheme) {
    throw new ProxyUrlError(
      `${where} uses ${url.protocol}//, which LastToken cannot use: use http://, https://, socks5:// or socks5h://`,
    );
  }
  if (!url.hostname) throw new ProxyUrlError(`${where} names no host: expected scheme://host:port`);
  // Credentials written into the URL (user:pass@host), as environment variables often carry them.
  const inlineUser = decoded(url.username);
  const inlinePassword = decoded(url.password);
  url.username = '';
  url.password = '';
  return {
    display: `${url.protocol}//${url.hostname}:${url.port || scheme.port}`,
    protocol: scheme.protocol,
    url,
    username: username ?? inlineUser,
    password: password ?? inlinePassword,
  };
}

const envValue = (name: string): string =>
  process.env[name.toLowerCase()] || process.env[name.toUpperCase()] || '';

/**
 * The proxy the environment names for `target`: the variable of its scheme
 * (HTTPS_PROXY, HTTP_PROXY), else ALL_PROXY, lowercase first, unless NO_PROXY
 * covers it (see no-proxy.ts); never for a loopback host. Like curl, a proxy
 * written without a scheme is an http:// proxy.
 */
function environmentProxy(target: URL): string | null {
  if (isLoopbackHost(target.hostname)) return null;
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  if (bypassesProxy(envValue('no_proxy'), target.hostname, port)) return null;
  const scheme = target.protocol.replace(/:$/, '');
  const written = envValue(`${scheme}_proxy`) || envValue('all_proxy');
  if (!written) return null;
  return written.includes('://') ? written : `http://${written}`;
}

/** The proxy a request to `target` goes through; null for a direct connection. */
export function proxyRouteFor(choice: ProxyChoice | undefined, target: URL): ProxyRoute | null {
  const chosen = choice ?? { kind: 'env' };
  if (chosen.kind === 'direct') return null;
  if (chosen.kind === 'url')
    return routeOf(chosen.url, 'the proxy URL', chosen.username, chosen.password);
  const fromEnv = environmentProxy(target);
  return fromEnv === null ? null : routeOf(fromEnv, 'the proxy set in the environment');
}

/** What must never appear in a trial, a message or a file: the proxy's credentials. */
export function proxySecrets(route: ProxyRoute | null): string[] {
  if (!route || (!route.username && !route.password)) return [];
  const basic = Buffer.from(`${route.username}:${route.password}`).toString('base64');
  return [route.username, route.password, basic].filter((s) => s.length > 0);
}
