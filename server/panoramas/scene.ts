/**
 * The 3D scene one sample panorama is drawn from: the map's own terrain, buildings and street plan around a camera.
 *
 * - Terrain: the DEM sampler's bilinear heights (server/terrain/dem.ts), the heights the map's terrain and getZ give.
 * - Buildings: the building store's records within {@link BUILDING_REACH_METRES}, extruded as the 3D Tiles extrude
 *   them (server/buildings/tiles/geometry.ts `buildingExtent`: the same base and roof), so a height measured in a
 *   panorama is the 3D city's height.
 * - Ground colour: the street-level base map (sceneGround.ts).
 *
 * Coordinates are the camera's local east-north-up metres (core/contracts/equirectangular.ts's frame): footprint
 * corners go through ECEF exactly (tileFrame), heights stay metres above HKPD (the terrain's system, as the pose's
 * height), and the earth's curvature is the drop {@link curvatureDropMetres} at a horizontal distance.
 */
import { CATEGORY_COLOURS, assumedHeightColour } from '../../core/contracts/buildingLook';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { PanoramaPose } from '../../core/contracts/equirectangular';
import { footprintContains } from '../buildings/footprint';
import type { BuildingStore } from '../buildings/store';
import { buildingExtent, storeyHeightMetres, tileFrame } from '../buildings/tiles/geometry';
import { metresPerDegree } from '../geo/local-metres';
import type { DemSampler } from '../terrain/dem';
import type { StreetVectors } from '../terrain/vectors';
import { GroundTexture } from './sceneGround';

/** Buildings farther than this from the camera are left out (a depth map holds 655 m at most). */
export const BUILDING_REACH_METRES = 800;
/** Terrain is drawn out to this horizontal distance; beyond it is sky. */
export const TERRAIN_REACH_METRES = 5000;
/** An outline turning by more than this at a vertex has a corner there (a gently curved façade has none). */
export const CORNER_DEGREES = 25;
/** Angular buckets of footprint edges: a ray tests only the edges of its bucket. */
export const AZIMUTH_BUCKETS = 1440;

/** The radius of curvature used for the drop of distant points below the camera's horizontal plane, metres. */
const EARTH_RADIUS_METRES = 6_375_000;

/** How far a point `horizontalMetres` away lies below the camera's tangent plane, metres. */
export function curvatureDropMetres(horizontalMetres: number): number {
  return (horizontalMetres * horizontalMetres) / (2 * EARTH_RADIUS_METRES);
}

/** One extruded building of the scene, heights in metres above HKPD as the 3D Tiles draw it. */
export interface SceneBuilding {
  id: string;
  /** Where its walls start (below the ground) and its flat roof. */
  baseMetres: number;
  topMetres: number;
  /** Metres between the floor lines on its façade. */
  storeyHeightMetres: number;
  /** Façade colour, 0..1 per channel (the city-buildings layer's category colour). */
  colour: [number, number, number];
}

/** Footprint edges of every scene building (outer rings and courtyards), local metres, struct of arrays. */
export interface SceneEdges {
  count: number;
  startEast: Float64Array;
  startNorth: Float64Array;
  endEast: Float64Array;
  endNorth: Float64Array;
  building: Int32Array;
  /**
   * Where the outline turns by more than {@link CORNER_DEGREES} (a building's corner, drawn as a thin dark line):
   * bit 1 at the edge's start, bit 2 at its end.
   */
  corners: Uint8Array;
  /** Edges per azimuth bucket, compressed: bucket b holds items[bucketStart[b] … bucketStart[b + 1]). */
  bucketStart: Int32Array;
  bucketItems: Int32Array;
}

export interface PanoramaScene {
  pose: PanoramaPose;
  /** The DEM's height under the camera, metres. */
  groundUnderCameraMetres: number;
  buildings: SceneBuilding[];
  edges: SceneEdges;
  /** The DEM's height at local east/north metres (0 where no source reaches: open sea far offshore). */
  terrainHeightAt(east: number, north: number): number;
  ground: GroundTexture;
}

export interface SceneSources {
  dem: DemSampler;
  /** The street plan's roads and rail, read when the first ground tile is drawn (a depth map never needs them). */
  vectors: () => StreetVectors | null;
  buildings: BuildingStore;
}

/** `#rrggbb` as 0..1 channels. */
function hexToUnit(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
}

/** The façade colour the city-buildings layer gives a record (lighter where its height is assumed). */
export function facadeColour(record: BuildingRecord): [number, number, number] {
  return hexToUnit(record.heightKind === 'assumed' ? assumedHeightColour(record.category) : CATEGORY_COLOURS[record.category]);
}

/**
 * Assembles the scene around a pose. The caller checked that the DEM covers the pose. Buildings whose footprint
 * holds the camera are left out (a camera inside a building would see only its walls from within).
 */
