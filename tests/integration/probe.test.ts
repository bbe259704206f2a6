// The engine against the simulated provider over real HTTP on 127.0.0.1.
// The simulator records when it really wrote each event on the same monotonic
// clock, so measured times are checked against true times, not guesses.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProbeSession,
  DEFAULT_LIMITS,
  ProbeConfigError,
  type EndpointSpec,
  type Limits,
  type RequestSpec,
  type TrialOptions,
} from '../../src/main/probe';
import { startSimulator, type SimServer, type SimTrace } from '../../src/main/sim';
import type { Dialect, Mode, Trial } from '../../src/shared/trial';
import {
  expectChunksMatchWrites,
  simTrace,
  textWrites,
  TIMED_AGAINST_TRUTH,
  TOLERANCE_MS,
} from '../support/sim-truth';
import { startBufferingProxy } from '../support/buffering-proxy';
import { countTokens } from '../../src/main/probe/tokens/encode-ordinary';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(async () => {
  await sim.close();
});

const request = (mode: Mode, max_tokens = 256): RequestSpec => ({
  messages: [
    { role: 'user', content: 'Explain, in 150 words, why free-tier LLM latency is noisy.' },
  ],
  max_tokens,
  mode,
});

interface ProbeArgs {
  model: string;
  mode?: Mode;
  dialect?: Dialect;
  limits?: Partial<Limits>;
  options?: TrialOptions;
  endpoint?: Partial<EndpointSpec>;
}

async function probe(args: ProbeArgs): Promise<Trial> {
  const session = createProbeSession({
    base_url: `${sim.url}${args.dialect === 'anthropic-messages' ? '' : '/v1'}`,
    model: args.model,
    dialect: args.dialect ?? 'openai-chat',
    ...args.endpoint,
  });
  try {
    return await session.runTrial(
      request(args.mode ?? 'stream'),
      { ...DEFAULT_LIMITS, ...args.limits },
      args.options,
    );
  } finally {
    session.close();
  }
}

const traceOf = (trial: Trial): SimTrace => simTrace(sim, trial);

