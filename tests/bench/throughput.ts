// Parse + tokenize throughput of the engine's stream path on one core: SSE
// framing, UTF-8 decoding, dialect parsing, and the trial's derivation
// (tokenizing the whole text once and assigning tokens to chunks, which the
// engine does on its token worker and this measures in one thread).
import { bootstrapMedianCi, median } from '../../src/shared/stats';
import { createTimedSseReader } from '../../src/main/probe/sse-reader';
import { openaiChat } from '../../src/main/probe/dialects/openai-chat';
import { deriveTrial } from '../../src/main/probe/trial-metrics';
import { DEFAULT_LIMITS } from '../../src/main/probe';
import { observations, type TextChunk } from '../support/observations';

const WORDS = [
  ' the',
  ' model',
  ' streams',
  ' tokens',
  ' while',
  ' users',
  ' wait',
  ' for',
  ' the',
  ' last',
  ' one',
  '.',
];

function encodedEvents(count: number): Uint8Array[] {
  const encoder = new TextEncoder();
  return Array.from({ length: count }, (_, i) =>
    encoder.encode(
      `data: ${JSON.stringify({
        id: 'chatcmpl-bench',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: 'bench',
        choices: [{ index: 0, delta: { content: WORDS[i % WORDS.length] }, finish_reason: null }],
      })}\n\n`,
    ),
  );
}

export interface ThroughputFigures {
  chunks: number;
  parseMs: number;
  deriveMs: number;
  chunksPerSecond: number;
  heapMb: number;
}

export function measureThroughput(count: number): ThroughputFigures {
  const events = encodedEvents(count);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const chunks: TextChunk[] = [];
  const reader = createTimedSseReader(
    {
      onEvent(at, event, bytes) {
        const info = openaiChat.parseStreamEvent(event);
        if (info.content || info.reasoning)
          chunks.push({ at_ms: at, content: info.content, reasoning: info.reasoning, bytes });
        return info.done;
      },
      onComment() {},
    },
    DEFAULT_LIMITS.max_event_bytes,
  );
  // One read per event, as a live stream arrives.
  events.forEach((event, i) => reader.feed(i, event));
  reader.end(count);
  const parsed = performance.now();
  const trial = deriveTrial(
    observations(chunks, { bytes: events.reduce((n, e) => n + e.length, 0) }),
  );
  const end = performance.now();
  if (trial.chunks !== count) throw new Error(`parsed ${trial.chunks} chunks, expected ${count}`);
  return {
    chunks: count,
    parseMs: parsed - start,
    deriveMs: end - parsed,
    chunksPerSecond: (count / (end - start)) * 1000,
    heapMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
  };
}

/** Median time of one bootstrap interval over `n` values: summaries compute one per metric. */
export function measureBootstrap(n: number, runs: number): number {
  const values = Array.from({ length: n }, (_, i) => 200 + ((i * 7919) % 1000) / 3);
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    bootstrapMedianCi(values);
    return performance.now() - start;
  });
  return median(times) ?? NaN;
}
