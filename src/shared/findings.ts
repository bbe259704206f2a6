// What a run's data shows of the five myths LastToken was made to test, as
// structured findings with the figures each one rests on, for the results
// screen and the CLI to word in their own way. A finding is made only where
// its condition holds in the data: no finding is a statement about the
// endpoint, only that this run did not show it.
// Pure: no Node, no DOM.

import { compareRunSteps, type ComparedTrial, type Comparison } from './comparisons';
import { readerPaceOf } from './reader';
import { describe, median, type Distribution } from './stats';
import { completed, type Steps } from './steps';
import type { ModeSummary } from './summary';
import { MODES, type Mode, type Trial } from './trial';

/** A median with its bootstrap 95% interval (null below n = 2) and its n. */
export interface Figure {
  n: number;
  median: number;
  ci95: [number, number] | null;
}

/** What a finding needs of a trial: StoredTrial and the run view's TrialRow both fit. */
export interface FindingTrial extends Omit<ComparedTrial, 'profile_id' | 'trial'> {
  trial: ComparedTrial['trial'] &
    Pick<
      Trial,
      | 'pings'
      | 'pings_before_ttft'
      | 'pings_after_ttft'
      | 'first_ping_ms'
      | 'max_silence_ms'
      | 'max_content_silence_ms'
      | 'buffered'
      | 'burst_share'
      | 'rebuffered'
      | 'events_per_read_max'
      | 'abort'
      | 'request_id'
      | 'reader_pace_tps'
      | 'cached_prompt_tokens'
    >;
}

export interface FindingsProfile {
  profile_id: string;
  summaries: readonly ModeSummary[];
  /** Every trial of the profile, warm-ups included (they are left out here). */
  trials: readonly FindingTrial[];
  /**
   * Its stream-vs-plain comparisons, when computed already: a run's
   * comparisons (compareRun) have them, the same figures as for the profile
   * alone. Computed from `trials` when absent.
   */
  versus?: readonly Comparison[];
}

export type Finding =
  /**
   * Myth one: streaming moved the first token, not the last. Stream (B)
   * against plain (A): the first token lower (verdict b_lower), the totals
   * equivalent (their whole interval within the margin). A sentence quotes
   * the comparisons' own medians, over the rounds they paired.
   */
  | {
      kind: 'first_not_last';
      profile_id: string;
      first: Comparison;
      total: Comparison;
      reader: ReaderFigures | null;
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
      reader: ReaderFigures | null;
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
      /**
       * Of `trials`, those whose longest content silence was the wait for the
       * first token while pings arrived; the others' content stopped after it began.
       */
      first_token: number;
      /** Medians over those trials: pings while waiting for the first token, and after it. */
      pings_before_ttft: number;
      pings_after_ttft: number;
      content_silence_ms: number;
      /**
       * The longest byte silence of any of them: "never silent for more than"
       * this holds of every trial, which a median would not.
       */
      longest_silence_ms: number;
    }
  /**
   * Myth four: the stream was held back somewhere between the model and the
   * client, and released in one burst at the end (`buffered`) or in bursts of
   * many events per read (`rebuffered`, a proxy's buffer of a few KB).
   */
  | {
      kind: 'buffered';
      profile_id: string;
      /** Stream trials (ok, counted) held back either way, of n. */
      trials: number;
      n: number;
      /** Of `trials`, those released at the end, and those released in bursts (a trial may be both). */
      at_end: number;
      in_bursts: number;
      /** Median share of tokens that came in the last tenth of the time, of those released at the end. */
      burst_share: number | null;
      /** The most content events one read brought, of those released in bursts. */
      events_per_read_max: number | null;
    }
  /**
   * Repeated trials flatter a provider when its prompt cache serves them:
   * trials of one mode whose usage says cached prompt tokens, against those
   * that say none. Warm-ups count here (in a warm run they are the uncached
   * ones); trials whose provider reports no cache count are left out.
   */
  | {
      kind: 'prompt_cache';
      profile_id: string;
      mode: Mode;
      /** Ok trials that reported a cache count, and of them those served from cache. */
      n: number;
      served: number;
      /** Median cached prompt tokens of those served. */
      cached_tokens: number;
      /** The first-token figure (TTFT streamed, TTFB plain) of the served trials, and of the others. */
      served_first: Figure;
      unserved_first: Figure | null;
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
      /** The provider's ids of the requests hung up on, to look up in its usage page; `no_id` sent none. */
      request_ids: string[];
      no_id: number;
    };

