/**
 * The one surface model of the analysis engine (CONTEXT.md): the DTM heights with the building store's roofs on
 * top, for the neighbourhood an analysis needs. Pure: the DEM and the records come in; nothing here reads files,
 * the database or the clock.
 *
 * A point's surface is its ground height, or the roof level of the building whose footprint holds it when that is
 * higher (a roof below the DTM is a DTM artefact on a slope, not a building one could stand under). Profiles and
 * lines of sight ask it point by point; the view shed asks it once per cell centre through {@link rasterise}.
 */
import type { BuildingRecord } from '../../core/contracts/buildings';
import { footprintBounds, footprintCentroid, footprintContains } from '../buildings/footprint';
import type { LonLatBounds } from '../buildings/store';
import { metresPerDegree } from '../geo/local-metres';

/** The DEM as the engine needs it: height in metres (mPD) at WGS84 lon/lat, null where no source covers it. */
export interface HeightSource {
  heightAt(longitude: number, latitude: number): number | null;
}

/** A building as the surface knows it: its record and the roof level used, mPD. */
export interface SurfaceBuilding {
  record: BuildingRecord;
  roofMetres: number;
}

export interface SurfacePoint {
  /** DTM height, mPD; null outside the DEM. */
  groundMetres: number | null;
  /** The building whose footprint holds the point (smallest footprint where they overlap), or null. */
  building: SurfaceBuilding | null;
  /** max(ground, roof); null when neither exists. */
  surfaceMetres: number | null;
}

/** Side of the square buckets the buildings are indexed in, metres: a few footprints per bucket in the city. */
const BUCKET_METRES = 50;

/**
 * The roof level of a record: the LandsD roof level where measured, else its base (measured, or the DTM at the
 * footprint's centroid) plus its height — one flat roof per building, as the 3D tiles draw it.
 */
export function roofLevelOf(record: BuildingRecord, dem: HeightSource): number | null {
  if (record.roofLevelMetres !== null) return record.roofLevelMetres;
  const [longitude, latitude] = footprintCentroid(record.footprint);
  const base = record.baseLevelMetres ?? dem.heightAt(longitude, latitude);
  return base === null ? null : base + record.heightMetres;
}

export interface SurfaceModel {
  readonly buildings: readonly SurfaceBuilding[];
  at(longitude: number, latitude: number): SurfacePoint;
}

/**
 * The surface over `bounds` from the DEM and the records whose footprints reach it (records outside are ignored;
 * a record without a roof level and outside the DEM is left out, as it cannot be placed).
 */
export function createSurfaceModel(dem: HeightSource, records: Iterable<BuildingRecord>, bounds: LonLatBounds): SurfaceModel {
  const [west, south, east, north] = bounds;
  const scale = metresPerDegree((south + north) / 2);
  const bucketLon = BUCKET_METRES / scale.longitude;
  const bucketLat = BUCKET_METRES / scale.latitude;
  const columns = Math.max(1, Math.ceil((east - west) / bucketLon));
  const rows = Math.max(1, Math.ceil((north - south) / bucketLat));
  const buckets = new Map<number, SurfaceBuilding[]>();
  const buildings: SurfaceBuilding[] = [];
  const areas = new Map<SurfaceBuilding, number>();

  for (const record of records) {
    const [w, s, e, n] = footprintBounds(record.footprint);
    if (e < west || w > east || n < south || s > north) continue;
    const roofMetres = roofLevelOf(record, dem);
    if (roofMetres === null) continue;
    const building = { record, roofMetres };
    buildings.push(building);
    areas.set(building, (e - w) * (n - s));
    const c0 = Math.max(0, Math.floor((w - west) / bucketLon));
    const c1 = Math.min(columns - 1, Math.floor((e - west) / bucketLon));
    const r0 = Math.max(0, Math.floor((s - south) / bucketLat));
    const r1 = Math.min(rows - 1, Math.floor((n - south) / bucketLat));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const key = r * columns + c;
        const list = buckets.get(key);
        if (list) list.push(building);
        else buckets.set(key, [building]);
      }
    }
  }
  // Smallest footprint first, so where footprints overlap (a podium and its tower) the point takes the inner one.
  for (const list of buckets.values()) list.sort((a, b) => (areas.get(a) ?? 0) - (areas.get(b) ?? 0));

  function buildingAt(longitude: number, latitude: number): SurfaceBuilding | null {
    const c = Math.floor((longitude - west) / bucketLon);
    const r = Math.floor((latitude - south) / bucketLat);
    if (c < 0 || r < 0 || c >= columns || r >= rows) return null;
    const list = buckets.get(r * columns + c);
    if (!list) return null;
    for (const building of list) if (footprintContains(building.record.footprint, [longitude, latitude])) return building;
    return null;
  }

  return {
    buildings,
    at(longitude, latitude) {
      const groundMetres = dem.heightAt(longitude, latitude);
      const building = buildingAt(longitude, latitude);
      const roof = building?.roofMetres ?? null;
      const surfaceMetres = groundMetres === null ? roof : roof === null ? groundMetres : Math.max(groundMetres, roof);
      // A roof under the ground is no building to this model (see the file comment).
      const standing = building && groundMetres !== null && building.roofMetres <= groundMetres ? null : building;
      return { groundMetres, building: standing, surfaceMetres };
    },
  };
}

