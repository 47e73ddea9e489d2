/**
 * The pure figures of a trail's height profile: sampling a line every few metres, smoothing the heights, and the
 * ascent, descent, slopes, SPEC §9 steepness classes, difficulty and Naismith duration from them. Lengths are
 * geodesic (WGS84) with the product's one measurement geometry (core/contracts/geodesy.ts).
 */
import {
  difficultyOf,
  naismithMinutes,
  STEEPNESS_CLASSES,
  steepnessClassOf,
  type DifficultyGrade,
  type SteepnessClass,
} from '../../core/contracts/trails';
import { geodesicDistance } from '../../core/contracts/geodesy';

export type LonLatPair = readonly [longitude: number, latitude: number];

/** A point of a sampled line: its distance from the line's start along it, metres, and where it is. */
export interface LineSample {
  distanceMetres: number;
  longitude: number;
  latitude: number;
}

const metresBetween = (a: LonLatPair, b: LonLatPair) => geodesicDistance({ longitude: a[0], latitude: a[1] }, { longitude: b[0], latitude: b[1] });

/** The geodesic length of a line through `positions`, metres. */
export function lineLengthMetres(positions: ReadonlyArray<LonLatPair>): number {
  let total = 0;
  for (let index = 1; index < positions.length; index += 1) total += metresBetween(positions[index - 1], positions[index]);
  return total;
}

/**
 * Points every `stepMetres` along the line (interpolated between its vertices; the step's few-metre error from
 * interpolating in degrees is far below the DTM's 70 m cells), and its last vertex. Throws for fewer than two
 * positions or a step that is not positive.
 */
export function sampleLine(positions: ReadonlyArray<LonLatPair>, stepMetres: number): LineSample[] {
  if (positions.length < 2) throw new RangeError('A line needs at least two positions to be sampled');
  if (!(stepMetres > 0)) throw new RangeError(`The sampling step must be positive, got ${stepMetres}`);
  const samples: LineSample[] = [{ distanceMetres: 0, longitude: positions[0][0], latitude: positions[0][1] }];
  let walked = 0;
  let next = stepMetres;
  for (let index = 1; index < positions.length; index += 1) {
    const from = positions[index - 1];
    const to = positions[index];
    const length = metresBetween(from, to);
    while (length > 0 && next <= walked + length) {
      const t = (next - walked) / length;
      samples.push({ distanceMetres: next, longitude: from[0] + (to[0] - from[0]) * t, latitude: from[1] + (to[1] - from[1]) * t });
      next += stepMetres;
    }
    walked += length;
  }
  const last = positions[positions.length - 1];
  // The end itself, unless a sample already fell on it (within a centimetre).
  if (walked - samples[samples.length - 1].distanceMetres > 0.01) samples.push({ distanceMetres: walked, longitude: last[0], latitude: last[1] });
  return samples;
}

/**
 * A centred moving average over `window` samples (odd; narrower near the ends, where fewer neighbours exist). The
 * bilinear DTM has kinks at every 70 m cell edge and a track drawn a few metres off its path zig-zags across
 * contours; averaging over ~125 m removes both without flattening a real climb.
 */
export function smoothHeights(heights: readonly number[], window: number): number[] {
  if (!Number.isInteger(window) || window < 1 || window % 2 === 0) throw new RangeError(`The smoothing window must be an odd whole number, got ${window}`);
  const half = (window - 1) / 2;
  return heights.map((_, index) => {
    const span = Math.min(half, index, heights.length - 1 - index);
    let sum = 0;
    for (let offset = -span; offset <= span; offset += 1) sum += heights[index + offset];
    return sum / (2 * span + 1);
  });
}

/** What a profile (distances and heights of its samples) measures. */
export interface ProfileFigures {
  lengthMetres: number;
  ascentMetres: number;
  descentMetres: number;
  /** Slope of each step between consecutive samples, degrees, positive uphill. */
  slopeDegrees: number[];
  steepness: SteepnessClass[];
  metresByClass: Record<SteepnessClass, number>;
  /** Share of the length on steep or severe slopes, 0–1. */
  steepShare: number;
  difficulty: DifficultyGrade;
  /** Naismith's rule, minutes. */
  durationMinutes: number;
  lowestMetres: number;
  highestMetres: number;
}

/** The figures of a profile; `distances` ascending, metres, one height per distance. */
export function profileFigures(distances: readonly number[], heights: readonly number[]): ProfileFigures {
  if (distances.length !== heights.length || distances.length < 2) throw new RangeError('A profile needs at least two samples, one height per distance');
  let ascentMetres = 0;
  let descentMetres = 0;
  const slopeDegrees: number[] = [];
  const steepness: SteepnessClass[] = [];
  const metresByClass = Object.fromEntries(STEEPNESS_CLASSES.map((steepClass) => [steepClass, 0])) as Record<SteepnessClass, number>;
  for (let index = 1; index < distances.length; index += 1) {
    const run = distances[index] - distances[index - 1];
    const rise = heights[index] - heights[index - 1];
    if (rise > 0) ascentMetres += rise;
    else descentMetres -= rise;
    const degrees = run > 0 ? (Math.atan2(rise, run) * 180) / Math.PI : 0;
    const steepClass = steepnessClassOf(degrees);
    slopeDegrees.push(degrees);
    steepness.push(steepClass);
    metresByClass[steepClass] += run;
  }
  const lengthMetres = distances[distances.length - 1] - distances[0];
  const steepShare = lengthMetres > 0 ? (metresByClass.steep + metresByClass.severe) / lengthMetres : 0;
  return {
    lengthMetres,
    ascentMetres,
    descentMetres,
    slopeDegrees,
    steepness,
    metresByClass,
    steepShare,
    difficulty: difficultyOf(steepShare),
    durationMinutes: naismithMinutes(lengthMetres, ascentMetres),
    lowestMetres: Math.min(...heights),
    highestMetres: Math.max(...heights),
  };
}

/** The index of the vertex of `positions` nearest to `point` (equirectangular distance: enough to compare). */
export function nearestVertexIndex(positions: ReadonlyArray<LonLatPair>, point: LonLatPair): number {
  const cosLatitude = Math.cos((point[1] * Math.PI) / 180);
  let best = 0;
  let bestDistance = Infinity;
  positions.forEach(([longitude, latitude], index) => {
    const distance = ((longitude - point[0]) * cosLatitude) ** 2 + (latitude - point[1]) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}

export { metresBetween };
