// Which names a request may address this server by. A browser sends the name
// it resolved in the Host header, so a foreign name there (evil.example:PORT
// resolving to 127.0.0.1) is how a DNS rebinding attack looks; and a page's
// Origin must be one of the same names.

import { isIP } from 'node:net';

export const DEFAULT_WEB_HOST = '127.0.0.1';

/** Loopback addresses and names: only processes on this machine reach them. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** An address that means "every interface", so no single name a request could carry. */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

/** `host:port` as a Host header carries it: IPv6 in brackets, the port left out only for 80. */
function hostHeader(host: string, port: number): string {
  const name = isIP(host) === 6 ? `[${host}]` : host;
  return (port === 80 ? name : `${name}:${port}`).toLowerCase();
}

/** Every Host header value this server answers: the loopback names, and the one it listens on. */
export function allowedHostHeaders(host: string, port: number): Set<string> {
  return new Set([
    hostHeader('127.0.0.1', port),
    hostHeader('localhost', port),
    hostHeader(host, port),
  ]);
}

/** The origins of this server's own pages, one per allowed Host. */
export function allowedOrigins(hosts: ReadonlySet<string>): Set<string> {
  return new Set([...hosts].map((host) => `http://${host}`));
}

/** The server's URL for people: by the name it listens on. */
export function originOf(host: string, port: number): string {
  return `http://${hostHeader(host, port)}`;
}
