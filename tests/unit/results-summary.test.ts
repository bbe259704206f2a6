// The results screen's summary table as data: a table per mode, a row per
// profile with its figures and n, the best of each column marked.

import { describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import type { Mode, Trial } from '../../src/shared/trial';
import { summaryTables } from '../../src/shared/results/summary-model';
import { runViewOfTrials } from './run-view-fixture';
import { makeTrial } from './trial-fixture';

/** A run view of these profiles' trials, summarised as main does (warm-ups left out). */
const view = (trials: Record<string, Trial[]>, modes: Mode[] = ['stream']): RunView =>
  runViewOfTrials(trials, modes, ['fast', 'slow', 'gone']);

const fast = [
  makeTrial({ ttft_ms: 100, total_ms: 500, e2e_tps: 20 }),
  makeTrial({
    ttft_ms: 110,
    total_ms: 520,
    e2e_tps: 22,
    usage_completion_tokens: 9,
    usage_diff: 1,
  }),
  makeTrial({ status: 'http_error', http_status: 429, error: 'slow down' }),
];
const slow = [
  makeTrial({ ttft_ms: 300, total_ms: 400, e2e_tps: 30 }),
  makeTrial({ ttft_ms: 320, total_ms: 420, e2e_tps: 31, decode_tps: null }),
];

describe('summary tables', () => {
  const [table] = summaryTables(view({ fast, slow }));

  it('has a row per profile of the run, one that was never measured included', () => {
    expect(table?.mode).toBe('stream');
    expect(table?.rows.map((r) => [r.profile_id, r.ok, r.trials, r.failures])).toEqual([
      ['fast', 2, 3, [['http_error', 1]]],
      ['slow', 2, 2, []],
      ['gone', 0, 0, []],
    ]);
    expect(table?.rows[2]?.cells).toEqual({});
  });

  it('gives each figure its n and the median its interval', () => {
    const first = table?.rows[0]?.cells.first;
    expect(first).toMatchObject({ value: 105, n: 2 });
    expect(first?.interval).toEqual([expect.any(Number), expect.any(Number)]);
    expect(table?.rows[0]?.cells.first_p95?.interval).toBeNull();
    expect(table?.rows[1]?.cells.decode_tps?.n).toBe(1);
  });

  it('marks the lowest time and the highest rate of each column, and no property', () => {
    const best = (key: string) =>
      table?.rows.map((r) => r.cells[key as keyof typeof r.cells]?.best ?? null);
    expect(best('first')).toEqual([true, false, null]);
    expect(best('total')).toEqual([false, true, null]);
    expect(best('e2e_tps')).toEqual([false, true, null]);
    expect(best('tokens_per_chunk')).toEqual([false, false, null]);
  });

  it('marks nothing when a column has one row to compare, or every row ties', () => {
    const [only] = summaryTables(view({ fast }));
    expect(Object.values(only?.rows[0]?.cells ?? {}).some((cell) => cell.best)).toBe(false);
    const [same] = summaryTables(view({ fast: slow, slow }));
    const marked = same?.rows.flatMap((r) => Object.values(r.cells)).filter((cell) => cell.best);
    expect(marked).toEqual([]);
  });

  it('marks the best only when its interval is clear of the runner-up’s', () => {
    // Totals 158, 159 and 162 ms (medians), each spread over ±10 ms: the intervals overlap.
    const spread = (total: number) =>
      [-10, 0, 10, -5, 5].map((d) => makeTrial({ ttft_ms: 100, total_ms: total + d }));
    const [close] = summaryTables(
      view({ fast: spread(158), slow: spread(159), gone: spread(162) }),
    );
    expect(close?.rows.map((r) => r.cells.total?.best)).toEqual([false, false, false]);
    // The same spread 100 ms apart is clear: the mark is back.
    const [apart] = summaryTables(view({ fast: spread(158), slow: spread(259) }));
    expect(apart?.rows.map((r) => r.cells.total?.best)).toEqual([true, false, undefined]);
    // No p95 has an interval, so none is marked, however far apart.
    expect(apart?.rows.map((r) => r.cells.total_p95?.best)).toEqual([false, false, undefined]);
  });

  it('marks nothing from one trial a row: a median of one has no interval', () => {
    const [single] = summaryTables(
      view({ fast: [makeTrial({ total_ms: 100 })], slow: [makeTrial({ total_ms: 900 })] }),
    );
    expect(single?.rows.map((r) => r.cells.total?.best)).toEqual([false, false, undefined]);
  });

  it('weighs values as shown, to the microsecond: binary noise is a tie', () => {
    const stalls = (stall: number) => [0, 1, 2].map(() => makeTrial({ reader_stall_ms: stall }));
    const [noise] = summaryTables(
      view({ fast: stalls(0), slow: stalls(2.842170943040401e-14), gone: stalls(40) }),
    );
    expect(noise?.rows.map((r) => r.cells.reader_stall?.best)).toEqual([true, true, false]);
  });

  it('marks every row that ties for the best', () => {
    const [tied] = summaryTables(view({ fast: slow, slow, gone: fast }));
    expect(tied?.rows.map((r) => r.cells.total?.best)).toEqual([true, true, false]);
  });

  it('sets the counted tokens beside the API’s usage, over the trials that reported it', () => {
    expect(table?.rows[0]?.tokens).toEqual({
      counted: { median: 8, n: 2 },
      usage: { median: 8.5, n: 2 },
      difference: 0.5,
    });
    const [none] = summaryTables(
      view({ fast: [makeTrial({ usage_completion_tokens: null, usage_diff: null })] }),
    );
    expect(none?.rows[0]?.tokens.usage).toBeNull();
  });

  it('labels plain mode by its first byte and gives it no gap columns, nor a reader stall', () => {
    const plain = [makeTrial({ mode: 'plain', ttft_ms: null, first_byte_ms: 480 })];
    const [, plainTable] = summaryTables(view({ fast: [...fast, ...plain] }, ['stream', 'plain']));
    expect(plainTable?.mode).toBe('plain');
    expect(plainTable?.columns.map((c) => [c.key, c.metric])).toEqual([
      ['first', 'first_byte_ms'],
      ['first_p95', 'first_byte_ms'],
      ['total', 'total_ms'],
      ['total_p95', 'total_ms'],
      ['e2e_tps', 'e2e_tps'],
      ['reader_done', 'reader_done_ms'],
      ['reader_wait', 'reader_wait_ms'],
    ]);
    expect(plainTable?.rows[0]?.cells.first?.value).toBe(480);
  });

  it('shows what a reader feels at the pace of the view, figures from the summaries', () => {
    const [table] = summaryTables(view({ fast, slow: [makeTrial({ total_ms: 900 })] }));
    expect(table?.reader_pace_tps).toBe(8);
    // fast's two ok trials share the fixture's timeline: 4 chunks of 2 tokens at 200, 300,
    // 400, 500 ms, read at 125 ms a token: done at 200 + 250 = 450, then 700, 950, 1200 ms.
    expect(table?.rows[0]?.cells.reader_done).toMatchObject({ value: 1200, n: 2 });
    // Waiting: all but the 8 × 125 ms spent reading.
    expect(table?.rows[0]?.cells.reader_wait).toMatchObject({ value: 200, n: 2 });
    expect(table?.rows[0]?.cells.reader_stall).toMatchObject({ value: 0, n: 2 });
  });
});