describe('stream mode against the simulator', () => {
  it(
    'measures a steady stream: TTFT, gaps and tokens match the true writes',
    TIMED_AGAINST_TRUTH,
    async () => {
      const trial = await probe({ model: 'sim-steady' });
      const trace = traceOf(trial);
      expect(trial.status).toBe('ok');
      expect(trial.error).toBeNull();
      expectChunksMatchWrites(trial, trace);
      const firstWrite = textWrites(trace)[0]?.at_mono_ms ?? NaN;
      expect(trial.ttft_ms).toBeCloseTo(firstWrite - trial.timeline.t0_mono_ms, -1);
      expect(trial.gap_median_ms).toBeGreaterThan(20 - 2);
      expect(trial.gap_median_ms).toBeLessThan(20 + 2);
      expect(trial.text).toBe(trace.content_text);
      expect(trial.tokens).toBe(trace.completion_tokens);
      expect(trial.usage_completion_tokens).toBe(trace.completion_tokens);
      expect(trial.usage_diff).toBe(0);
      expect(trial.usage_requested).toBe(true);
      expect(trial.chunks).toBe(40);
      expect(trial.headers_ms).not.toBeNull();
      expect(trial.headers_ms as number).toBeLessThan(trial.ttft_ms as number);
      expect(trial.total_ms as number).toBeGreaterThanOrEqual(trial.last_token_ms as number);
      expect(trial.reused_connection).toBe(false);
      expect(trial.dns_ms).toBe(0);
      expect(trial.connect_ms).not.toBeNull();
      expect(trial.buffered).toBe(false);
      expect(trial.stalled).toBe(false);
    },
  );

  it('does not count a role-only or empty first chunk as the first token', async () => {
    const trial = await probe({ model: 'sim-role-first' });
    const trace = traceOf(trial);
    const t0 = trial.timeline.t0_mono_ms;
    const roleWrite = trace.writes.find((w) => w.kind === 'role');
    const firstText = textWrites(trace)[0];
    expect(roleWrite && firstText).toBeTruthy();
    expect(trial.status).toBe('ok');
    expect(
      Math.abs((trial.first_event_ms ?? NaN) - ((roleWrite?.at_mono_ms ?? NaN) - t0)),
    ).toBeLessThan(TOLERANCE_MS);
    expect(Math.abs((trial.ttft_ms ?? NaN) - ((firstText?.at_mono_ms ?? NaN) - t0))).toBeLessThan(
      TOLERANCE_MS,
    );
    expect((trial.ttft_ms ?? 0) - (trial.first_event_ms ?? 0)).toBeGreaterThan(250);
  });

  it(
    'tells chunks from tokens when the server batches tokens into events',
    TIMED_AGAINST_TRUTH,
    async () => {
      const trial = await probe({ model: 'sim-batched' });
      const trace = traceOf(trial);
      expect(trial.status).toBe('ok');
      expectChunksMatchWrites(trial, trace);
      expect(trial.tokens).toBe(trace.completion_tokens);
      expect(trial.tokens_per_chunk_mean as number).toBeGreaterThan(3);
      expect(trial.chunks).toBeLessThan(trial.tokens / 3);
      expect(trial.timeline.chunks.reduce((n, c) => n + c.tokens, 0)).toBe(trial.tokens);
    },
  );

  it('measures seeded jitter gap by gap', async () => {
    const trial = await probe({ model: 'sim-jitter' });
    const trace = traceOf(trial);
    expect(trial.status).toBe('ok');
    const writes = textWrites(trace);
    trial.gaps_ms.forEach((gap, i) => {
      const truth = (writes[i + 1]?.at_mono_ms ?? NaN) - (writes[i]?.at_mono_ms ?? NaN);
      expect(Math.abs(gap - truth)).toBeLessThan(TOLERANCE_MS);
    });
    expect((trial.gap_max_ms ?? 0) - (trial.gap_median_ms ?? 0)).toBeGreaterThan(5);
  });

  it('counts keep-alive comments before the first token apart from content gaps', async () => {
    const trial = await probe({ model: 'sim-pings' });
    const trace = traceOf(trial);
    const pingWrites = trace.writes.filter((w) => w.kind === 'comment');
    expect(trial.status).toBe('ok');
    expect(trial.pings).toBe(pingWrites.length);
    expect(trial.pings).toBeGreaterThanOrEqual(8);
    expect(trial.timeline.pings.every((p) => p.kind === 'comment')).toBe(true);
    const firstPing = (pingWrites[0]?.at_mono_ms ?? NaN) - trial.timeline.t0_mono_ms;
    expect(Math.abs((trial.first_ping_ms ?? NaN) - firstPing)).toBeLessThan(TOLERANCE_MS);
    expect(trial.ttft_ms as number).toBeGreaterThan(950);
    // Pings keep bytes flowing: the longest silence is a ping interval, while
    // the wait for content is the whole TTFT.
    expect(trial.max_silence_ms as number).toBeLessThan(200);
    expect(trial.max_content_silence_ms as number).toBeGreaterThan(950);
  });

  it('ends a silent stall with idle_timeout when the idle limit is shorter, keeping what it measured', async () => {
    const trial = await probe({ model: 'sim-stall', limits: { idle_timeout_ms: 800 } });
    expect(trial.status).toBe('idle_timeout');
    expect(trial.error).toMatch(/no bytes received for 0\.8 s/);
    expect(trial.chunks).toBe(10);
    expect(trial.ttft_ms).not.toBeNull();
    expect(trial.total_ms).toBeNull();
    expect(trial.max_silence_ms as number).toBeGreaterThanOrEqual(790);
  });

  it('rides out a silent stall shorter than the idle limit and flags it as a stall', async () => {
    const trial = await probe({
      model: 'sim-stall:stall=1200',
      limits: { idle_timeout_ms: 5000, stall_ms: 1000 },
    });
    expect(trial.status).toBe('ok');
    expect(trial.stalled).toBe(true);
    expect(trial.max_silence_ms as number).toBeGreaterThan(1150);
    expect(trial.gap_max_ms as number).toBeGreaterThan(1150);
  });

  it('keeps a stream alive with pings through a stall: not idle, but stalled', async () => {
    const trial = await probe({
      model: 'sim-stall-pings',
      limits: { idle_timeout_ms: 1000, stall_ms: 2000 },
    });
    expect(trial.status).toBe('ok');
    expect(trial.stalled).toBe(true);
    expect(trial.pings).toBeGreaterThan(5);
    expect(trial.max_silence_ms as number).toBeLessThan(400);
    expect(trial.max_content_silence_ms as number).toBeGreaterThan(2900);
  });

  it('does not call a long wait for the first token a stall, though pings kept it open', async () => {
    const trial = await probe({
      model: 'sim-pings:ttft=1500,ping=100,tokens=10',
      limits: { idle_timeout_ms: 1000, stall_ms: 1000 },
    });
    expect(trial.status).toBe('ok');
    expect(trial.ttft_ms as number).toBeGreaterThan(1450);
    // The content silence counts the wait (myth three's figure); the stall does not.
    expect(trial.max_content_silence_ms as number).toBeGreaterThan(1450);
    expect(trial.stalled).toBe(false);
  });

  it(
    'reassembles CJK text written in pieces that split characters and data: lines',
    TIMED_AGAINST_TRUTH,
    async () => {
      const trial = await probe({ model: 'sim-cjk' });
      const trace = traceOf(trial);
      expect(trial.status).toBe('ok');
      expect(trial.text).toBe(trace.content_text);
      expect(trial.text).not.toContain('\uFFFD');
      expectChunksMatchWrites(trial, trace);
      expect(trial.tokens).toBe(trace.completion_tokens);
    },
  );

  it('separates reasoning from output: TTFT counts thinking, TTFO waits for the answer', async () => {
    for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
      const trial = await probe({ model: 'sim-reasoning', dialect });
      const trace = traceOf(trial);
      expect(trial.status).toBe('ok');
      expect(trial.reasoning_text).toBe(trace.reasoning_text);
      expect(trial.text).toBe(trace.content_text);
      expect(trial.reasoning_tokens).toBeGreaterThan(0);
      expect(trial.ttfo_ms as number).toBeGreaterThan((trial.ttft_ms as number) + 100);
    }
  });

  it('keeps what usage says of the prompt cache and the reasoning, in each dialect and mode', async () => {
    for (const mode of ['stream', 'plain'] as const) {
      const openai = await probe({ model: 'sim-reasoning', mode });
      // The simulator has no prompt cache: it says 0 cached, which is not "not said".
      expect(openai.cached_prompt_tokens).toBe(0);
      expect(openai.reasoning_tokens_api).toBe(countTokens(traceOf(openai).reasoning_text));
      expect(openai.reasoning_tokens_api as number).toBeGreaterThan(0);
      const anthropic = await probe({
        model: 'sim-reasoning',
        mode,
        dialect: 'anthropic-messages',
      });
      expect(anthropic.cached_prompt_tokens).toBe(0);
      // Anthropic does not count thinking tokens apart.
      expect(anthropic.reasoning_tokens_api).toBeNull();
    }
  });

  it('flags a stream that a proxy buffered and released at the end', async () => {
    const trial = await probe({ model: 'sim-buffered' });
    expect(trial.status).toBe('ok');
    expect(trial.buffered).toBe(true);
    expect(trial.burst_share as number).toBeGreaterThan(0.8);
  });

  it('flags a stream that a proxy released in 4 KB bursts (rebuffered), and no stream that was not', async () => {
    const proxy = await startBufferingProxy(sim.url, 4096);
    try {
      const behind = await probe({
        model: 'sim-steady:tokens=200,gap=5',
        endpoint: { base_url: `${proxy.url}/v1` },
      });
      expect(behind.status).toBe('ok');
      expect(proxy.flushes.filter((bytes) => bytes === 4096).length).toBeGreaterThanOrEqual(5);
      // Many events per read, and most events in such reads; not held to the end.
      expect(behind.events_per_read_max as number).toBeGreaterThanOrEqual(10);
      expect(behind.rebuffered).toBe(true);
      expect(behind.buffered).toBe(false);
      // What the bursts did to the usual figures: the median gap is within a read.
      expect(behind.gap_median_ms).toBe(0);
    } finally {
      await proxy.close();
    }
    // A provider that batches tokens sends one event per read with many tokens: not buffering.
    const batched = await probe({ model: 'sim-batched:per=20,tokens=200,gap=40' });
    expect(batched.tokens_per_chunk_mean as number).toBeGreaterThan(15);
    expect(batched.events_per_read_max).toBe(1);
    expect(batched.rebuffered).toBe(false);
    const steady = await probe({ model: 'sim-steady:tokens=60,gap=5' });
    expect(steady.events_per_read_max as number).toBeLessThan(4);
    expect(steady.rebuffered).toBe(false);
    // The simulator's own stand-in for such a proxy is flagged alike.
    const simulated = await probe({ model: 'sim-rebuffered' });
    expect(simulated.rebuffered).toBe(true);
  });

  it('counts the pings while waiting for the first token apart from those after it', async () => {
    const waited = await probe({ model: 'sim-pings:ttft=600,ping=100,tokens=10' });
    expect(waited.pings_before_ttft).toBeGreaterThanOrEqual(4);
    expect(waited.pings_after_ttft).toBe(0);
    expect(waited.pings).toBe(waited.pings_before_ttft);
    expect(waited.stalled).toBe(false);
    const stalled = await probe({
      model: 'sim-stall-pings:stall=800,ping=100',
      limits: { stall_ms: 500 },
    });
    expect(stalled.pings_before_ttft).toBe(0);
    expect(stalled.pings_after_ttft).toBeGreaterThanOrEqual(5);
    expect(stalled.stalled).toBe(true);
  });

  it('detects a server that ignores stream: true, and still measures it', async () => {
    const trial = await probe({ model: 'sim-ignore-stream' });
    const trace = traceOf(trial);
    expect(trial.status).toBe('stream_ignored');
    expect(trial.error).toMatch(/one JSON body/);
    expect(trial.text).toBe(trace.content_text);
    expect(trial.tokens).toBe(trace.completion_tokens);
    expect(trial.first_byte_ms).not.toBeNull();
    expect(trial.total_ms).not.toBeNull();
    expect(trial.ttft_ms).toBeNull();
  });

  it('retries once without stream_options when the endpoint rejects it, then stops asking', async () => {
    const session = createProbeSession({
      base_url: `${sim.url}/v1`,
      model: 'sim-no-stream-options',
      dialect: 'openai-chat',
    });
    try {
      const first = await session.runTrial(request('stream'), DEFAULT_LIMITS);
      expect(first.status).toBe('ok');
      expect(first.usage_requested).toBe(false);
      expect(first.usage_completion_tokens).toBeNull();
      expect(first.error).toMatch(/rejected stream_options/);
      const second = await session.runTrial(request('stream'), DEFAULT_LIMITS);
      expect(second.status).toBe('ok');
      expect(second.usage_requested).toBe(false);
      expect(second.error).toBeNull();
    } finally {
      session.close();
    }
  });

  it('reports a malformed event as protocol_error with the offending line, keeping earlier chunks', async () => {
    const trial = await probe({ model: 'sim-malformed' });
    expect(trial.status).toBe('protocol_error');
    expect(trial.error).toContain('{"choices": [');
    expect(trial.chunks).toBe(5);
    expect(trial.ttft_ms).not.toBeNull();
  });

  it('reports an error event inside the stream with the provider message', async () => {
    const trial = await probe({ model: 'sim-mid-error' });
    expect(trial.status).toBe('http_error');
    expect(trial.error).toMatch(/overloaded/);
    expect(trial.chunks).toBe(5);
  });

  it('reports progress off the socket path', async () => {
    const seen: number[] = [];
    const trial = await probe({
      model: 'sim-steady:tokens=20',
      options: { onProgress: (p) => seen.push(p.chunks) },
    });
    expect(trial.status).toBe('ok');
    expect(seen.length).toBeGreaterThan(5);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe('plain mode', () => {
  it('waits for the whole answer: TTFB, not TTFT, and a total like the stream’s', async () => {
    const plain = await probe({ model: 'sim-steady', mode: 'plain' });
    const stream = await probe({ model: 'sim-steady', mode: 'stream' });
    const trace = traceOf(plain);
    expect(plain.status).toBe('ok');
    expect(plain.ttft_ms).toBeNull();
    expect(plain.chunks).toBe(0);
    expect(plain.text).toBe(trace.content_text);
    expect(plain.tokens).toBe(trace.completion_tokens);
    expect(plain.usage_completion_tokens).toBe(trace.completion_tokens);
    // Streaming moves the first token, not the last.
    expect(plain.first_byte_ms as number).toBeGreaterThan((stream.ttft_ms as number) * 3);
    expect(Math.abs((plain.total_ms as number) - (stream.total_ms as number))).toBeLessThan(
      (stream.total_ms as number) * 0.15,
    );
  });
});

describe('HTTP errors', () => {
  it('reports 401 with the provider message and never the key', async () => {
    const key = 'sk-sim-invalid';
    const trial = await probe({ model: 'sim-steady', endpoint: { api_key: key } });
    expect(trial.status).toBe('http_error');
    expect(trial.http_status).toBe(401);
    expect(JSON.stringify(trial)).not.toContain(key);
  });

  it('reports 429 with Retry-After', async () => {
    const trial = await probe({ model: 'sim-error-429' });
    expect(trial.status).toBe('http_error');
    expect(trial.http_status).toBe(429);
    expect(trial.retry_after_s).toBe(7);
    expect(trial.error).toMatch(/^HTTP 429/);
    expect(trial.headers_ms).not.toBeNull();
  });

  it('reports 500 in both dialects', async () => {
    for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
      const trial = await probe({ model: 'sim-error-500', dialect });
      expect(trial.status).toBe('http_error');
      expect(trial.http_status).toBe(500);
      expect(trial.error?.length).toBeGreaterThan('HTTP 500'.length);
    }
  });

  it('explains an unknown model with the provider message', async () => {
    const trial = await probe({ model: 'no-such-model' });
    expect(trial.status).toBe('http_error');
    expect(trial.http_status).toBe(404);
    expect(trial.error).toMatch(/sim-steady/);
  });
});

describe('anthropic-messages against the simulator', () => {
  it(
    'measures a stream with usage from message_start and message_delta',
    TIMED_AGAINST_TRUTH,
    async () => {
      const trial = await probe({
        model: 'sim-steady',
        dialect: 'anthropic-messages',
        endpoint: { api_key: 'k-test' },
      });
      const trace = traceOf(trial);
      expect(trace.dialect).toBe('anthropic-messages');
      expect(trial.status).toBe('ok');
      expect(trial.error).toBeNull();
      expectChunksMatchWrites(trial, trace);
      expect(trial.usage_completion_tokens).toBe(trace.completion_tokens);
      expect(trial.usage_prompt_tokens).not.toBeNull();
      expect(trial.tokens).toBe(trace.completion_tokens);
    },
  );

  it('counts ping events as keep-alives', async () => {
    const trial = await probe({ model: 'sim-pings', dialect: 'anthropic-messages' });
    expect(trial.status).toBe('ok');
    expect(trial.pings).toBeGreaterThanOrEqual(8);
    expect(trial.timeline.pings.some((p) => p.kind === 'event')).toBe(true);
  });

  it('measures plain mode', async () => {
    const trial = await probe({
      model: 'sim-steady',
      dialect: 'anthropic-messages',
      mode: 'plain',
    });
    expect(trial.status).toBe('ok');
    expect(trial.tokens).toBe(traceOf(trial).completion_tokens);
  });
});

describe('limits, cancellation and connections', () => {
  it('stops at the deadline and keeps the chunks measured so far', async () => {
    const trial = await probe({ model: 'sim-steady', limits: { deadline_ms: 400 } });
    expect(trial.status).toBe('deadline');
    expect(trial.error).toMatch(/0\.4 s/);
    expect(trial.chunks).toBeGreaterThan(3);
    expect(trial.total_ms).toBeNull();
  });

  it('gives up connecting after the connect timeout (a TLS handshake that never completes)', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const session = createProbeSession({
        base_url: `https://127.0.0.1:${port}/v1`,
        model: 'm',
        dialect: 'openai-chat',
      });
      const trial = await session.runTrial(request('stream'), {
        ...DEFAULT_LIMITS,
        connect_timeout_ms: 300,
      });
      session.close();
      expect(trial.status).toBe('connect_timeout');
      expect(trial.error).toMatch(/could not connect to 127\.0\.0\.1:\d+ within 0\.3 s/);
      expect(trial.headers_ms).toBeNull();
    } finally {
      silent.close();
    }
  });

  it('explains a refused connection as a network error', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const session = createProbeSession({
      base_url: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      dialect: 'openai-chat',
    });
    const trial = await session.runTrial(request('stream'), DEFAULT_LIMITS);
    session.close();
    expect(trial.status).toBe('network_error');
    expect(trial.error).toMatch(/connection refused/);
  });

  it('reports a server that drops the connection mid-stream, keeping the chunks', async () => {
    const dropper = net.createServer((socket) => {
      socket.once('data', () => {
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n' +
            chunked('data: {"choices":[{"delta":{"content":"Hello"}}]}\n\n'),
        );
        setTimeout(() => socket.destroy(), 50);
      });
    });
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    const port = (dropper.address() as net.AddressInfo).port;
    try {
      const session = createProbeSession({
        base_url: `http://127.0.0.1:${port}/v1`,
        model: 'm',
        dialect: 'openai-chat',
      });
      const trial = await session.runTrial(request('stream'), DEFAULT_LIMITS);
      session.close();
      expect(trial.status).toBe('network_error');
      expect(trial.chunks).toBe(1);
      expect(trial.text).toBe('Hello');
    } finally {
      dropper.close();
    }
  });

  it('cancels on the signal and keeps what it measured', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const trial = await probe({ model: 'sim-steady', options: { signal: controller.signal } });
    expect(trial.status).toBe('aborted');
    expect(trial.error).toMatch(/cancelled/);
    expect(trial.chunks).toBeGreaterThan(3);
    expect(trial.abort).toBeNull();
  });

  it('reuses one connection across trials when asked: phases are null then', async () => {
    const session = createProbeSession(
      { base_url: `${sim.url}/v1`, model: 'sim-steady:tokens=5', dialect: 'openai-chat' },
      { reuse_connection: true },
    );
    try {
      const first = await session.runTrial(request('stream'), DEFAULT_LIMITS);
      const second = await session.runTrial(request('plain'), DEFAULT_LIMITS);
      const third = await session.runTrial(request('stream'), DEFAULT_LIMITS);
      expect(first.reused_connection).toBe(false);
      expect(second.reused_connection).toBe(true);
      expect(third.reused_connection).toBe(true);
      expect(third.connect_ms).toBeNull();
      expect([first.status, second.status, third.status]).toEqual(['ok', 'ok', 'ok']);
    } finally {
      session.close();
    }
  });

  it('refuses a key that cannot travel in an HTTP header, without showing it', () => {
    const key = 'sk-ключ-секрет';
    const endpoint: EndpointSpec = {
      base_url: `${sim.url}/v1`,
      model: 'm',
      dialect: 'openai-chat',
      api_key: key,
    };
    expect(() => createProbeSession(endpoint)).toThrow(/API key or credential contains characters/);
    try {
      createProbeSession(endpoint);
    } catch (error) {
      expect(String(error)).not.toContain(key);
    }
  });

  it('refuses to send a key over plain http to a host that is not loopback', () => {
    const endpoint: EndpointSpec = {
      base_url: 'http://api.example.com/v1',
      model: 'm',
      dialect: 'openai-chat',
      api_key: 'sk-x',
    };
    expect(() => createProbeSession(endpoint)).toThrow(ProbeConfigError);
    expect(() => createProbeSession(endpoint)).toThrow(/unencrypted/);
    expect(() =>
      createProbeSession({ ...endpoint, allow_insecure_key: true }).close(),
    ).not.toThrow();
  });
});

