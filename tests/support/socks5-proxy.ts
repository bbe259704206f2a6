// A SOCKS5 proxy (RFC 1928), CONNECT only, with optional username/password
// authentication (RFC 1929). Names in requests (socks5h) are resolved here,
// through `hosts` first. A client that does not speak SOCKS5 (an HTTP
// client's CONNECT) is refused in SOCKS5, as real servers do.

import net from 'node:net';
import {
  connectUpstream,
  listenCounting,
  newCounts,
  relay,
  type ProxyServerOptions,
  type TestProxy,
} from './proxy-relay';

const VERSION = 5;
const NO_AUTH = 0x00;
const USER_PASS = 0x02;
const NO_ACCEPTABLE_METHOD = 0xff;
const CONNECT = 0x01;
const REPLY_OK = 0x00;
const REPLY_REFUSED = 0x05;
const REPLY_COMMAND_UNSUPPORTED = 0x07;

/** Reads exactly n bytes at a time from a socket, whatever the reads' sizes. */
function reader(socket: net.Socket): (n: number) => Promise<Buffer> {
  let buffered = Buffer.alloc(0);
  let waiting: { n: number; resolve: (b: Buffer) => void } | null = null;
  const serve = (): void => {
    if (!waiting || buffered.length < waiting.n) return;
    const { n, resolve } = waiting;
    waiting = null;
    const bytes = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    resolve(bytes);
  };
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    serve();
  });
  return (n) =>
    new Promise((resolve) => {
      waiting = { n, resolve };
      serve();
    });
}

const reply = (code: number): Buffer => Buffer.from([VERSION, code, 0, 1, 0, 0, 0, 0, 0, 0]);

async function destination(read: (n: number) => Promise<Buffer>): Promise<[string, number]> {
  const [type] = await read(1);
  let host: string;
  if (type === 1) host = [...(await read(4))].join('.');
  else if (type === 4) host = ((await read(16)).toString('hex').match(/.{4}/g) ?? []).join(':');
  else host = (await read((await read(1))[0] as number)).toString('latin1');
  return [host, (await read(2)).readUInt16BE(0)];
}

export async function startSocks5Proxy(options: ProxyServerOptions = {}): Promise<TestProxy> {
  const counts = newCounts();
  const { credentials } = options;
  const server = net.createServer({ noDelay: true }, (client) => {
    client.on('error', () => client.destroy());
    const read = reader(client);
    void (async () => {
      const [version, methodCount] = await read(2);
      if (version !== VERSION) {
        client.end(Buffer.from([VERSION, NO_ACCEPTABLE_METHOD]));
        return;
      }
      const methods = [...(await read(methodCount as number))];
      const method = credentials ? USER_PASS : NO_AUTH;
      if (!methods.includes(method)) {
        client.end(Buffer.from([VERSION, NO_ACCEPTABLE_METHOD]));
        return;
      }
      client.write(Buffer.from([VERSION, method]));
      if (credentials) {
        const [, userLength] = await read(2);
        const username = (await read(userLength as number)).toString('utf8');
        const password = (await read((await read(1))[0] as number)).toString('utf8');
        const ok = username === credentials.username && password === credentials.password;
        client.write(Buffer.from([1, ok ? 0 : 1]));
        if (!ok) {
          client.end();
          return;
        }
      }
      const [, command] = await read(3);
      const [host, port] = await destination(read);
      counts.destinations.push(`${host}:${port}`);
      if (command !== CONNECT) {
        client.end(reply(REPLY_COMMAND_UNSUPPORTED));
        return;
      }
      client.removeAllListeners('data');
      client.pause();
      const upstream = await connectUpstream(host, port, options.hosts).catch(() => null);
      if (!upstream) {
        client.end(reply(REPLY_REFUSED));
        return;
      }
      client.write(reply(REPLY_OK));
      relay(client, upstream, counts);
    })().catch(() => client.destroy());
  });
  return listenCounting(server, 'socks5', counts);
}
