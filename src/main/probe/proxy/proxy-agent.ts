// The agents that carry a request through a proxy: CONNECT (for http and
// https targets alike, so every proxied request has a tunnel phase; the
// exchange is Node's HTTP client's, see connect-request.ts, and
// https-proxy-agent keeps the pool of tunnels) and socks-proxy-agent (SOCKS5,
// names resolved here or at the proxy). Each opens the tunnel as a plain one,
// stamps when it is ready, then speaks TLS with the provider over it itself,
// so the exchange observes that handshake as it does on a direct connection.
// The socket handed to Node's HTTP client is the one whose reads carry the
// response (the tunnel itself, or the TLS socket over it).

import { once } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import { lookup } from 'node:dns/promises';
import tls from 'node:tls';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksClient } from 'socks';
import { SocksProxyAgent } from 'socks-proxy-agent';
import type { Clock } from '../../clock';
import { requestTunnel } from './connect-request';
import { socksAnsweredHttp, soundsLikeHttp, tunnelFailed, tunnelRefused } from './proxy-failure';
import type { ProxyRoute } from './proxy-route';
import { startTunnel, type TunnelAttempt } from './tunnel-attempt';

type ConnectOptions = Parameters<HttpsProxyAgent<string>['connect']>[1];

export interface ProxyAgentOptions {
  /** Keep one tunnel alive across requests (ProbeSessionOptions.reuse_connection). */
  keepAlive: boolean;
  clock: Clock;
}

/** The connect timeout governs the tunnel; the SOCKS library's own 30 s limit would cut a longer one short. */
const NO_SOCKS_TIMEOUT = 2 ** 31 - 1;

const bare = (host: string): string => host.replace(/^\[|\]$/g, '');

/** For socks-proxy-agent, which reads the credentials from the URL, decoding them. */
function urlWithCredentials(route: ProxyRoute): URL {
  const url = new URL(route.url.href);
  url.username = encodeURIComponent(route.username);
  url.password = encodeURIComponent(route.password);
  return url;
}

/**
 * TLS with the provider through the tunnel, for an https target (the tunnel
 * itself otherwise), with the request's TLS options. The host stays: Node
 * checks the certificate against it, an IP address's included.
 */
function overTunnel(tunnel: net.Socket, options: ConnectOptions): net.Socket {
  if (!options.secureEndpoint) return tunnel;
  const { host } = options;
  const tlsOptions: tls.ConnectionOptions & { path?: string | null } = {
    ...(options as tls.ConnectionOptions),
    servername: options.servername ?? (host && !net.isIP(host) ? host : undefined),
    socket: tunnel,
  };
  // Set when Node parsed the URL: the request's path, not a socket path to connect to.
  delete tlsOptions.path;
  return tls.connect(tlsOptions);
}

/**
 * Opens the tunnel with `open`, timed by `attempt`, and hands Node the socket
 * to speak HTTP on. Whatever stops the tunnel from opening is the proxy's
 * failure, and says so.
 */
async function throughTunnel(
  attempt: TunnelAttempt,
  options: ConnectOptions,
  route: ProxyRoute,
  open: (target: string) => Promise<net.Socket>,
): Promise<net.Socket> {
  const host = options.host ?? '';
  const target = `${net.isIPv6(host) ? `[${host}]` : host}:${options.port}`;
  let tunnel: net.Socket;
  try {
    tunnel = await open(target);
  } catch (error) {
    attempt.abandon();
    throw tunnelFailed(route.display, target, error, attempt.connectAt !== null);
  }
  attempt.ready();
  return overTunnel(tunnel, options);
}

class TimedConnectAgent extends HttpsProxyAgent<string> {
  constructor(
    private readonly route: ProxyRoute,
    private readonly clock: Clock,
    keepAlive: boolean,
  ) {
    super(route.url.href, { keepAlive, ...(keepAlive ? { maxSockets: 1 } : {}) });
  }

  override connect(req: http.ClientRequest, options: ConnectOptions): Promise<net.Socket> {
    const attempt = startTunnel(req, this.clock);
    return throughTunnel(attempt, options, this.route, async (target) => {
      const answer = await requestTunnel({
        socket: this.toProxy(attempt),
        target,
        headers: this.connectHeaders(),
        proxy: this.route.display,
      });
      if (answer.status !== 200) {
        // What follows is the proxy's answer: never to be read as the provider's.
        answer.tunnel.destroy();
        throw tunnelRefused(this.route.display, target, answer.status, answer.statusText);
      }
      return answer.tunnel;
    });
  }

  /** TCP to the proxy, watched from the start; for an https:// proxy, TLS with it over that. */
  private toProxy(attempt: TunnelAttempt): net.Socket {
    const { host = '', port } = this.connectOpts;
    const socket = net.connect({ host, port });
    attempt.watch(socket, host);
    if (this.proxy.protocol !== 'https:') return socket;
    return tls.connect({
      socket,
      servername: net.isIP(host) ? undefined : host,
      ALPNProtocols: ['http/1.1'],
    });
  }

  private connectHeaders(): Record<string, string> {
    const persistence = this.keepAlive ? 'keep-alive' : 'close';
    const headers: Record<string, string> = {
      connection: persistence,
      'proxy-connection': persistence,
    };
    const { username, password } = this.route;
    if (username || password) {
      headers['proxy-authorization'] =
        `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    }
    return headers;
  }
}

class TimedSocksAgent extends SocksProxyAgent {
  constructor(
    private readonly route: ProxyRoute,
    private readonly clock: Clock,
    keepAlive: boolean,
  ) {
    super(urlWithCredentials(route), { keepAlive, ...(keepAlive ? { maxSockets: 1 } : {}) });
  }

  override async connect(req: http.ClientRequest, options: ConnectOptions): Promise<net.Socket> {
    const attempt = startTunnel(req, this.clock);
    // socks5:// resolves the provider's name here (a failure is the provider's), socks5h:// at the proxy.
    let host = options.host ?? '';
    if (this.shouldLookup && !net.isIP(host)) {
      host = (await lookup(host)).address;
      attempt.resolved();
    }
    return throughTunnel(attempt, options, this.route, async () => {
      const proxyHost = bare(this.proxy.host ?? '');
      const socket = net.connect({ host: proxyHost, port: this.proxy.port });
      attempt.watch(socket, proxyHost);
      await once(socket, 'connect');
      // Heard alongside the library, which keeps the proxy's words to itself.
      const heard: Buffer[] = [];
      const hear = (chunk: Buffer): number => heard.push(chunk);
      socket.on('data', hear);
      try {
        const { socket: tunnel } = await SocksClient.createConnection({
          proxy: this.proxy,
          destination: { host, port: Number(options.port) },
          command: 'connect',
          existing_socket: socket,
          timeout: NO_SOCKS_TIMEOUT,
        });
        return tunnel;
      } catch (error) {
        throw soundsLikeHttp(Buffer.concat(heard)) ? socksAnsweredHttp(this.route.display) : error;
      } finally {
        socket.off('data', hear);
      }
    });
  }
}

/** An http.Agent that reaches every request's host through `route`, timing the tunnel. */
export function createProxyAgent(route: ProxyRoute, options: ProxyAgentOptions): http.Agent {
  return route.protocol === 'socks'
    ? new TimedSocksAgent(route, options.clock, options.keepAlive)
    : new TimedConnectAgent(route, options.clock, options.keepAlive);
}
