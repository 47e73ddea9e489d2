/**
 * Seeded pseudo-random numbers for the sample-data generators (AQHI readings, A&E waiting times, river stations,
 * camera pictures, indoor plans, land lots, drone zones), where no real open data exists. Seeded so every
 * start-up, every test run and every machine serves the same sample, and a change to a generator shows up as a
 * change in its tests rather than as noise.
 */

/** FNV-1a 32-bit hash of a string (UTF-16 code units): turns a readable seed ("lots:sha-tin") into a 32-bit state. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A generator of numbers in [0, 1) from a 32-bit seed (mulberry32: small, fast, full 2^32 period and well
 * distributed enough for sample data; not for anything secret).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator of numbers in [0, 1) seeded by a string: mulberry32 from the string's FNV-1a hash. */
export function seededRandom(seed: string): () => number {
  return mulberry32(fnv1a(seed));
}

/** A number drawn uniformly from [min, max) with the given generator. */
export function between(random: () => number, min: number, max: number): number {
  return min + (max - min) * random();
}

/** A whole number from `min` to `max` inclusive, drawn with the given generator. */
export function randomInteger(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
