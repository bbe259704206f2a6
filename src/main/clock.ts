// One monotonic clock for the engine and the simulated provider.
// process.hrtime reads CLOCK_MONOTONIC, which every process on the machine
// shares, so a time taken by the simulator in another process can be compared
// with a time taken by the engine. performance.now() cannot: its origin is
// per process.

export interface Clock {
  /** Milliseconds on the shared monotonic clock, microsecond resolution. */
  now(): number;
}

export const monotonicClock: Clock = {
  now: () => Number(process.hrtime.bigint() / 1000n) / 1000,
};
