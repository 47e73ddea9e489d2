/**
 * The one building store (issue "The 3D city"): what the 3D Tiles generator, identify, the base map's footprint
 * layer and the building query read. Backed by the `buildings` table (PGlite or PostgreSQL, see
 * server/buildings/CONTEXT.md); {@link createMemoryBuildingStore} serves tests and the tile generator's unit tests.
 */
import type { BuildingRecord } from '../../core/contracts/buildings';

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
