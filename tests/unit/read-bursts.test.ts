// DESIGN.md's `rebuffered` rule and the pings around the first token, on
// timelines with known answers: a read is told by its stamp.

import { describe, expect, it } from 'vitest';
import { eventsPerRead, pingsAroundFirstToken, readBursts } from '../../src/shared/read-bursts';

/** One chunk per stamp; `reads` gives how many events each read brought, 10 ms apart. */
const chunksOfReads = (reads: readonly number[]) =>
  reads.flatMap((events, i) => Array.from({ length: events }, () => ({ at_ms: 100 + 10 * i })));

describe('events per read', () => {
  it('groups the events a read brought by their shared stamp', () => {
    expect(eventsPerRead(chunksOfReads([1, 5, 2, 1]))).toEqual([1, 5, 2, 1]);
    expect(eventsPerRead([])).toEqual([]);
  });
});

describe('rebuffered', () => {
  it('holds when half the events came in 3 or more reads of 4 or more', () => {
    expect(readBursts(chunksOfReads([4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))).toEqual({
      events_per_read_max: 4,
      rebuffered: true,
    });
  });

  it('does not hold with only two bursts, however large', () => {
    expect(readBursts(chunksOfReads([40, 40, 1]))).toEqual({
      events_per_read_max: 40,
      rebuffered: false,
    });
  });

  it('does not hold when the bursts carry less than half the events', () => {
    const reads = [5, 5, 5, ...Array.from<number>({ length: 16 }).fill(1)];
    expect(readBursts(chunksOfReads(reads)).rebuffered).toBe(false);
  });

  it('does not hold for reads of three events: the network may coalesce a few', () => {
    expect(readBursts(chunksOfReads([3, 3, 3, 3, 3, 3])).rebuffered).toBe(false);
  });

  it('a provider batching tokens sends one event per read, however many tokens each: not rebuffered', () => {
    expect(readBursts(chunksOfReads(Array.from<number>({ length: 30 }).fill(1)))).toEqual({
      events_per_read_max: 1,
      rebuffered: false,
    });
  });

  it('has no figure without events (plain mode, a whole body)', () => {
    expect(readBursts([])).toEqual({ events_per_read_max: null, rebuffered: false });
  });
});

describe('pings around the first token', () => {
  const pings = [50, 100, 200, 700, 900].map((at_ms) => ({ at_ms }));

  it('counts those until the first token, its own read included, apart from those after', () => {
    expect(pingsAroundFirstToken(pings, 200)).toEqual({
      pings_before_ttft: 3,
      pings_after_ttft: 2,
    });
  });

  it('counts every ping before when no content came', () => {
    expect(pingsAroundFirstToken(pings, null)).toEqual({
      pings_before_ttft: 5,
      pings_after_ttft: 0,
    });
    expect(pingsAroundFirstToken([], 200)).toEqual({ pings_before_ttft: 0, pings_after_ttft: 0 });
  });
});
