// NO_PROXY as curl reads it. Hand-written because the libraries on npm read
// it otherwise: proxy-from-env matches a bare name exactly (`llm.test` does
// not cover `api.llm.test`, as it does for curl, Python and Go) and knows no
// address ranges; `no-proxy` matches globs. The address ranges are Node's
// BlockList. Beyond curl, as Go: an entry may end in `:port` (for that port
// only), and `*.example.com` reads as `.example.com` (curl's docs allow no
// wildcard but a lone `*`, so for curl that entry matches nothing; whoever
// wrote it meant the domain, and proxy-from-env read it so).

import { BlockList, isIP } from 'node:net';

interface Entry {
  /** Lowercase, without brackets, leading `.`/`*.` or trailing dots. */
  host: string;
  /** Undefined: any port. */
  port?: number;
  /** Set for an address or a range (`10.0.0.0/8`, `::1/128`). */
  bits?: number;
}

const optionalNumber = (digits: string | undefined): number | undefined =>
  digits === undefined ? undefined : Number(digits);

/** An entry's host and port: `[::1]:8443`, `.example.com:443`; bare, an IPv6 address's colons are all its own. */
function splitPort(text: string): [string, number | undefined] | null {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return [bracketed[1] as string, optionalNumber(bracketed[2])];
  if (/[[\]]/.test(text)) return null;
  if (text.indexOf(':') !== text.lastIndexOf(':')) return [text, undefined];
  const [host = '', port] = text.split(':');
  return port === undefined || /^\d+$/.test(port) ? [host, optionalNumber(port)] : null;
}

/** One entry of the list; null for one that can match nothing (`10.0.0.0/33`, `host:http`...). */
function entryOf(text: string): Entry | null {
  const split = splitPort(text);
  if (!split) return null;
  const [written, port] = split;
  const [address = '', bits, ...more] = written.split('/');
  const family = isIP(address);
  if (family !== 0) {
    const width = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? width : /^\d+$/.test(bits) ? Number(bits) : NaN;
    return more.length === 0 && prefix <= width ? { host: address, bits: prefix, port } : null;
  }
  const host = written.replace(/^\*?\./, '').replace(/\.+$/, '');
  return host && !host.includes('/') ? { host, port } : null;
}

function covers(entry: Entry, host: string): boolean {
  const family = isIP(host);
  if (entry.bits === undefined) {
    return family === 0 && (host === entry.host || host.endsWith(`.${entry.host}`));
  }
  const entryFamily = isIP(entry.host);
  if (family !== entryFamily) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const range = new BlockList();
  range.addSubnet(entry.host, entry.bits, type);
  return range.check(host, type);
}

/**
 * Whether `noProxy` (the NO_PROXY list) sends a request to `hostname:port`
 * around the proxy. `hostname` as URL.hostname gives it (IPv6 in brackets).
 */
export function bypassesProxy(noProxy: string, hostname: string, port: number): boolean {
  const list = noProxy.trim().toLowerCase();
  if (list === '*') return true;
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
  return list
    .split(/[\s,]+/)
    .filter((text) => text.length > 0)
    .map(entryOf)
    .some((entry) => entry !== null && (entry.port ?? port) === port && covers(entry, host));
}
