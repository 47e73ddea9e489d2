/**
 * Seeded random numbers for the sample data generators (AQHI readings, A&E waiting times), where no real open
 * data snapshot exists. Seeded so every start-up, every test run and every machine serves the same sample, and a
 * change to a generator shows up as a change in its tests rather than as noise.
 */

/** A generator of numbers in [0, 1) from a 32-bit seed (mulberry32: small, fast, good enough for sample data). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from `min` to `max` inclusive. */
export function randomInteger(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
