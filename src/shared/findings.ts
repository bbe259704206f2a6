// What a run's data shows of the five myths LastToken was made to test, as
// structured findings with the figures each one rests on, for the results
// screen and the CLI to word in their own way. A finding is made only where
// its condition holds in the data: no finding is a statement about the
// endpoint, only that this run did not show it.
// Pure: no Node, no DOM.

import { median, type Distribution } from './stats';
import type { ModeSummary } from './summary';
import type { Trial } from './trial';

/** A median with its bootstrap 95% interval (null below n = 2) and its n. */
export interface Figure {
  n: number;
  median: number;
  ci95: [number, number] | null;
}

/** What a finding needs of a trial: StoredTrial and the run view's TrialRow both fit. */
export interface FindingTrial {
  warmup: boolean;
  trial: Pick<
    Trial,
    | 'mode'
    | 'status'
    | 'pings'
    | 'max_silence_ms'
    | 'max_content_silence_ms'
    | 'buffered'
    | 'burst_share'
    | 'abort'
  >;
}

export interface FindingsProfile {
  profile_id: string;
  summaries: readonly ModeSummary[];
  /** Every trial of the profile, warm-ups included (they are left out here). */
  trials: readonly FindingTrial[];
}

export type Finding =
  /** Myth one: streaming moved the first token, not the last. */
  | {
      kind: 'first_not_last';
      profile_id: string;
      ttft: Figure;
      ttfb: Figure;
      stream_total: Figure;
      plain_total: Figure;
    }
  /** Myth one, the other way: the stream was held back, so its first token came with its last. */
  | {
      kind: 'stream_gave_nothing';
      profile_id: string;
      /** Stream trials (ok, counted) that were buffered, of n. */
      buffered: number;
      n: number;
      ttft: Figure;
      last_token: Figure | null;
      ttfb: Figure;
    }
  /** Myth two: a chunk is not a token, so a gap is between batches. */
  | {
      kind: 'chunks_not_tokens';
      profile_id: string;
      tokens_per_chunk: Figure;
      gap_median: Figure | null;
    }
  /** Myth three: keep-alive pings kept a stream open while no content came. */
  | {
      kind: 'pings_kept_open';
      profile_id: string;
      /** Stream trials (ok, counted) with pings through a long content silence, of n. */
      trials: number;
      n: number;
      /** Medians over those trials. */
      pings: number;
      content_silence_ms: number;
      silence_ms: number;
    }
  /** Myth four: the stream was buffered somewhere and released in one burst at the end. */
  | {
      kind: 'buffered';
      profile_id: string;
      trials: number;
      n: number;
      /** Median share of tokens that came in the last tenth of the time (those trials). */
      burst_share: number | null;
    }
  /** Myth five: hanging up did not stop the tokens. */
  | {
      kind: 'abort_continued';
      profile_id: string;
      /** Counted stream trials the client hung up on, and those where data still came after. */
      trials: number;
      continued: number;
      after_tokens: number;
      /** Median time from the hang-up to the socket closing (null: none closed in the grace period). */
      close_ms: number | null;
      never_closed: number;
      chunks_after: number;
      bytes_after: number;
    };

export type FindingKind = Finding['kind'];

/** Above this many tokens per chunk the server batches (the CLI's threshold too). */
export const BATCHING_TOKENS_PER_CHUNK = 1.5;
/** Content silence this long, bridged by pings, is a silent stream kept open. */
export const LONG_CONTENT_SILENCE_MS = 1000;

/**
 * Two figures closer than this are practically equal (DESIGN.md: the margin
 * of practical equality, max(1 ms, 1% of the smaller median)).
 */
export function practicalMargin(a: number, b: number): number {
  return Math.max(1, 0.01 * Math.min(Math.abs(a), Math.abs(b)));
}

export function figureOf(distribution: Distribution | undefined): Figure | null {
  if (!distribution) return null;
  return { n: distribution.n, median: distribution.median, ci95: distribution.median_ci95 };
}

