// A small OpenAI-compatible provider on 127.0.0.1 that records what each
// request carried: its path, query parameters and headers, so a test can see
// where the key arrived. It answers a chat completion (a short stream, or a
// plain answer), a models list, and, for a request whose model is "refuse",
// a 401 that quotes every header it received back, as careless providers quote
// a wrong key: what LastToken shows of that answer must not contain the key.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  /** http://127.0.0.1:PORT/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const chunk = (content: string): string =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
    });
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'GET' && url.pathname.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'recorded-model' }] }));
        return;
      }
      const request = JSON.parse(body || '{}') as { model?: string; stream?: boolean };
      if (request.model === 'refuse') {
        res.writeHead(401, { 'content-type': 'application/json' });
        const quoted = Object.values(req.headers).join(' | ');
        res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${quoted}` } }));
        return;
      }
      if (request.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`${chunk('Hello')}${chunk(' there')}data: [DONE]\n\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there' } }],
          usage: { prompt_tokens: 3, completion_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