/**
 * What streaming changed for a reader (at the pace the trials carry): when
 * they finish streamed and not, the difference stream (B) − plain (A), and how
 * long, streamed, they sat waiting for text.
 */
export interface ReaderFigures {
  pace_tps: number;
  stream_done: Figure;
  plain_done: Figure;
  stream_wait: Figure | null;
  versus: Comparison | null;
}

export type FindingKind = Finding['kind'];

/** Above this many tokens per chunk the server batches (the CLI's threshold too). */
export const BATCHING_TOKENS_PER_CHUNK = 1.5;
/** Content silence this long, bridged by pings, is a silent stream kept open. */
export const LONG_CONTENT_SILENCE_MS = 1000;

export function figureOf(distribution: Distribution | undefined): Figure | null {
  if (!distribution) return null;
  return { n: distribution.n, median: distribution.median, ci95: distribution.median_ci95 };
}

/** Every finding the data shows, by myth and then in the order of `profiles`. */
export function findings(profiles: readonly FindingsProfile[]): Finding[] {
  return completed(findingsSteps(profiles));
}

/** findings, in steps (see steps.ts): a profile at a time. */
export function* findingsSteps(profiles: readonly FindingsProfile[]): Steps<Finding[]> {
  const all: Finding[] = [];
  for (const profile of profiles) {
    const stream = profile.summaries.find((s) => s.mode === 'stream');
    const plain = profile.summaries.find((s) => s.mode === 'plain');
    const streamTrials = profile.trials
      .filter((t) => !t.warmup && t.trial.mode === 'stream')
      .map((t) => t.trial);
    const okStream = streamTrials.filter((t) => t.status === 'ok');
    const id = profile.profile_id;
    const versus =
      profile.versus ??
      (yield* compareRunSteps(
        [id],
        profile.trials.map((t) => ({ ...t, profile_id: id })),
      ));
    all.push(
      ...streamVersusPlain(id, stream, plain, okStream, versus, profile.trials),
      ...chunksNotTokens(id, stream),
      ...pingsKeptOpen(id, okStream),
      ...bufferedStreams(id, okStream),
      ...abortContinued(id, streamTrials),
      ...promptCache(id, profile.trials),
    );
    yield;
  }
  const order: FindingKind[] = [
    'first_not_last',
    'stream_gave_nothing',
    'chunks_not_tokens',
    'pings_kept_open',
    'buffered',
    'abort_continued',
    'prompt_cache',
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
  versus: readonly Comparison[],
  trials: readonly FindingTrial[],
): Finding[] {
  const ttft = figureOf(stream?.metrics.ttft_ms);
  const ttfb = figureOf(plain?.metrics.first_byte_ms);
  if (!ttft || !ttfb) return [];
  const reader = readerFigures(stream, plain, trials, versus);
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
        reader,
      },
    ];
  }
  const first = streamVersusPlainOf(versus, 'ttft_ms');
  const total = streamVersusPlainOf(versus, 'total_ms');
  if (!first || !total) return [];
  // The first token clearly earlier streamed, the whole answer not: the
  // interval of the first-token difference lies below the margin, the
  // totals' interval wholly inside it. An interval that crosses the margin
  // cannot say the totals were the same.
  if (first.verdict !== 'b_lower' || total.verdict !== 'equivalent') return [];
  return [
    {
      kind: 'first_not_last',
      profile_id,
      first,
      total,
      reader,
    },
  ];
}

/** The reader's side of stream against plain; null unless both modes have a reader figure. */
function readerFigures(
  stream: ModeSummary | undefined,
  plain: ModeSummary | undefined,
  trials: readonly FindingTrial[],
  versus: readonly Comparison[],
): ReaderFigures | null {
  const stream_done = figureOf(stream?.metrics.reader_done_ms);
  const plain_done = figureOf(plain?.metrics.reader_done_ms);
  if (!stream_done || !plain_done) return null;
  return {
    pace_tps: readerPaceOf(trials.map((t) => t.trial)),
    stream_done,
    plain_done,
    stream_wait: figureOf(stream?.metrics.reader_wait_ms),
    versus: streamVersusPlainOf(versus, 'reader_done_ms') ?? null,
  };
}

