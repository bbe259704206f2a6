// An HTTP forward proxy that only tunnels (CONNECT), as corporate proxies do
// for https. Node's HTTP server parses the CONNECT request; the tunnel is a
// plain relay. Variants: one that wants Basic credentials (407 otherwise),
// one that refuses every tunnel with a given status, one that never answers.

import { createServer, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { Socket } from 'node:net';
import {
  connectUpstream,
  listenCounting,
  newCounts,
  relay,
  type ProxyServerOptions,
  type TestProxy,
} from './proxy-relay';
import { testCertificate } from './tls-front';

export interface ConnectProxyOptions extends ProxyServerOptions {
  /** Answer every CONNECT with this status (403, 502...) instead of opening the tunnel. */
  refuse?: { status: number; text: string };
  /** Accept the connection and never answer the CONNECT (a proxy that hangs). */
  silent?: boolean;
  /** An https:// proxy: TLS with the proxy first (the test certificate). */
  tls?: boolean;
}

function answer(client: Socket, status: string, headers: string[] = []): void {
  client.end([`HTTP/1.1 ${status}`, ...headers, 'Content-Length: 0', '', ''].join('\r\n'));
}

export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<TestProxy> {
  const counts = newCounts();
  const refuseRequests = (_req: unknown, res: ServerResponse): void => {
    res.writeHead(405).end();
  };
  const server = options.tls
    ? createTlsServer(testCertificate(), refuseRequests)
    : createServer(refuseRequests);
  const expected =
    options.credentials &&
    `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`;
  server.on('connect', (req, client: Socket) => {
    const target = req.url ?? '';
    counts.destinations.push(target);
    client.on('error', () => client.destroy());
    if (options.silent) {
      // Still reading, to close when the client hangs up (an HTTP server's sockets stay half-open).
      client.resume();
      client.once('end', () => client.end());
      return;
    }
    if (expected && req.headers['proxy-authorization'] !== expected) {
      answer(client, '407 Proxy Authentication Required', [
        'Proxy-Authenticate: Basic realm="lasttoken-test"',
      ]);
      return;
    }
    if (options.refuse) {
      answer(client, `${options.refuse.status} ${options.refuse.text}`);
      return;
    }
    const colon = target.lastIndexOf(':');
    const host = target.slice(0, colon).replace(/^\[|\]$/g, '');
    connectUpstream(host, Number(target.slice(colon + 1)), options.hosts).then(
      (upstream) => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        relay(client, upstream, counts);
      },
      () => answer(client, '502 Bad Gateway'),
    );
  });
  return listenCounting(server, options.tls ? 'https' : 'http', counts);
}