/** A square metric grid centred on a point (the view shed's). */
export interface GridSpec {
  centreLongitude: number;
  centreLatitude: number;
  cellSizeMetres: number;
  /** Cells from the centre cell to the edge: the grid is (2·halfCells + 1)² with the centre in the middle. */
  halfCells: number;
}

/** The surface sampled at the cell centres of a {@link GridSpec}. */
export interface SurfaceRaster {
  readonly size: number;
  readonly cellSizeMetres: number;
  /** Surface height per cell, row-major, row 0 the northern row; NaN where there is no data. */
  readonly heights: Float32Array;
  /** Index into `buildings` of the building under each cell centre, −1 for none. */
  readonly buildingIndex: Int32Array;
  readonly buildings: readonly SurfaceBuilding[];
  /** Outer edges of the grid, degrees. */
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** Degrees per cell along each axis for a grid (the tangent plane at its centre; a 10 km grid is off by cm). */
export function gridDegrees(spec: GridSpec): { lon: number; lat: number } {
  const scale = metresPerDegree(spec.centreLatitude);
  return { lon: spec.cellSizeMetres / scale.longitude, lat: spec.cellSizeMetres / scale.latitude };
}

/** The bounds a grid covers (to ask the store for the records that reach it). */
export function gridBounds(spec: GridSpec): LonLatBounds {
  const step = gridDegrees(spec);
  const half = spec.halfCells + 0.5;
  return [spec.centreLongitude - half * step.lon, spec.centreLatitude - half * step.lat, spec.centreLongitude + half * step.lon, spec.centreLatitude + half * step.lat];
}

/** Samples the surface at every cell centre of the grid. */
export function rasterise(surface: SurfaceModel, spec: GridSpec): SurfaceRaster {
  const size = 2 * spec.halfCells + 1;
  const step = gridDegrees(spec);
  const heights = new Float32Array(size * size);
  const buildingIndex = new Int32Array(size * size).fill(-1);
  const indexOf = new Map<SurfaceBuilding, number>(surface.buildings.map((building, index) => [building, index]));
  for (let row = 0; row < size; row++) {
    const latitude = spec.centreLatitude + (spec.halfCells - row) * step.lat;
    for (let column = 0; column < size; column++) {
      const longitude = spec.centreLongitude + (column - spec.halfCells) * step.lon;
      const point = surface.at(longitude, latitude);
      const cell = row * size + column;
      heights[cell] = point.surfaceMetres ?? Number.NaN;
      if (point.building) buildingIndex[cell] = indexOf.get(point.building) ?? -1;
    }
  }
  const [west, south, east, north] = gridBounds(spec);
  return { size, cellSizeMetres: spec.cellSizeMetres, heights, buildingIndex, buildings: surface.buildings, west, south, east, north };
}