function streamVersusPlainOf(
  comparisons: readonly Comparison[],
  metric: Comparison['metric'],
): Comparison | undefined {
  return comparisons.find((c) => c.mode === 'stream_vs_plain' && c.metric === metric);
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
      first_token: kept.filter((t) => contentSilenceOf(t) === 'first_token').length,
      pings_before_ttft: median(kept.map((t) => t.pings_before_ttft)) ?? 0,
      pings_after_ttft: median(kept.map((t) => t.pings_after_ttft)) ?? 0,
      content_silence_ms: median(kept.map((t) => t.max_content_silence_ms ?? NaN)) ?? 0,
      longest_silence_ms: Math.max(...kept.map((t) => t.max_silence_ms ?? 0)),
    },
  ];
}

function bufferedStreams(profile_id: string, okStream: readonly TrialOf[]): Finding[] {
  const atEnd = okStream.filter((t) => t.buffered);
  const inBursts = okStream.filter((t) => t.rebuffered);
  const held = okStream.filter((t) => t.buffered || t.rebuffered);
  if (held.length === 0) return [];
  return [
    {
      kind: 'buffered',
      profile_id,
      trials: held.length,
      n: okStream.length,
      at_end: atEnd.length,
      in_bursts: inBursts.length,
      burst_share: median(atEnd.map((t) => t.burst_share ?? NaN)),
      events_per_read_max:
        inBursts.length === 0
          ? null
          : inBursts.reduce((most, t) => Math.max(most, t.events_per_read_max ?? 0), 0),
    },
  ];
}

/** A median with its interval and n over `values`; null for none. */
function figureOver(values: readonly number[]): Figure | null {
  return figureOf(describe(values) ?? undefined);
}

/** The prompt_cache findings of one profile's trials, a mode at a time. */
export function promptCache(profile_id: string, trials: readonly FindingTrial[]): Finding[] {
  const found: Finding[] = [];
  for (const mode of MODES) {
    const reported = trials
      .map((t) => t.trial)
      .filter((t) => t.mode === mode && t.status === 'ok' && t.cached_prompt_tokens !== null);
    const served = reported.filter((t) => (t.cached_prompt_tokens ?? 0) > 0);
    const first = (of: readonly TrialOf[]) =>
      figureOver(of.map((t) => (mode === 'stream' ? t.ttft_ms : t.first_byte_ms) ?? NaN));
    const servedFirst = first(served);
    if (servedFirst === null) continue;
    found.push({
      kind: 'prompt_cache',
      profile_id,
      mode,
      n: reported.length,
      served: served.length,
      cached_tokens: median(served.map((t) => t.cached_prompt_tokens ?? NaN)) ?? 0,
      served_first: servedFirst,
      unserved_first: first(reported.filter((t) => t.cached_prompt_tokens === 0)),
    });
  }
  return found;
}

function abortContinued(profile_id: string, streamTrials: readonly TrialOf[]): Finding[] {
  const hungUp = streamTrials.filter((t) => t.abort !== null);
  const aborts = hungUp.flatMap((t) => (t.abort ? [t.abort] : []));
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
      request_ids: hungUp.flatMap((t) => (t.request_id === null ? [] : [t.request_id])),
      no_id: hungUp.filter((t) => t.request_id === null).length,
    },
  ];
}

/**
 * Where a stream's longest time without content was: `first_token`, the wait
 * before the first token (pings may have arrived meanwhile: the server was
 * there, the answer was not); `mid_answer`, content stopped after it began.
 * Null for a trial that measured no content silence (plain mode).
 */
export function contentSilenceOf(
  trial: Pick<Trial, 'ttft_ms' | 'max_content_silence_ms'>,
): 'first_token' | 'mid_answer' | null {
  const silence = trial.max_content_silence_ms;
  if (silence === null) return null;
  // Content silence is counted from t0, so the wait for the first token is its
  // first stretch: ttft itself, or all of it when no token came.
  return trial.ttft_ms === null || silence <= trial.ttft_ms ? 'first_token' : 'mid_answer';
}
