/**
 * HK1980 Grid (EPSG:2326) <-> WGS84 longitude/latitude, shared by the server (terrain, UTM, identify, map
 * sheets) and the client (the download grid). Isomorphic: proj4 only.
 */
import proj4 from 'proj4';

/** EPSG:2326 as given in ../shared/data/hk/SOURCES.md (projection from epsg.io, EPSG 1825 datum shift). */
export const HK1980_PROJ4 =
  '+proj=tmerc +lat_0=22.31213333333334 +lon_0=114.1785555555556 +k=1 +x_0=836694.05 +y_0=819069.8 ' +
  '+ellps=intl +towgs84=-162.619,-276.959,-161.764,0.067753,-2.243649,-1.158827,-1.094246 +units=m +no_defs';

const hk1980 = proj4('EPSG:4326', HK1980_PROJ4);

/** HK1980 Grid easting/northing (metres) of a WGS84 longitude/latitude. */
export function toHk1980([longitude, latitude]: readonly [number, number]): [number, number] {
  const [easting, northing] = hk1980.forward([longitude, latitude]);
  return [easting, northing];
}

/** WGS84 longitude/latitude of an HK1980 Grid easting/northing. */
export function fromHk1980([easting, northing]: readonly [number, number]): [number, number] {
  const [longitude, latitude] = hk1980.inverse([easting, northing]);
  return [longitude, latitude];
}
