/**
 * One building as a mesh of a 3D Tiles tile: its footprint extruded from just below the terrain the viewer
 * shows up to its roof, walls and roof flat-shaded, every vertex carrying the building's feature id and its
 * floor (storeys below the roof, the façade shader's floor bands).
 *
 * Heights are metres above the Hong Kong Principal Datum, which the viewer's terrain (server/terrain) hands to
 * Cesium as ellipsoid heights as they are; the buildings do the same, so they stand on that terrain.
 */
import { ASSUMED_STOREY_HEIGHT_METRES, type BuildingRecord } from '../../../core/contracts/buildings';
import { toEcef } from '../../../core/contracts/ecef';
import { TERRAIN_TILE_MAX_LEVEL } from '../../../core/contracts/terrain';
import { earClipWithHoles, signedDoubleArea } from '../../download/generate/earClip';
import { metresPerDegree } from '../../geo/local-metres';
import type { DemSampler } from '../../terrain/dem';
import { HEIGHTMAP_SIZE } from '../../terrain/heightmap';

/**
 * How far below the lowest terrain sample the walls start: the terrain tiles store heights in 0.2 m steps and
 * Cesium draws them as triangles between samples, so a building put exactly on a sample would float by a few
 * decimetres beside it.
 */
export const BASE_BELOW_TERRAIN_METRES = 1;
/** Spacing of the samples taken inside a footprint (the DEM is 31 m to 70 m; 10 m misses none of its cells). */
const INTERIOR_SAMPLE_SPACING_METRES = 10;
/** Degrees between the samples of the deepest terrain tiles the viewer loads (65 per tile side). */
const TERRAIN_LATTICE_DEGREES = 180 / 2 ** TERRAIN_TILE_MAX_LEVEL / (HEIGHTMAP_SIZE - 1);
/** Footprint vertices closer than this to the previous one are dropped (they make zero-length walls). */
const MIN_EDGE_METRES = 0.01;

/**
 * Storey heights a storey count may give; outside them the count and the height describe different things (a
 * tower's storeys on its podium's footprint, a typing error: 0.6 m and 11 m occur in the shipped data) and the
 * floors are drawn {@link ASSUMED_STOREY_HEIGHT_METRES} apart instead.
 */
export const MIN_STOREY_HEIGHT_METRES = 2;
export const MAX_STOREY_HEIGHT_METRES = 8;

/**
 * How far apart the building's floors are drawn: its height over its storeys where the record has them (a
 * from-storeys height gives exactly {@link ASSUMED_STOREY_HEIGHT_METRES}), else, or where that is implausible,
 * {@link ASSUMED_STOREY_HEIGHT_METRES}. The record's height, not the drawn walls', is divided: the walls also
 * reach a metre or more below the ground (the base), which has no storeys.
 */
export function storeyHeightMetres(record: BuildingRecord): number {
  if (record.storeys === null || record.storeys <= 0) return ASSUMED_STOREY_HEIGHT_METRES;
  const height = record.heightMetres / record.storeys;
  return height >= MIN_STOREY_HEIGHT_METRES && height <= MAX_STOREY_HEIGHT_METRES ? height : ASSUMED_STOREY_HEIGHT_METRES;
}

/** Where a building stands and how tall it is drawn, metres above HKPD. */
export interface BuildingExtent {
  /** The lowest terrain under the footprint less {@link BASE_BELOW_TERRAIN_METRES}: where the walls start. */
  baseMetres: number;
  /** The ground: the lowest DEM height at the footprint's vertices and at points 10 m apart inside it. */
  groundMetres: number;
  /** The roof: the measured roof level where the record has one above the ground, else ground + height. */
  topMetres: number;
  /** Footprint bounds, WGS84 degrees. */
  west: number;
  south: number;
  east: number;
  north: number;
  /** Footprint vertices (all rings), the tile's size budget. */
  vertexCount: number;
}

function footprintBounds(record: BuildingRecord): [number, number, number, number] {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [longitude, latitude] of record.footprint[0]) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [west, south, east, north];
}

