/**
 * The SHP download of one venue: a zip of two Shapefile layers, `<venueId>_floors` (Polygon, one record per
 * floor area) and `<venueId>_walls` (PolyLine, one record per wall), each as .shp, .shx, .dbf, .prj (WGS84)
 * and .cpg (UTF-8). The attribute table carries the venue, floor, kind, heights and names.
 */
import { createZip, type ZipEntry } from '../download/zip';
import { SHAPE_TYPE, UTF8_CPG, WGS84_PRJ, writeDbf, writeShapes, type DbfField, type DbfValue, type ShapeType } from './shapefile';
import type { IndoorVenue, LonLat, VenueFloorArea, VenueWall } from './venues';

/**
 * The date stamped on every package and table (ZIP entry times, dBASE last update): fixed, so the same data
 * gives the same bytes and ETag on every server. Built from local calendar fields, as both formats store
 * local dates: midnight of 21 April 2024, the date of the data snapshots, whatever the server's time zone.
 */
export const INDOOR_PACKAGE_DATE = new Date(2024, 3, 21);

/** Attribute fields of both layers (dBASE names: at most 10 characters). */
export const VENUE_DBF_FIELDS: readonly DbfField[] = [
  { name: 'VENUE_ID', type: 'C' },
  { name: 'FLOOR', type: 'C' },
  { name: 'KIND', type: 'C' },
  { name: 'BASE_M', type: 'N', length: 10, decimals: 2 },
  { name: 'TOP_M', type: 'N', length: 10, decimals: 2 },
  { name: 'NAME_EN', type: 'C' },
  { name: 'NAME_TC', type: 'C' },
  { name: 'NAME_SC', type: 'C' },
  { name: 'FLOOR_EN', type: 'C' },
  { name: 'FLOOR_TC', type: 'C' },
  { name: 'FLOOR_SC', type: 'C' },
];

function attributes(venue: IndoorVenue, item: VenueFloorArea | VenueWall): DbfValue[] {
  const { id, name } = venue.summary;
  return [
    id,
    item.floor,
    item.kind,
    item.baseMetres,
    item.topMetres,
    name['en-US'],
    name['zh-HK'],
    name['zh-CN'],
    item.floorName['en-US'],
    item.floorName['zh-HK'],
    item.floorName['zh-CN'],
  ];
}

function layerFiles(baseName: string, shapeType: ShapeType, shapes: LonLat[][][], rows: DbfValue[][]): ZipEntry[] {
  const { shp, shx } = writeShapes(shapeType, shapes);
  return [
    { name: `${baseName}.shp`, data: shp },
    { name: `${baseName}.shx`, data: shx },
    { name: `${baseName}.dbf`, data: writeDbf(VENUE_DBF_FIELDS, rows, INDOOR_PACKAGE_DATE) },
    { name: `${baseName}.prj`, data: Buffer.from(WGS84_PRJ, 'ascii') },
    { name: `${baseName}.cpg`, data: Buffer.from(UTF8_CPG, 'ascii') },
  ];
}

/** The zipped Shapefile set of a venue. */
export function venueShapefileZip(venue: IndoorVenue): Buffer {
  const id = venue.summary.id;
  return createZip(
    [
      ...layerFiles(`${id}_floors`, SHAPE_TYPE.polygon, venue.areas.map((area) => area.rings), venue.areas.map((area) => attributes(venue, area))),
      ...layerFiles(`${id}_walls`, SHAPE_TYPE.polyline, venue.walls.map((wall) => [wall.line]), venue.walls.map((wall) => attributes(venue, wall))),
    ],
    INDOOR_PACKAGE_DATE,
  );
}
