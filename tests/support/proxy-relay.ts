// What the test proxies share: counting what passes through them, relaying a
// tunnel, mapping names only they know, and closing every socket at the end.

import net from 'node:net';

export interface ProxyCounts {
  /** TCP connections the proxy accepted, and how many of them are still open. */
  connections: number;
  open: number;
  /** Tunnels it opened to a destination. */
  tunnels: number;
  /** Bytes relayed from the client to the destination, and back. */
  bytes_up: number;
  bytes_down: number;
  /** Destinations asked for, as host:port, as the client named them. */
  destinations: string[];
}

export interface TestProxy {
  /** scheme://127.0.0.1:PORT, without credentials. */
  url: string;
  port: number;
  counts: ProxyCounts;
  close(): Promise<void>;
}

export interface ProxyServerOptions {
  /** Host names only this proxy resolves (to an address), as a corporate proxy's DNS would. */
  hosts?: Record<string, string>;
  /** Require these credentials (Basic for CONNECT, RFC 1929 for SOCKS5). */
  credentials?: { username: string; password: string };
}

export const newCounts = (): ProxyCounts => ({
  connections: 0,
  open: 0,
  tunnels: 0,
  bytes_up: 0,
  bytes_down: 0,
  destinations: [],
});

/** Connects to `host:port` (mapped through `hosts`), resolving once connected, rejecting on failure. */
export function connectUpstream(
  host: string,
  port: number,
  hosts: Record<string, string> = {},
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const upstream = net.connect({ host: hosts[host] ?? host, port, noDelay: true });
    upstream.once('connect', () => {
      upstream.off('error', reject);
      resolve(upstream);
    });
    upstream.once('error', reject);
  });
}

/** Relays bytes both ways as they come (no buffering, Nagle off), counting them. */
export function relay(client: net.Socket, upstream: net.Socket, counts: ProxyCounts): void {
  counts.tunnels++;
  client.setNoDelay(true);
  client.on('data', (chunk: Buffer) => (counts.bytes_up += chunk.length));
  upstream.on('data', (chunk: Buffer) => (counts.bytes_down += chunk.length));
  client.pipe(upstream);
  upstream.pipe(client);
  const close = (): void => {
    client.destroy();
    upstream.destroy();
  };
  client.once('close', close);
  upstream.once('close', close);
  client.on('error', close);
  upstream.on('error', close);
}

/** Listens on 127.0.0.1, counts connections, and closes every socket on close(). */
export async function listenCounting(
  server: net.Server,
  scheme: string,
  counts: ProxyCounts,
): Promise<TestProxy> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    counts.connections++;
    counts.open++;
    sockets.add(socket);
    socket.once('close', () => {
      counts.open--;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
