/**
 * Seeded pseudo-random numbers for the sample-data generators: the same seed string always gives the same
 * sequence on every machine, so generated sample data is reproducible and testable.
 */

/** FNV-1a 32-bit hash of a string (UTF-16 code units): turns a seed string into a 32-bit state. */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A generator of numbers in [0, 1) seeded by a string (mulberry32: small, fast and well distributed enough
 * for sample data; not for anything secret).
 */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number drawn uniformly from [min, max) with the given generator. */
export function between(random: () => number, min: number, max: number): number {
  return min + (max - min) * random();
}