/** Whether a point lies inside a ring of [longitude, latitude] (even-odd rule). */
function insideRing(ring: ReadonlyArray<readonly [number, number]>, longitude: number, latitude: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The building's base and top. The ground is the lowest DEM height at the footprint's vertices and at points
 * 10 m apart inside it. The base also goes below every sample of the deepest terrain tiles around the
 * footprint, since Cesium draws the terrain between those samples as flat triangles: on a slope the drawn
 * ground dips below the DEM at the footprint, and the walls must reach it.
 */
export function buildingExtent(record: BuildingRecord, dem: DemSampler): BuildingExtent {
  const [west, south, east, north] = footprintBounds(record);
  const heightAt = (longitude: number, latitude: number) => dem.heightAt(longitude, latitude) ?? 0;
  const outer = record.footprint[0];
  let ground = Infinity;
  for (const [longitude, latitude] of outer) ground = Math.min(ground, heightAt(longitude, latitude));
  const scale = metresPerDegree((south + north) / 2);
  const stepLongitude = INTERIOR_SAMPLE_SPACING_METRES / scale.longitude;
  const stepLatitude = INTERIOR_SAMPLE_SPACING_METRES / scale.latitude;
  for (let latitude = south + stepLatitude / 2; latitude < north; latitude += stepLatitude) {
    for (let longitude = west + stepLongitude / 2; longitude < east; longitude += stepLongitude) {
      if (insideRing(outer, longitude, latitude)) ground = Math.min(ground, heightAt(longitude, latitude));
    }
  }
  let drawnGround = ground;
  const step = TERRAIN_LATTICE_DEGREES;
  for (let row = Math.floor((south + 90) / step); row <= Math.ceil((north + 90) / step); row += 1) {
    for (let column = Math.floor((west + 180) / step); column <= Math.ceil((east + 180) / step); column += 1) {
      drawnGround = Math.min(drawnGround, heightAt(column * step - 180, row * step - 90));
    }
  }
  const measuredRoof = record.roofLevelMetres;
  // A measured roof below our ground means the DEM and the survey disagree there: keep the building's height
  // above the ground people see, rather than bury it.
  const topMetres = measuredRoof !== null && measuredRoof > ground + 0.5 ? measuredRoof : ground + record.heightMetres;
  const vertexCount = record.footprint.reduce((sum, ring) => sum + ring.length - 1, 0);
  return { baseMetres: drawnGround - BASE_BELOW_TERRAIN_METRES, groundMetres: ground, topMetres, west, south, east, north, vertexCount };
}

/**
 * A tile's local frame: east, north, up metres at a point on the ellipsoid. Vertices are stored relative to it
 * (float32 keeps millimetres over the few kilometres of a tile), and `matrix` places it on the globe.
 */
export interface TileFrame {
  /** Local (east, north, up) metres of a WGS84 point and ellipsoidal height. */
  toLocal(longitude: number, latitude: number, height: number): [number, number, number];
  /** The ellipsoid's up direction at a point, in local axes. */
  upAt(longitude: number, latitude: number): [number, number, number];
  /** Column-major 4 x 4 matrix from local metres to ECEF. */
  readonly matrix: number[];
}

function enuAxes(longitude: number, latitude: number) {
  const lambda = (longitude * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  return {
    east: [-Math.sin(lambda), Math.cos(lambda), 0],
    north: [-Math.sin(phi) * Math.cos(lambda), -Math.sin(phi) * Math.sin(lambda), Math.cos(phi)],
    up: [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)],
  };
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export function tileFrame(longitude: number, latitude: number): TileFrame {
  const { east, north, up } = enuAxes(longitude, latitude);
  const origin = toEcef(longitude, latitude, 0);
  return {
    toLocal(pointLongitude, pointLatitude, height) {
      const ecef = toEcef(pointLongitude, pointLatitude, height);
      const offset = [ecef[0] - origin[0], ecef[1] - origin[1], ecef[2] - origin[2]];
      return [dot(east, offset), dot(north, offset), dot(up, offset)];
    },
    upAt(pointLongitude, pointLatitude) {
      const pointUp = enuAxes(pointLongitude, pointLatitude).up;
      return [dot(east, pointUp), dot(north, pointUp), dot(up, pointUp)];
    },
    matrix: [...east, 0, ...north, 0, ...up, 0, ...origin, 1],
  };
}

/** A typed array that doubles when full: a tile of a million vertices without growing a plain number array. */
class GrowingArray<T extends Float32Array | Uint32Array> {
  private values: T;
  length = 0;

  constructor(private readonly create: (length: number) => T) {
    this.values = create(1024);
  }

  /** Appends the given values (one index, a triple of coordinates ...). */
  push(...values: number[]): void {
    if (this.length + values.length > this.values.length) {
      const larger = this.create(Math.max(this.values.length * 2, this.length + values.length));
      larger.set(this.values);
      this.values = larger;
    }
    for (const value of values) this.values[this.length++] = value;
  }

  /** The values pushed, in an array of their own length. */
  result(): T {
    return this.values.slice(0, this.length) as T;
  }
}

/** Grows the vertex and index arrays of one tile's buildings. */
export class BuildingMeshBuilder {
  private readonly positions = new GrowingArray((length) => new Float32Array(length));
  private readonly normals = new GrowingArray((length) => new Float32Array(length));
  private readonly featureIds = new GrowingArray((length) => new Float32Array(length));
  private readonly floors = new GrowingArray((length) => new Float32Array(length));
  private readonly indices = new GrowingArray((length) => new Uint32Array(length));

  constructor(private readonly frame: Pick<TileFrame, 'toLocal' | 'upAt'>) {}

  get vertexCount(): number {
    return this.featureIds.length;
  }

  private vertex(position: readonly number[], normal: readonly number[], featureId: number, floor: number): number {
    this.positions.push(position[0], position[1], position[2]);
    this.normals.push(normal[0], normal[1], normal[2]);
    this.featureIds.push(featureId);
    this.floors.push(floor);
    return this.featureIds.length - 1;
  }

  /**
   * Adds one building: a wall quad per footprint edge (outer ring counter-clockwise, holes clockwise, so every
   * wall faces away from the building's inside) and the roof, ear clipped with its holes. Triangles are
   * counter-clockwise seen from outside; each face has its own vertices, so normals are flat. Each vertex's
   * floor is its depth below the roof in storeys ({@link storeyHeightMetres}): 0 along the roof edge and on the
   * roof, the storey count at the ground, a little more at the base below it.
   */
  addBuilding(record: BuildingRecord, extent: BuildingExtent, featureId: number): void {
    const rings = orientedRings(record);
    if (rings.length === 0) return;
    const { baseMetres, topMetres } = extent;
    const baseFloor = (topMetres - baseMetres) / storeyHeightMetres(record);
    for (const ring of rings) {
      const bottoms = ring.map(([longitude, latitude]) => this.frame.toLocal(longitude, latitude, baseMetres));
      const tops = ring.map(([longitude, latitude]) => this.frame.toLocal(longitude, latitude, topMetres));
      for (let k = 0; k < ring.length; k += 1) {
        const next = (k + 1) % ring.length;
        const normal = faceNormal(bottoms[k], bottoms[next], tops[next]);
        if (!normal) continue;
        const a = this.vertex(bottoms[k], normal, featureId, baseFloor);
        const b = this.vertex(bottoms[next], normal, featureId, baseFloor);
        const c = this.vertex(tops[next], normal, featureId, 0);
        const d = this.vertex(tops[k], normal, featureId, 0);
        this.indices.push(a, b, c);
        this.indices.push(a, c, d);
      }
    }
    const [centreLongitude, centreLatitude] = [(extent.west + extent.east) / 2, (extent.south + extent.north) / 2];
    const up = this.frame.upAt(centreLongitude, centreLatitude);
    const planar = rings.map((ring) => ring.flatMap(([longitude, latitude]) => this.frame.toLocal(longitude, latitude, topMetres).slice(0, 2)));
    const triangles = earClipWithHoles(planar[0], planar.slice(1));
    const roofStart = this.vertexCount;
    for (const ring of rings) {
      for (const [longitude, latitude] of ring) this.vertex(this.frame.toLocal(longitude, latitude, topMetres), up, featureId, 0);
    }
    for (const index of triangles) this.indices.push(roofStart + index);
  }

  build(): { positions: Float32Array; normals: Float32Array; featureIds: Float32Array; floors: Float32Array; indices: Uint32Array } {
    return {
      positions: this.positions.result(),
      normals: this.normals.result(),
      featureIds: this.featureIds.result(),
      floors: this.floors.result(),
      indices: this.indices.result(),
    };
  }
}

function faceNormal(a: readonly number[], b: readonly number[], c: readonly number[]): [number, number, number] | null {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n: [number, number, number] = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const length = Math.hypot(...n);
  return length > 0 ? [n[0] / length, n[1] / length, n[2] / length] : null;
}

/**
 * The footprint's rings without their closing vertex or repeated points, the outer ring counter-clockwise and
 * the holes clockwise (seen from above). A ring left with fewer than three corners is dropped; no outer ring,
 * no building.
 */
function orientedRings(record: BuildingRecord): Array<Array<readonly [number, number]>> {
  const [first] = record.footprint[0];
  const scale = metresPerDegree(first[1]);
  const rings: Array<Array<readonly [number, number]>> = [];
  record.footprint.forEach((ring, ringIndex) => {
    const cleaned: Array<readonly [number, number]> = [];
    for (const point of ring) {
      const last = cleaned[cleaned.length - 1];
      if (last && Math.hypot((point[0] - last[0]) * scale.longitude, (point[1] - last[1]) * scale.latitude) < MIN_EDGE_METRES) continue;
      cleaned.push(point);
    }
    const closing = cleaned[cleaned.length - 1];
    if (cleaned.length > 1 && Math.hypot((closing[0] - cleaned[0][0]) * scale.longitude, (closing[1] - cleaned[0][1]) * scale.latitude) < MIN_EDGE_METRES) cleaned.pop();
    if (cleaned.length < 3) return;
    const area = signedDoubleArea(cleaned.flatMap(([longitude, latitude]) => [longitude, latitude]));
    if (area === 0) return;
    const wantCounterClockwise = ringIndex === 0;
    if (area > 0 !== wantCounterClockwise) cleaned.reverse();
    if (ringIndex === 0 || rings.length > 0) rings.push(cleaned);
  });
  return rings;
}
