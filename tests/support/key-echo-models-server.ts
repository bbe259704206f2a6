// A provider on 127.0.0.1 whose model list echoes the key it was sent (the
// Bearer token), as a careless or hostile one may: in ids, names and owners,
// raw and base64-encoded at each alignment in both alphabets. Its paths pick
// how it fails instead:
//   /v1/models            the list
//   /refuse/v1/models     401 whose message quotes the key, raw and in base64
//   /encoded/v1/models    200 with the key as its Content-Encoding

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KeyEchoModelsServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  close(): Promise<void>;
}

/** The models a provider that echoes `key` lists; `harmless-model` is the one that says nothing of it. */
function echoingModels(key: string): unknown[] {
  const standard = (text: string) => Buffer.from(text).toString('base64');
  const urlSafe = (text: string) => Buffer.from(text).toString('base64url');
  return [
    { id: 'harmless-model', name: 'Harmless', owned_by: 'acme', context_length: 8192 },
    { id: `echo-${key}`, name: `Made for ${key}`, owned_by: key },
    { id: standard(key), name: urlSafe(`Bearer ${key}`), owned_by: standard(`{"key":"${key}"}`) },
    { id: `a${urlSafe(`xy${key}`)}`, name: `part ${key.slice(4, 20)}`, owned_by: urlSafe(key) },
  ];
}

export async function startKeyEchoModelsServer(): Promise<KeyEchoModelsServer> {
  const server = createServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/refuse/v1/models') {
      res.writeHead(401, { 'content-type': 'application/json' });
      const encoded = Buffer.from(`Bearer ${key}`).toString('base64');
      res.end(JSON.stringify({ error: { message: `Bad key ${key} (${encoded})` } }));
      return;
    }
    if (path === '/encoded/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': key });
      res.end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: echoingModels(key) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
