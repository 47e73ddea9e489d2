/**
 * The one building store (issue "The 3D city"): what the 3D Tiles generator, identify, the base map's footprint
 * layer and the building query read. Backed by the `buildings` table (PGlite or PostgreSQL, see
 * server/buildings/CONTEXT.md); {@link createMemoryBuildingStore} serves tests and the tile generator's unit tests.
 */
import { createHash } from 'node:crypto';
import type { BuildingRecord } from '../../core/contracts/buildings';
import { metresPerDegree } from '../geo/local-metres';
import { boundsIntersect, distanceToFootprintMetres, footprintAreaSquareMetres, footprintBounds } from './footprint';

/** [west, south, east, north], WGS84 degrees. */
export type LonLatBounds = [west: number, south: number, east: number, north: number];

export interface BuildingHit {
  record: BuildingRecord;
  /** 0 inside the footprint, else the distance to its outline, metres. */
  distanceMetres: number;
}

export interface BuildingStore {
  /**
   * Changes whenever the stored buildings change (a digest of the contents); the 3D Tiles cache is keyed by it,
   * so a changed store regenerates the tiles.
   */
  version(): Promise<string>;
  count(): Promise<number>;
  /** Bounds of every footprint, or null when the store is empty. */
  bounds(): Promise<LonLatBounds | null>;
  /**
   * Records whose footprint bounds intersect `bounds` (every record when omitted), in id order, read in pages so
   * a territory-wide store is never held in memory at once.
   */
  records(bounds?: LonLatBounds): AsyncIterable<BuildingRecord>;
  /** Footprints containing the point (smallest first), then those within `toleranceMetres` of it (nearest first). */
  at(longitude: number, latitude: number, toleranceMetres: number): Promise<BuildingHit[]>;
}

/**
 * Hits at a point among candidate records (whose bounds may reach it): containing footprints first, smallest
 * first, then those within the tolerance, nearest first. Shared by both stores so they answer alike.
 */
export function rankHits(candidates: Iterable<BuildingRecord>, longitude: number, latitude: number, toleranceMetres: number): BuildingHit[] {
  const hits: Array<BuildingHit & { area: number }> = [];
  for (const record of candidates) {
    const distanceMetres = distanceToFootprintMetres(record.footprint, [longitude, latitude]);
    if (distanceMetres <= toleranceMetres) hits.push({ record, distanceMetres: Math.round(distanceMetres * 100) / 100, area: distanceMetres === 0 ? footprintAreaSquareMetres(record.footprint) : 0 });
  }
  hits.sort((a, b) => a.distanceMetres - b.distanceMetres || a.area - b.area || (a.record.id < b.record.id ? -1 : 1));
  return hits.map(({ record, distanceMetres }) => ({ record, distanceMetres }));
}

/** The bounds around a point that a tolerance in metres reaches. */
export function toleranceBounds(longitude: number, latitude: number, toleranceMetres: number): LonLatBounds {
  const scale = metresPerDegree(latitude);
  const dLon = toleranceMetres / scale.longitude;
  const dLat = toleranceMetres / scale.latitude;
  return [longitude - dLon, latitude - dLat, longitude + dLon, latitude + dLat];
}

/** Digest of one record, the unit the store's version is built from. */
export function recordHash(record: BuildingRecord): string {
  return createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 32);
}

/** A store over records held in memory (tests, and the tile generator's unit tests). */
export function createMemoryBuildingStore(records: readonly BuildingRecord[]): BuildingStore {
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const boxes = sorted.map((record) => footprintBounds(record.footprint));
  const digest = createHash('sha256');
  for (const record of sorted) digest.update(`${record.id}:${recordHash(record)}\n`);
  const version = digest.digest('hex').slice(0, 16);
  const within = (bounds: LonLatBounds) => sorted.filter((_, index) => boundsIntersect(boxes[index], bounds));
  return {
    version: async () => version,
    count: async () => sorted.length,
    bounds: async () =>
      boxes.length === 0
        ? null
        : boxes.reduce<LonLatBounds>((all, box) => [Math.min(all[0], box[0]), Math.min(all[1], box[1]), Math.max(all[2], box[2]), Math.max(all[3], box[3])], [Infinity, Infinity, -Infinity, -Infinity]),
    async *records(bounds) {
      yield* bounds ? within(bounds) : sorted;
    },
    at: async (longitude, latitude, toleranceMetres) => rankHits(within(toleranceBounds(longitude, latitude, toleranceMetres)), longitude, latitude, toleranceMetres),
  };
}