/** Every finding the data shows, by myth and then in the order of `profiles`. */
export function findings(profiles: readonly FindingsProfile[]): Finding[] {
  const all = profiles.flatMap((profile) => {
    const stream = profile.summaries.find((s) => s.mode === 'stream');
    const plain = profile.summaries.find((s) => s.mode === 'plain');
    const streamTrials = profile.trials
      .filter((t) => !t.warmup && t.trial.mode === 'stream')
      .map((t) => t.trial);
    const okStream = streamTrials.filter((t) => t.status === 'ok');
    const id = profile.profile_id;
    return [
      ...streamVersusPlain(id, stream, plain, okStream),
      ...chunksNotTokens(id, stream),
      ...pingsKeptOpen(id, okStream),
      ...bufferedStreams(id, okStream),
      ...abortContinued(id, streamTrials),
    ];
  });
  const order: FindingKind[] = [
    'first_not_last',
    'stream_gave_nothing',
    'chunks_not_tokens',
    'pings_kept_open',
    'buffered',
    'abort_continued',
  ];
  // A stable sort: within a kind, the profiles keep their order.
  return all.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

type TrialOf = FindingTrial['trial'];

function streamVersusPlain(
  profile_id: string,
  stream: ModeSummary | undefined,
  plain: ModeSummary | undefined,
  okStream: readonly TrialOf[],
): Finding[] {
  const ttft = figureOf(stream?.metrics.ttft_ms);
  const ttfb = figureOf(plain?.metrics.first_byte_ms);
  if (!ttft || !ttfb) return [];
  const buffered = okStream.filter((t) => t.buffered).length;
  // Held back and released at once, the first token arrives with the last:
  // what looks like a slow TTFT is streaming that gave nothing.
  if (buffered * 2 > okStream.length) {
    return [
      {
        kind: 'stream_gave_nothing',
        profile_id,
        buffered,
        n: okStream.length,
        ttft,
        last_token: figureOf(stream?.metrics.last_token_ms),
        ttfb,
      },
    ];
  }
  const streamTotal = figureOf(stream?.metrics.total_ms);
  const plainTotal = figureOf(plain?.metrics.total_ms);
  if (!streamTotal || !plainTotal) return [];
  if (!clearlyBelow(ttft, ttfb) || !practicallyOverlap(streamTotal, plainTotal)) return [];
  return [
    {
      kind: 'first_not_last',
      profile_id,
      ttft,
      ttfb,
      stream_total: streamTotal,
      plain_total: plainTotal,
    },
  ];
}

/** The whole interval of `a` below the whole interval of `b`, by more than the margin. */
function clearlyBelow(a: Figure, b: Figure): boolean {
  if (!a.ci95 || !b.ci95) return false;
  return a.ci95[1] + practicalMargin(a.median, b.median) < b.ci95[0];
}

/** The intervals overlap, or miss each other by no more than the margin. */
function practicallyOverlap(a: Figure, b: Figure): boolean {
  if (!a.ci95 || !b.ci95) return false;
  const margin = practicalMargin(a.median, b.median);
  return a.ci95[0] <= b.ci95[1] + margin && b.ci95[0] <= a.ci95[1] + margin;
}

function chunksNotTokens(profile_id: string, stream: ModeSummary | undefined): Finding[] {
  const perChunk = figureOf(stream?.metrics.tokens_per_chunk_mean);
  if (!perChunk || perChunk.median < BATCHING_TOKENS_PER_CHUNK) return [];
  return [
    {
      kind: 'chunks_not_tokens',
      profile_id,
      tokens_per_chunk: perChunk,
      gap_median: figureOf(stream?.metrics.gap_median_ms),
    },
  ];
}

function pingsKeptOpen(profile_id: string, okStream: readonly TrialOf[]): Finding[] {
  // Pings carried the connection through a long wait for content: the bytes
  // never stopped for long, the content did.
  const kept = okStream.filter(
    (t) =>
      t.pings > 0 &&
      t.max_content_silence_ms !== null &&
      t.max_content_silence_ms >= LONG_CONTENT_SILENCE_MS &&
      t.max_silence_ms !== null &&
      t.max_silence_ms * 2 <= t.max_content_silence_ms,
  );
  if (kept.length === 0) return [];
  return [
    {
      kind: 'pings_kept_open',
      profile_id,
      trials: kept.length,
      n: okStream.length,
      pings: median(kept.map((t) => t.pings)) ?? 0,
      content_silence_ms: median(kept.map((t) => t.max_content_silence_ms ?? NaN)) ?? 0,
      silence_ms: median(kept.map((t) => t.max_silence_ms ?? NaN)) ?? 0,
    },
  ];
}

function bufferedStreams(profile_id: string, okStream: readonly TrialOf[]): Finding[] {
  const buffered = okStream.filter((t) => t.buffered);
  if (buffered.length === 0) return [];
  return [
    {
      kind: 'buffered',
      profile_id,
      trials: buffered.length,
      n: okStream.length,
      burst_share: median(buffered.map((t) => t.burst_share ?? NaN)),
    },
  ];
}

function abortContinued(profile_id: string, streamTrials: readonly TrialOf[]): Finding[] {
  const aborts = streamTrials.flatMap((t) => (t.abort ? [t.abort] : []));
  const continued = aborts.filter((a) => a.chunks_after > 0 || a.bytes_after > 0);
  if (continued.length === 0) return [];
  return [
    {
      kind: 'abort_continued',
      profile_id,
      trials: aborts.length,
      continued: continued.length,
      after_tokens: median(aborts.map((a) => a.after_tokens)) ?? 0,
      close_ms: median(aborts.map((a) => a.close_ms ?? NaN)),
      never_closed: aborts.filter((a) => a.close_ms === null).length,
      chunks_after: aborts.reduce((sum, a) => sum + a.chunks_after, 0),
      bytes_after: aborts.reduce((sum, a) => sum + a.bytes_after, 0),
    },
  ];
}
