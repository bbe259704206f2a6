// What a reader feels (DESIGN.md, "Metric definitions"): a person reading the
// answer at `reader_pace_tps` starts at the first content token, reads each
// content token in 1/pace seconds, and never reads a token before it arrives.
// A stream faster than the reader costs nothing after its first token; a slower
// one makes the reader wait. Computed from a trial's timeline, so any stored
// trial can be seen at any pace without a new run.
// Pure: no Node, no DOM.

import type { ChunkRecord, Trial } from './trial';

/** About a fast reader of English or Chinese. */
export const DEFAULT_READER_PACE_TPS = 8;
/** The paces a setting or flag may choose: from a slow reader to far past any human. */
export const MIN_READER_PACE_TPS = 0.5;
export const MAX_READER_PACE_TPS = 1000;

/** Whether `value` is a reading pace LastToken accepts (tokens/s). */
export function isReaderPace(value: unknown): value is number {
  return typeof value === 'number' && value >= MIN_READER_PACE_TPS && value <= MAX_READER_PACE_TPS;
}

export interface ReaderMetrics {
  /** When the reader reads the last content token − t0. */
  reader_done_ms: number | null;
  /** reader_done_ms − tokens / pace: all the time not spent reading, the wait for the first token included. */
  reader_wait_ms: number | null;
  /** Stream mode: reader_wait_ms − ttfo_ms, the waiting for text after it began. Null in plain mode. */
  reader_stall_ms: number | null;
}

/** What the reader metrics read of a trial: StoredTrial's Trial fits. */
export type ReaderTrial = Pick<
  Trial,
  'mode' | 'status' | 'total_ms' | 'tokens' | 'reasoning_tokens'
> & {
  timeline: { chunks: readonly Pick<ChunkRecord, 'at_ms' | 'kind' | 'tokens'>[] };
};

const UNDEFINED: ReaderMetrics = {
  reader_done_ms: null,
  reader_wait_ms: null,
  reader_stall_ms: null,
};

/**
 * The reader metrics of one trial at `pace` content tokens per second. Null for
 * a trial that did not end ok (a reader finishes only an answer that finished:
 * a failed trial's answer was cut short, and the summaries count ok trials
 * only) and for an answer without content (reasoning alone is not read).
 */
export function readerMetrics(
  trial: ReaderTrial,
  pace: number = DEFAULT_READER_PACE_TPS,
): ReaderMetrics {
  if (!(Number.isFinite(pace) && pace > 0)) {
    throw new RangeError(`reader pace must be a positive number of tokens/s, got ${pace}`);
  }
  if (trial.status !== 'ok') return UNDEFINED;
  const msPerToken = 1000 / pace;

  if (trial.mode === 'plain') {
    // The whole answer arrives at once: the reader starts when it is complete.
    const tokens = trial.tokens - trial.reasoning_tokens;
    if (trial.total_ms === null || tokens <= 0) return UNDEFINED;
    const done = trial.total_ms + tokens * msPerToken;
    return { reader_done_ms: done, reader_wait_ms: trial.total_ms, reader_stall_ms: null };
  }

  const arrivals = contentArrivals(trial);
  const first = arrivals[0];
  if (!first) return UNDEFINED;
  let done = -Infinity;
  let tokens = 0;
  // A chunk's tokens all arrive with it: the reader reads them one after another.
  for (const { at_ms, tokens: n } of arrivals) {
    done = Math.max(done, at_ms) + n * msPerToken;
    tokens += n;
  }
  const wait = done - tokens * msPerToken;
  // Rounding can put the wait an ulp before the first token; it cannot be earlier.
  return {
    reader_done_ms: done,
    reader_wait_ms: Math.max(wait, first.at_ms),
    reader_stall_ms: Math.max(0, wait - first.at_ms),
  };
}

/** The reader metrics with the pace they are for: the Trial fields. */
export type ReaderFields = ReaderMetrics & { reader_pace_tps: number };

/** The trial with its reader metrics at `pace`, for code that reads them as trial fields. */
export function withReaderMetrics<T extends ReaderTrial>(
  trial: T,
  pace: number = DEFAULT_READER_PACE_TPS,
): T & ReaderFields {
  return { ...trial, ...readerMetrics(trial, pace), reader_pace_tps: pace };
}

/**
 * The trial seen at `pace`: itself when its stored figures are for that pace
 * already, else recomputed from its timeline (pure, quick: no new run).
 */
export function atReaderPace<T extends ReaderTrial & ReaderFields>(trial: T, pace: number): T {
  return trial.reader_pace_tps === pace ? trial : withReaderMetrics(trial, pace);
}

/** The pace a run's or a probe's trials carry their reader metrics at (one for all, as measured). */
export function readerPaceOf(trials: readonly { reader_pace_tps: number }[]): number {
  return trials[0]?.reader_pace_tps ?? DEFAULT_READER_PACE_TPS;
}

/**
 * The content tokens of each chunk that carried some, in arrival order.
 * Reasoning chunks carry none. A `mixed` chunk (the event where thinking turns
 * into the answer) records its tokens without the split, but the trial's
 * content total is known (tokens − reasoning_tokens): what the pure content
 * chunks do not account for is shared among the mixed chunks in proportion to
 * their tokens. Exact for the usual single mixed chunk.
 */
function contentArrivals(trial: ReaderTrial): { at_ms: number; tokens: number }[] {
  const { chunks } = trial.timeline;
  let pure = 0;
  let mixed = 0;
  for (const chunk of chunks) {
    if (chunk.kind === 'content') pure += chunk.tokens;
    else if (chunk.kind === 'mixed') mixed += chunk.tokens;
  }
  const contentInMixed = Math.min(mixed, Math.max(0, trial.tokens - trial.reasoning_tokens - pure));
  const mixedShare = mixed === 0 ? 0 : contentInMixed / mixed;
  const arrivals: { at_ms: number; tokens: number }[] = [];
  for (const chunk of chunks) {
    const tokens =
      chunk.kind === 'content'
        ? chunk.tokens
        : chunk.kind === 'mixed'
          ? chunk.tokens * mixedShare
          : 0;
    if (tokens > 0) arrivals.push({ at_ms: chunk.at_ms, tokens });
  }
  return arrivals;
}
