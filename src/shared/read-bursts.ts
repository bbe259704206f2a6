// How a stream's events were grouped into socket reads (DESIGN.md,
// `rebuffered`), and where its keep-alive pings fell around the first token:
// figures read off a trial's timeline alone, so the engine, the history's
// backfill of older trials and a run file's import compute them alike.
//
// A read is told by its stamp: the exchange stamps each socket read once and
// every event completed in it carries that stamp exactly (also through a
// decoder: its output keeps the stamp of the compressed read). Two reads of
// one socket are never stamped alike: between them lies at least one parse
// of the first, far longer than the clock's microsecond.

import type { ChunkRecord, PingRecord, Trial } from './trial';

/** Content events in one read from this many up are a buffer's flush, not a provider's pace. */
export const REBUFFER_EVENTS_PER_READ = 4;
/** Bursts needed before a stream counts as rebuffered: one or two may be the network's coalescing. */
export const REBUFFER_MIN_READS = 3;

export interface ReadBursts {
  /** The most content events that arrived in one socket read; null with no content event. */
  events_per_read_max: number | null;
  /**
   * At least half of the content events arrived in reads of
   * REBUFFER_EVENTS_PER_READ or more, in at least REBUFFER_MIN_READS such
   * reads: a buffer between provider and client released the stream in bursts.
   */
  rebuffered: boolean;
}

/** Content events per read, in arrival order (chunks arrive in order, so a read's are adjacent). */
export function eventsPerRead(chunks: readonly Pick<ChunkRecord, 'at_ms'>[]): number[] {
  const counts: number[] = [];
  let previous = NaN;
  for (const chunk of chunks) {
    if (chunk.at_ms === previous) counts[counts.length - 1] = (counts[counts.length - 1] ?? 0) + 1;
    else counts.push(1);
    previous = chunk.at_ms;
  }
  return counts;
}

export function readBursts(chunks: readonly Pick<ChunkRecord, 'at_ms'>[]): ReadBursts {
  const counts = eventsPerRead(chunks);
  if (counts.length === 0) return { events_per_read_max: null, rebuffered: false };
  let most = 0;
  let inBursts = 0;
  let bursts = 0;
  for (const count of counts) {
    most = Math.max(most, count);
    if (count < REBUFFER_EVENTS_PER_READ) continue;
    inBursts += count;
    bursts++;
  }
  return {
    events_per_read_max: most,
    rebuffered: bursts >= REBUFFER_MIN_READS && inBursts * 2 >= chunks.length,
  };
}

export interface PingsAroundFirstToken {
  /** Pings until the first content token (all of them when none came): the server was there, the answer not yet. */
  pings_before_ttft: number;
  /** Pings after it: they bridged a silence in the answer. */
  pings_after_ttft: number;
}

/** A ping in the first token's own read came with it, not after it: it is counted before. */
export function pingsAroundFirstToken(
  pings: readonly Pick<PingRecord, 'at_ms'>[],
  ttft_ms: number | null,
): PingsAroundFirstToken {
  const after = ttft_ms === null ? 0 : pings.filter((p) => p.at_ms > ttft_ms).length;
  return { pings_before_ttft: pings.length - after, pings_after_ttft: after };
}

/** The figures of this module: what a trial's timeline and its first token say of reads and pings. */
export type TimelineFigures = ReadBursts & PingsAroundFirstToken;

export function timelineFigures(
  timeline: {
    chunks: readonly Pick<ChunkRecord, 'at_ms'>[];
    pings: readonly Pick<PingRecord, 'at_ms'>[];
  },
  ttft_ms: number | null,
): TimelineFigures {
  return { ...readBursts(timeline.chunks), ...pingsAroundFirstToken(timeline.pings, ttft_ms) };
}

/** A trial with these figures computed from its timeline (one stored or exported before they existed). */
export function withTimelineFigures<T extends Pick<Trial, 'timeline' | 'ttft_ms'>>(
  trial: T,
): T & TimelineFigures {
  return { ...trial, ...timelineFigures(trial.timeline, trial.ttft_ms) };
}
