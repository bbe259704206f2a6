// The chart data of a run, as data: no DOM, no database.

import { describe, expect, it } from 'vitest';
import {
  arrivalPoints,
  MAX_ARRIVAL_POINTS,
  phaseBreakdown,
  runCharts,
} from '../../src/main/charts/run-charts';
import type { RunDetail, StoredTrial } from '../../src/shared/run';
import type { ChunkRecord, Trial } from '../../src/shared/trial';
import { runRecord, snapshot } from '../support/store-fixtures';
import { makeTrial } from './trial-fixture';

const stored = (
  profile_id: string,
  trial_index: number,
  trial: Trial,
  warmup = false,
): StoredTrial => ({
  run_id: 'run-1',
  profile_id,
  trial_index,
  warmup,
  trial,
});

describe('arrival points', () => {
  it('gives the cumulative tokens at each chunk', () => {
    expect(arrivalPoints(makeTrial())).toEqual([
      [200, 2],
      [300, 4],
      [400, 6],
      [500, 8],
    ]);
  });

  it('draws a whole body as one step at the end', () => {
    const plain = makeTrial({
      mode: 'plain',
      total_ms: 900,
      tokens: 40,
      timeline: { t0_mono_ms: 0, chunks: [], pings: [] },
    });
    expect(arrivalPoints(plain)).toEqual([[900, 40]]);
    expect(arrivalPoints({ ...plain, tokens: 0 })).toEqual([]);
  });

  it('thins a long line to the bound, keeping exact points and the final count', () => {
    const chunks: ChunkRecord[] = Array.from({ length: 10_000 }, (_, i) => ({
      at_ms: i * 2 + (i % 7),
      kind: 'content',
      chars: 3,
      bytes: 40,
      tokens: 1 + (i % 3),
    }));
    const exact = arrivalPoints(makeTrial({ timeline: { t0_mono_ms: 0, chunks, pings: [] } }));
    expect(exact).toHaveLength(MAX_ARRIVAL_POINTS);
    const total = chunks.reduce((n, c) => n + c.tokens, 0);
    expect(exact.at(-1)).toEqual([chunks.at(-1)?.at_ms, total]);
    let tokens = 0;
    const all = new Map(chunks.map((c) => [c.at_ms, (tokens += c.tokens)]));
    for (const [at, count] of exact) expect(all.get(at)).toBe(count);
  });
});

describe('phase breakdown', () => {
  it('divides a stream trial from connect to the last byte, adding up to its total', () => {
    const phases = phaseBreakdown(makeTrial());
    expect(phases).toEqual({
      dns_ms: 2,
      connect_ms: 10,
      proxy_ms: 0,
      tls_ms: 20,
      wait_headers_ms: 118,
      wait_first_token_ms: 50,
      streaming_ms: 300,
      tail_ms: 20,
    });
    expect(Object.values(phases ?? {}).reduce((a, b) => a + b, 0)).toBe(520);
  });

  it('gives the tunnel through a proxy its own segment, taken from the wait for the headers', () => {
    const phases = phaseBreakdown(makeTrial({ proxy_ms: 30, proxy: 'http://127.0.0.1:8080' }));
    expect(phases).toMatchObject({ connect_ms: 10, proxy_ms: 30, tls_ms: 20, wait_headers_ms: 88 });
    expect(Object.values(phases ?? {}).reduce((a, b) => a + b, 0)).toBe(520);
  });

  it('has nothing to divide for a trial that never completed', () => {
    expect(phaseBreakdown(makeTrial({ status: 'idle_timeout', total_ms: null }))).toBeNull();
  });

  it('divides a plain trial at its first body byte, with no tail', () => {
    const plain = makeTrial({
      mode: 'plain',
      reused_connection: true,
      dns_ms: null,
      connect_ms: null,
      tls_ms: null,
      headers_ms: 700,
      first_byte_ms: 700,
      total_ms: 760,
    });
    expect(phaseBreakdown(plain)).toEqual({
      dns_ms: 0,
      connect_ms: 0,
      proxy_ms: 0,
      tls_ms: 0,
      wait_headers_ms: 700,
      wait_first_token_ms: 0,
      streaming_ms: 60,
      tail_ms: 0,
    });
  });
});