export async function buildPanoramaScene(sources: SceneSources, pose: PanoramaPose): Promise<PanoramaScene> {
  const { dem } = sources;
  const groundUnderCameraMetres = dem.heightAt(pose.longitude, pose.latitude) ?? 0;
  const scale = metresPerDegree(pose.latitude);
  const terrainHeightAt = (east: number, north: number) => dem.heightAt(pose.longitude + east / scale.longitude, pose.latitude + north / scale.latitude) ?? 0;

  const footprintWindow = GroundTexture.footprintWindow(pose.longitude, pose.latitude);
  const records: BuildingRecord[] = [];
  for await (const record of sources.buildings.records(footprintWindow)) records.push(record);

  const frame = tileFrame(pose.longitude, pose.latitude);
  const buildings: SceneBuilding[] = [];
  const starts: number[][] = [];
  const ends: number[][] = [];
  const owners: number[] = [];
  for (const record of records) {
    if (footprintContains(record.footprint, [pose.longitude, pose.latitude])) continue;
    const rings = record.footprint.map((ring) => ring.map(([longitude, latitude]) => frame.toLocal(longitude, latitude, 0)));
    const near = rings[0].some(([east, north]) => Math.hypot(east, north) < BUILDING_REACH_METRES);
    if (!near) continue;
    const extent = buildingExtent(record, dem);
    const index = buildings.push({
      id: record.id,
      baseMetres: extent.baseMetres,
      topMetres: extent.topMetres,
      storeyHeightMetres: storeyHeightMetres(record),
      colour: facadeColour(record),
    }) - 1;
    for (const ring of rings) {
      // Rings are closed (last = first): one edge per consecutive pair.
      for (let k = 0; k + 1 < ring.length; k += 1) {
        starts.push(ring[k]);
        ends.push(ring[k + 1]);
        owners.push(index);
      }
    }
  }
  const edges = bucketEdges(starts, ends, owners);
  const ground = new GroundTexture(
    { dem, vectors: sources.vectors, footprints: records, storeVersion: await sources.buildings.version() },
    pose.longitude,
    pose.latitude,
    scale,
    TERRAIN_REACH_METRES,
  );
  return { pose, groundUnderCameraMetres, buildings, edges, terrainHeightAt, ground };
}

/** Azimuth of a local point, radians in [0, 2π), clockwise from north. */
function azimuthOf(east: number, north: number): number {
  const angle = Math.atan2(east, north);
  return angle < 0 ? angle + 2 * Math.PI : angle;
}

/** Files each edge under every azimuth bucket its angular span (seen from the camera) touches, plus one each side. */
export function bucketEdges(starts: readonly number[][], ends: readonly number[][], owners: readonly number[]): SceneEdges {
  const count = owners.length;
  const edges = {
    count,
    startEast: Float64Array.from(starts, (point) => point[0]),
    startNorth: Float64Array.from(starts, (point) => point[1]),
    endEast: Float64Array.from(ends, (point) => point[0]),
    endNorth: Float64Array.from(ends, (point) => point[1]),
    building: Int32Array.from(owners),
  };
  // Corners: each edge meets the edge of its building that ends where it starts.
  const corners = new Uint8Array(count);
  const endingAt = new Map<string, number>();
  for (let edge = 0; edge < count; edge += 1) endingAt.set(`${owners[edge]}:${ends[edge][0]},${ends[edge][1]}`, edge);
  const cornerCosine = Math.cos((CORNER_DEGREES * Math.PI) / 180);
  for (let edge = 0; edge < count; edge += 1) {
    const previous = endingAt.get(`${owners[edge]}:${starts[edge][0]},${starts[edge][1]}`);
    if (previous === undefined) continue;
    const ax = ends[previous][0] - starts[previous][0];
    const ay = ends[previous][1] - starts[previous][1];
    const bx = ends[edge][0] - starts[edge][0];
    const by = ends[edge][1] - starts[edge][1];
    const lengths = Math.hypot(ax, ay) * Math.hypot(bx, by);
    if (lengths > 0 && (ax * bx + ay * by) / lengths < cornerCosine) {
      corners[edge] |= 1;
      corners[previous] |= 2;
    }
  }
  const bucketWidth = (2 * Math.PI) / AZIMUTH_BUCKETS;
  const spans: Array<[number, number]> = [];
  const counts = new Int32Array(AZIMUTH_BUCKETS);
  for (let edge = 0; edge < count; edge += 1) {
    const a = azimuthOf(edges.startEast[edge], edges.startNorth[edge]);
    const b = azimuthOf(edges.endEast[edge], edges.endNorth[edge]);
    // The edge does not hold the camera, so it covers the shorter arc between its ends.
    let from = Math.min(a, b);
    let to = Math.max(a, b);
    if (to - from > Math.PI) [from, to] = [to, from + 2 * Math.PI];
    const first = Math.floor(from / bucketWidth) - 1;
    const last = Math.floor(to / bucketWidth) + 1;
    spans.push([first, last]);
    for (let bucket = first; bucket <= last; bucket += 1) counts[((bucket % AZIMUTH_BUCKETS) + AZIMUTH_BUCKETS) % AZIMUTH_BUCKETS] += 1;
  }
  const bucketStart = new Int32Array(AZIMUTH_BUCKETS + 1);
  for (let bucket = 0; bucket < AZIMUTH_BUCKETS; bucket += 1) bucketStart[bucket + 1] = bucketStart[bucket] + counts[bucket];
  const bucketItems = new Int32Array(bucketStart[AZIMUTH_BUCKETS]);
  const fill = bucketStart.slice(0, AZIMUTH_BUCKETS);
  spans.forEach(([first, last], edge) => {
    for (let bucket = first; bucket <= last; bucket += 1) {
      const wrapped = ((bucket % AZIMUTH_BUCKETS) + AZIMUTH_BUCKETS) % AZIMUTH_BUCKETS;
      bucketItems[fill[wrapped]++] = edge;
    }
  });
  return { ...edges, corners, bucketStart, bucketItems };
}
