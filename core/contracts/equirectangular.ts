/**
 * The one convention for streetscape panoramas (issue 18): how an equirectangular image's pixels map to
 * directions in the world, and how a depth map turns a pixel into a WGS84 point. The server's sample renderer
 * (server/panoramas) draws with it and the streetscape viewer measures with it, so a point measured in a
 * panorama is the point the renderer drew there. Isomorphic: no DOM, no Cesium, no Node APIs.
 *
 * The convention (documented for people who bring their own panoramas in data/README.md, "Streetscape 360"):
 * - The image is `width` × `height` pixels with `width = 2 × height`; x runs right from the left edge, y down from
 *   the top edge, both in pixels (continuous: the centre of pixel (i, j) is (i + 0.5, j + 0.5)).
 * - The image is levelled: its middle row is the horizon, the top row the zenith, the bottom row the nadir.
 * - Its middle column (x = width / 2) looks toward the panorama's `headingDegrees` (clockwise from north);
 *   azimuth grows to the right: azimuth = heading + (x / width − 0.5) × 360°.
 * - Elevation = (0.5 − y / height) × 180°, +90° at the top.
 * - A depth map has the same layout at its own size and holds, per pixel, the distance in metres from the camera
 *   along that pixel's ray (not a planar depth).
 */
import { ecefToGeodetic, toEcef } from './ecef';

/** Where and how a panorama was captured (or rendered). */
export interface PanoramaPose {
  /** Degrees, WGS84. */
  longitude: number;
  /** Degrees, WGS84. */
  latitude: number;
  /** Camera height, metres above the WGS84 ellipsoid, in the map's height system (the terrain's). */
  heightMeters: number;
  /** Compass direction of the image's middle column, degrees clockwise from north. */
  headingDegrees: number;
}

/** A direction seen from the camera. */
export interface ViewDirection {
  /** Degrees clockwise from north, 0 ≤ a < 360. */
  azimuthDegrees: number;
  /** Degrees above the horizon, −90 … 90. */
  elevationDegrees: number;
}

/** A position in an equirectangular image, pixels (continuous, see the file comment). */
export interface ImagePoint {
  x: number;
  y: number;
}

/** A WGS84 point with its ellipsoidal height, metres. */
export interface WorldPoint {
  longitude: number;
  latitude: number;
  heightMeters: number;
}

const DEGREES = 180 / Math.PI;

/** `angle` in [0, 360). */
export function normaliseDegrees(angle: number): number {
  const wrapped = angle % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped === 360 ? 0 : wrapped;
}

function checkSize(width: number, height: number): void {
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
    throw new RangeError(`An equirectangular image has a positive finite size, not ${width} × ${height}`);
  }
}

/** The direction of an image point, for an image whose middle column looks toward `headingDegrees`. */
export function imagePointToDirection(point: ImagePoint, width: number, height: number, headingDegrees: number): ViewDirection {
  checkSize(width, height);
  return {
    azimuthDegrees: normaliseDegrees(headingDegrees + (point.x / width - 0.5) * 360),
    elevationDegrees: Math.max(-90, Math.min(90, (0.5 - point.y / height) * 180)),
  };
}

/** The image point of a direction (x in [0, width)), the inverse of {@link imagePointToDirection}. */
export function directionToImagePoint(direction: ViewDirection, width: number, height: number, headingDegrees: number): ImagePoint {
  checkSize(width, height);
  const yawDegrees = normaliseDegrees(direction.azimuthDegrees - headingDegrees + 180) - 180;
  return {
    x: normaliseDegrees((yawDegrees / 360 + 0.5) * 360) * (width / 360),
    y: (0.5 - direction.elevationDegrees / 180) * height,
  };
}

/**
 * The yaw of a direction relative to the image's middle column, degrees in (−180, 180], positive to the right —
 * what a panorama viewer turns to (Photo Sphere Viewer's yaw, in degrees).
 */
export function azimuthToYawDegrees(azimuthDegrees: number, headingDegrees: number): number {
  const yaw = normaliseDegrees(azimuthDegrees - headingDegrees);
  return yaw > 180 ? yaw - 360 : yaw;
}

/** The compass azimuth of a viewer yaw (degrees, relative to the image's middle column). */
export function yawToAzimuthDegrees(yawDegrees: number, headingDegrees: number): number {
  return normaliseDegrees(headingDegrees + yawDegrees);
}

/** The unit vector of a direction in the local east-north-up frame. */
export function directionToEnu(direction: ViewDirection): [east: number, north: number, up: number] {
  const azimuth = direction.azimuthDegrees / DEGREES;
  const elevation = direction.elevationDegrees / DEGREES;
  return [Math.cos(elevation) * Math.sin(azimuth), Math.cos(elevation) * Math.cos(azimuth), Math.sin(elevation)];
}

/** The direction of a local east-north-up vector (any length > 0). */
export function enuToDirection([east, north, up]: readonly [number, number, number]): ViewDirection {
  const length = Math.hypot(east, north, up);
  if (!(length > 0)) throw new RangeError('A direction needs a vector longer than zero');
  return {
    azimuthDegrees: normaliseDegrees(Math.atan2(east, north) * DEGREES),
    elevationDegrees: Math.asin(Math.max(-1, Math.min(1, up / length))) * DEGREES,
  };
}

