/**
 * The tiles' spatial tree, built from a small summary per building (id, bounds, drawn heights, size) so a
 * territory-wide store never has to be in memory at once.
 *
 * A quadtree over longitude/latitude with additive refinement: a tile whose buildings are too many for one
 * file keeps the largest of them (tallest or widest) as its own content and passes the rest to its four
 * quarters. From afar CesiumJS draws the skyline's landmarks; closer in, each quarter adds its smaller
 * buildings. A tile's geometric error is the largest dimension of the largest building it leaves to its
 * children, the error of drawing the tile without them; a leaf's is 0.
 */
import type { BuildingExtent } from './geometry';

/** A leaf holds at most this many footprint vertices (about 1 MB of GLB)... */
export const LEAF_MAX_VERTICES = 8000;
/** ...and at most this many buildings. */
export const LEAF_MAX_BUILDINGS = 2000;
/** A tile with children keeps its largest buildings up to this many footprint vertices. */
export const PARENT_MAX_VERTICES = 2000;
/** Below this depth a tile keeps all its buildings, however many (a pile of footprints on one spot). */
export const MAX_DEPTH = 18;

export interface BuildingSummary extends BuildingExtent {
  id: string;
  /** The building's largest dimension, metres: its drawn height or its footprint's diagonal. */
  sizeMetres: number;
}

export interface TileNode {
  /** `t`, then one digit 0-3 per level (0 south-west, 1 south-east, 2 north-west, 3 north-east). */
  path: string;
  /** Indices into the summaries of the buildings drawn by this tile itself. */
  members: number[];
  children: TileNode[];
  geometricError: number;
  /** [west, south, east, north, minimum height, maximum height] of the tile's own buildings, degrees and metres. */
  contentRegion: Region;
  /** The same over the tile and all its descendants. */
  region: Region;
}

export type Region = [west: number, south: number, east: number, north: number, minimumHeight: number, maximumHeight: number];

function regionOf(summaries: ReadonlyArray<BuildingSummary>, members: ReadonlyArray<number>): Region {
  const region: Region = [Infinity, Infinity, -Infinity, -Infinity, Infinity, -Infinity];
  for (const index of members) {
    const summary = summaries[index];
    region[0] = Math.min(region[0], summary.west);
    region[1] = Math.min(region[1], summary.south);
    region[2] = Math.max(region[2], summary.east);
    region[3] = Math.max(region[3], summary.north);
    region[4] = Math.min(region[4], summary.baseMetres);
    region[5] = Math.max(region[5], summary.topMetres);
  }
  return region;
}

function unionRegion(a: Region, b: Region): Region {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3]), Math.min(a[4], b[4]), Math.max(a[5], b[5])];
}

/** The tree over every summarised building, or null when there are none. */
export function buildTileTree(summaries: ReadonlyArray<BuildingSummary>): TileNode | null {
  if (summaries.length === 0) return null;
  const all = summaries.map((_, index) => index);
  const bounds = regionOf(summaries, all);
  return buildNode(summaries, all, 't', [bounds[0], bounds[1], bounds[2], bounds[3]]);
}

const centreOf = (summary: BuildingSummary): [number, number] => [(summary.west + summary.east) / 2, (summary.south + summary.north) / 2];

function buildNode(summaries: ReadonlyArray<BuildingSummary>, members: number[], path: string, [west, south, east, north]: [number, number, number, number]): TileNode {
  const vertices = members.reduce((sum, index) => sum + summaries[index].vertexCount, 0);
  const depth = path.length - 1;
  if ((vertices <= LEAF_MAX_VERTICES && members.length <= LEAF_MAX_BUILDINGS) || depth >= MAX_DEPTH) {
    const region = regionOf(summaries, members);
    return { path, members, children: [], geometricError: 0, contentRegion: region, region };
  }
  // Largest first; ties broken by id so the tree is the same for the same store.
  const ordered = members.slice().sort((a, b) => summaries[b].sizeMetres - summaries[a].sizeMetres || (summaries[a].id < summaries[b].id ? -1 : 1));
  let kept = 0;
  let keptVertices = 0;
  while (kept < ordered.length && (kept === 0 || keptVertices + summaries[ordered[kept]].vertexCount <= PARENT_MAX_VERTICES)) {
    keptVertices += summaries[ordered[kept]].vertexCount;
    kept += 1;
  }
  const own = ordered.slice(0, kept);
  const rest = ordered.slice(kept);
  const middleLongitude = (west + east) / 2;
  const middleLatitude = (south + north) / 2;
  const quarters: number[][] = [[], [], [], []];
  for (const index of rest) {
    const [longitude, latitude] = centreOf(summaries[index]);
    quarters[(longitude >= middleLongitude ? 1 : 0) + (latitude >= middleLatitude ? 2 : 0)].push(index);
  }
  const quarterBounds: Array<[number, number, number, number]> = [
    [west, south, middleLongitude, middleLatitude],
    [middleLongitude, south, east, middleLatitude],
    [west, middleLatitude, middleLongitude, north],
    [middleLongitude, middleLatitude, east, north],
  ];
  const children = quarters.flatMap((quarter, k) => (quarter.length ? [buildNode(summaries, quarter, `${path}${k}`, quarterBounds[k])] : []));
  const contentRegion = regionOf(summaries, own);
  return {
    path,
    members: own,
    children,
    geometricError: rest.length ? summaries[rest[0]].sizeMetres : 0,
    contentRegion,
    region: children.reduce((region, child) => unionRegion(region, child.region), contentRegion),
  };
}

/** Every tile of the tree, parents before children. */
export function* tilesOf(root: TileNode): Generator<TileNode> {
  yield root;
  for (const child of root.children) yield* tilesOf(child);
}
