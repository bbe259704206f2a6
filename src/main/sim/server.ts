// The simulator's HTTP face: routes, request bodies, and the path from a
// completion request to a played plan. Timing and wire formats live elsewhere.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { DIALECTS, type Dialect } from '../../shared/trial';
import { monotonicClock, type Clock } from '../clock';
import { respondWithError } from './delivery';
import type { ProviderError } from './events';
import { play } from './player';
import type { DialectRenderer } from './render';
import { anthropicRenderer } from './render-anthropic';
import { openaiRenderer } from './render-openai';
import { responsesRenderer } from './render-responses';
import { PrefixCache } from './prefix-cache';
import { parseCompletionRequest } from './request';
import { buildPlan, resolveScenario, SCENARIOS } from './scenarios';
import { Scheduler } from './scheduler';
import { DEFAULT_TRACE_CAPACITY, newTrace, TraceStore, type SimTrace } from './trace';
import { TracedResponse } from './wire';

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How many recent requests keep their trace (default 10 000). */
  traceCapacity?: number;
}

export interface SimServer {
  /** http://HOST:PORT */
  url: string;
  port: number;
  trace(id: string): SimTrace | undefined;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** What a trace keeps of each prompt: enough to tell a cold trial's marker apart. */
const PROMPT_HEAD_CHARS = 200;

const COMPLETION_ROUTES = new Map<string, Dialect>([
  ['/v1/chat/completions', 'openai-chat'],
  ['/v1/messages', 'anthropic-messages'],
  ['/v1/responses', 'openai-responses'],
]);

const RENDERERS: Record<Dialect, DialectRenderer> = {
  'openai-chat': openaiRenderer,
  'anthropic-messages': anthropicRenderer,
  'openai-responses': responsesRenderer,
};

interface Services {
  traces: TraceStore;
  /** One per generation in progress, so that close() can stop them all. */
  running: Set<AbortController>;
  clock: Clock;
  scheduler: Scheduler;
  /** Per model name, as providers cache per model. */
  caches: Map<string, PrefixCache>;
}

/** Prompt caches kept at most: one per scenario and parameters a test uses. */
const MAX_CACHES = 64;

function cacheFor(caches: Map<string, PrefixCache>, model: string): PrefixCache {
  let cache = caches.get(model);
  if (!cache) {
    cache = new PrefixCache();
    caches.set(model, cache);
    for (const oldest of caches.keys()) {
      if (caches.size <= MAX_CACHES) break;
      caches.delete(oldest);
    }
  }
  return cache;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimServer> {
  const host = options.host ?? '127.0.0.1';
  const services: Services = {
    traces: new TraceStore(options.traceCapacity ?? DEFAULT_TRACE_CAPACITY),
    running: new Set(),
    clock: monotonicClock,
    scheduler: new Scheduler(monotonicClock),
    caches: new Map(),
  };
  // noDelay: a small write must leave at once, not wait for the previous packet's ACK (Nagle).
  const server = createServer({ noDelay: true }, (req, res) => {
    handle(req, res, services).catch(() => {
      // One broken request (e.g. a client vanishing mid-body) must not take the simulator down.
      if (res.headersSent || res.destroyed) res.destroy();
      else res.writeHead(500).end();
    });
  });
  warmUp();
  const port = await listen(server, options.port ?? 0, host);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    trace: (id) => services.traces.get(id),
    close: async () => {
      for (const stop of services.running) stop.abort();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The tokenizer builds its tables and zod compiles its validators on first use,
 * several milliseconds each: pay that now rather than in the first request's
 * timings.
 */
function warmUp(): void {
  const sample = JSON.stringify({
    model: 'sim-steady',
    max_tokens: 1,
    messages: [{ role: 'user', content: 'hi' }],
  });
  for (const dialect of DIALECTS)
    parseCompletionRequest(dialect, { 'anthropic-version': '2023-06-01' }, sample);
  encode(sample);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string')
        reject(new Error('The simulator has no TCP address.'));
      else resolve(address.port);
    });
  });
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  services: Services,
): Promise<void> {
  const id = randomUUID();
  // Set before anything is written, so it goes out with the headers, before any body.
  res.setHeader('x-sim-request-id', id);
  const path = new URL(req.url ?? '/', 'http://sim').pathname;

  const dialect = COMPLETION_ROUTES.get(path);
  if (req.method === 'POST' && dialect) return completion(dialect, id, req, res, services);
  if (req.method === 'GET' && path === '/v1/models') {
    const data = SCENARIOS.map(({ name }) => ({
      id: name,
      object: 'model',
      owned_by: 'lasttoken-sim',
    }));
    return sendJson(res, 200, JSON.stringify({ object: 'list', data }));
  }
  const traceId = /^\/__sim\/trace\/([^/]+)$/.exec(path)?.[1];
  if (req.method === 'GET' && traceId !== undefined) {
    const trace = services.traces.get(traceId);
    if (trace) return sendJson(res, 200, JSON.stringify(trace));
    return notFound(
      res,
      `No trace for request '${traceId}' (only the most recent requests are kept).`,
    );
  }
  return notFound(res, `No route for ${req.method ?? ''} ${path}.`);
}

