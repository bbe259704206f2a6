// A seeded pseudo-random generator (mulberry32, 32-bit state). Math.random
// cannot be seeded: the simulator's scenarios must give the same text and
// schedule for the same seed on every machine, and the bootstrap must give the
// same interval for the same data, so runs can be reproduced and compared.

/** Returns numbers in [0, 1). */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
