// A small free-tier provider on 127.0.0.1, shaped like OpenRouter: a models
// list with prices (free models marked as OpenRouter marks them) and a chat
// completions endpoint that rate-limits as free tiers do. The model a request
// names picks its behaviour:
//   ok                      answers every request
//   limited:n=2,after=3     answers 429 with `Retry-After: 3` to the first 2
//                           requests of that model, then like ok
//   limited-date:n=1,after=3  the same with Retry-After as an HTTP date
//   down                    answers 503 without Retry-After, always
//   refused                 answers 401 echoing the key it was sent, always
//                           (as some providers do: "Incorrect API key provided: sk-...")
// Every request is recorded with its arrival on the monotonic clock the
// engine uses, so a test can check the gaps between a profile's calls.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicClock } from '../../src/main/clock';

export interface ReceivedRequest {
  method: string;
  path: string;
  /** The model named in a completions request; '' for the models list. */
  model: string;
  /** Arrival, ms on the monotonic clock (src/main/clock.ts). */
  at: number;
  headers: IncomingMessage['headers'];
  /** What this server answered. */
  status: number;
}

export interface FreeTierServer {
  /** http://127.0.0.1:PORT/api/v1, as OpenRouter's base URL. */
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Completions requests naming `model`, in arrival order. */
  callsOf(model: string): ReceivedRequest[];
  /** Between the arrivals of consecutive completions requests naming `model`, in ms. */
  gapsOf(model: string): number[];
  close(): Promise<void>;
}

/** OpenRouter's own shape: pricing in dollars per token, as strings; `:free` variants at "0". */
export const OPENROUTER_MODELS = [
  {
    id: 'meta-llama/llama-3.3-70b-instruct:free',
    name: 'Meta: Llama 3.3 70B Instruct (free)',
    context_length: 131072,
    pricing: { prompt: '0', completion: '0', request: '0', image: '0' },
  },
  {
    id: 'anthropic/claude-sonnet-4',
    name: 'Anthropic: Claude Sonnet 4',
    context_length: 200000,
    pricing: { prompt: '0.000003', completion: '0.000015', request: '0', image: '0.0048' },
  },
  {
    id: 'deepseek/deepseek-chat-v3-0324',
    name: 'DeepSeek: DeepSeek V3 0324',
    context_length: 163840,
    pricing: { prompt: '0', completion: '0' },
  },
  {
    id: 'openai/gpt-4o-mini',
    name: 'OpenAI: GPT-4o-mini',
    context_length: 128000,
    pricing: { prompt: '0.00000015', completion: '0.0000006' },
  },
  // A router whose price depends on where it routes: not known to be free, nor paid.
  {
    id: 'openrouter/auto',
    name: 'Auto Router',
    context_length: 2000000,
    pricing: { prompt: '-1', completion: '-1' },
  },
  // Some entries carry no pricing at all.
  { id: 'vendor/no-price', owned_by: 'vendor' },
];

/** The differences between consecutive times. */
export function gapsBetween(times: readonly number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}

function parseModel(model: string): { name: string; params: Map<string, number> } {
  const [name = '', rest = ''] = model.split(':', 2);
  const params = new Map<string, number>();
  for (const pair of rest.split(',').filter(Boolean)) {
    const [key = '', value = ''] = pair.split('=');
    params.set(key, Number(value));
  }
  return { name, params };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, stream: boolean, model: string): void {
  const text = 'Free tiers are noisy.';
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'cmpl-1',
        object: 'chat.completion',
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const word of text.split(/(?<= )/)) {
    const delta = { choices: [{ index: 0, delta: { content: word }, finish_reason: null }] };
    res.write(`data: ${JSON.stringify(delta)}\n\n`);
  }
  res.write(
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
  );
  res.end('data: [DONE]\n\n');
}

function refuse(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  message = status === 429 ? 'Rate limit exceeded: free-models-per-min' : 'Provider returned error',
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { code: status, message } }));
}

export async function startFreeTierServer(): Promise<FreeTierServer> {
  const requests: ReceivedRequest[] = [];
  const seen = new Map<string, number>();

  const server = createServer((req, res) => {
    const at = monotonicClock.now();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const record = (model: string, status: number): void => {
      requests.push({ method: req.method ?? '', path, model, at, headers: req.headers, status });
    };
    if (req.method === 'GET' && path === '/api/v1/models') {
      record('', 200);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: OPENROUTER_MODELS }));
      return;
    }
    if (req.method !== 'POST' || path !== '/api/v1/chat/completions') {
      record('', 404);
      refuse(res, 404, {});
      return;
    }
    void readBody(req).then((body) => {
      const request = JSON.parse(body) as { model: string; stream?: boolean };
      const { name, params } = parseModel(request.model);
      const count = (seen.get(request.model) ?? 0) + 1;
      seen.set(request.model, count);
      const limited = name === 'limited' || name === 'limited-date';
      if (limited && count <= (params.get('n') ?? 1)) {
        const after = params.get('after') ?? 1;
        const retryAfter =
          name === 'limited' ? String(after) : new Date(Date.now() + after * 1000).toUTCString();
        record(request.model, 429);
        refuse(res, 429, { 'retry-after': retryAfter });
        return;
      }
      if (name === 'down') {
        record(request.model, 503);
        refuse(res, 503, {});
        return;
      }
      if (name === 'refused') {
        record(request.model, 401);
        refuse(res, 401, {}, `Incorrect API key provided: ${req.headers.authorization ?? ''}`);
        return;
      }
      record(request.model, 200);
      answer(res, request.stream === true, request.model);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const callsOf = (model: string): ReceivedRequest[] => requests.filter((r) => r.model === model);
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    callsOf,
    gapsOf: (model) => gapsBetween(callsOf(model).map((r) => r.at)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
