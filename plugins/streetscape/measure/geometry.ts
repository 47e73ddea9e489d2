/**
 * Measuring in a panorama (issue 18 point 3), pure: a direction the user picked and the panorama's depth map give a
 * point in the world; two or three such points give the five measurements. The direction ↔ pixel ↔ WGS84 maths is
 * the pinned convention (core/contracts/equirectangular.ts); horizontal distances and height differences are the
 * product's one measurement geometry (core/contracts/geodesy.ts through plugins/measurement/api.ts). What neither
 * has — the angle between two lines and a point's distance to a line, both in 3D — is vector algebra here on the
 * points' east-north-up offsets from the camera (a local tangent frame: within the depth map's 655 m its "up"
 * tilts by at most 1e-4 rad against a point's own, so plan distances are off by under 0.1 ‰).
 */
import { toHk1980 } from '../../../core/contracts/hk1980';
import {
  type DepthMap,
  depthAlong,
  directionToEnu,
  directionToImagePoint,
  imagePointToDirection,
  type PanoramaPose,
  unprojectFromCamera,
  type ViewDirection,
  type WorldPoint,
} from '../../../core/contracts/equirectangular';
import { heightFigures, triangleFigures } from '../../measurement/api';

/** Metres east, north and up of the camera. */
export type EnuOffset = readonly [east: number, north: number, up: number];

/** A point picked in a panorama. */
export interface PickedPoint {
  /**
   * The direction actually measured: the centre of the depth-map pixel the picked direction falls in, so the point
   * is the one the depth map holds (on the surface), not a blend of a nearer and a farther one at an edge.
   */
  direction: ViewDirection;
  /** Along the ray from the camera, metres. */
  distanceMeters: number;
  world: WorldPoint;
  enu: EnuOffset;
}

/** Why a direction gives no point: no surface there (sky), or the surface is beyond the depth map's range. */
export type PickProblem = 'sky' | 'beyondRange';

export type PickResult = { point: PickedPoint; problem: null } | { point: null; problem: PickProblem };

/** The point the depth map holds in `direction` seen from `pose`, or why there is none. */
export function pickPoint(pose: PanoramaPose, depth: DepthMap, direction: ViewDirection): PickResult {
  const pixel = directionToImagePoint(direction, depth.width, depth.height, pose.headingDegrees);
  const centre = {
    x: Math.min(depth.width - 1, Math.max(0, Math.floor(pixel.x))) + 0.5,
    y: Math.min(depth.height - 1, Math.max(0, Math.floor(pixel.y))) + 0.5,
  };
  const measured = imagePointToDirection(centre, depth.width, depth.height, pose.headingDegrees);
  const distanceMeters = depthAlong(depth, measured, pose.headingDegrees);
  if (Number.isNaN(distanceMeters)) return { point: null, problem: 'sky' };
  if (!Number.isFinite(distanceMeters)) return { point: null, problem: 'beyondRange' };
  const unit = directionToEnu(measured);
  return {
    point: {
      direction: measured,
      distanceMeters,
      world: unprojectFromCamera(pose, measured, distanceMeters),
      enu: [unit[0] * distanceMeters, unit[1] * distanceMeters, unit[2] * distanceMeters],
    },
    problem: null,
  };
}

/** The five measurements, in the order of the panel's tool choice. */
export const PANORAMA_TOOLS = ['point', 'distance', 'height', 'angle', 'pointToLine'] as const;
export type PanoramaTool = (typeof PANORAMA_TOOLS)[number];

/**
 * The points each tool takes, in click order, as the labels drawn at them: angle — the vertex O, then A and B (the
 * lines O→A and O→B); point to line — A and B on the line, then the point P.
 */
export const TOOL_POINT_LABELS: Readonly<Record<PanoramaTool, readonly string[]>> = {
  point: ['P'],
  distance: ['1', '2'],
  height: ['1', '2'],
  angle: ['O', 'A', 'B'],
  pointToLine: ['A', 'B', 'P'],
};

/** A figure's unit: metres, or degrees (angles and WGS84 coordinates). */
export type FigureUnit = 'm' | 'degree';

/** One figure of a measurement. */
export interface Figure {
  /** Stable name (message `streetscape.measure.figure.<quantity>`, the result's `data-quantity`). */
  quantity: string;
  /** In `unit`, unrounded. */
  value: number;
  unit: FigureUnit;
  /** Decimals to show: a centimetre, 1e-7° (about 1 cm) for coordinates, a hundredth of a degree for angles. */
  digits: number;
}

/** Two points closer than this (metres) make no line. */
const SAME_POINT_METERS = 0.01;
const DEGREES = 180 / Math.PI;

/** Thrown when the points of a measurement make no figure (e.g. a line through one point); the message is an id. */
export class MeasureProblem extends Error {
  constructor(readonly messageId: 'streetscape.measure.problem.samePoint') {
    super(messageId);
    this.name = 'MeasureProblem';
  }
}

