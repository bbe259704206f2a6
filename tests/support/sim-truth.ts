// Measured times checked against the simulator's true ones: it records when it
// really wrote each event, on the same monotonic clock as the engine.

import { expect } from 'vitest';
import type { SimServer, SimTrace } from '../../src/main/sim';
import type { Trial } from '../../src/shared/trial';

// Loose enough for a busy CI machine; `npm run bench` reports the real precision.
export const TOLERANCE_MS = 20;

/**
 * The options of a test that checks stamps against the true writes. On a
 * shared VM the host now and then stalls this process for tens of ms (the
 * bench has seen an event-loop delay of 78 ms with one stream and nothing
 * else running): one stamp arrives late through no fault of the engine. A
 * second try is a new measurement; a real delay fails all three.
 */
export const TIMED_AGAINST_TRUTH = { retry: 2 } as const;

export function simTrace(sim: SimServer, trial: Trial): SimTrace {
  expect(trial.request_id).toBeTruthy();
  const trace = sim.trace(trial.request_id ?? '');
  if (!trace) throw new Error(`no trace for ${trial.request_id}`);
  return trace;
}

export const textWrites = (trace: SimTrace) =>
  trace.writes.filter((w) => w.kind === 'content' || w.kind === 'reasoning');

/** Each measured chunk arrived shortly after the simulator wrote it, never before. */
export function expectChunksMatchWrites(trial: Trial, trace: SimTrace): void {
  const writes = textWrites(trace);
  expect(trial.timeline.chunks).toHaveLength(writes.length);
  trial.timeline.chunks.forEach((chunk, i) => {
    const delay = trial.timeline.t0_mono_ms + chunk.at_ms - (writes[i]?.at_mono_ms ?? NaN);
    expect(delay).toBeGreaterThanOrEqual(-0.01);
    expect(delay).toBeLessThan(TOLERANCE_MS);
  });
}
