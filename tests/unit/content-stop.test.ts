import { describe, expect, it } from 'vitest';
import { longestContentStop, stalledAfterFirstContent } from '../../src/shared/content-stop';

describe('where content stopped', () => {
  it('is counted from the first chunk: the wait before it is TTFT', () => {
    expect(longestContentStop([1506, 1520, 1540], 1560)).toEqual([1520, 1540]);
    expect(stalledAfterFirstContent([1506, 1520, 1540], 1560, 1000)).toBe(false);
  });

  it('finds a stop mid-answer, and one before the end of the response', () => {
    expect(longestContentStop([100, 120, 1400, 1420], 1430)).toEqual([120, 1400]);
    expect(longestContentStop([100, 120], 2000)).toEqual([120, 2000]);
  });

  it('is a stall from the stall limit on, not only past it', () => {
    expect(stalledAfterFirstContent([100, 1100], 1100, 1000)).toBe(true);
    expect(stalledAfterFirstContent([100, 1099.999], 1100, 1000)).toBe(false);
  });

  it('is nothing before any content came', () => {
    expect(longestContentStop([], 30_000)).toBeNull();
    expect(stalledAfterFirstContent([], 30_000, 1000)).toBe(false);
  });
});
