/** The heading readout of the viewer ("Facing 045° NE"): pure formatting helpers. */
import { normaliseDegrees } from '../../core/contracts/equirectangular';

/** The eight compass points, clockwise from north (message ids `streetscape.compass.<point>`). */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The compass point nearest an azimuth (degrees clockwise from north). */
export function compassPoint(azimuthDegrees: number): CompassPoint {
  return COMPASS_POINTS[Math.round(normaliseDegrees(azimuthDegrees) / 45) % 8];
}

/** Whole degrees, three digits (`045`), 360 shown as `000`. */
export function paddedDegrees(azimuthDegrees: number): string {
  return String(Math.round(normaliseDegrees(azimuthDegrees)) % 360).padStart(3, '0');
}