const minus = (a: EnuOffset, b: EnuOffset): [number, number, number] => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: EnuOffset, b: EnuOffset) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const length = (a: EnuOffset) => Math.hypot(a[0], a[1], a[2]);
const cross = (a: EnuOffset, b: EnuOffset): [number, number, number] => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** WGS84 longitude and latitude, HK 1980 Grid easting and northing, and the height of a point. */
export function pointFigures(point: WorldPoint): Figure[] {
  const [easting, northing] = toHk1980([point.longitude, point.latitude]);
  return [
    { quantity: 'longitude', value: point.longitude, unit: 'degree', digits: 7 },
    { quantity: 'latitude', value: point.latitude, unit: 'degree', digits: 7 },
    { quantity: 'easting', value: easting, unit: 'm', digits: 2 },
    { quantity: 'northing', value: northing, unit: 'm', digits: 2 },
    { quantity: 'height', value: point.heightMeters, unit: 'm', digits: 2 },
  ];
}

/**
 * Between two points: the slant distance, the horizontal one along the ellipsoid (geodesic) and the vertical one
 * (second minus first, negative when the second is lower).
 */
export function distanceFigures(from: WorldPoint, to: WorldPoint): Figure[] {
  const triangle = triangleFigures(from, to);
  return [
    { quantity: 'slant', value: triangle.slantMeters, unit: 'm', digits: 2 },
    { quantity: 'horizontal', value: triangle.horizontalMeters, unit: 'm', digits: 2 },
    { quantity: 'vertical', value: heightFigures(from, to).differenceMeters, unit: 'm', digits: 2 },
  ];
}

/** The vertical difference of two points (how much higher the higher one is) and both heights. */
export function heightDifferenceFigures(from: WorldPoint, to: WorldPoint): Figure[] {
  const heights = heightFigures(from, to);
  return [
    { quantity: 'difference', value: Math.abs(heights.differenceMeters), unit: 'm', digits: 2 },
    { quantity: 'firstHeight', value: heights.fromHeightMeters, unit: 'm', digits: 2 },
    { quantity: 'secondHeight', value: heights.toHeightMeters, unit: 'm', digits: 2 },
  ];
}

/** The angle at `vertex` between the lines vertex→a and vertex→b, in 3D, degrees 0…180. */
export function angleDegrees(vertex: EnuOffset, a: EnuOffset, b: EnuOffset): number {
  const toA = minus(a, vertex);
  const toB = minus(b, vertex);
  const lengths = length(toA) * length(toB);
  if (length(toA) < SAME_POINT_METERS || length(toB) < SAME_POINT_METERS) throw new MeasureProblem('streetscape.measure.problem.samePoint');
  // atan2 of |a×b| and a·b keeps its precision near 0° and 180°, where acos of the cosine would not.
  return Math.atan2(length(cross(toA, toB)) / lengths, dot(toA, toB) / lengths) * DEGREES;
}

export function angleFigures(vertex: EnuOffset, a: EnuOffset, b: EnuOffset): Figure[] {
  return [{ quantity: 'angle', value: angleDegrees(vertex, a, b), unit: 'degree', digits: 2 }];
}

/** Where the perpendicular from `point` meets the line through `a` and `b` (the line goes on beyond both). */
export function footOnLine(a: EnuOffset, b: EnuOffset, point: EnuOffset): [number, number, number] {
  const along = minus(b, a);
  const squared = dot(along, along);
  if (Math.sqrt(squared) < SAME_POINT_METERS) throw new MeasureProblem('streetscape.measure.problem.samePoint');
  const t = dot(minus(point, a), along) / squared;
  return [a[0] + t * along[0], a[1] + t * along[1], a[2] + t * along[2]];
}

/**
 * The distance from `point` to the line through `a` and `b`: perpendicular, in 3D; and horizontal, in plan (to the
 * line's plan through a and b, or to their common plan position when the line is vertical, like a building's edge).
 */
export function pointToLineFigures(a: EnuOffset, b: EnuOffset, point: EnuOffset): Figure[] {
  const foot = footOnLine(a, b, point);
  const planA: EnuOffset = [a[0], a[1], 0];
  const planB: EnuOffset = [b[0], b[1], 0];
  const planPoint: EnuOffset = [point[0], point[1], 0];
  const planLength = length(minus(planB, planA));
  const horizontal =
    planLength < SAME_POINT_METERS ? length(minus(planPoint, planA)) : length(cross(minus(planPoint, planA), minus(planB, planA))) / planLength;
  return [
    { quantity: 'perpendicular', value: length(minus(point, foot)), unit: 'm', digits: 2 },
    { quantity: 'horizontal', value: horizontal, unit: 'm', digits: 2 },
  ];
}

/** The figures of a tool's points (as many as {@link TOOL_POINT_LABELS} names); throws {@link MeasureProblem}. */
export function measure(tool: PanoramaTool, points: readonly PickedPoint[]): Figure[] {
  if (points.length !== TOOL_POINT_LABELS[tool].length) {
    throw new RangeError(`The ${tool} measurement takes ${TOOL_POINT_LABELS[tool].length} points, not ${points.length}`);
  }
  switch (tool) {
    case 'point':
      return pointFigures(points[0].world);
    case 'distance':
      return distanceFigures(points[0].world, points[1].world);
    case 'height':
      return heightDifferenceFigures(points[0].world, points[1].world);
    case 'angle':
      return angleFigures(points[0].enu, points[1].enu, points[2].enu);
    case 'pointToLine':
      return pointToLineFigures(points[0].enu, points[1].enu, points[2].enu);
  }
}

