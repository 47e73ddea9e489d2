/**
 * Footprint geometry for the building store: normalising a source polygon into the record's shape (closed rings,
 * outer ring counter-clockwise, holes clockwise, 1e-7° rounding), bounds, areas, distances, and the overlap
 * measure the merge rule reads (server/buildings/merge.ts). Footprints are tens of metres across, so areas and
 * distances are planar on the local tangent plane (../geo/local-metres.ts).
 */
import type { BuildingRecord } from '../../core/contracts/buildings';
import { pointInPolygon, ringCentroid } from '../data/geometry';
import { distanceToRingMetres, metresPerDegree, ringAreaSquareMetres, roundCoordinate, type LonLat } from '../geo/local-metres';
import type { LonLatBounds } from './store';

export type Footprint = BuildingRecord['footprint'];
type Position = [number, number];

/** Signed area in square degrees (positive when counter-clockwise), relative to the first vertex for precision. */
function signedArea(ring: readonly Position[]): number {
  const [x0, y0] = ring[0];
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    twice += (ring[j][0] - x0) * (ring[i][1] - y0) - (ring[i][0] - x0) * (ring[j][1] - y0);
  }
  return twice / 2;
}

/**
 * A closed ring with rounded coordinates, repeated vertices removed and the wanted winding; null when fewer than
 * three distinct vertices or no area remain (a degenerate ring, which the readers report as a bad row).
 */
function normaliseRing(ring: readonly (readonly number[])[], counterClockwise: boolean): Position[] | null {
  const points: Position[] = [];
  for (const position of ring) {
    const [lon, lat] = position;
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
    const point: Position = [roundCoordinate(lon), roundCoordinate(lat)];
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  if (points.length > 1 && points[0][0] === points[points.length - 1][0] && points[0][1] === points[points.length - 1][1]) points.pop();
  if (points.length < 3) return null;
  const area = signedArea(points);
  if (area === 0) return null;
  if (area > 0 !== counterClockwise) points.reverse();
  points.push([points[0][0], points[0][1]]);
  return points;
}

/** A source polygon (WGS84 rings) as a record footprint, or a reason why it cannot be one. */
export function normaliseFootprint(rings: unknown): Footprint | string {
  if (!Array.isArray(rings) || rings.length === 0) return 'the polygon has no rings';
  const outer = Array.isArray(rings[0]) ? normaliseRing(rings[0] as number[][], true) : null;
  if (!outer) return 'the outer ring has fewer than three distinct points or no area';
  for (const [lon, lat] of outer) {
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return `coordinate ${lon},${lat} is not longitude/latitude`;
  }
  const holes = rings.slice(1).flatMap((hole) => {
    const normalised = Array.isArray(hole) ? normaliseRing(hole as number[][], false) : null;
    return normalised ? [normalised] : [];
  });
  return [outer, ...holes];
}

export function footprintBounds(footprint: Footprint): LonLatBounds {
  const bounds: LonLatBounds = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of footprint[0]) {
    bounds[0] = Math.min(bounds[0], lon);
    bounds[1] = Math.min(bounds[1], lat);
    bounds[2] = Math.max(bounds[2], lon);
    bounds[3] = Math.max(bounds[3], lat);
  }
  return bounds;
}

export function boundsIntersect(a: LonLatBounds, b: LonLatBounds): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** Outer ring minus holes, square metres. */
export function footprintAreaSquareMetres(footprint: Footprint): number {
  const [outer, ...holes] = footprint;
  return Math.max(0, ringAreaSquareMetres(outer) - holes.reduce((sum, hole) => sum + ringAreaSquareMetres(hole), 0));
}

export function footprintContains(footprint: Footprint, point: LonLat): boolean {
  return pointInPolygon(point, footprint);
}

/** 0 inside the footprint, else the distance to its nearest edge (outline or hole), metres. */
export function distanceToFootprintMetres(footprint: Footprint, point: LonLat): number {
  if (footprintContains(footprint, point)) return 0;
  return Math.min(...footprint.map((ring) => distanceToRingMetres(point, ring)));
}

/** Area-weighted centroid of the outer ring (relative to its first vertex, for precision). */
export function footprintCentroid(footprint: Footprint): [number, number] {
  return ringCentroid(footprint[0]);
}

/** Sampling grid of the overlap estimate: OVERLAP_SAMPLES² cell centres over the shared bounding box. */
const OVERLAP_SAMPLES = 32;

/**
 * Area shared by two footprints, square metres, estimated by counting the cell centres of a 32 × 32 grid over
 * the intersection of their bounding boxes that fall inside both (exact polygon clipping of concave outlines with
 * holes is far more code for no better merge decisions: the estimate errs by about one cell row, a few percent).
 */
export function intersectionAreaSquareMetres(a: Footprint, b: Footprint): number {
  const boundsA = footprintBounds(a);
  const boundsB = footprintBounds(b);
  if (!boundsIntersect(boundsA, boundsB)) return 0;
  const west = Math.max(boundsA[0], boundsB[0]);
  const south = Math.max(boundsA[1], boundsB[1]);
  const east = Math.min(boundsA[2], boundsB[2]);
  const north = Math.min(boundsA[3], boundsB[3]);
  const cellWidth = (east - west) / OVERLAP_SAMPLES;
  const cellHeight = (north - south) / OVERLAP_SAMPLES;
  if (cellWidth <= 0 || cellHeight <= 0) return 0;
  let inside = 0;
  for (let row = 0; row < OVERLAP_SAMPLES; row += 1) {
    const lat = south + (row + 0.5) * cellHeight;
    for (let column = 0; column < OVERLAP_SAMPLES; column += 1) {
      const point: [number, number] = [west + (column + 0.5) * cellWidth, lat];
      if (pointInPolygon(point, a) && pointInPolygon(point, b)) inside += 1;
    }
  }
  const scale = metresPerDegree((south + north) / 2);
  return inside * cellWidth * scale.longitude * cellHeight * scale.latitude;
}
