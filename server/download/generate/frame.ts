/**
 * A sheet's local frame: metres east and north of its south-west corner on the HK1980 Grid, height in metres
 * up. Converts local points to WGS84 longitude/latitude and gives the ENU-to-ECEF matrix that places the
 * sheet on the globe (3D Tiles `transform`).
 */
import { toEcef } from '../../../core/contracts/ecef';
import { fromHk1980 } from '../../../core/contracts/hk1980';
import type { GridBounds } from '../../../core/contracts/mapSheets';
import { metresPerDegree } from '../../geo/local-metres';

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
