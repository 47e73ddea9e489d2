/**
 * Shapes and camera moves of the GPS tool, pure. The accuracy circle is a drawing, not a measurement: a local
 * tangent-plane ring on the WGS84 ellipsoid, off by far less than a pixel for the radii a device reports.
 */
import type { CameraState, CameraView } from '../../core/plugin/types';

const WGS84_A = 6_378_137;
const WGS84_E2 = 0.006_694_379_990_14;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Metres per degree of latitude and of longitude at `latitude` (WGS84 meridian and prime-vertical radii). */
export function metresPerDegree(latitude: number): { latitude: number; longitude: number } {
  const phi = toRadians(latitude);
  const w = 1 - WGS84_E2 * Math.sin(phi) ** 2;
  const meridian = (WGS84_A * (1 - WGS84_E2)) / w ** 1.5;
  const primeVertical = WGS84_A / Math.sqrt(w);
  return { latitude: (Math.PI / 180) * meridian, longitude: (Math.PI / 180) * primeVertical * Math.cos(phi) };
}

/**
 * The ring of `segments` positions at `radiusMeters` around a place, longitude/latitude degrees, not closed
 * (the ground polygon closes it). Radii under a metre are drawn as one metre, so the ring never degenerates.
 */
export function accuracyRing(longitude: number, latitude: number, radiusMeters: number, segments = 64): Array<[number, number]> {
  const radius = Math.max(1, radiusMeters);
  const scale = metresPerDegree(latitude);
  const ring: Array<[number, number]> = [];
  for (let index = 0; index < segments; index += 1) {
    const angle = (2 * Math.PI * index) / segments;
    ring.push([longitude + (radius * Math.sin(angle)) / scale.longitude, latitude + (radius * Math.cos(angle)) / scale.latitude]);
  }
  return ring;
}

/**
 * The camera moved with the position while tracking: shifted by the same longitude and latitude, with its height,
 * heading, pitch and roll kept, so the marker stays where it was on the screen and the user's zoom and tilt stay.
 */
export function followedView(
  camera: CameraState,
  from: { longitude: number; latitude: number },
  to: { longitude: number; latitude: number },
): Required<CameraView> {
  return {
    longitude: camera.longitude + (to.longitude - from.longitude),
    latitude: camera.latitude + (to.latitude - from.latitude),
    heightMeters: camera.heightMeters,
    headingDegrees: camera.headingDegrees,
    pitchDegrees: camera.pitchDegrees,
    rollDegrees: camera.rollDegrees,
  };
}

/** Move, degrees of latitude or longitude (about 200 m in Hong Kong), after which the Hong Kong check runs again. */
export const BOUNDARY_RECHECK_DEGREES = 0.002;

/** Whether a new position needs the Hong Kong check: the first one, or one that moved far from the last checked. */
export function needsBoundaryCheck(lastChecked: { longitude: number; latitude: number } | null, next: { longitude: number; latitude: number }): boolean {
  if (!lastChecked) return true;
  return Math.abs(next.longitude - lastChecked.longitude) > BOUNDARY_RECHECK_DEGREES || Math.abs(next.latitude - lastChecked.latitude) > BOUNDARY_RECHECK_DEGREES;
}
