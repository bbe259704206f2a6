// A reverse proxy that buffers responses as nginx does with proxy_buffering
// on: the upstream's body is gathered into buffers of `bufferBytes` and each
// is sent when full (cut wherever it fills, mid-event too), the rest when the
// upstream ends. In front of the simulator, a live stream reaches the client
// in bursts of many events per read: what the engine's `rebuffered` is for.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BufferingProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The size of each write the proxy made to a client, in order. */
  flushes: number[];
  close(): Promise<void>;
}

/** Headers of one hop: the proxy frames its own body. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

export async function startBufferingProxy(
  upstream: string,
  bufferBytes = 4096,
): Promise<BufferingProxy> {
  const target = new URL(upstream);
  const flushes: number[] = [];
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)),
        );
        res.writeHead(answer.statusCode ?? 502, headers);
        let held = Buffer.alloc(0);
        const send = (bytes: Buffer): void => {
          flushes.push(bytes.length);
          res.write(bytes);
        };
        answer.on('data', (data: Buffer) => {
          held = Buffer.concat([held, data]);
          while (held.length >= bufferBytes) {
            send(held.subarray(0, bufferBytes));
            held = held.subarray(bufferBytes);
          }
        });
        answer.on('end', () => {
          if (held.length > 0) send(held);
          res.end();
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    flushes,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
