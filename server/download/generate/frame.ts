/**
 * A sheet's local frame: metres east and north of its south-west corner on the HK1980 Grid, height in metres
 * up. Converts local points to WGS84 longitude/latitude and gives the ENU-to-ECEF matrix that places the
 * sheet on the globe (3D Tiles `transform`).
 */
import { fromHk1980 } from '../../../core/contracts/hk1980';
import type { GridBounds } from '../../../core/contracts/mapSheets';
import { metresPerDegree } from '../../geo/local-metres';

/** WGS84 ellipsoid. */
const SEMI_MAJOR_AXIS = 6378137;
const FLATTENING = 1 / 298.257223563;
const ECCENTRICITY_SQUARED = FLATTENING * (2 - FLATTENING);

export interface SheetFrame {
  /** HK1980 Grid easting and northing of the local origin (the sheet's south-west corner). */
  readonly originEasting: number;
  readonly originNorthing: number;
  readonly width: number;
  readonly height: number;
  /** Longitude/latitude of a local point (metres east and north of the origin). */
  lonLatAt(east: number, north: number): [number, number];
  /** Longitude/latitude of the sheet centre. */
  readonly centre: [number, number];
  /** Azimuth of grid north at the centre, radians clockwise from true north (the grid convergence). */
  readonly gridNorthAzimuth: number;
}

export function sheetFrame([minE, minN, maxE, maxN]: GridBounds): SheetFrame {
  // Over a sheet the transverse Mercator is affine to well under a millimetre: project the corners only.
  const sw = fromHk1980([minE, minN]);
  const se = fromHk1980([maxE, minN]);
  const nw = fromHk1980([minE, maxN]);
  const ne = fromHk1980([maxE, maxN]);
  const width = maxE - minE;
  const height = maxN - minN;
  const lonLatAt = (east: number, north: number): [number, number] => {
    const u = east / width;
    const v = north / height;
    return [
      (sw[0] * (1 - u) + se[0] * u) * (1 - v) + (nw[0] * (1 - u) + ne[0] * u) * v,
      (sw[1] * (1 - u) + se[1] * u) * (1 - v) + (nw[1] * (1 - u) + ne[1] * u) * v,
    ];
  };
  const centre = fromHk1980([minE + width / 2, minN + height / 2]);
  const northOfCentre = fromHk1980([minE + width / 2, minN + height / 2 + 100]);
  const scale = metresPerDegree(centre[1]);
  const gridNorthAzimuth = Math.atan2((northOfCentre[0] - centre[0]) * scale.longitude, (northOfCentre[1] - centre[1]) * scale.latitude);
  return { originEasting: minE, originNorthing: minN, width, height, lonLatAt, centre, gridNorthAzimuth };
}

/** Earth-centred, earth-fixed coordinates of a WGS84 longitude/latitude (degrees) and ellipsoidal height. */
export function toEcef(longitude: number, latitude: number, height: number): [number, number, number] {
  const lambda = (longitude * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  const primeVertical = SEMI_MAJOR_AXIS / Math.sqrt(1 - ECCENTRICITY_SQUARED * Math.sin(phi) ** 2);
  return [
    (primeVertical + height) * Math.cos(phi) * Math.cos(lambda),
    (primeVertical + height) * Math.cos(phi) * Math.sin(lambda),
    (primeVertical * (1 - ECCENTRICITY_SQUARED) + height) * Math.sin(phi),
  ];
}

/** Longitude/latitude (degrees) and ellipsoidal height of an ECEF point (Bowring's iteration, converged). */
export function fromEcef([x, y, z]: readonly number[]): [number, number, number] {
  const longitude = Math.atan2(y, x);
  const p = Math.hypot(x, y);
  let latitude = Math.atan2(z, p * (1 - ECCENTRICITY_SQUARED));
  let height = 0;
  for (let k = 0; k < 8; k += 1) {
    const primeVertical = SEMI_MAJOR_AXIS / Math.sqrt(1 - ECCENTRICITY_SQUARED * Math.sin(latitude) ** 2);
    height = p / Math.cos(latitude) - primeVertical;
    latitude = Math.atan2(z, p * (1 - (ECCENTRICITY_SQUARED * primeVertical) / (primeVertical + height)));
  }
  return [(longitude * 180) / Math.PI, (latitude * 180) / Math.PI, height];
}

/**
 * The 4x4 column-major matrix from the sheet's centred local frame (x = grid east, y = grid north, z = up,
 * metres, origin at the sheet centre on the ellipsoid) to ECEF: the east-north-up frame at the centre, turned
 * by the grid convergence so the grid axes line up. The grid's scale error here (under 3 cm per km) is left out.
 */
export function centreToEcefMatrix(frame: SheetFrame): number[] {
  const [longitude, latitude] = frame.centre;
  const lambda = (longitude * Math.PI) / 180;
  const phi = (latitude * Math.PI) / 180;
  const east = [-Math.sin(lambda), Math.cos(lambda), 0];
  const north = [-Math.sin(phi) * Math.cos(lambda), -Math.sin(phi) * Math.sin(lambda), Math.cos(phi)];
  const up = [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  const alpha = frame.gridNorthAzimuth;
  // Grid east has azimuth 90° + alpha, grid north azimuth alpha.
  const gridEast = east.map((e, k) => e * Math.cos(alpha) - north[k] * Math.sin(alpha));
  const gridNorth = east.map((e, k) => e * Math.sin(alpha) + north[k] * Math.cos(alpha));
  const origin = toEcef(longitude, latitude, 0);
  return [...gridEast, 0, ...gridNorth, 0, ...up, 0, ...origin, 1];
}
