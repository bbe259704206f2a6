// The verdict cards as data: per mode, who was first to the first token, the
// last and for a reader, as main's comparisons of a real digest say it;
// failed profiles named as not measured; one profile, nothing compared.

import { describe, expect, it } from 'vitest';
import type { RunView } from '../../src/shared/api';
import type { Mode, Trial } from '../../src/shared/trial';

import {
  verdictCards,
  type VerdictCard,
  type VerdictLine,
  fewestForP95,
} from '../../src/shared/results/verdict-model';
import { runViewOfTrials } from './run-view-fixture';
import { makeTrial } from './trial-fixture';

const view = (trials: Record<string, Trial[]>, modes: Mode[] = ['stream']): RunView =>
  runViewOfTrials(trials, modes);

/** Ok trials of one mode whose first token, total and reader figures are `base` plus each jitter. */
function trials(base: number, jitter: readonly number[], mode: Mode = 'stream'): Trial[] {
  return jitter.map((j) =>
    makeTrial({
      mode,
      ttft_ms: base + j,
      first_byte_ms: base + j,
      total_ms: base + 300 + j,
      reader_done_ms: base + 1000 + j,
    }),
  );
}

const failed = (n: number, mode: Mode = 'stream'): Trial[] =>
  Array.from({ length: n }, () =>
    makeTrial({ mode, status: 'http_error', http_status: 503, ttft_ms: null, total_ms: null }),
  );

const JITTER = [0, 3, 1, 4, 2];

function card(cards: VerdictCard[], mode: Mode): VerdictCard {
  const found = cards.find((c) => c.mode === mode);
  if (!found) throw new Error(`no ${mode} card`);
  return found;
}

function line(c: VerdictCard, figure: VerdictLine['figure']): VerdictLine['outcome'] {
  const found = c.lines.find((l) => l.figure === figure);
  if (!found) throw new Error(`no ${figure} line`);
  return found.outcome;
}

