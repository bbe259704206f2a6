import http from 'node:http';
import https from 'node:https';
import { isIP, type Socket } from 'node:net';
import type { Clock } from '../clock';
import { tunnelOf } from './proxy/tunnel-attempt';

export interface ConnectionPhases {
  reused_connection: boolean;
  dns_ms: number | null;
  connect_ms: number | null;
  /** Through a proxy: from TCP connected to the proxy until the tunnel was open. */
  proxy_ms: number | null;
  tls_ms: number | null;
}

export interface ExchangeRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
  /** `false` opens a new connection for this request alone. */
  agent: http.Agent | false;
  clock: Clock;
}

/** Times are milliseconds since t0 on the exchange's clock. */
export interface ExchangeObserver {
  /** The connection is ready to carry the request (connected, or reused). */
  onConnected(atMs: number): void;
  /** Every socket read, headers included. Called first, before Node parses the bytes. */
  onRead(atMs: number, bytes: number): void;
  onResponse(atMs: number, response: http.IncomingMessage): void;
  /** A body chunk, stamped with the arrival of the socket read that carried it. */
  onBody(atMs: number, chunk: Buffer): void;
  onEnd(atMs: number): void;
  onFailure(error: Error): void;
  /** The socket closed (both directions). */
  onSocketClose(atMs: number): void;
}

export interface Exchange {
  /** t0 on the shared monotonic clock. */
  readonly t0MonoMs: number;
  phases(): ConnectionPhases;
  /** Ms since t0. */
  elapsed(): number;
  /** Hangs up our side (FIN) but keeps reading, to see what the server still sends. */
  hangUp(): void;
  /** Stops observing; a kept-alive socket goes back to its agent's pool. */
  release(): void;
  destroy(): void;
}

/**
 * Runs callbacks in the check phase, after the event loop has handled every
 * socket that was ready. When several streams deliver at once, each read is
 * stamped first and parsed after, so parsing one stream's events never delays
 * another stream's timestamp. Order is kept.
 */
function checkPhaseQueue(): (task: () => void) => void {
  let pending: (() => void)[] = [];
  const flush = (): void => {
    const batch = pending;
    pending = [];
    for (const task of batch) task();
  };
  return (task) => {
    pending.push(task);
    if (pending.length === 1) setImmediate(flush);
  };
}

/**
 * One HTTP request over node:http/https, timed by phase. Timestamps are taken
 * in a listener prepended to the socket's 'data' event, so each read is
 * stamped when its bytes arrive, before Node's HTTP parser or ours sees them;
 * everything that parses is delivered later, in order (see checkPhaseQueue).
 */
export function startExchange(request: ExchangeRequest, observer: ExchangeObserver): Exchange {
  const { url, clock } = request;
  const secure = url.protocol === 'https:';
  const t0 = clock.now();
  // The clock has microsecond resolution; rounding keeps float noise out of the figures.
  const since = (at: number): number => Math.round((at - t0) * 1000) / 1000;
  const elapsed = (): number => since(clock.now());

  let socket: Socket | undefined;
  let reused = false;
  let lookupAt: number | null = null;
  let connectAt: number | null = null;
  let secureAt: number | null = null;
  let lastReadAt = 0;
  let responseStarted = false;
  // The server's FIN: a connection it closed cleanly, which Node reports as
  // ECONNRESET ("aborted", "socket hang up") just as it does a real reset.
  let serverClosed = false;

  const onSocketData = (chunk: Buffer): void => {
    lastReadAt = elapsed();
    observer.onRead(lastReadAt, chunk.length);
  };
  const onServerClosed = (): void => {
    serverClosed = true;
  };
  const later = checkPhaseQueue();
  const onSocketClose = (): void => {
    const at = elapsed();
    later(() => observer.onSocketClose(at));
  };
  const fail = (error: Error): void => {
    const closedCleanly = serverClosed && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
    const reported = closedCleanly ? new PrematureCloseError(responseStarted) : error;
    later(() => observer.onFailure(reported));
  };

  const req = (secure ? https : http).request(url, {
    method: 'POST',
    headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
    agent: request.agent,
  });

  req.on('socket', (s: Socket) => {
    socket = s;
    reused = req.reusedSocket;
    s.prependListener('data', onSocketData);
    s.once('close', onSocketClose);
    s.prependOnceListener('end', onServerClosed);
    if (reused) {
      observer.onConnected(elapsed());
      return;
    }
    s.once('secureConnect', () => {
      secureAt = elapsed();
      observer.onConnected(secureAt);
    });
    // Through a proxy the socket comes with its tunnel open: its agent timed the way there.
    if (tunnelOf(req)) {
      if (!secure) observer.onConnected(elapsed());
      return;
    }
    s.once('lookup', () => (lookupAt = elapsed()));
    s.once('connect', () => {
      connectAt = elapsed();
      if (!secure) observer.onConnected(connectAt);
    });
  });

  req.on('response', (res) => {
    responseStarted = true;
    const headersAt = lastReadAt;
    later(() => observer.onResponse(headersAt, res));
    res.on('data', (chunk: Buffer) => {
      const at = lastReadAt;
      later(() => observer.onBody(at, chunk));
    });
    res.on('end', () => {
      const at = lastReadAt;
      later(() => observer.onEnd(at));
    });
    res.on('error', fail);
    res.on('close', () => {
      if (!res.complete) fail(new PrematureCloseError(true));
    });
  });
  req.on('error', fail);
  req.end(request.body);

  const detach = (): void => {
    socket?.removeListener('data', onSocketData);
    socket?.removeListener('close', onSocketClose);
    socket?.removeListener('end', onServerClosed);
  };

  return {
    t0MonoMs: t0,
    elapsed,
    phases() {
      if (reused) {
        return {
          reused_connection: true,
          dns_ms: null,
          connect_ms: null,
          proxy_ms: null,
          tls_ms: null,
        };
      }
      const tunnel = tunnelOf(req);
      const at = (stamp: number | null): number | null => (stamp === null ? null : since(stamp));
      // An IP literal needs no lookup: its DNS phase is zero, not unknown.
      const dnsDone = tunnel
        ? (at(tunnel.lookupAt) ?? (tunnel.proxyIsIp ? 0 : null))
        : isIP(url.hostname.replace(/^\[|\]$/g, ''))
          ? 0
          : lookupAt;
      const connected = tunnel ? at(tunnel.connectAt) : connectAt;
      const tunnelOpen = tunnel ? at(tunnel.tunnelAt) : null;
      const tlsFrom = tunnel ? tunnelOpen : connectAt;
      return {
        reused_connection: false,
        dns_ms: dnsDone,
        connect_ms: span(dnsDone, connected),
        proxy_ms: span(connected, tunnelOpen),
        tls_ms: secure ? span(tlsFrom, secureAt) : null,
      };
    },
    hangUp() {
      socket?.end();
    },
    release: detach,
    destroy() {
      detach();
      req.destroy();
      tunnelOf(req)?.abandon();
    },
  };
}

/** From one stamp (ms since t0, to the microsecond) to a later one; null unless both were reached. */
function span(from: number | null, to: number | null): number | null {
  return from === null || to === null ? null : Math.round((to - from) * 1000) / 1000;
}

/** The server closed the connection (cleanly, not by a reset) before its answer was complete. */
export class PrematureCloseError extends Error {
  constructor(afterResponseStarted: boolean) {
    super(
      afterResponseStarted
        ? 'the server closed the connection before the response was complete'
        : 'the server closed the connection without answering',
    );
  }
}
