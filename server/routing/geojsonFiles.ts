/**
 * What the routing graphs' loaders (roads.ts for driving, walking.ts for walking) share in reading their GeoJSON
 * data: the minimal feature types they read, the lines of a (Multi)LineString, and where a dropped-in network file
 * lies (an environment variable's path, else a default path in the data folder).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** [longitude, latitude], WGS84 degrees. */
export type Position = [number, number];
export interface Feature<P> {
  properties: P | null;
  geometry: { type: string; coordinates: unknown } | null;
}
export interface FeatureCollection<P> {
  features: Array<Feature<P>>;
}

/** The lines of a LineString or MultiLineString; none for any other geometry. */
export function lines(geometry: Feature<unknown>['geometry']): Position[][] {
  if (!geometry) return [];
  if (geometry.type === 'LineString') return [geometry.coordinates as Position[]];
  if (geometry.type === 'MultiLineString') return geometry.coordinates as Position[][];
  return [];
}

/**
 * A dropped-in network file to use, if any: the path the environment variable `envName` names (an error naming the
 * path when it does not exist, so a mistyped path stops start-up), else `defaultPath` in the data folder if present.
 */
export function droppedInFile(dataDir: string, env: Record<string, string | undefined>, envName: string, defaultPath: string): string | null {
  const fromEnv = env[envName];
  if (fromEnv) {
    const path = resolve(fromEnv);
    if (!existsSync(path)) throw new Error(`${envName} names ${path}, which does not exist`);
    return path;
  }
  const fallback = join(dataDir, defaultPath);
  return existsSync(fallback) ? fallback : null;
}