describe('runCharts', () => {
  const detail: RunDetail = {
    run: runRecord('run-1', [snapshot('fast'), snapshot('slow')]),
    trials: [
      stored('fast', 0, makeTrial({ ttft_ms: 999 }), true),
      stored('fast', 1, makeTrial({ ttft_ms: 100 })),
      stored('fast', 2, makeTrial({ ttft_ms: 300 })),
      stored('fast', 3, makeTrial({ ttft_ms: 200, status: 'http_error' })),
      stored('slow', 1, makeTrial({ ttft_ms: 700, stalled: true, total_ms: 4000 })),
    ],
    summaries: {},
  };
  const charts = runCharts(detail);

  it('gives an arrival line per trial, warm-ups and failures included, with stalls', () => {
    expect(charts.arrivals.map((a) => [a.profile_id, a.trial_index, a.warmup, a.status])).toEqual([
      ['fast', 0, true, 'ok'],
      ['fast', 1, false, 'ok'],
      ['fast', 2, false, 'ok'],
      ['fast', 3, false, 'http_error'],
      ['slow', 1, false, 'ok'],
    ]);
    expect(charts.arrivals[4]?.stall).toEqual([500, 4000]);
    expect(charts.arrivals[1]?.stall).toBeNull();
  });

  it("marks a wait for the first token of at least the run's stall limit as a wait", () => {
    const limits = { ...detail.run.config.limits, stall_ms: 500 };
    const { arrivals } = runCharts({
      ...detail,
      run: { ...detail.run, config: { ...detail.run.config, limits } },
    });
    // TTFT 999, 100, 300, 200 (failed) and 700 ms against a 500 ms limit.
    expect(arrivals.map((a) => a.wait)).toEqual([[0, 999], null, null, null, [0, 700]]);
    expect(charts.arrivals.every((a) => a.wait === null)).toBe(true);
  });

  it("marks a rebuffered trial's reads of 4 or more events where its line jumps, and no other trial's", () => {
    const stamps = [100, 100, 100, 100, 100, 300, 300, 300, 300, 500, 500, 500, 500, 500, 500, 600];
    const chunks = stamps.map((at_ms) => ({
      at_ms,
      kind: 'content' as const,
      chars: 3,
      bytes: 80,
      tokens: 2,
    }));
    const bursty = makeTrial({ timeline: { t0_mono_ms: 0, chunks, pings: [] } });
    expect(bursty.rebuffered).toBe(true);
    const { arrivals } = runCharts({
      ...detail,
      trials: [stored('fast', 1, bursty), stored('slow', 1, makeTrial())],
    });
    expect(arrivals[0]?.bursts).toEqual([
      [100, 10, 5],
      [300, 18, 4],
      [500, 30, 6],
    ]);
    expect(arrivals[1]?.bursts).toEqual([]);
    // The same reads, not flagged (a trial stored so): no marks.
    const unflagged = runCharts({
      ...detail,
      trials: [stored('fast', 1, { ...bursty, rebuffered: false })],
    });
    expect(unflagged.arrivals[0]?.bursts).toEqual([]);
  });

  it('boxes the ok counted trials only, with their five numbers', () => {
    const box = charts.boxes.find(
      (b) => b.profile_id === 'fast' && b.mode === 'stream' && b.metric === 'ttft_ms',
    );
    expect(box?.values).toEqual([100, 300]);
    expect(box?.box).toEqual({ min: 100, q1: 150, median: 200, q3: 250, max: 300 });
    const plain = charts.boxes.find((b) => b.profile_id === 'fast' && b.mode === 'plain');
    expect(plain?.values).toEqual([]);
    expect(plain?.box).toBeNull();
  });

  it('counts chunks by tokens and by characters per profile, every bin from 0 shown', () => {
    const fast = charts.histograms.find((h) => h.profile_id === 'fast');
    expect(fast?.chunks).toBe(8);
    expect(fast?.tokens).toEqual([
      { from: 0, to: 1, count: 0, share: 0 },
      { from: 1, to: 2, count: 0, share: 0 },
      { from: 2, to: 3, count: 8, share: 1 },
    ]);
    expect(fast?.chars.map((b) => [b.from, b.count])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 6],
      [7, 2],
    ]);
  });

  it('gives the median of each phase per profile and mode over ok counted trials', () => {
    const fast = charts.phase_medians.find((p) => p.profile_id === 'fast' && p.mode === 'stream');
    expect(fast?.n).toBe(2);
    expect(fast?.phases.streaming_ms).toBe(300);
    expect(charts.phase_medians).toHaveLength(4);
  });
});

describe('runCharts of a run of many trials', () => {
  it('draws the lines of every k-th round, the same for every profile, and the warm-ups', () => {
    const profiles = ['a', 'b', 'c'].map((id) => snapshot(id));
    const base = runRecord('run-1', profiles);
    const trials: StoredTrial[] = profiles.flatMap((p) => [
      stored(p.id, 0, makeTrial(), true),
      ...Array.from({ length: 1000 }, (_, k) => stored(p.id, k + 1, makeTrial({ ttft_ms: k }))),
    ]);
    const charts = runCharts({
      run: { ...base, config: { ...base.config, modes: ['stream'], trials: 1000 } },
      trials,
      summaries: {},
    });
    // 3 profiles × 1000 rounds: one round in 3.
    expect(charts.arrival_every).toBe(3);
    const rounds = (id: string) =>
      charts.arrivals.filter((a) => a.profile_id === id && !a.warmup).map((a) => a.trial_index);
    expect(rounds('a').slice(0, 3)).toEqual([1, 4, 7]);
    expect(rounds('a')).toHaveLength(334);
    expect(rounds('c')).toEqual(rounds('a'));
    expect(charts.arrivals.filter((a) => a.warmup)).toHaveLength(3);
    // Every trial is in the figures all the same.
    const box = charts.boxes.find((b) => b.profile_id === 'b' && b.metric === 'ttft_ms');
    expect(box?.values).toHaveLength(1000);
  });
});

describe('runCharts of a long stream', () => {
  it('charts a trial of 1,000,000 one-character chunks: no array is spread into a call', () => {
    const chunks: ChunkRecord[] = Array.from({ length: 1_000_000 }, (_, i) => ({
      at_ms: 100 + i * 0.01,
      kind: 'content',
      chars: 1 + (i % 5),
      bytes: 50,
      tokens: i % 4,
    }));
    const long = makeTrial({
      chunks: chunks.length,
      timeline: { t0_mono_ms: 0, chunks, pings: [] },
    });
    const charts = runCharts({
      run: runRecord('run-1', [snapshot('long')]),
      trials: [stored('long', 1, long)],
      summaries: {},
    });
    const histogram = charts.histograms[0];
    expect(histogram?.chunks).toBe(1_000_000);
    expect(histogram?.tokens.map((b) => b.count)).toEqual([250_000, 250_000, 250_000, 250_000]);
    expect(histogram?.chars.map((b) => b.count)).toEqual([
      0, 200_000, 200_000, 200_000, 200_000, 200_000,
    ]);
    expect(charts.arrivals[0]?.points).toHaveLength(MAX_ARRIVAL_POINTS);
  });
});