describe('verdict cards', () => {
  it('say who is faster, its lead and interval turned the right way, whichever side main put it', () => {
    // The faster profile second in the run: main's B − A is negative.
    const v = view({ slow: trials(300, JITTER), fast: trials(100, JITTER) });
    const [stream] = verdictCards(v);
    expect(stream?.measured).toEqual(['slow', 'fast']);
    for (const figure of ['first', 'total', 'reader'] as const) {
      const outcome = line(stream as VerdictCard, figure);
      expect(outcome).toMatchObject({
        verdict: 'lower',
        first: 'fast',
        second: 'slow',
        fastest: true,
        unsettled: [],
        sample: { paired: true, pairs: 5, n_first: 5, n_second: 5 },
      });
      if (outcome.verdict !== 'lower') throw new Error('not lower');
      const metric = stream?.lines.find((l) => l.figure === figure)?.metric;
      const c = v.comparisons.find((x) => x.mode === 'stream' && x.metric === metric);
      // Main's own figures, only turned: slow is A, so fast's lead is A − B.
      expect(c?.profile_a).toBe('slow');
      expect(outcome.lead_ms).toBe(-(c?.diff_ms ?? NaN));
      expect(outcome.low_ms).toBe(-(c?.ci_high_ms ?? NaN));
      expect(outcome.high_ms).toBe(-(c?.ci_low_ms ?? NaN));
      expect(outcome.lead_ms).toBe(200);
      expect(outcome.low_ms).toBeGreaterThan(0);
    }
    expect(stream?.lines.map((l) => l.metric)).toEqual(['ttft_ms', 'total_ms', 'reader_done_ms']);
  });

  it('say equivalent when the whole interval is within the margin, not inconclusive', () => {
    const v = view({ a: trials(1000, JITTER), b: trials(1000, [1, 3, 2, 4, 0]) });
    const outcome = line(card(verdictCards(v), 'stream'), 'first');
    expect(outcome.verdict).toBe('equivalent');
    if (outcome.verdict !== 'equivalent') throw new Error('not equivalent');
    const c = v.comparisons.find((x) => x.mode === 'stream' && x.metric === 'ttft_ms');
    expect(c?.verdict).toBe('equivalent');
    // 1% of the smaller median of about a second.
    expect(outcome.margin_ms).toBe(c?.margin_ms);
    expect(outcome.margin_ms).toBeCloseTo(10, 0);
    expect(outcome.low_ms).toBeGreaterThanOrEqual(-outcome.margin_ms);
    expect(outcome.high_ms).toBeLessThanOrEqual(outcome.margin_ms);
  });

  it('say inconclusive, with the rounds that would settle it, when the interval crosses the margin', () => {
    const v = view({
      a: trials(100, [0, 50, -10, 100, 20]),
      b: trials(100, [30, -5, 80, 10, 60]),
    });
    const outcome = line(card(verdictCards(v), 'stream'), 'first');
    expect(outcome.verdict).toBe('inconclusive');
    if (outcome.verdict !== 'inconclusive') throw new Error('not inconclusive');
    const c = v.comparisons.find((x) => x.mode === 'stream' && x.metric === 'ttft_ms');
    expect(c?.verdict).toBe('inconclusive');
    expect(outcome.rounds_to_settle).toBe(c?.rounds_to_settle);
    expect(outcome.low_ms).not.toBeNull();
    expect(outcome.low_ms as number).toBeLessThan(outcome.high_ms as number);
  });

  it('say there is no interval to judge by at one trial each', () => {
    const v = view({ a: trials(100, [0]), b: trials(200, [0]) });
    expect(line(card(verdictCards(v), 'stream'), 'first')).toMatchObject({
      verdict: 'inconclusive',
      low_ms: null,
      high_ms: null,
    });
  });

  it('name one measured profile as such: nothing to compare', () => {
    const [stream] = verdictCards(view({ only: trials(100, JITTER) }));
    expect(stream).toEqual({ mode: 'stream', measured: ['only'], notMeasured: [], lines: [] });
  });

  it('name a failed profile as not measured and a mostly failing one as not ranked, never slowest', () => {
    const v = view({
      fast: trials(100, JITTER),
      slow: trials(300, JITTER),
      // The quickest figures of all, from one ok trial in five: not ranked.
      flaky: [...trials(10, [0]), ...failed(4)],
      down: failed(5),
    });
    const stream = card(verdictCards(v), 'stream');
    expect(stream.measured).toEqual(['fast', 'slow']);
    expect(stream.notMeasured).toEqual([
      { profile_id: 'flaky', reason: 'most', ok: 1, trials: 5 },
      { profile_id: 'down', reason: 'none', ok: 0, trials: 5 },
    ]);
    for (const l of stream.lines) {
      expect(l.outcome).toMatchObject({ first: 'fast', second: 'slow', fastest: true });
    }
  });

  it('have no comparison when every profile but one failed', () => {
    const stream = card(verdictCards(view({ ok: trials(100, JITTER), down: failed(5) })), 'stream');
    expect(stream.measured).toEqual(['ok']);
    expect(stream.lines).toEqual([]);
    expect(stream.notMeasured.map((m) => m.profile_id)).toEqual(['down']);
  });

  it('judge plain mode by its first byte, and make only the cards of the modes run', () => {
    const v = view({ a: trials(400, JITTER, 'plain'), b: trials(200, JITTER, 'plain') }, ['plain']);
    const cards = verdictCards(v);
    expect(cards.map((c) => c.mode)).toEqual(['plain']);
    const plain = card(cards, 'plain');
    expect(plain.lines.map((l) => l.metric)).toEqual([
      'first_byte_ms',
      'total_ms',
      'reader_done_ms',
    ]);
    expect(line(plain, 'first')).toMatchObject({ verdict: 'lower', first: 'b', second: 'a' });
  });

  it('claim the fastest of three only against the runner-up it beats, and each other', () => {
    const v = view({
      third: trials(500, JITTER),
      first: trials(100, JITTER),
      second: trials(300, JITTER),
    });
    expect(line(card(verdictCards(v), 'stream'), 'total')).toMatchObject({
      verdict: 'lower',
      first: 'first',
      second: 'second',
      fastest: true,
      unsettled: [],
    });
  });

  it('leave a profile the data cannot set behind the leader unsettled, not beaten', () => {
    const v = view({
      first: trials(100, JITTER),
      second: trials(300, JITTER),
      // Slower in the median, but too scattered to say.
      wild: trials(300, [-250, 400, 300, -240, 500]),
    });
    const outcome = line(card(verdictCards(v), 'stream'), 'first');
    const wild = v.comparisons.find(
      (c) => c.metric === 'ttft_ms' && c.profile_a === 'first' && c.profile_b === 'wild',
    );
    expect(wild?.verdict).toBe('inconclusive');
    expect(outcome).toMatchObject({
      verdict: 'lower',
      first: 'first',
      second: 'second',
      fastest: false,
      unsettled: ['wild'],
    });
  });
});

describe('the terms legend', () => {
  it('says a p95 is about the slowest trial when the fewest ok trials are below 20', () => {
    expect(fewestForP95(view({ a: trials(100, JITTER), b: trials(100, [0, 1, 2]) }))).toBe(3);
    const many = Array.from({ length: 20 }, (_, i) => i);
    expect(fewestForP95(view({ a: trials(100, many) }))).toBeNull();
    // A profile that measured nothing has no p95 to read.
    expect(fewestForP95(view({ a: trials(100, many), down: failed(3) }))).toBeNull();
  });
});
