// The myths' findings on hand-made trials: each finding appears only when its
// condition holds in the data, with the figures it rests on, and none otherwise.

import { describe, expect, it } from 'vitest';
import { compareRun } from '../../src/shared/comparisons';
import { contentSilenceOf, findings, type FindingsProfile } from '../../src/shared/findings';
import { summarize } from '../../src/shared/summary';
import type { AbortRecord, Mode, Trial } from '../../src/shared/trial';
import { makePlainTrial, makeTrial } from './trial-fixture';

/**
 * A profile's counted trials (and warm-ups), summarised as the store does;
 * the k-th trial of a mode is its round k, as a run numbers them.
 */
function profile(trials: Trial[], warmups: Trial[] = [], id = 'p1'): FindingsProfile {
  const seen = new Map<Mode, number>();
  const round = (trial: Trial): number => {
    const k = (seen.get(trial.mode) ?? 0) + 1;
    seen.set(trial.mode, k);
    return k;
  };
  return {
    profile_id: id,
    summaries: summarize(id, trials),
    trials: [
      ...warmups.map((trial) => ({ warmup: true, trial_index: 0, trial })),
      ...trials.map((trial) => ({ warmup: false, trial_index: round(trial), trial })),
    ],
  };
}

/** Plain trials: the body arrives whole, at about `total`. */
function plain(total: number, count = 5): Trial[] {
  return Array.from({ length: count }, (_, i) =>
    makePlainTrial({ first_byte_ms: total - 10 + i, total_ms: total + i }),
  );
}

/** Stream trials of a token per chunk: the first token at about `ttft`, the end at about `total`. */
function stream(ttft: number, total: number, count = 5, overrides: Partial<Trial> = {}): Trial[] {
  return Array.from({ length: count }, (_, i) =>
    makeTrial({
      ttft_ms: ttft + i,
      last_token_ms: total - 20 + i,
      total_ms: total + i,
      tokens_per_chunk_mean: 1,
      ...overrides,
    }),
  );
}

