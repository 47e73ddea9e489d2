/**
 * The 3D model of one sheet, independent of file format: a terrain mesh sampled from the DEM and the buildings of
 * the building store (server/buildings) whose footprint centroid lies in the sheet, extruded from the ground to
 * their roof by the 3D Tiles generator's own mesh builder (server/buildings/tiles/geometry.ts). Coordinates are
 * local metres: x east and y north of the sheet's south-west corner on the HK1980 Grid, z the height in metres
 * above the DEM's vertical datum (HKPD / EGM96, as server/terrain/dem.ts). Triangles are counter-clockwise seen
 * from outside.
 */
import { BUILDING_SOURCES, type BuildingRecord, type BuildingSource } from '../../../core/contracts/buildings';
import { toHk1980 } from '../../../core/contracts/hk1980';
import { footprintCentroid } from '../../buildings/footprint';
import type { BuildingStore, LonLatBounds } from '../../buildings/store';
import { BuildingMeshBuilder, buildingExtent } from '../../buildings/tiles/geometry';
import type { DemSampler } from '../../terrain/dem';
import type { IndexedSheet } from '../sheetIndex';
import { sheetFrame, type SheetFrame } from './frame';

/** Terrain vertex spacing: the DEM is 31 m to 70 m, so 10 m keeps its shape without wasting vertices (76 x 61 per sheet). */
export const TERRAIN_SPACING_METRES = 10;

export interface MeshData {
  /** x, y, z per vertex (local metres, z up). */
  positions: Float32Array;
  /** Unit normals, one per vertex. */
  normals: Float32Array;
  /** Texture coordinates per vertex with v = 0 at the north edge (glTF's convention); terrain only. */
  uvs: Float32Array | null;
  indices: Uint32Array;
}

export interface SheetModel {
  sheet: IndexedSheet;
  frame: SheetFrame;
  terrain: MeshData;
  /** Null when no building footprint has its centroid in the sheet. */
  buildings: MeshData | null;
  buildingCount: number;
  /** The sources of the sheet's buildings (the attribution names these), in BUILDING_SOURCES order. */
  buildingSources: BuildingSource[];
  /** Buildings with a measured height, from storeys, assumed. */
  heightKinds: Record<BuildingRecord['heightKind'], number>;
  /** The building store version the model was made from. */
  storeVersion: string;
}

function buildTerrain(frame: SheetFrame, dem: DemSampler): MeshData {
  const columns = Math.max(2, Math.round(frame.width / TERRAIN_SPACING_METRES) + 1);
  const rows = Math.max(2, Math.round(frame.height / TERRAIN_SPACING_METRES) + 1);
  const dx = frame.width / (columns - 1);
  const dy = frame.height / (rows - 1);
  const count = columns * rows;
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const uvs = new Float32Array(count * 2);
  const heights = new Float64Array(count);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const k = row * columns + column;
      const east = column * dx;
      const north = row * dy;
      // No DEM at all (beyond both sources) is open sea for a download sheet.
      heights[k] = dem.heightAt(...frame.lonLatAt(east, north)) ?? 0;
      positions.set([east, north, heights[k]], k * 3);
      uvs.set([column / (columns - 1), 1 - row / (rows - 1)], k * 2);
    }
  }
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const k = row * columns + column;
      const west = heights[row * columns + Math.max(0, column - 1)];
      const east = heights[row * columns + Math.min(columns - 1, column + 1)];
      const south = heights[Math.max(0, row - 1) * columns + column];
      const north = heights[Math.min(rows - 1, row + 1) * columns + column];
      const slopeX = (east - west) / (dx * (Math.min(columns - 1, column + 1) - Math.max(0, column - 1)));
      const slopeY = (north - south) / (dy * (Math.min(rows - 1, row + 1) - Math.max(0, row - 1)));
      const length = Math.hypot(slopeX, slopeY, 1);
      normals.set([-slopeX / length, -slopeY / length, 1 / length], k * 3);
    }
  }
  const indices = new Uint32Array((columns - 1) * (rows - 1) * 6);
  let i = 0;
  for (let row = 0; row + 1 < rows; row += 1) {
    for (let column = 0; column + 1 < columns; column += 1) {
      const sw = row * columns + column;
      const se = sw + 1;
      const nw = sw + columns;
      const ne = nw + 1;
      indices.set([sw, se, ne, sw, ne, nw], i);
      i += 6;
    }
  }
  return { positions, normals, uvs, indices };
}

/** The sheet's bounds in WGS84 degrees: every footprint whose centroid lies in the sheet meets them. */
export function sheetLonLatBounds(frame: SheetFrame): LonLatBounds {
  const corners = [frame.lonLatAt(0, 0), frame.lonLatAt(frame.width, 0), frame.lonLatAt(0, frame.height), frame.lonLatAt(frame.width, frame.height)];
  const longitudes = corners.map(([longitude]) => longitude);
  const latitudes = corners.map(([, latitude]) => latitude);
  return [Math.min(...longitudes), Math.min(...latitudes), Math.max(...longitudes), Math.max(...latitudes)];
}

/**
 * The model of a sheet from the DEM and the store's buildings whose footprint centroid (on the HK1980 Grid) lies
 * in the sheet, west and south edges inclusive. Each stands from the ground (the lowest DEM height under its
 * footprint) to its measured roof level, else ground + its height ({@link buildingExtent}), courtyards included.
 */
export async function buildSheetModel(sheet: IndexedSheet, dem: DemSampler, store: BuildingStore, storeVersion: string): Promise<SheetModel> {
  const frame = sheetFrame(sheet.bounds);
  const terrain = buildTerrain(frame, dem);
  const [minE, minN, maxE, maxN] = sheet.bounds;
  // The sheet's own axes: HK1980 metres from the south-west corner, heights as they are (the DEM's datum).
  const mesh = new BuildingMeshBuilder({
    toLocal: (longitude, latitude, height) => {
      const [easting, northing] = toHk1980([longitude, latitude]);
      return [easting - minE, northing - minN, height];
    },
    upAt: () => [0, 0, 1],
  });
  let buildingCount = 0;
  const sources = new Set<BuildingSource>();
  const heightKinds: SheetModel['heightKinds'] = { measured: 0, 'from-storeys': 0, assumed: 0 };
  for await (const record of store.records(sheetLonLatBounds(frame))) {
    const [easting, northing] = toHk1980(footprintCentroid(record.footprint));
    if (easting < minE || easting >= maxE || northing < minN || northing >= maxN) continue;
    const extent = buildingExtent(record, dem);
    mesh.addBuilding(record, { ...extent, baseMetres: extent.groundMetres }, buildingCount);
    buildingCount += 1;
    sources.add(record.source);
    heightKinds[record.heightKind] += 1;
  }
  const built = mesh.build();
  const buildings = built.indices.length === 0 ? null : { positions: built.positions, normals: built.normals, uvs: null, indices: built.indices };
  const buildingSources = BUILDING_SOURCES.filter((source) => sources.has(source));
  return { sheet, frame, terrain, buildings, buildingCount, buildingSources, heightKinds, storeVersion };
}
