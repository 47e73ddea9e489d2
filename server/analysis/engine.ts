/**
 * The analysis engine as the routes use it: gathers the building records a request's area needs from the one
 * building store, builds the surface model (./surface.ts) over the DEM, and answers profiles, lines of sight and
 * view sheds with the pure functions beside it.
 */
import { viewshedCellSizeMetres, type LineOfSightResponse, type ProfileResponse, type ViewshedResponse } from '../../core/contracts/analysis';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { LonLat } from '../../core/contracts/geodesy';
import type { BuildingStore, LonLatBounds } from '../buildings/store';
import { metresPerDegree } from '../geo/local-metres';
import { profileAlong } from './profile';
import { lineOfSight, type SightRequest } from './sightLine';
import { createSurfaceModel, gridBounds, rasterise, type GridSpec, type HeightSource, type SurfaceModel } from './surface';
import { computeViewshed, type ViewshedRequest } from './viewshed';

/** Margin around a line's bounds when gathering buildings, metres: a footprint straddling the line's box edge. */
const LINE_MARGIN_METRES = 20;

export interface AnalysisEngine {
  profile(line: readonly LonLat[], spacingMetres: number): Promise<ProfileResponse>;
  lineOfSight(request: SightRequest): Promise<LineOfSightResponse>;
  viewshed(observer: LonLat, request: ViewshedRequest): Promise<ViewshedResponse>;
}

export async function surfaceOver(dem: HeightSource, store: BuildingStore, bounds: LonLatBounds): Promise<SurfaceModel> {
  const records: BuildingRecord[] = [];
  for await (const record of store.records(bounds)) records.push(record);
  return createSurfaceModel(dem, records, bounds);
}

function lineBounds(points: readonly LonLat[]): LonLatBounds {
  const longitudes = points.map((point) => point.longitude);
  const latitudes = points.map((point) => point.latitude);
  const latitude = (Math.min(...latitudes) + Math.max(...latitudes)) / 2;
  const scale = metresPerDegree(latitude);
  const lon = LINE_MARGIN_METRES / scale.longitude;
  const lat = LINE_MARGIN_METRES / scale.latitude;
  return [Math.min(...longitudes) - lon, Math.min(...latitudes) - lat, Math.max(...longitudes) + lon, Math.max(...latitudes) + lat];
}

/** The grid a view shed of `distance` metres around `observer` is computed on. */
export function viewshedGrid(observer: LonLat, distanceMetres: number): GridSpec {
  const cellSizeMetres = viewshedCellSizeMetres(distanceMetres);
  return { centreLongitude: observer.longitude, centreLatitude: observer.latitude, cellSizeMetres, halfCells: Math.ceil(distanceMetres / cellSizeMetres) };
}

export function createAnalysisEngine(dem: HeightSource, store: BuildingStore, attribution: string): AnalysisEngine {
  return {
    async profile(line, spacingMetres) {
      const surface = await surfaceOver(dem, store, lineBounds(line));
      return { ...profileAlong(surface, line, spacingMetres), attribution };
    },
    async lineOfSight(request) {
      const surface = await surfaceOver(dem, store, lineBounds([request.from, request.to]));
      return { ...lineOfSight(surface, request), attribution };
    },
    async viewshed(observer, request) {
      const grid = viewshedGrid(observer, request.distance);
      const surface = await surfaceOver(dem, store, gridBounds(grid));
      const raster = rasterise(surface, dem, grid);
      const result = computeViewshed(raster, request);
      return {
        observer: { longitude: observer.longitude, latitude: observer.latitude, heightMetres: result.eyeMetres },
        cellSizeMetres: raster.cellSizeMetres,
        columns: raster.size,
        rows: raster.size,
        west: raster.west,
        south: raster.south,
        east: raster.east,
        north: raster.north,
        cells: result.cells,
        visibleShare: result.visibleShare,
        buildings: result.buildings,
        attribution,
      };
    },
  };
}