function sendJson(res: ServerResponse, status: number, body: string): void {
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    })
    .end(body);
}

function notFound(res: ServerResponse, message: string): void {
  sendJson(res, 404, openaiRenderer.error({ kind: 'not_found', message }));
}

async function completion(
  dialect: Dialect,
  id: string,
  req: IncomingMessage,
  res: ServerResponse,
  { traces, running, clock, scheduler, caches }: Services,
): Promise<void> {
  const { body, received } = await readBody(req, clock);
  const trace = newTrace(id, dialect, received);
  traces.add(trace);
  const wire = new TracedResponse(res, trace, clock);
  const renderer = RENDERERS[dialect];
  const fail = (error: ProviderError) => {
    respondWithError(wire, renderer, error, received);
    trace.finished_mono_ms = clock.now();
  };

  if (body === null)
    return fail({
      kind: 'too_large',
      message: `The request body exceeds ${MAX_BODY_BYTES} bytes.`,
    });
  const request = parseCompletionRequest(dialect, req.headers, body);
  if (!request.ok) return fail(request.error);
  const { model, stream, max_tokens, include_usage, has_stream_options, prompt_texts } =
    request.value;
  trace.stream = stream;
  trace.request_fields = request.value.fields;
  const promptText = prompt_texts.join('');
  trace.prompt_head = promptText.slice(0, PROMPT_HEAD_CHARS);
  const scenario = resolveScenario(model);
  if (!scenario.ok) return fail(scenario.error);
  trace.scenario = scenario.value.name;
  trace.params = scenario.value.params;
  const promptTokens = prompt_texts.flatMap((text) => encode(text));
  trace.prompt_tokens = promptTokens.length;
  const { prefill = 0, cache = 0 } = scenario.value.params;
  const cachedTokens = cache === 1 ? cacheFor(caches, model).lookup(promptTokens) : 0;
  trace.cached_tokens = cachedTokens;
  const plan = buildPlan(scenario.value, {
    dialect,
    stream,
    max_tokens,
    token_param: request.value.token_param,
    has_stream_options,
    // Reading the prompt takes time per token the cache did not serve.
    prefill_ms: (prefill * (promptTokens.length - cachedTokens)) / 1000,
  });
  if (!plan.ok) return fail(plan.error);

  const stop = new AbortController();
  running.add(stop);
  try {
    await play({
      plan: plan.value,
      renderer,
      context: {
        id,
        model,
        created: Math.floor(Date.now() / 1000),
        prompt_tokens: promptTokens.length,
        cached_tokens: cachedTokens,
        include_usage,
        output: plan.value.output,
      },
      wire,
      trace,
      clock,
      scheduler,
      stopOnClose: scenario.value.params.stop_on_close === 1,
      stop,
    });
  } finally {
    running.delete(stop);
  }
}

/** The body as text (null if over the limit), and when its last byte arrived: the origin of every scheduled time. */
function readBody(
  req: IncomingMessage,
  clock: Clock,
): Promise<{ body: string | null; received: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const received = clock.now();
      resolve({
        body: size <= MAX_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : null,
        received,
      });
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete)
        reject(new Error('The client closed the connection before the request body ended.'));
    });
  });
}