describe('streaming moved the first token, not the last', () => {
  it('is found when the first token came clearly earlier streamed and the totals did not differ', () => {
    const result = findings([profile([...stream(200, 1000), ...plain(1000)])]);
    // Round by round, stream TTFT (200 + i) against plain TTFB (990 + i): −790 ms every
    // time; the totals (1000 + i both) differ by nothing.
    const versus = { profile_a: 'p1', profile_b: 'p1', mode: 'stream_vs_plain', paired: true };
    expect(result).toEqual([
      {
        kind: 'first_not_last',
        profile_id: 'p1',
        first: expect.objectContaining({
          ...versus,
          metric: 'ttft_ms',
          diff_ms: -790,
          ci_low_ms: -790,
          ci_high_ms: -790,
          n_pairs: 5,
          median_a_ms: 992,
          median_b_ms: 202,
          verdict: 'b_lower',
        }),
        total: expect.objectContaining({
          ...versus,
          metric: 'total_ms',
          diff_ms: 0,
          ci_low_ms: 0,
          ci_high_ms: 0,
          n_pairs: 5,
          median_a_ms: 1002,
          median_b_ms: 1002,
          verdict: 'equivalent',
        }),
        // A reader at 8 tokens/s: every stream has the fixture's timeline (4 chunks of 2
        // tokens at 200..500 ms), done at 1200 ms after waiting 200; a plain answer of 8
        // tokens complete at 1000 + i is read by 2000 + i. Stream − plain: −800 − i.
        reader: {
          pace_tps: 8,
          stream_done: { n: 5, median: 1200, ci95: [1200, 1200] },
          plain_done: { n: 5, median: 2002, ci95: expect.any(Array) },
          stream_wait: { n: 5, median: 200, ci95: [200, 200] },
          versus: expect.objectContaining({
            ...versus,
            metric: 'reader_done_ms',
            diff_ms: -802,
            n_pairs: 5,
            verdict: 'b_lower',
          }),
        },
      },
    ]);
  });

  it('is not found when the first token did not come clearly earlier', () => {
    // −5 ms every round: within the margin of practical equality (1% of 987 ms).
    expect(findings([profile([...stream(985, 1000), ...plain(1000)])])).toEqual([]);
  });

  it('is not found when the first token came with the last: TTFT 952.6 ms against TTFB 951.5 ms', () => {
    const heldBack = Array.from({ length: 5 }, (_, i) =>
      makeTrial({
        ttft_ms: 952.6 + i,
        last_token_ms: 952.9 + i,
        total_ms: 953 + i,
        tokens_per_chunk_mean: 1,
      }),
    );
    const plainTrials = plain(961.5).map((t, i) => ({ ...t, first_byte_ms: 951.5 + i }));
    expect(findings([profile([...heldBack, ...plainTrials])])).toEqual([]);
  });

  it('is not found when the totals’ interval crosses the margin: the sample cannot say they were the same', () => {
    // Stream − plain totals, round by round: 0, −29, +32, −37, +44 against a ±10 ms margin.
    const plainTrials = plain(1000).map((t, i) => ({
      ...t,
      total_ms: [1000, 1030, 970, 1040, 960][i] as number,
    }));
    const trials = profile([...stream(200, 1000), ...plainTrials]);
    const total = compareRun(
      ['p1'],
      trials.trials.map((t) => ({ ...t, profile_id: 'p1' })),
    ).find((c) => c.mode === 'stream_vs_plain' && c.metric === 'total_ms');
    expect(total?.verdict).toBe('inconclusive');
    expect(findings([trials]).map((f) => f.kind)).not.toContain('first_not_last');
  });

  it('is not found when the totals differ clearly', () => {
    expect(findings([profile([...stream(200, 1000), ...plain(3000)])])).toEqual([]);
  });

  it('is not found from one trial per mode: no interval, no claim', () => {
    expect(findings([profile([...stream(200, 1000, 1), ...plain(1000, 1)])])).toEqual([]);
  });

  it('is not found without both modes', () => {
    expect(findings([profile(stream(200, 1000))])).toEqual([]);
  });

  it('says streaming gave nothing when most streams were buffered, not that it helped', () => {
    // TTFT 980 + i against TTFB 990 + i: without the buffering flag, no finding at all.
    const buffered = stream(980, 1000, 5, { buffered: true, burst_share: 0.95 });
    const result = findings([profile([...buffered, ...plain(1000)])]);
    expect(result.map((f) => f.kind)).toEqual(['stream_gave_nothing', 'buffered']);
    expect(result[0]).toMatchObject({
      kind: 'stream_gave_nothing',
      buffered: 5,
      n: 5,
      ttft: { median: 982, n: 5 },
      last_token: { median: 982, n: 5 },
      ttfb: { median: 992, n: 5 },
    });
  });
});

describe('chunks are not tokens', () => {
  it('is found from 1.5 tokens per chunk up, with the gap it explains', () => {
    const result = findings([profile(stream(200, 1000, 3, { tokens_per_chunk_mean: 4 }))]);
    expect(result).toEqual([
      {
        kind: 'chunks_not_tokens',
        profile_id: 'p1',
        tokens_per_chunk: { n: 3, median: 4, ci95: [4, 4] },
        gap_median: { n: 3, median: 100, ci95: [100, 100] },
      },
    ]);
  });

  it('is not found below 1.5 tokens per chunk', () => {
    expect(findings([profile(stream(200, 1000, 3, { tokens_per_chunk_mean: 1.4 }))])).toEqual([]);
  });
});