describe('the abort experiment', () => {
  it('hangs up after K tokens: the client stops, the simulated server keeps generating', async () => {
    const trial = await probe({ model: 'sim-steady', options: { abort_after_tokens: 5 } });
    expect(trial.status).toBe('aborted');
    expect(trial.abort?.after_tokens).toBe(5);
    // A token a chunk: the hang-up comes at the fifth, counted as it arrived.
    expect(trial.tokens).toBe(5);
    expect(trial.abort?.close_ms).not.toBeNull();
    expect(trial.abort?.close_ms as number).toBeLessThan(500);
    // The server noticed the hang-up and still generated the rest.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const trace = traceOf(trial);
    expect(trace.client_closed_mono_ms).not.toBeNull();
    expect(trace.generated_after_close).toBeGreaterThan(20);
  });

  it('hangs up at the chunk that reaches K, however fast they come', async () => {
    // A token every millisecond: a count asked of another thread comes back
    // several chunks late; counted on the measuring path, none is.
    for (const after of [10, 40]) {
      const trial = await probe({
        model: 'sim-steady:ttft=5,gap=1,tokens=400',
        options: { abort_after_tokens: after },
      });
      expect(trial.status).toBe('aborted');
      expect(trial.tokens).toBe(after);
    }
  });

  it('hangs up at the first chunk that takes a batching server past K', async () => {
    const trial = await probe({ model: 'sim-batched', options: { abort_after_tokens: 10 } });
    expect(trial.status).toBe('aborted');
    const perChunk = trial.tokens_per_chunk_mean as number;
    expect(perChunk).toBeGreaterThan(1.5);
    // Past K by less than the chunk that crossed it.
    expect(trial.tokens).toBeGreaterThanOrEqual(10);
    expect(trial.tokens - 10).toBeLessThan(Math.ceil(perChunk * 2));
  });

  it('sees a server that stops on close generate nothing more', async () => {
    const trial = await probe({
      model: 'sim-steady:stop_on_close=1',
      options: { abort_after_tokens: 5 },
    });
    expect(trial.status).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const trace = traceOf(trial);
    expect(trace.client_closed_mono_ms).not.toBeNull();
    expect(trace.generated_after_close).toBe(0);
  });
});

