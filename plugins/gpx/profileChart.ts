/**
 * The elevation profile as SVG geometry, pure: one path per line (a gap between track segments is not joined),
 * distance along x, elevation along y, in a `width` × `height` box; the elevation axis spans the profile's own
 * lowest to highest point (a flat profile gets a 10 m span so it is drawn as a level line, not divided by zero).
 */
import type { ProfilePoint } from './gpxFigures';

export interface ProfileChart {
  /** SVG path data, one per line that has at least one point. */
  paths: string[];
  minElevationMeters: number;
  maxElevationMeters: number;
  totalDistanceMeters: number;
}

const MIN_ELEVATION_SPAN_METERS = 10;

export function profileChart(profile: ReadonlyArray<ProfilePoint>, width: number, height: number): ProfileChart | null {
  if (profile.length === 0) return null;
  const elevations = profile.map((point) => point.elevationMeters);
  const minElevationMeters = Math.min(...elevations);
  const maxElevationMeters = Math.max(...elevations);
  const firstDistance = profile[0].distanceMeters;
  const totalDistanceMeters = profile[profile.length - 1].distanceMeters - firstDistance;
  const span = Math.max(MIN_ELEVATION_SPAN_METERS, maxElevationMeters - minElevationMeters);
  const base = maxElevationMeters - minElevationMeters < MIN_ELEVATION_SPAN_METERS ? (minElevationMeters + maxElevationMeters) / 2 - span / 2 : minElevationMeters;
  const x = (distance: number) => (totalDistanceMeters > 0 ? ((distance - firstDistance) / totalDistanceMeters) * width : width / 2);
  const y = (elevation: number) => height - ((elevation - base) / span) * height;
  const paths: string[] = [];
  let current = '';
  let line = profile[0].line;
  for (const point of profile) {
    if (point.line !== line) {
      paths.push(current);
      current = '';
      line = point.line;
    }
    current += `${current === '' ? 'M' : ' L'}${x(point.distanceMeters).toFixed(1)} ${y(point.elevationMeters).toFixed(1)}`;
  }
  paths.push(current);
  return { paths, minElevationMeters, maxElevationMeters, totalDistanceMeters };
}