describe('keep-alive pings kept a silent stream open', () => {
  const pinged = {
    pings: 12,
    pings_before_ttft: 12,
    pings_after_ttft: 0,
    max_content_silence_ms: 1500,
    max_silence_ms: 120,
  };

  it('is found when pings bridged a long content silence', () => {
    const trials = [...stream(1500, 2000, 2, pinged), ...stream(200, 1000, 1)];
    expect(findings([profile(trials)])).toEqual([
      {
        kind: 'pings_kept_open',
        profile_id: 'p1',
        trials: 2,
        n: 3,
        // The longest content silence (1500 ms) was the wait for the first token (1500, 1501 ms).
        first_token: 2,
        pings_before_ttft: 12,
        pings_after_ttft: 0,
        content_silence_ms: 1500,
        longest_silence_ms: 120,
      },
    ]);
  });

  it('says the longest byte silence of any trial, not their median', () => {
    const silences = [100, 120, 227].map((max_silence_ms) =>
      stream(1500, 2000, 1, { ...pinged, max_silence_ms }),
    );
    const [finding] = findings([profile(silences.flat())]);
    expect(finding).toMatchObject({ kind: 'pings_kept_open', trials: 3, longest_silence_ms: 227 });
  });

  it('tells the wait for the first token apart from content that stopped mid-answer', () => {
    const waited = stream(1500, 2000, 1, pinged);
    const stopped = stream(200, 2000, 2, pinged);
    const [finding] = findings([profile([...waited, ...stopped])]);
    expect(finding).toMatchObject({ kind: 'pings_kept_open', trials: 3, first_token: 1 });
    expect(contentSilenceOf(waited[0] as Trial)).toBe('first_token');
    expect(contentSilenceOf(stopped[0] as Trial)).toBe('mid_answer');
    expect(contentSilenceOf({ ttft_ms: null, max_content_silence_ms: 30_000 })).toBe('first_token');
    expect(contentSilenceOf({ ttft_ms: null, max_content_silence_ms: null })).toBeNull();
  });

  it('is not found when the content silence was short', () => {
    const short = { ...pinged, max_content_silence_ms: 400 };
    expect(findings([profile(stream(200, 1000, 3, short))])).toEqual([]);
  });

  it('is not found without pings, or when the pings did not break the silence', () => {
    expect(findings([profile(stream(1500, 2000, 3, { ...pinged, pings: 0 }))])).toEqual([]);
    const silentAnyway = { ...pinged, max_silence_ms: 1400 };
    expect(findings([profile(stream(1500, 2000, 3, silentAnyway))])).toEqual([]);
  });

  it('leaves out warm-ups and failed trials', () => {
    const warmup = stream(1500, 2000, 1, pinged);
    const failed = stream(1500, 2000, 1, { ...pinged, status: 'idle_timeout' });
    expect(findings([profile([...failed, ...stream(200, 1000, 2)], warmup)])).toEqual([]);
  });
});

describe('the stream was buffered', () => {
  it('counts the buffered trials of the ok ones, with their burst share', () => {
    const trials = [
      ...stream(900, 1000, 1, { buffered: true, burst_share: 0.9 }),
      ...stream(200, 1000, 2),
    ];
    expect(findings([profile(trials)])).toEqual([
      {
        kind: 'buffered',
        profile_id: 'p1',
        trials: 1,
        n: 3,
        at_end: 1,
        in_bursts: 0,
        burst_share: 0.9,
        events_per_read_max: null,
      },
    ]);
  });

  it('counts the streams a buffer released in bursts with those held to the end, with the most events per read', () => {
    const trials = [
      ...stream(900, 1000, 1, { buffered: true, burst_share: 0.9 }),
      ...stream(300, 1000, 1, { rebuffered: true, events_per_read_max: 24 }),
      ...stream(300, 1000, 1, { rebuffered: true, events_per_read_max: 31 }),
      ...stream(200, 1000, 1, { events_per_read_max: 1 }),
    ];
    expect(findings([profile(trials)])).toEqual([
      {
        kind: 'buffered',
        profile_id: 'p1',
        trials: 3,
        n: 4,
        at_end: 1,
        in_bursts: 2,
        burst_share: 0.9,
        events_per_read_max: 31,
      },
    ]);
  });

  it('is not found when no trial was buffered', () => {
    expect(findings([profile(stream(200, 1000, 3))])).toEqual([]);
  });
});

