/**
 * Which railway line a click is on: the line whose schematic (straight between consecutive stations along each
 * branch, as drawn while the tool is on) passes nearest the clicked point, within a tolerance that grows with the
 * camera's distance so it stays about a dozen pixels wide on screen. Distances in metres on a local plane about the
 * click (equirectangular: under 0.1 % off across the few kilometres a tolerance spans).
 */
import type { RailwayLine, RailwayStation } from '../../core/contracts/railways';

const METRES_PER_DEGREE_LATITUDE = 110_574;
const METRES_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111_320;

/** Share of the camera's distance to the click taken as the click tolerance (~12 px of a 60° view 800 px high). */
export const TOLERANCE_PER_METRE_OF_DISTANCE = 0.015;
export const MINIMUM_TOLERANCE_METERS = 25;
export const MAXIMUM_TOLERANCE_METERS = 2500;

export interface LineMatch {
  line: RailwayLine;
  /** From the click to the line's schematic, metres. */
  distanceMeters: number;
  /** The line's station nearest the click. */
  nearestStation: RailwayStation;
}

/** How far from a line a click may land and still pick it, metres, for a camera `cameraDistanceMeters` away. */
export function clickToleranceMeters(cameraDistanceMeters: number): number {
  const scaled = cameraDistanceMeters * TOLERANCE_PER_METRE_OF_DISTANCE;
  if (!Number.isFinite(scaled)) return MINIMUM_TOLERANCE_METERS;
  return Math.min(MAXIMUM_TOLERANCE_METERS, Math.max(MINIMUM_TOLERANCE_METERS, scaled));
}

type Point = readonly [x: number, y: number];

/** Projects lon/lat degrees to metres east and north of `origin`. */
function projector(origin: readonly [number, number]) {
  const metresPerDegreeLongitude = METRES_PER_DEGREE_LONGITUDE_AT_EQUATOR * Math.cos((origin[1] * Math.PI) / 180);
  return (position: readonly [number, number]): Point => [
    (position[0] - origin[0]) * metresPerDegreeLongitude,
    (position[1] - origin[1]) * METRES_PER_DEGREE_LATITUDE,
  ];
}

/** Distance from the origin (the click) to the segment a–b, metres. */
function distanceToSegment(a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / lengthSquared));
  return Math.hypot(a[0] + t * dx, a[1] + t * dy);
}

/** The line nearest `click` (lon/lat degrees) within `toleranceMeters`, or null when none is that close. */
export function matchLine(lines: readonly RailwayLine[], click: readonly [number, number], toleranceMeters: number): LineMatch | null {
  const project = projector(click);
  let best: LineMatch | null = null;
  for (const line of lines) {
    const positions = new Map(line.stations.map((station) => [station.code, project(station.position)]));
    let distance = Number.POSITIVE_INFINITY;
    for (const branch of line.branches) {
      for (let index = 1; index < branch.length; index += 1) {
        const a = positions.get(branch[index - 1]);
        const b = positions.get(branch[index]);
        if (a && b) distance = Math.min(distance, distanceToSegment(a, b));
      }
    }
    if (distance > toleranceMeters || (best && best.distanceMeters <= distance)) continue;
    let nearestStation = line.stations[0];
    let nearestDistance = Number.POSITIVE_INFINITY;
    for (const station of line.stations) {
      const [x, y] = positions.get(station.code)!;
      const stationDistance = Math.hypot(x, y);
      if (stationDistance < nearestDistance) [nearestStation, nearestDistance] = [station, stationDistance];
    }
    best = { line, distanceMeters: distance, nearestStation };
  }
  return best;
}

/** Straight-line distance between the camera and the clicked point, metres (for {@link clickToleranceMeters}). */
export function cameraDistanceMeters(
  camera: { longitude: number; latitude: number; heightMeters: number },
  point: { longitude: number; latitude: number; heightMeters: number },
): number {
  const [x, y] = projector([point.longitude, point.latitude])([camera.longitude, camera.latitude]);
  return Math.hypot(x, y, camera.heightMeters - point.heightMeters);
}
