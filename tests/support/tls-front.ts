// An https front for a local http server (the simulator): it ends TLS and
// relays the bytes as they come, so the engine's https path, through a proxy's
// tunnel too, is measured against the simulator's true write times. Its
// certificate is self-signed for 127.0.0.1 and localhost, made for these tests
// (openssl req -x509 -newkey ec -days 36500); a test that uses it turns
// certificate checks off for its own process while it runs.

import { readFileSync } from 'node:fs';
import type net from 'node:net';
import tls from 'node:tls';
import { connectUpstream, listenCounting, newCounts, relay, type TestProxy } from './proxy-relay';

/** The key and certificate of a TLS server on 127.0.0.1 or localhost. */
export const testCertificate = (): { key: Buffer; cert: Buffer } => ({
  key: readFileSync(new URL('./tls/localhost-key.pem', import.meta.url)),
  cert: readFileSync(new URL('./tls/localhost-cert.pem', import.meta.url)),
});

/** https://127.0.0.1:PORT in front of 127.0.0.1:`port`. */
export async function startTlsFront(port: number): Promise<TestProxy> {
  const counts = newCounts();
  const server = tls.createServer(testCertificate(), (client: net.Socket) => {
    client.on('error', () => client.destroy());
    connectUpstream('127.0.0.1', port).then(
      (upstream) => relay(client, upstream, counts),
      () => client.destroy(),
    );
  });
  return listenCounting(server, 'https', counts);
}