describe('the abort did not stop the tokens', () => {
  const abort = (overrides: Partial<AbortRecord>): Partial<Trial> => ({
    status: 'aborted',
    abort: {
      after_tokens: 10,
      at_ms: 400,
      close_ms: 30,
      bytes_after: 0,
      chunks_after: 0,
      ...overrides,
    },
  });

  it('is found when data still came after the hang-up', () => {
    const trials = [
      ...stream(200, 1000, 1, {
        ...abort({ bytes_after: 900, chunks_after: 6 }),
        request_id: 'req-1',
      }),
      ...stream(200, 1000, 1, abort({ close_ms: null, bytes_after: 300, chunks_after: 2 })),
    ];
    expect(findings([profile(trials)])).toEqual([
      {
        kind: 'abort_continued',
        profile_id: 'p1',
        trials: 2,
        continued: 2,
        after_tokens: 10,
        close_ms: 30,
        never_closed: 1,
        chunks_after: 8,
        bytes_after: 1200,
        request_ids: ['req-1'],
        no_id: 1,
      },
    ]);
  });

  it('is not found when nothing came after, nor without abort records', () => {
    expect(findings([profile(stream(200, 1000, 2, abort({})))])).toEqual([]);
    expect(findings([profile(stream(200, 1000, 2))])).toEqual([]);
  });
});

describe('findings', () => {
  it('are ordered by myth, then by profile', () => {
    const batched = stream(200, 1000, 3, { tokens_per_chunk_mean: 3 });
    const result = findings([
      profile(batched, [], 'a'),
      profile([...stream(200, 1000), ...plain(1000)], [], 'b'),
      profile(batched, [], 'c'),
    ]);
    expect(result.map((f) => [f.kind, f.profile_id])).toEqual([
      ['first_not_last', 'b'],
      ['chunks_not_tokens', 'a'],
      ['chunks_not_tokens', 'c'],
    ]);
  });

  it('are none for a run where nothing failed and nothing stood out', () => {
    expect(findings([profile(plain(1000))])).toEqual([]);
    expect(findings([])).toEqual([]);
  });
});

describe('the prompt cache served repeated prompts', () => {
  const ofKind = (result: ReturnType<typeof findings>) =>
    result.filter((f) => f.kind === 'prompt_cache');

  it('compares the served trials with the uncached warm-up, per mode, with n beside each', () => {
    const cached = stream(100, 500, 4, { cached_prompt_tokens: 1920 });
    const warmup = stream(400, 800, 1, { cached_prompt_tokens: 0 });
    expect(ofKind(findings([profile(cached, warmup)]))).toEqual([
      {
        kind: 'prompt_cache',
        profile_id: 'p1',
        mode: 'stream',
        n: 5,
        served: 4,
        cached_tokens: 1920,
        served_first: { n: 4, median: 101.5, ci95: expect.any(Array) as unknown },
        unserved_first: { n: 1, median: 400, ci95: null },
      },
    ]);
  });

  it('says so when every trial was served, and nothing where no trial was or none reported', () => {
    const all = ofKind(findings([profile(stream(100, 500, 3, { cached_prompt_tokens: 64 }))]));
    expect(all.map((f) => f.kind === 'prompt_cache' && [f.served, f.n, f.unserved_first])).toEqual([
      [3, 3, null],
    ]);
    expect(ofKind(findings([profile(stream(100, 500, 3, { cached_prompt_tokens: 0 }))]))).toEqual(
      [],
    );
    expect(ofKind(findings([profile(stream(100, 500, 3))]))).toEqual([]);
  });
});
