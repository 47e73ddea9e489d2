/**
 * Test scene (imported by tests only): a camera 2.5 m above flat ground and one box "building" of known size and
 * place, ray-cast into a depth map in the pinned format (core/contracts/equirectangular.ts). The box lives in the
 * camera's east-north-up frame; its points' WGS84 "record" comes from the same convention's unprojection, and the
 * directions to aim at from `projectToCamera`, as a viewer click on the rendered box would give them.
 */
import {
  type DepthMap,
  decodeDepthMap,
  DEPTH_MAX_METERS,
  directionToEnu,
  encodeDepthMap,
  enuToDirection,
  imagePointToDirection,
  type PanoramaPose,
  projectToCamera,
  unprojectFromCamera,
  type ViewDirection,
  type WorldPoint,
} from '../../../../core/contracts/equirectangular';

/** Metres east, north, up of the camera. */
export type Enu = [number, number, number];

/** A camera in Kwun Tong, 2.5 m above its ground (ellipsoidal heights). */
export const SCENE_POSE: PanoramaPose = { longitude: 114.2249, latitude: 22.3118, heightMeters: 12.5, headingDegrees: 35 };
export const CAMERA_ABOVE_GROUND_METERS = 2.5;
export const GROUND_UP = -CAMERA_ABOVE_GROUND_METERS;

/**
 * The box: its footprint's centre, half-sizes along its own axes `u` (rotated `rotationDegrees` anticlockwise from
 * east) and `v` (90° further), standing on the ground, `heightMeters` tall.
 */
export const BOX = { centre: [5, 40] as const, halfU: 10, halfV: 6, rotationDegrees: 20, heightMeters: 30 };

const rotation = (BOX.rotationDegrees * Math.PI) / 180;
const U: Enu = [Math.cos(rotation), Math.sin(rotation), 0];
const V: Enu = [-Math.sin(rotation), Math.cos(rotation), 0];

/** The ENU point at box coordinates (u, v along its axes from its centre) and `aboveGround` metres up. */
export function boxPoint(u: number, v: number, aboveGround: number): Enu {
  return [BOX.centre[0] + u * U[0] + v * V[0], BOX.centre[1] + u * U[1] + v * V[1], GROUND_UP + aboveGround];
}

/** Distance along a unit ray from the camera to the box, ∞ when it misses (slab method in the box's frame). */
function rayToBox(ray: Enu): number {
  const origin = [-BOX.centre[0], -BOX.centre[1], -GROUND_UP];
  const local = [
    [origin[0] * U[0] + origin[1] * U[1], ray[0] * U[0] + ray[1] * U[1], BOX.halfU, -BOX.halfU],
    [origin[0] * V[0] + origin[1] * V[1], ray[0] * V[0] + ray[1] * V[1], BOX.halfV, -BOX.halfV],
    [origin[2], ray[2], BOX.heightMeters, 0],
  ];
  let near = 0;
  let far = Number.POSITIVE_INFINITY;
  for (const [start, step, high, low] of local) {
    if (Math.abs(step) < 1e-12) {
      if (start < low || start > high) return Number.POSITIVE_INFINITY;
      continue;
    }
    const t1 = (low - start) / step;
    const t2 = (high - start) / step;
    near = Math.max(near, Math.min(t1, t2));
    far = Math.min(far, Math.max(t1, t2));
  }
  return near <= far ? near : Number.POSITIVE_INFINITY;
}

/** The distance along `ray` to the first surface: the box, else the ground, else NaN (sky). */
export function traceScene(ray: Enu): number {
  const box = rayToBox(ray);
  const ground = ray[2] < 0 ? GROUND_UP / ray[2] : Number.POSITIVE_INFINITY;
  const nearest = Math.min(box, ground);
  return Number.isFinite(nearest) ? nearest : Number.NaN;
}

/** The scene's depth map file (pinned encoding) at `width` × `width / 2`, ray-cast through each pixel's centre. */
export function sceneDepthBytes(width = 1024, pose: PanoramaPose = SCENE_POSE): Uint8Array {
  const height = width / 2;
  const metres = new Float64Array(width * height);
  for (let row = 0; row < height; row += 1) {
    for (let column = 0; column < width; column += 1) {
      const direction = imagePointToDirection({ x: column + 0.5, y: row + 0.5 }, width, height, pose.headingDegrees);
      const distance = traceScene(directionToEnu(direction));
      metres[row * width + column] = distance > DEPTH_MAX_METERS ? Number.POSITIVE_INFINITY : distance;
    }
  }
  return encodeDepthMap(metres, width, height);
}

export function sceneDepthMap(width = 1024): DepthMap {
  return decodeDepthMap(sceneDepthBytes(width), width, width / 2);
}

/** The WGS84 record of an ENU point of the scene. */
export function worldOf(point: Enu, pose: PanoramaPose = SCENE_POSE): WorldPoint {
  return unprojectFromCamera(pose, enuToDirection(point), Math.hypot(...point));
}

/** The direction a user aims at to pick an ENU point of the scene (what the viewer reports for that click). */
export function aimAt(point: Enu, pose: PanoramaPose = SCENE_POSE): ViewDirection {
  const { azimuthDegrees, elevationDegrees } = projectToCamera(pose, worldOf(point, pose));
  return { azimuthDegrees, elevationDegrees };
}
