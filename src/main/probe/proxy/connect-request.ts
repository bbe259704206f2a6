// Asks an HTTP proxy for a tunnel (CONNECT) with Node's own HTTP client, not
// https-proxy-agent's exchange: Node's parser rejects an answer that is not
// HTTP at its first bytes and keeps them (the library waits for a blank line
// that may never come, then drops what it read), and a proxy that closes in
// the middle of its answer is told apart from one that never answered.

import http from 'node:http';
import type { Socket } from 'node:net';
import { answerCutShort, answerNotHttp } from './proxy-failure';

export interface ConnectRequest {
  /** To the proxy, connected or connecting: TCP, or TLS for an https:// proxy. */
  socket: Socket;
  /** host:port, an IPv6 address in brackets. */
  target: string;
  headers: Record<string, string>;
  /** The proxy as messages name it (ProxyRoute.display). */
  proxy: string;
}

/** The proxy's HTTP answer to CONNECT, whatever its status; after a 200, `tunnel` carries the provider's bytes. */
export interface ConnectAnswer {
  status: number;
  statusText: string;
  tunnel: Socket;
}

interface ParseError extends Error {
  /** What Node's parser was reading when it gave up. */
  rawPacket?: Buffer;
}

export function requestTunnel(request: ConnectRequest): Promise<ConnectAnswer> {
  const { socket, target, proxy } = request;
  return new Promise((resolve, reject) => {
    let ended = false;
    socket.once('end', () => (ended = true));
    const req = http.request({
      method: 'CONNECT',
      path: target,
      headers: { host: target, ...request.headers },
      createConnection: () => socket,
    });
    req.once('connect', (res: http.IncomingMessage, tunnel: Socket, head: Buffer) => {
      // What came after the answer is the provider's: put it back to be read as such.
      if (head.length > 0) tunnel.unshift(head);
      resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', tunnel });
    });
    // `on`, not `once`: a second error after the first must not go unheard either.
    req.on('error', (error: ParseError) => {
      if (error.rawPacket) reject(answerNotHttp(proxy, target, error.rawPacket));
      else if (ended) reject(answerCutShort(proxy, target, socket.bytesRead > 0));
      else reject(error);
    });
    req.end();
  });
}
