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
  /** Area of its footprint's bounding box, square degrees: where footprints overlap the smaller one wins. */
  boxArea: number;
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

  for (const record of records) {
    const [w, s, e, n] = footprintBounds(record.footprint);
    if (e < west || w > east || n < south || s > north) continue;
    const roofMetres = roofLevelOf(record, dem);
    if (roofMetres === null) continue;
    const building = { record, roofMetres, boxArea: (e - w) * (n - s) };
    buildings.push(building);
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
  for (const list of buckets.values()) list.sort((a, b) => a.boxArea - b.boxArea);

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

/**
 * The surface at every cell centre of the grid: the DEM per cell, and each footprint filled by scanlines over the
 * cell centres (even–odd, so holes stay open) — the answer {@link SurfaceModel.at} gives at each centre (smaller
 * footprints painted last so they win, roofs at or under the ground left out; a centre exactly on an outline may
 * fall either side) at a fraction of the cost of a point-in-polygon test per cell and candidate.
 */
export function rasterise(surface: SurfaceModel, dem: HeightSource, spec: GridSpec): SurfaceRaster {
  const size = 2 * spec.halfCells + 1;
  const step = gridDegrees(spec);
  const heights = new Float32Array(size * size);
  const buildingIndex = new Int32Array(size * size).fill(-1);
  // Cell (column, row) has its centre at longitude west0 + column·step.lon, latitude north0 − row·step.lat.
  const west0 = spec.centreLongitude - spec.halfCells * step.lon;
  const north0 = spec.centreLatitude + spec.halfCells * step.lat;
  for (let row = 0; row < size; row++) {
    const latitude = north0 - row * step.lat;
    for (let column = 0; column < size; column++) heights[row * size + column] = dem.heightAt(west0 + column * step.lon, latitude) ?? Number.NaN;
  }
  const order = surface.buildings.map((_, index) => index).sort((a, b) => surface.buildings[b].boxArea - surface.buildings[a].boxArea);
  const crossings: number[] = [];
  for (const index of order) {
    const rings = surface.buildings[index].record.footprint.map((ring) => ring.map(([lon, lat]) => [(lon - west0) / step.lon, (north0 - lat) / step.lat] as const));
    let top = Infinity;
    let bottom = -Infinity;
    for (const ring of rings) for (const [, y] of ring) (top = Math.min(top, y)), (bottom = Math.max(bottom, y));
    for (let row = Math.max(0, Math.ceil(top)); row <= Math.min(size - 1, Math.floor(bottom)); row++) {
      crossings.length = 0;
      for (const ring of rings) {
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [x1, y1] = ring[j];
          const [x2, y2] = ring[i];
          // Half-open on y, as the point-in-polygon test: an edge counts when the row lies in [min, max).
          if (y1 > row !== y2 > row) crossings.push(x1 + ((row - y1) / (y2 - y1)) * (x2 - x1));
        }
      }
      crossings.sort((a, b) => a - b);
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        for (let column = Math.max(0, Math.ceil(crossings[k])); column <= Math.min(size - 1, Math.floor(crossings[k + 1])); column++) buildingIndex[row * size + column] = index;
      }
    }
  }
  for (let cell = 0; cell < heights.length; cell++) {
    const index = buildingIndex[cell];
    if (index < 0) continue;
    const roof = surface.buildings[index].roofMetres;
    const ground = heights[cell];
    if (Number.isNaN(ground) || roof > ground) heights[cell] = roof;
    else buildingIndex[cell] = -1;
  }
  const [west, south, east, north] = gridBounds(spec);
  return { size, cellSizeMetres: spec.cellSizeMetres, heights, buildingIndex, buildings: surface.buildings, west, south, east, north };
}
