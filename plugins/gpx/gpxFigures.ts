/**
 * What the GPX panel reports, pure: the length of the tracks and routes (geodesic, the measurement plugin's
 * geometry), ascent and descent, the elevation profile, and the box the camera fits.
 *
 * Elevations: the file's own <ele> when every track and route point has one, else the terrain's (the controller
 * samples the DEM at the profile's points). Ascent and descent are the sums of the rises and falls between
 * consecutive points of each line, unsmoothed (a gap between two track segments is not walked, so it adds
 * neither length nor climb); with the file's elevations every point counts, with the terrain's the profile's
 * points do.
 */
import { geodesicDistance } from '../measurement/api';
import type { GpxDocument, GpxPoint } from './gpxParser';

/** Most points the profile chart and the terrain sampling use (evenly spread along each line, ends kept). */
export const PROFILE_MAX_SAMPLES = 1000;

export interface GpxBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** One point of the profile: how far along the lines, where, and the file's elevation (null if none). */
export interface ProfileSample {
  /** Which line (GpxDocument.lines index) it lies on. */
  line: number;
  /** Metres from the start of the first line, along the lines. */
  distanceMeters: number;
  longitude: number;
  latitude: number;
  fileElevationMeters: number | null;
}

export interface ProfilePoint {
  line: number;
  distanceMeters: number;
  elevationMeters: number;
}

export interface GpxFigures {
  lengthMeters: number;
  ascentMeters: number | null;
  descentMeters: number | null;
  elevationSource: 'file' | 'terrain' | null;
  profile: ProfilePoint[];
}

/** The box around every point of the file (lines and waypoints). */
export function gpxBounds(gpx: GpxDocument): GpxBounds {
  const points: GpxPoint[] = [...gpx.lines.flatMap((line) => line.points), ...gpx.waypoints];
  const bounds = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const point of points) {
    bounds.west = Math.min(bounds.west, point.longitude);
    bounds.east = Math.max(bounds.east, point.longitude);
    bounds.south = Math.min(bounds.south, point.latitude);
    bounds.north = Math.max(bounds.north, point.latitude);
  }
  return bounds;
}

/** Distance of every point from the start, metres, line after line (lines follow on without a gap). */
export function cumulativeDistances(gpx: GpxDocument): number[][] {
  let travelled = 0;
  return gpx.lines.map((line) =>
    line.points.map((point, index) => {
      if (index > 0) travelled += geodesicDistance(line.points[index - 1], point);
      return travelled;
    }),
  );
}

/** Whether every track and route point carries an elevation (and there is at least one). */
export function hasFileElevations(gpx: GpxDocument): boolean {
  return gpx.lines.length > 0 && gpx.lines.every((line) => line.points.every((point) => point.elevationMeters !== null));
}

/** Sum of rises and of falls between consecutive known elevations within each series; null values are skipped. */
export function climb(series: ReadonlyArray<ReadonlyArray<number | null>>): { ascentMeters: number; descentMeters: number } {
  let ascentMeters = 0;
  let descentMeters = 0;
  for (const elevations of series) {
    let previous: number | null = null;
    for (const elevation of elevations) {
      if (elevation === null) continue;
      if (previous !== null) {
        if (elevation > previous) ascentMeters += elevation - previous;
        else descentMeters += previous - elevation;
      }
      previous = elevation;
    }
  }
  return { ascentMeters, descentMeters };
}

/**
 * At most `maxSamples` points spread over the lines in proportion to their point counts, each line keeping its
 * first and last point, in order.
 */
export function profileSamples(gpx: GpxDocument, distances: number[][], maxSamples = PROFILE_MAX_SAMPLES): ProfileSample[] {
  const total = gpx.lines.reduce((sum, line) => sum + line.points.length, 0);
  const samples: ProfileSample[] = [];
  gpx.lines.forEach((line, lineIndex) => {
    const count = line.points.length;
    const wanted = total <= maxSamples ? count : Math.max(Math.min(2, count), Math.round((count / total) * maxSamples));
    const indices = new Set<number>();
    for (let step = 0; step < wanted; step += 1) indices.add(wanted === 1 ? 0 : Math.round((step * (count - 1)) / (wanted - 1)));
    for (const index of [...indices].sort((a, b) => a - b)) {
      const point = line.points[index];
      samples.push({ line: lineIndex, distanceMeters: distances[lineIndex][index], longitude: point.longitude, latitude: point.latitude, fileElevationMeters: point.elevationMeters });
    }
  });
  return samples;
}

/**
 * The figures, from the file's elevations when it has them all, else from `terrainHeights` (one per sample,
 * null where the terrain is unknown; omit it when no terrain could be sampled).
 */
export function gpxFigures(gpx: GpxDocument, distances: number[][], samples: ReadonlyArray<ProfileSample>, terrainHeights?: ReadonlyArray<number | null>): GpxFigures {
  const lengthMeters = gpx.lines.reduce((sum, _line, index) => sum + (distances[index].length > 0 ? distances[index][distances[index].length - 1] - distances[index][0] : 0), 0);
  const bySample = (height: (sample: ProfileSample, index: number) => number | null) =>
    samples.flatMap((sample, index) => {
      const elevationMeters = height(sample, index);
      return elevationMeters === null ? [] : [{ line: sample.line, distanceMeters: sample.distanceMeters, elevationMeters }];
    });
  if (hasFileElevations(gpx)) {
    const { ascentMeters, descentMeters } = climb(gpx.lines.map((line) => line.points.map((point) => point.elevationMeters)));
    return { lengthMeters, ascentMeters, descentMeters, elevationSource: 'file', profile: bySample((sample) => sample.fileElevationMeters) };
  }
  const profile = terrainHeights ? bySample((_sample, index) => terrainHeights[index] ?? null) : [];
  if (profile.length === 0) return { lengthMeters, ascentMeters: null, descentMeters: null, elevationSource: null, profile };
  const lines = new Map<number, number[]>();
  for (const point of profile) {
    const series = lines.get(point.line) ?? [];
    series.push(point.elevationMeters);
    lines.set(point.line, series);
  }
  const { ascentMeters, descentMeters } = climb([...lines.values()]);
  return { lengthMeters, ascentMeters, descentMeters, elevationSource: 'terrain', profile };
}
