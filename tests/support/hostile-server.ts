// Small misbehaving LLM endpoints on 127.0.0.1, one per scenario, chosen by
// the request's model name (`name` or `name:param`). Each does one thing a
// broken or hostile provider does: endless events, endless lines, compressed
// bodies, keys echoed back, terminal escapes, connections closed or reset.
// Endless bodies respect backpressure and stop when the client goes away, so
// the server itself stays small whatever the client does.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';

export interface HostileServer {
  /** http://127.0.0.1:PORT/v1 — an openai-chat base URL. */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

type Handler = (res: ServerResponse, ctx: RequestContext) => void | Promise<void>;

interface RequestContext {
  param: string;
  /** The bearer token the request carried ('' when none). */
  key: string;
  stream: boolean;
  socket: Socket;
}

const sseHeaders = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

const chunkEvent = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}): string =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;

const DONE = 'data: [DONE]\n\n';

/** Writes `next()` until it returns null or the client leaves, waiting for drain. */
async function pump(res: ServerResponse, next: () => string | Buffer | null): Promise<void> {
  let closed = false;
  res.once('close', () => (closed = true));
  for (;;) {
    if (closed) return;
    const piece = next();
    if (piece === null) {
      res.end();
      return;
    }
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      });
    }
  }
}

function endless(piece: string | Buffer): () => string | Buffer {
  return () => piece;
}

const USUAL_USAGE = { completion_tokens: 3, prompt_tokens: 5 };

function plainAnswer(content: unknown, usage: unknown = USUAL_USAGE): string {
  return JSON.stringify({
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage,
  });
}

/** A short ordinary answer as events, then [DONE]. */
function answerEvents(words: readonly string[]): string[] {
  return [
    chunkEvent({ role: 'assistant', content: '' }),
    ...words.map((w) => chunkEvent({ content: w })),
    DONE,
  ];
}

function compressed(encoding: string, res: ServerResponse, events: readonly string[]): void {
  const stream =
    encoding === 'gzip'
      ? zlib.createGzip()
      : encoding === 'deflate'
        ? zlib.createDeflate()
        : zlib.createBrotliCompress();
  res.writeHead(200, { ...sseHeaders, 'content-encoding': encoding });
  stream.pipe(res);
  let i = 0;
  const writeNext = (): void => {
    const event = events[i++];
    if (event === undefined) {
      stream.end();
      return;
    }
    stream.write(event);
    // Flushed per event, as a streaming server must, a few ms apart.
    stream.flush(() => setTimeout(writeNext, 5));
  };
  writeNext();
}

/** Anthropic's stream of `text`, then message_stop, as the Messages API sends it. */
function anthropicEvents(text: string): string[] {
  const event = (type: string, fields: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
  return [
    event('message_start', { message: { usage: { input_tokens: 5, output_tokens: 1 } } }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } }),
    event('message_stop', {}),
  ];
}

/** What the after-end scenarios send after the end marker: the first part with it, the rest later. */
export const AFTER_END = {
  withMarker: `${chunkEvent({ content: ' late' })}: ping\n\n`,
  later: `${chunkEvent({ content: ' later' })}${DONE}`,
  laterDelayMs: 300,
};

const ESCAPES = 'boom\x1b]0;pwned\x07\x1b[2J\x1b[31mred\rover\u009b31m\u202eevil';

