// A long computation written as steps: a generator that yields between
// bounded pieces of its work (a few milliseconds each at most). Whoever runs it
// decides what happens between the steps: main runs a long run's summaries in
// slices, letting the event loop serve other calls in between (src/main/
// slices.ts); everyone else runs the steps through at once, with `completed`.
// One implementation either way, so both give the same figures.
// Pure: no Node, no DOM.

/** Work that yields (nothing) between its steps and returns a T at the end. */
export type Steps<T> = Generator<void, T, void>;

/** Items a pass over many (every trial of a long run) handles per step. */
export const ITEMS_PER_STEP = 2000;

/** The value of `steps`, run to their end without a break. */
export function completed<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