/** The ECEF unit vectors of the local east, north and up axes at a place. */
function enuAxes(longitude: number, latitude: number): [number[], number[], number[]] {
  const lambda = longitude / DEGREES;
  const phi = latitude / DEGREES;
  const east = [-Math.sin(lambda), Math.cos(lambda), 0];
  const north = [-Math.sin(phi) * Math.cos(lambda), -Math.sin(phi) * Math.sin(lambda), Math.cos(phi)];
  const up = [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  return [east, north, up];
}

/**
 * The WGS84 point `distanceMeters` along `direction` from the camera (the depth map's unprojection). Exact on the
 * ellipsoid: the east-north-up offset is turned into ECEF at the camera and back into longitude, latitude, height.
 */
export function unprojectFromCamera(pose: PanoramaPose, direction: ViewDirection, distanceMeters: number): WorldPoint {
  if (!(distanceMeters >= 0 && Number.isFinite(distanceMeters))) {
    throw new RangeError(`A distance along a ray is a finite number of metres ≥ 0, not ${distanceMeters}`);
  }
  const origin = toEcef(pose.longitude, pose.latitude, pose.heightMeters);
  const [east, north, up] = enuAxes(pose.longitude, pose.latitude);
  const [e, n, u] = directionToEnu(direction).map((component) => component * distanceMeters);
  const point = [0, 1, 2].map((axis) => origin[axis] + e * east[axis] + n * north[axis] + u * up[axis]);
  const geodetic = ecefToGeodetic(point[0], point[1], point[2]);
  return { longitude: geodetic.longitudeDegrees, latitude: geodetic.latitudeDegrees, heightMeters: geodetic.heightMetres };
}

/** The direction and distance (metres, along the ray) from the camera to a WGS84 point: the inverse of {@link unprojectFromCamera}. */
export function projectToCamera(pose: PanoramaPose, point: WorldPoint): ViewDirection & { distanceMeters: number } {
  const origin = toEcef(pose.longitude, pose.latitude, pose.heightMeters);
  const target = toEcef(point.longitude, point.latitude, point.heightMeters);
  const offset = [0, 1, 2].map((axis) => target[axis] - origin[axis]);
  const axes = enuAxes(pose.longitude, pose.latitude);
  const [e, n, u] = axes.map((axis) => axis[0] * offset[0] + axis[1] * offset[1] + axis[2] * offset[2]);
  const distanceMeters = Math.hypot(e, n, u);
  if (!(distanceMeters > 0)) throw new RangeError('The point is at the camera');
  return { ...enuToDirection([e, n, u]), distanceMeters };
}

// ---------------------------------------------------------------------------------------------------------
// Depth maps
// ---------------------------------------------------------------------------------------------------------

/**
 * The depth map file format (`depth.encoding` in a panorama set manifest): little-endian unsigned 16-bit
 * integers, row by row from the top-left, `width × height` of them, no header; each the distance along the ray in
 * centimetres. 0 means no surface (sky); 65535 means farther than {@link DEPTH_MAX_METERS}. A file may be served
 * gzip-compressed (Content-Encoding), never gzip inside the bytes.
 */
export const DEPTH_ENCODING = 'uint16-centimetres';
/** 65534 cm: the farthest distance a depth map can hold. */
export const DEPTH_MAX_METERS = 655.34;
const DEPTH_NO_SURFACE = 0;
const DEPTH_BEYOND = 65535;

/** A decoded depth map: metres per pixel, NaN where there is no surface, Infinity where it is beyond range. */
export interface DepthMap {
  width: number;
  height: number;
  metres: Float32Array;
}

/** Decodes a {@link DEPTH_ENCODING} file; throws a `RangeError` naming the expected and actual byte lengths. */
export function decodeDepthMap(bytes: ArrayBuffer | Uint8Array, width: number, height: number): DepthMap {
  checkSize(width, height);
  const view = bytes instanceof Uint8Array ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new DataView(bytes);
  const expected = width * height * 2;
  if (view.byteLength !== expected) {
    throw new RangeError(`A ${width} × ${height} depth map (${DEPTH_ENCODING}) has ${expected} bytes, not ${view.byteLength}`);
  }
  const metres = new Float32Array(width * height);
  for (let index = 0; index < metres.length; index += 1) {
    const value = view.getUint16(index * 2, true);
    metres[index] = value === DEPTH_NO_SURFACE ? Number.NaN : value === DEPTH_BEYOND ? Number.POSITIVE_INFINITY : value / 100;
  }
  return { width, height, metres };
}

/** Encodes distances in metres (NaN: no surface; beyond range: Infinity or anything over the maximum). */
export function encodeDepthMap(metres: ArrayLike<number>, width: number, height: number): Uint8Array {
  checkSize(width, height);
  if (metres.length !== width * height) throw new RangeError(`A ${width} × ${height} depth map has ${width * height} values, not ${metres.length}`);
  const bytes = new Uint8Array(metres.length * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < metres.length; index += 1) {
    const value = metres[index];
    const encoded = Number.isNaN(value) ? DEPTH_NO_SURFACE : value > DEPTH_MAX_METERS ? DEPTH_BEYOND : Math.max(1, Math.round(value * 100));
    view.setUint16(index * 2, encoded, true);
  }
  return bytes;
}

/**
 * The distance stored for a direction (nearest pixel of the depth map), metres: NaN for sky, Infinity beyond
 * range. The depth map's middle column looks toward `headingDegrees`, like its image.
 */
export function depthAlong(depth: DepthMap, direction: ViewDirection, headingDegrees: number): number {
  const point = directionToImagePoint(direction, depth.width, depth.height, headingDegrees);
  const column = Math.min(depth.width - 1, Math.max(0, Math.floor(point.x)));
  const row = Math.min(depth.height - 1, Math.max(0, Math.floor(point.y)));
  return depth.metres[row * depth.width + column];
}
