/**
 * The view cone drawn on the map beside the panorama viewer: a fan on the ground from the panorama's position,
 * as wide as the viewer's horizontal field of view, pointing where the viewer looks. Pure.
 */
import { geodesicDirect, type LonLat } from '../../core/contracts/geodesy';
import { normaliseDegrees } from '../../core/contracts/equirectangular';

/** How far the cone reaches on the ground, metres: a street's width and a building or two along it. */
export const VIEW_CONE_METRES = 40;
/** Arc points of the cone's far edge (a smooth edge at every field of view the viewer allows). */
const ARC_STEPS = 12;

/**
 * The horizontal field of view, degrees, of a view `verticalDegrees` high (Photo Sphere Viewer's fov is vertical)
 * on a viewer `aspect` = width / height wide; at most 359° so the fan stays a fan.
 */
export function horizontalFieldOfView(verticalDegrees: number, aspect: number): number {
  const half = (verticalDegrees * Math.PI) / 360;
  const horizontal = (2 * Math.atan(Math.tan(half) * Math.max(aspect, 0.01)) * 180) / Math.PI;
  return Math.min(359, horizontal);
}

/**
 * The cone's outline (longitude, latitude): the apex at `apex`, then the far arc from the left edge of the view to
 * its right edge, `radiusMetres` away along geodesics.
 */
export function viewConeRing(
  apex: LonLat,
  azimuthDegrees: number,
  fieldOfViewDegrees: number,
  radiusMetres = VIEW_CONE_METRES,
): Array<[longitude: number, latitude: number]> {
  const ring: Array<[number, number]> = [[apex.longitude, apex.latitude]];
  for (let step = 0; step <= ARC_STEPS; step += 1) {
    const azimuth = normaliseDegrees(azimuthDegrees - fieldOfViewDegrees / 2 + (fieldOfViewDegrees * step) / ARC_STEPS);
    const point = geodesicDirect(apex, azimuth, radiusMetres);
    ring.push([point.longitude, point.latitude]);
  }
  return ring;
}