function chunked(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}

describe('the openai-responses dialect against the simulator', () => {
  const responses = { dialect: 'openai-responses' as const };
  it(
    'stream: TTFT, gaps and usage against the true writes, as for chat',
    TIMED_AGAINST_TRUTH,
    async () => {
      const trial = await probe({ model: 'sim-steady:tokens=30,cache=0', ...responses });
      const trace = traceOf(trial);
      expect(trial.status, trial.error ?? '').toBe('ok');
      expect(trial.error).toBeNull();
      expectChunksMatchWrites(trial, trace);
      expect(trial.ttft_ms).toBeCloseTo(
        (textWrites(trace)[0]?.at_mono_ms ?? NaN) - trial.timeline.t0_mono_ms,
        -1,
      );
      expect(trial.chunks).toBe(30);
      expect(trial.text).toBe(trace.content_text);
      expect(trial.usage_completion_tokens).toBe(trace.completion_tokens);
      expect(trial.usage_prompt_tokens).toBe(trace.prompt_tokens);
      expect(trial.cached_prompt_tokens).toBe(0);
      expect(trial.finish_reason).toBe('stop');
      expect(trial.token_param).toBe('max_output_tokens');
      expect(trace.request_fields).toMatchObject({
        max_output_tokens: 256,
        store: false,
        stream: true,
      });
    },
  );

  it('a reasoning summary is reasoning, the first content token its TTFO; plain mode reads the output items', async () => {
    const stream = await probe({ model: 'sim-reasoning:tokens=5,reasoning=4', ...responses });
    const trace = traceOf(stream);
    expect(stream.status, stream.error ?? '').toBe('ok');
    expect(stream.reasoning_text).toBe(trace.reasoning_text);
    expect(stream.reasoning_tokens_api).toBe(countTokens(trace.reasoning_text));
    expect(stream.ttfo_ms as number).toBeGreaterThan(stream.ttft_ms as number);

    const plain = await probe({
      model: 'sim-reasoning:tokens=5,reasoning=4',
      mode: 'plain',
      ...responses,
    });
    expect(plain.status, plain.error ?? '').toBe('ok');
    expect(plain.text).toBe(traceOf(plain).content_text);
    expect(plain.reasoning_text).toBe(traceOf(plain).reasoning_text);
    expect(plain.usage_completion_tokens).toBe(traceOf(plain).completion_tokens);
  });

  it('a cut answer is `length`, an error event and an HTTP error say the provider’s words', async () => {
    const session = createProbeSession({
      base_url: `${sim.url}/v1`,
      model: 'sim-steady:tokens=40',
      dialect: 'openai-responses',
    });
    const short = await session
      .runTrial({ ...request('stream'), max_tokens: 10 }, DEFAULT_LIMITS)
      .finally(() => session.close());
    expect([short.status, short.finish_reason, short.chunks]).toEqual(['ok', 'length', 10]);
    const mid = await probe({ model: 'sim-mid-error:after=3', ...responses });
    expect(mid.error).toMatch(/overloaded/);
    const refused = await probe({ model: 'sim-error-500', ...responses });
    expect([refused.status, refused.http_status]).toEqual(['http_error', 500]);
    expect(refused.error).toMatch(/simulated by sim-error-500/);
  });
});
