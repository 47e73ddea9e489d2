/**
 * WGS84 UTM <-> HK1980 Grid for the UTM grid lookup, the identify answer and the viewer's inspector (isomorphic:
 * proj4 only, so the server and the client give the same grid reference). Zones 49 and 50, band Q (Hong Kong).
 * Conversions by proj4 with the EPSG:2326 definition of ../shared/data/hk/SOURCES.md (HK1980_PROJ4).
 *
 * Grid references follow the MGRS letter scheme (WGS84, "AA" lettering): 100 km column letters cycle through
 * three sets of eight by zone (A–H, J–R, S–Z; no I or O), row letters A–V (no I or O) start at A in odd zones and
 * at F in even zones; then the easting and northing within that 100 km square in whole kilometres. So
 * 2471279 N 205494 E in zone 50 is `50Q KK 05 71`: the 1 km square whose south-west corner is 205000 E 2471000 N.
 */
import proj4 from 'proj4';
import { UTM_GRID_SQUARE_METRES, UTM_ZONE_EXTENTS, type UtmLookupResponse, type UtmZoneName } from './utm';
import { toHk1980 } from './hk1980';

const COLUMN_LETTER_SETS = ['ABCDEFGH', 'JKLMNPQR', 'STUVWXYZ'];
const ROW_LETTERS = 'ABCDEFGHJKLMNPQRSTUV';
const LATITUDE_BAND = 'Q';

export type UtmZoneNumber = 49 | 50;

const utmProjections = new Map<UtmZoneNumber, proj4.Converter>();
function utmProjection(zone: UtmZoneNumber): proj4.Converter {
  let projection = utmProjections.get(zone);
  if (!projection) {
    projection = proj4('EPSG:4326', `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`);
    utmProjections.set(zone, projection);
  }
  return projection;
}

export function toUtm(zone: UtmZoneNumber, longitudeLatitude: readonly [number, number]): [number, number] {
  const [easting, northing] = utmProjection(zone).forward([longitudeLatitude[0], longitudeLatitude[1]]);
  return [easting, northing];
}

export function fromUtm(zone: UtmZoneNumber, eastingNorthing: readonly [number, number]): [number, number] {
  const [longitude, latitude] = utmProjection(zone).inverse([eastingNorthing[0], eastingNorthing[1]]);
  return [longitude, latitude];
}

/** The zone a longitude falls in (49 west of 114°E, else 50). */
export function utmZoneOf(longitude: number): UtmZoneNumber {
  return longitude < 114 ? 49 : 50;
}

/** The MGRS-style reference of the 1 km square containing a UTM point, e.g. `50Q KK 05 71`. */
export function gridSquareName(zone: UtmZoneNumber, easting: number, northing: number): string {
  const columnSet = COLUMN_LETTER_SETS[(zone - 1) % 3];
  const column = columnSet[(Math.floor(easting / 100_000) - 1 + 8) % 8];
  const rowOffset = zone % 2 === 0 ? 5 : 0;
  const row = ROW_LETTERS[(Math.floor(northing / 100_000) + rowOffset) % 20];
  const km = (metres: number) => String(Math.floor((metres % 100_000) / 1000)).padStart(2, '0');
  return `${zone}${LATITUDE_BAND} ${column}${row} ${km(easting)} ${km(northing)}`;
}

const millimetres = (metres: number) => Math.round(metres * 1000) / 1000;

/** The UTM lookup answer: the 1 km square around the point, its corners SW, SE, NE, NW on the HK1980 Grid. */
export function utmGridSquare(zoneName: UtmZoneName, easting: number, northing: number): UtmLookupResponse {
  const zone = UTM_ZONE_EXTENTS[zoneName].zone;
  const size = UTM_GRID_SQUARE_METRES;
  const west = Math.floor(easting / size) * size;
  const south = Math.floor(northing / size) * size;
  const corners: Array<[number, number]> = [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
  ];
  const vertices = corners.flatMap((corner) => toHk1980(fromUtm(zone, corner)).map(millimetres));
  return { VERTICES_SEQ: vertices.join(','), NAME: gridSquareName(zone, easting, northing) };
}

/** The grid reference of a WGS84 point (identify), in the zone its longitude falls in. */
export function gridReferenceAt(longitude: number, latitude: number): string {
  const zone = utmZoneOf(longitude);
  const [easting, northing] = toUtm(zone, [longitude, latitude]);
  return gridSquareName(zone, easting, northing);
}