const HANDLERS: Record<string, Handler> = {
  // Memory: what nothing used to bound.
  'huge-events': (res, { param }) => {
    const size = Number(param || 64 * 1024);
    res.writeHead(200, sseHeaders);
    return pump(res, endless(chunkEvent({ content: 'x'.repeat(size) })));
  },
  'huge-empty-events': (res) => {
    // Valid events that carry no text: only the response's total size grows.
    res.writeHead(200, sseHeaders);
    return pump(res, endless(chunkEvent({}, { padding: 'p'.repeat(64 * 1024) })));
  },
  'endless-line': (res) => {
    res.writeHead(200, sseHeaders);
    let first = true;
    return pump(res, () => {
      const piece = first
        ? `data: {"choices":[{"delta":{"content":"${'y'.repeat(65_000)}`
        : 'y'.repeat(65_536);
      first = false;
      return piece;
    });
  },
  zeros: (res) => {
    res.writeHead(200, sseHeaders);
    return pump(res, endless(Buffer.alloc(64 * 1024)));
  },
  'ping-flood': (res) => {
    res.writeHead(200, sseHeaders);
    return pump(res, endless(':\n\n'.repeat(4096)));
  },
  'long-word': (res, { param, stream }) => {
    const word = 'a'.repeat(Number(param || 200_000));
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(plainAnswer(word));
      return;
    }
    res.writeHead(200, sseHeaders);
    res.end(answerEvents([word]).join(''));
  },
  'big-plain': (res, { param }) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(plainAnswer('z'.repeat(Number(param || 2 * 1024 * 1024))));
  },

  // Untrusted values: what no column or count can take as sent, and sizes inside every limit.
  'odd-usage': (res, { param, stream }) => {
    const usage = { completion_tokens: JSON.parse(param || '2.5') as unknown, prompt_tokens: 5 };
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(plainAnswer('Odd.', usage));
      return;
    }
    res.writeHead(200, sseHeaders);
    const events = answerEvents([' Odd', '.']);
    events.splice(-1, 0, `data: ${JSON.stringify({ choices: [], usage })}\n\n`);
    res.end(events.join(''));
  },
  'many-events': (res, { param }) => {
    // One character each, a thousand events a write, then the end.
    let left = Number(param || 150_000);
    let ended = false;
    res.writeHead(200, sseHeaders);
    return pump(res, () => {
      if (left === 0) {
        if (ended) return null;
        ended = true;
        return DONE;
      }
      const events = Math.min(1000, left);
      left -= events;
      return chunkEvent({ content: 'a' }).repeat(events);
    });
  },
  'after-done': (res) => {
    res.writeHead(200, sseHeaders);
    res.write(answerEvents([' Done', ' here']).join('') + AFTER_END.withMarker);
    setTimeout(() => res.end(AFTER_END.later), AFTER_END.laterDelayMs);
  },
  'after-message-stop': (res) => {
    res.writeHead(200, sseHeaders);
    res.write(anthropicEvents('Stopped here').join('') + AFTER_END.withMarker);
    setTimeout(() => res.end(AFTER_END.later), AFTER_END.laterDelayMs);
  },
  'json-as-sse': (res) => {
    // A stream request answered with one JSON completion, still labelled as an event stream.
    res.writeHead(200, sseHeaders).end(plainAnswer('Not a stream.', { completion_tokens: 4 }));
  },
  bom: (res, { stream }) => {
    const body = stream
      ? answerEvents([' With', ' a', ' BOM']).join('')
      : plainAnswer('With a BOM');
    res
      .writeHead(200, stream ? sseHeaders : { 'content-type': 'application/json' })
      .end(`\uFEFF${body}`);
  },

  // Keys echoed back: across a cut, in a header, in the answer.
  'echo-key-error': (res, { key, param }) => {
    const at = Number(param || 290);
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `${'e'.repeat(at)}${key} is not a valid key` } }));
  },
  'echo-key-text-error': (res, { key }) => {
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end(`forbidden ${'f'.repeat(280)} ${key}\n`);
  },
  'echo-key-header': (res, { key }) => {
    res.writeHead(200, { ...sseHeaders, 'x-request-id': `req-${key}` });
    res.end(answerEvents([' Hello', ' world']).join(''));
  },
  // As its Content-Encoding, which LastToken stores lower-cased: redacted first.
  'echo-key-encoding': (res, { key }) => {
    res.writeHead(200, { ...sseHeaders, 'content-encoding': key });
    res.end(answerEvents([' Hello', ' world']).join(''));
  },
  'echo-key-text': (res, { key, stream }) => {
    const half = Math.floor(key.length / 2);
    if (!stream) {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(plainAnswer(`your key is ${key}.`));
      return;
    }
    res.writeHead(200, sseHeaders);
    // Split across two events: only the joined text shows the whole key.
    res.end(answerEvents([' your key is ', key.slice(0, half), key.slice(half), '.']).join(''));
  },
  'echo-key-reasoning': (res, { key }) => {
    res.writeHead(200, sseHeaders);
    res.end(
      [
        chunkEvent({ reasoning_content: `the key ${key} looks fine` }),
        chunkEvent({ content: 'ok' }),
        DONE,
      ].join(''),
    );
  },
  'echo-key-stream-error': (res, { key }) => {
    res.writeHead(200, sseHeaders);
    res.end(
      [
        chunkEvent({ content: 'a' }),
        `data: ${JSON.stringify({ error: { message: `${'s'.repeat(250)}${key}` } })}\n\n`,
      ].join(''),
    );
  },
  'echo-key-malformed': (res, { key }) => {
    res.writeHead(200, sseHeaders);
    res.end(`data: {"choices": [${'m'.repeat(180)}${key}\n\n`);
  },
  'echo-key-redirect': (res, { key }) => {
    res.writeHead(302, { location: `https://example.invalid/${'r'.repeat(180)}?k=${key}` }).end();
  },

  // False success: compressed bodies, text that is not text, no text at all.
  gzip: (res, { stream }) => compressedAnswer('gzip', res, stream),
  deflate: (res, { stream }) => compressedAnswer('deflate', res, stream),
  br: (res, { stream }) => compressedAnswer('br', res, stream),
  zstd: (res) => {
    res.writeHead(200, { ...sseHeaders, 'content-encoding': 'zstd' });
    res.end(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0]));
  },
  'gzip-broken': (res) => {
    res.writeHead(200, { ...sseHeaders, 'content-encoding': 'gzip' });
    res.end(Buffer.from('this is not gzip at all\n\n'));
  },
  'number-content': (res) => {
    res.writeHead(200, sseHeaders);
    res.end([chunkEvent({ content: 42 }), DONE].join(''));
  },
  'object-content': (res) => {
    res.writeHead(200, sseHeaders);
    res.end([chunkEvent({ content: { text: 'hi' } }), DONE].join(''));
  },
  'plain-number-content': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(plainAnswer(42));
  },
  'empty-stream': (res, { stream }) => {
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            { message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' },
          ],
        }),
      );
      return;
    }
    res.writeHead(200, sseHeaders);
    res.end(
      [
        chunkEvent({ role: 'assistant', content: '' }),
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'length' }] })}\n\n`,
        DONE,
      ].join(''),
    );
  },
  'special-token': (res) => {
    res.writeHead(200, sseHeaders);
    res.end(answerEvents([' before', ' <|endoftext|>', ' after']).join(''));
  },

  // What reaches a terminal.
  escapes: (res) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: ESCAPES } }));
  },
  'long-json-error': (res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `bad request: ${'q'.repeat(60_000)}` } }));
  },

  // Connections that end badly.
  'clean-close': (res, { socket }) => {
    res.writeHead(200, sseHeaders);
    res.write(chunkEvent({ content: 'partial' }));
    // FIN without the chunked body's end: a clean close mid-answer.
    setTimeout(() => socket.end(), 20);
  },
  'close-before-answer': (_res, { socket }) => {
    socket.end();
  },
  reset: (res, { socket }) => {
    res.writeHead(200, sseHeaders);
    res.write(chunkEvent({ content: 'partial' }));
    setTimeout(() => socket.resetAndDestroy(), 20);
  },
};

function compressedAnswer(encoding: string, res: ServerResponse, stream: boolean): void {
  const words = [' Compressed', ' streams', ' still', ' stream', '.'];
  if (stream) {
    compressed(encoding, res, answerEvents(words));
    return;
  }
  const body = Buffer.from(plainAnswer(words.join('')));
  const packed =
    encoding === 'gzip'
      ? zlib.gzipSync(body)
      : encoding === 'deflate'
        ? zlib.deflateRawSync(body)
        : zlib.brotliCompressSync(body);
  res
    .writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding })
    .end(packed);
}

export const ESCAPED_MESSAGE = ESCAPES;

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startHostileServer(): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const server = createServer({ noDelay: true }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const model = typeof body['model'] === 'string' ? body['model'] : '';
      const [name = '', param = ''] = model.split(':');
      const handler = HANDLERS[name];
      if (!handler) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no hostile scenario ${name}` } }));
        return;
      }
      const auth = req.headers.authorization ?? '';
      await handler(res, {
        param,
        key: auth.startsWith('Bearer ') ? auth.slice(7) : '',
        stream: body['stream'] === true,
        socket: req.socket,
      });
    })().catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
