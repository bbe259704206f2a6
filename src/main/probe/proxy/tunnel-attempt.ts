// When each step of reaching the provider through a proxy happened. The proxy
// agent opens the tunnel before Node hands the request its socket, so the
// socket's own 'lookup' and 'connect' are over by then: the agent stamps them
// here, per request, and the exchange reads them.

import type { ClientRequest } from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { Clock } from '../../clock';

/** Times on the engine's monotonic clock (absolute ms); null until reached. */
export class TunnelAttempt {
  /** Names resolved here: the proxy's, and the provider's for socks5://. */
  lookupAt: number | null = null;
  /** The proxy is an IP literal: no lookup of its name (a zero DNS phase, not an unknown one). */
  proxyIsIp = false;
  /** TCP connected to the proxy. */
  connectAt: number | null = null;
  /** The tunnel is usable: CONNECT answered 200, or the SOCKS handshake done. */
  tunnelAt: number | null = null;
  private socket: Socket | undefined;

  constructor(private readonly clock: Clock) {}

  /** Follows the socket to the proxy from the moment it is opened. */
  watch(socket: Socket, proxyHost: string): void {
    this.socket = socket;
    // Whoever reads the socket (the handshake, then Node's HTTP client) hears
    // its errors; between them, or once a failed handshake stopped listening
    // and abandon() closes it with an error, nobody would, and an 'error'
    // event nobody hears ends the process.
    socket.on('error', () => {});
    this.proxyIsIp = isIP(proxyHost.replace(/^\[|\]$/g, '')) !== 0;
    if (!this.proxyIsIp) socket.once('lookup', () => this.resolved());
    socket.once('connect', () => (this.connectAt = this.clock.now()));
  }

  resolved(): void {
    this.lookupAt = this.clock.now();
  }

  ready(): void {
    this.tunnelAt = this.clock.now();
    this.socket = undefined;
  }

  /** The request gave up (a timeout, a cancel) while the tunnel was being opened: close it. */
  abandon(): void {
    // With an error, so that the library waiting on the socket stops waiting too.
    this.socket?.destroy(new Error('the tunnel was abandoned'));
  }
}

const attempts = new WeakMap<ClientRequest, TunnelAttempt>();

export function startTunnel(req: ClientRequest, clock: Clock): TunnelAttempt {
  if (req.destroyed) throw new Error('the request was cancelled before its tunnel opened');
  const attempt = new TunnelAttempt(clock);
  attempts.set(req, attempt);
  return attempt;
}

/** The tunnel this request's connection was opened through; undefined for a direct or reused connection. */
export function tunnelOf(req: ClientRequest): TunnelAttempt | undefined {
  return attempts.get(req);
}
