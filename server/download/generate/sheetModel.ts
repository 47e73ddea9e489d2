/**
 * The 3D model of one sheet, independent of file format: a terrain mesh sampled from the DEM and the OSM
 * buildings whose footprint centroid lies in the sheet, extruded from the ground. Coordinates are local
 * metres: x east and y north of the sheet's south-west corner on the HK1980 Grid, z the height in metres
 * above the DEM's vertical datum (HKPD / EGM96, as server/terrain/dem.ts). Triangles are counter-clockwise
 * seen from outside.
 */
import { readDataJson } from '../../data/files';
import { ringCentroid } from '../../data/geometry';
import { BUILDINGS_FILE, heightOf, storeysOf, type OsmBuildingFile } from '../../geo/buildings';
import { toHk1980 } from '../../../core/contracts/hk1980';
import type { DemSampler } from '../../terrain/dem';
import type { IndexedSheet } from '../sheetIndex';
import { earClip, signedDoubleArea } from './earClip';
import { sheetFrame, type SheetFrame } from './frame';

/** Terrain vertex spacing: the DEM is 31 m to 70 m, so 10 m keeps its shape without wasting vertices (76 x 61 per sheet). */
export const TERRAIN_SPACING_METRES = 10;
/** Storey height used to turn `building:levels` into metres. */
export const STOREY_HEIGHT_METRES = 3;
/** Storeys assumed for a footprint with neither `height` nor `building:levels` (most OSM buildings here). */
export const DEFAULT_STOREYS = 3;

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
  /** Lowest and highest z over both meshes. */
  heightRange: [number, number];
}

/** One OSM footprint on the HK1980 Grid, read once per generator. */
export interface GridFootprint {
  /** Outer ring without the closing vertex, counter-clockwise, flat [E0, N0, E1, N1, ...]. */
  ring: number[];
  centroidEasting: number;
  centroidNorthing: number;
  /** Height above its base in metres: the `height` tag, else storeys x 3 m, else the default storeys. */
  heightMetres: number;
}

