// The agents that carry a request through a proxy: https-proxy-agent (CONNECT,
// for http and https targets alike, so every proxied request has a tunnel
// phase) and socks-proxy-agent (SOCKS5, names resolved here or at the proxy).
// Each is wrapped to time the tunnel: the library opens the tunnel as a plain
// one, the wrapper stamps when it is ready, then speaks TLS with the provider
// over it itself, so the exchange observes that handshake as it does on a
// direct connection. The socket handed to Node's HTTP client is the one whose
// reads carry the response (the tunnel itself, or the TLS socket over it).

import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import { lookup } from 'node:dns/promises';
import tls from 'node:tls';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksClient } from 'socks';
import { SocksProxyAgent } from 'socks-proxy-agent';
import type { Clock } from '../../clock';
import { tunnelFailed, tunnelRefused } from './proxy-failure';
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

function urlWithCredentials(route: ProxyRoute): URL {
  const url = new URL(route.url.href);
  // The libraries decode what they read from the URL.
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
  const target = `${options.host}:${options.port}`;
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

/** Runs `run`, showing `seen` each socket net.connect creates meanwhile (it does so synchronously). */
function watchingNewSockets<T>(run: () => T, seen: (socket: net.Socket) => void): T {
  const onSocket = (message: unknown): void => seen((message as { socket: net.Socket }).socket);
  subscribe('net.client.socket', onSocket);
  try {
    return run();
  } finally {
    unsubscribe('net.client.socket', onSocket);
  }
}

class TimedConnectAgent extends HttpsProxyAgent<string> {
  constructor(
    private readonly route: ProxyRoute,
    private readonly clock: Clock,
    keepAlive: boolean,
  ) {
    super(urlWithCredentials(route), { keepAlive, ...(keepAlive ? { maxSockets: 1 } : {}) });
  }

  override connect(req: http.ClientRequest, options: ConnectOptions): Promise<net.Socket> {
    const attempt = startTunnel(req, this.clock);
    return throughTunnel(attempt, options, this.route, async (target) => {
      let answer: { statusCode: number; statusText: string } | undefined;
      req.once('proxyConnect', (connect: typeof answer) => (answer = connect));
      const tunnel = await this.openTunnel(req, options, attempt);
      if (answer?.statusCode !== 200) {
        // The library would replay the proxy's answer as if the provider had sent it.
        tunnel.destroy();
        throw tunnelRefused(
          this.route.display,
          target,
          answer?.statusCode ?? 0,
          answer?.statusText ?? '',
        );
      }
      return tunnel;
    });
  }

  private openTunnel(
    req: http.ClientRequest,
    options: ConnectOptions,
    attempt: TunnelAttempt,
  ): Promise<net.Socket> {
    const plain = { ...options, secureEndpoint: false } as ConnectOptions;
    const proxyHost = this.connectOpts.host ?? '';
    if (this.proxy.protocol === 'https:') {
      // The library's tls.connect opens its TCP socket out of sight: give it one to watch.
      const socket = net.connect({ host: proxyHost, port: this.connectOpts.port });
      attempt.watch(socket, proxyHost);
      this.connectOpts = { ...this.connectOpts, socket };
      return super.connect(req, plain);
    }
    return watchingNewSockets(
      () => super.connect(req, plain),
      (socket) => attempt.watch(socket, proxyHost),
    );
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
      const { socket: tunnel } = await SocksClient.createConnection({
        proxy: this.proxy,
        destination: { host, port: Number(options.port) },
        command: 'connect',
        existing_socket: socket,
        timeout: NO_SOCKS_TIMEOUT,
      });
      return tunnel;
    });
  }
}

/** An http.Agent that reaches every request's host through `route`, timing the tunnel. */
export function createProxyAgent(route: ProxyRoute, options: ProxyAgentOptions): http.Agent {
  return route.protocol === 'socks'
    ? new TimedSocksAgent(route, options.clock, options.keepAlive)
    : new TimedConnectAgent(route, options.clock, options.keepAlive);
}
