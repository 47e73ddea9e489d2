/**
 * Earth curvature and atmospheric refraction for sight lines. Over a chord of length L, a point d along it lies
 * below the chord by d·(L − d) / (2R); refraction bends the sight line down with the earth, which the usual
 * surveying correction writes as an effective radius R / (1 − k). Over 5 km the drop is ~1.7 m, over 20 km ~27 m:
 * enough to matter across the harbour, so every sight line of the engine uses it.
 */
import { REFRACTION_COEFFICIENT } from '../../core/contracts/analysis';

/** Mean earth radius, metres (IUGG). */
export const EARTH_RADIUS_METRES = 6_371_008.8;

/** 1 / (2 · effective radius): multiply by d·(L − d) or d² to get the drop, metres. */
export const CURVATURE_FACTOR = (1 - REFRACTION_COEFFICIENT) / (2 * EARTH_RADIUS_METRES);

/** How far a surface point `distance` from the eye appears below the eye's horizontal plane, metres. */
export function dropFromEye(distanceMetres: number): number {
  return distanceMetres * distanceMetres * CURVATURE_FACTOR;
}

/** How far a surface point `d` along a chord of `length` lies below that chord, metres. */
export function dropBelowChord(d: number, lengthMetres: number): number {
  return d * (lengthMetres - d) * CURVATURE_FACTOR;
}
