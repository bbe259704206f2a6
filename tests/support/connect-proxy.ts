// An HTTP forward proxy that only tunnels (CONNECT), as corporate proxies do
// for https. Node's HTTP server parses the CONNECT request; the tunnel is a
// plain relay. Variants: one that wants Basic credentials (407 otherwise),
// one that refuses every tunnel with a given status, one that never answers,
// and ones that answer wrongly (misbehave).

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

/** What a broken proxy does once it has read the CONNECT request, instead of answering it. */
export type ConnectMisbehaviour =
  /** Closes the connection cleanly, without a word. */
  | 'close'
  /** Resets the connection (RST). */
  | 'reset'
  /** Answers a line that is not HTTP (an SSH server's banner), and stays open. */
  | 'garbage'
  /** Answers the start of a status line, then closes. */
  | 'partial';

/** Still reading, to close when the client hangs up (an HTTP server's sockets stay half-open). */
function stayOpen(client: Socket): void {
  client.resume();
  client.once('end', () => client.end());
}

const MISBEHAVIOURS: Record<ConnectMisbehaviour, (client: Socket) => void> = {
  close: (client) => client.end(),
  reset: (client) => client.resetAndDestroy(),
  garbage: (client) => {
    client.write('SSH-2.0-OpenSSH_9.2p1\r\n');
    stayOpen(client);
  },
  partial: (client) => client.end('HTTP/1.1 20'),
};

export interface ConnectProxyOptions extends ProxyServerOptions {
  /** Answer every CONNECT with this status (403, 502...) instead of opening the tunnel. */
  refuse?: { status: number; text: string };
  /** Accept the connection and never answer the CONNECT (a proxy that hangs). */
  silent?: boolean;
  misbehave?: ConnectMisbehaviour;
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
      stayOpen(client);
      return;
    }
    if (options.misbehave) {
      MISBEHAVIOURS[options.misbehave](client);
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