export function readGridFootprints(dataDir: string): GridFootprint[] {
  const footprints: GridFootprint[] = [];
  for (const feature of readDataJson<OsmBuildingFile>(dataDir, BUILDINGS_FILE).features) {
    const outer = feature.geometry.coordinates[0];
    const ring: number[] = [];
    for (let k = 0; k < outer.length; k += 1) {
      const [easting, northing] = toHk1980(outer[k]);
      const last = ring.length - 2;
      if (last >= 0 && Math.abs(ring[last] - easting) < 0.01 && Math.abs(ring[last + 1] - northing) < 0.01) continue;
      ring.push(easting, northing);
    }
    if (ring.length >= 4 && Math.abs(ring[0] - ring[ring.length - 2]) < 0.01 && Math.abs(ring[1] - ring[ring.length - 1]) < 0.01) ring.length -= 2;
    if (ring.length < 6 || signedDoubleArea(ring) === 0) continue;
    if (signedDoubleArea(ring) < 0) {
      const reversed: number[] = [];
      for (let k = ring.length - 2; k >= 0; k -= 2) reversed.push(ring[k], ring[k + 1]);
      ring.splice(0, ring.length, ...reversed);
    }
    const corners: [number, number][] = [];
    for (let k = 0; k < ring.length; k += 2) corners.push([ring[k], ring[k + 1]]);
    const [centroidEasting, centroidNorthing] = ringCentroid(corners);
    const tags = feature.properties;
    const storeys = storeysOf(tags['building:levels']);
    const heightMetres = heightOf(tags.height) ?? (storeys && storeys > 0 ? storeys : DEFAULT_STOREYS) * STOREY_HEIGHT_METRES;
    footprints.push({ ring, centroidEasting, centroidNorthing, heightMetres });
  }
  return footprints;
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

/** Grows flat arrays for a mesh whose size is not known in advance. */
class MeshBuilder {
  private readonly positions: number[] = [];
  private readonly normals: number[] = [];
  private readonly indices: number[] = [];
  vertex(x: number, y: number, z: number, nx: number, ny: number, nz: number): number {
    this.positions.push(x, y, z);
    this.normals.push(nx, ny, nz);
    return this.positions.length / 3 - 1;
  }
  triangle(a: number, b: number, c: number): void {
    this.indices.push(a, b, c);
  }
  get empty(): boolean {
    return this.indices.length === 0;
  }
  build(): MeshData {
    return { positions: Float32Array.from(this.positions), normals: Float32Array.from(this.normals), uvs: null, indices: Uint32Array.from(this.indices) };
  }
}

function addBuilding(mesh: MeshBuilder, footprint: GridFootprint, frame: SheetFrame, dem: DemSampler): void {
  const local: number[] = [];
  for (let k = 0; k < footprint.ring.length; k += 2) local.push(footprint.ring[k] - frame.originEasting, footprint.ring[k + 1] - frame.originNorthing);
  const count = local.length / 2;
  // The base is the lowest ground under the outline, so no wall floats above a slope.
  let base = Infinity;
  for (let k = 0; k < count; k += 1) base = Math.min(base, dem.heightAt(...frame.lonLatAt(local[k * 2], local[k * 2 + 1])) ?? 0);
  const top = base + footprint.heightMetres;
  const roof = local.map((_, k) => (k % 2 === 0 ? mesh.vertex(local[k], local[k + 1], top, 0, 0, 1) : -1)).filter((index) => index >= 0);
  const triangles = earClip(local);
  for (let k = 0; k < triangles.length; k += 3) mesh.triangle(roof[triangles[k]], roof[triangles[k + 1]], roof[triangles[k + 2]]);
  for (let k = 0; k < count; k += 1) {
    const [ax, ay] = [local[k * 2], local[k * 2 + 1]];
    const next = (k + 1) % count;
    const [bx, by] = [local[next * 2], local[next * 2 + 1]];
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) continue;
    // The ring is counter-clockwise, so the outside of edge a->b is on its right.
    const [nx, ny] = [(by - ay) / length, -(bx - ax) / length];
    const aBottom = mesh.vertex(ax, ay, base, nx, ny, 0);
    const bBottom = mesh.vertex(bx, by, base, nx, ny, 0);
    const bTop = mesh.vertex(bx, by, top, nx, ny, 0);
    const aTop = mesh.vertex(ax, ay, top, nx, ny, 0);
    mesh.triangle(aBottom, bBottom, bTop);
    mesh.triangle(aBottom, bTop, aTop);
  }
}

function zRange(mesh: MeshData, range: [number, number]): void {
  for (let k = 2; k < mesh.positions.length; k += 3) {
    range[0] = Math.min(range[0], mesh.positions[k]);
    range[1] = Math.max(range[1], mesh.positions[k]);
  }
}

/** The model of a sheet from the DEM and the footprints (those with their centroid in the sheet: west and south edges inclusive). */
export function buildSheetModel(sheet: IndexedSheet, dem: DemSampler, footprints: readonly GridFootprint[]): SheetModel {
  const frame = sheetFrame(sheet.bounds);
  const terrain = buildTerrain(frame, dem);
  const [minE, minN, maxE, maxN] = sheet.bounds;
  const mesh = new MeshBuilder();
  let buildingCount = 0;
  for (const footprint of footprints) {
    if (footprint.centroidEasting < minE || footprint.centroidEasting >= maxE || footprint.centroidNorthing < minN || footprint.centroidNorthing >= maxN) continue;
    addBuilding(mesh, footprint, frame, dem);
    buildingCount += 1;
  }
  const buildings = mesh.empty ? null : mesh.build();
  const heightRange: [number, number] = [Infinity, -Infinity];
  zRange(terrain, heightRange);
  if (buildings) zRange(buildings, heightRange);
  return { sheet, frame, terrain, buildings, buildingCount, heightRange };
}
