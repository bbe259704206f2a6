// Where content stopped longest once it had begun (DESIGN.md, `stalled`): from
// the first content chunk to the end of the response. The wait before the
// first chunk is TTFT, a figure of its own, never a stall.

/** The longest stretch [from, to] between two chunk arrivals or the last one and `end`; null before any chunk. */
export function longestContentStop(
  arrivals: readonly number[],
  end: number,
): [number, number] | null {
  if (arrivals.length === 0) return null;
  let longest: [number, number] | null = null;
  const times = [...arrivals, Math.max(end, arrivals[arrivals.length - 1] as number)];
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1] as number;
    const to = times[i] as number;
    if (!longest || to - from > longest[1] - longest[0]) longest = [from, to];
  }
  return longest;
}

/** Whether content stopped for at least `stallMs` after it began. */
export function stalledAfterFirstContent(
  arrivals: readonly number[],
  end: number,
  stallMs: number,
): boolean {
  const stop = longestContentStop(arrivals, end);
  return stop !== null && stop[1] - stop[0] >= stallMs;
}
