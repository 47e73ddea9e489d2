/**
 * WGS84 longitude, latitude and ellipsoidal height to and from earth-centred, earth-fixed (ECEF) metres: the
 * sheet generator places its 3D Tiles with `root.transform` (server/download/generate/frame.ts), and the
 * tileset popup turns that translation back into the "XYZ origin" people read.
 */

/** WGS84 semi-major axis, metres. */
const SEMI_MAJOR_AXIS_METRES = 6_378_137;
/** WGS84 flattening. */
const FLATTENING = 1 / 298.257223563;
const ECCENTRICITY_SQUARED = FLATTENING * (2 - FLATTENING);
/** Iterations stop when the latitude moves less than this (radians, about 0.1 mm on the ground). */
const LATITUDE_TOLERANCE_RADIANS = 1e-14;
const MAX_ITERATIONS = 10;

/** ECEF coordinates of a WGS84 longitude/latitude (degrees) and ellipsoidal height (metres). */
export function toEcef(longitude: number, latitude: number, height: number): [number, number, number] {
  const lambda = (longitude * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  const primeVerticalRadius = SEMI_MAJOR_AXIS_METRES / Math.sqrt(1 - ECCENTRICITY_SQUARED * Math.sin(phi) ** 2);
  return [
    (primeVerticalRadius + height) * Math.cos(phi) * Math.cos(lambda),
    (primeVerticalRadius + height) * Math.cos(phi) * Math.sin(lambda),
    (primeVerticalRadius * (1 - ECCENTRICITY_SQUARED) + height) * Math.sin(phi),
  ];
}

export interface Geodetic {
  longitudeDegrees: number;
  latitudeDegrees: number;
  /** Above the WGS84 ellipsoid, metres. */
  heightMetres: number;
}

/**
 * The WGS84 position of an ECEF point (metres). Iterates on the latitude from the spherical guess; the height
 * is taken as p·cosφ + z·sinφ − a·√(1 − e²·sin²φ), which stays exact at the poles where p / cosφ would not.
 */
export function ecefToGeodetic(x: number, y: number, z: number): Geodetic {
  if (![x, y, z].every(Number.isFinite)) throw new RangeError(`An ECEF point has three finite coordinates, not ${x}, ${y}, ${z}`);
  const distanceFromAxis = Math.hypot(x, y);
  const heightAt = (latitude: number) => {
    const sine = Math.sin(latitude);
    return distanceFromAxis * Math.cos(latitude) + z * sine - SEMI_MAJOR_AXIS_METRES * Math.sqrt(1 - ECCENTRICITY_SQUARED * sine * sine);
  };
  let latitude = Math.atan2(z, distanceFromAxis * (1 - ECCENTRICITY_SQUARED));
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const sine = Math.sin(latitude);
    const primeVerticalRadius = SEMI_MAJOR_AXIS_METRES / Math.sqrt(1 - ECCENTRICITY_SQUARED * sine * sine);
    const height = heightAt(latitude);
    const next = Math.atan2(z, distanceFromAxis * (1 - (ECCENTRICITY_SQUARED * primeVerticalRadius) / (primeVerticalRadius + height)));
    const moved = Math.abs(next - latitude);
    latitude = next;
    if (moved < LATITUDE_TOLERANCE_RADIANS) break;
  }
  return {
    longitudeDegrees: (Math.atan2(y, x) * 180) / Math.PI,
    latitudeDegrees: (latitude * 180) / Math.PI,
    heightMetres: heightAt(latitude),
  };
}
