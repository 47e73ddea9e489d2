/**
 * A Shapefile writer (ESRI Shapefile Technical Description, July 1998) for 2D PolyLine (type 3) and Polygon
 * (type 5) layers, with the dBASE III attribute table, the `.prj` and the `.cpg` that go with them.
 *
 * Layout, per the description:
 *  - `.shp` and `.shx` start with the same 100-byte header: file code 9994 and the file length (in 16-bit words)
 *    big-endian; version 1000, shape type and the bounding box (Xmin, Ymin, Xmax, Ymax, then Z and M ranges, 0
 *    here) little-endian;
 *  - each `.shp` record is a header (record number from 1, content length in 16-bit words, big-endian) and the
 *    content (shape type, box, part count, point count, part starts, points; little-endian);
 *  - each `.shx` record is the record's offset and content length in 16-bit words, big-endian;
 *  - polygon rings are closed, the outer ring clockwise and holes counter-clockwise (the reverse of GeoJSON).
 * The dBASE file has one row per shape in the same order. Character fields are UTF-8 (declared by the `.cpg`),
 * padded with spaces to the longest value of the file (at most 254 bytes, cut at a character boundary).
 */
import type { LonLat } from './venues';

export const SHAPE_TYPE = { polyline: 3, polygon: 5 } as const;
export type ShapeType = (typeof SHAPE_TYPE)[keyof typeof SHAPE_TYPE];

const FILE_CODE = 9994;
const VERSION = 1000;
const HEADER_BYTES = 100;
const RECORD_HEADER_BYTES = 8;

/** WGS84 longitude/latitude in the ESRI well-known-text form GIS packages write into `.prj` files. */
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** The code page file: the `.dbf` character fields are UTF-8. */
export const UTF8_CPG = 'UTF-8';

type Box = [number, number, number, number];

function boxOf(points: Iterable<LonLat>): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    box[0] = Math.min(box[0], x);
    box[1] = Math.min(box[1], y);
    box[2] = Math.max(box[2], x);
    box[3] = Math.max(box[3], y);
  }
  return box;
}

function signedArea(ring: readonly LonLat[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  return sum / 2;
}

/** A polygon's rings as the Shapefile wants them: closed, the first (outer) clockwise, the others counter-clockwise. */
export function shapefileRings(rings: readonly (readonly LonLat[])[]): LonLat[][] {
  return rings.map((ring, index) => {
    const closed: LonLat[] = ring.map(([x, y]) => [x, y]);
    const [first, last] = [closed[0], closed[closed.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) closed.push([first[0], first[1]]);
    const clockwise = signedArea(closed) < 0;
    const wantClockwise = index === 0;
    return clockwise === wantClockwise ? closed : closed.reverse();
  });
}

function writeHeader(buffer: Buffer, shapeType: ShapeType, fileBytes: number, box: Box): void {
  buffer.writeInt32BE(FILE_CODE, 0);
  buffer.writeInt32BE(fileBytes / 2, 24);
  buffer.writeInt32LE(VERSION, 28);
  buffer.writeInt32LE(shapeType, 32);
  box.forEach((value, index) => buffer.writeDoubleLE(value, 36 + index * 8));
  // Zmin, Zmax, Mmin, Mmax (bytes 68–99) stay 0: the shapes are 2D.
}

/**
 * The `.shp` and `.shx` of a layer: each shape is a list of parts (rings of a polygon, or lines of a polyline).
 * Polygon rings are reoriented and closed here; every shape needs at least one part of two points.
 */
export function writeShapes(shapeType: ShapeType, shapes: readonly (readonly (readonly LonLat[])[])[]): { shp: Buffer; shx: Buffer } {
  const prepared = shapes.map((parts, index) => {
    if (parts.length === 0 || parts.some((part) => part.length < 2)) throw new Error(`Shape ${index + 1} has an empty part`);
    return shapeType === SHAPE_TYPE.polygon ? shapefileRings(parts) : parts.map((part) => [...part]);
  });
  const contentBytes = prepared.map((parts) => 44 + 4 * parts.length + 16 * parts.reduce((sum, part) => sum + part.length, 0));
  const shpBytes = HEADER_BYTES + contentBytes.reduce((sum, bytes) => sum + RECORD_HEADER_BYTES + bytes, 0);
  const shxBytes = HEADER_BYTES + RECORD_HEADER_BYTES * prepared.length;
  const shp = Buffer.alloc(shpBytes);
  const shx = Buffer.alloc(shxBytes);
  // An empty layer has no extent: its box is all zeros.
  const fileBox: Box = prepared.length > 0 ? boxOf(prepared.flatMap((parts) => parts.flatMap((part) => part))) : [0, 0, 0, 0];
  writeHeader(shp, shapeType, shpBytes, fileBox);
  writeHeader(shx, shapeType, shxBytes, fileBox);

  let offset = HEADER_BYTES;
  prepared.forEach((parts, index) => {
    const points = parts.flatMap((part) => part);
    shx.writeInt32BE(offset / 2, HEADER_BYTES + index * RECORD_HEADER_BYTES);
    shx.writeInt32BE(contentBytes[index] / 2, HEADER_BYTES + index * RECORD_HEADER_BYTES + 4);
    shp.writeInt32BE(index + 1, offset);
    shp.writeInt32BE(contentBytes[index] / 2, offset + 4);
    let at = offset + RECORD_HEADER_BYTES;
    shp.writeInt32LE(shapeType, at);
    boxOf(points).forEach((value, corner) => shp.writeDoubleLE(value, at + 4 + corner * 8));
    shp.writeInt32LE(parts.length, at + 36);
    shp.writeInt32LE(points.length, at + 40);
    at += 44;
    let start = 0;
    for (const part of parts) {
      shp.writeInt32LE(start, at);
      at += 4;
      start += part.length;
    }
    for (const [x, y] of points) {
      shp.writeDoubleLE(x, at);
      shp.writeDoubleLE(y, at + 8);
      at += 16;
    }
    offset = at;
  });
  return { shp, shx };
}

/** A dBASE field: `C` text (UTF-8) or `N` number with a fixed count of decimals. */
export type DbfField = { name: string; type: 'C' } | { name: string; type: 'N'; length: number; decimals: number };
export type DbfValue = string | number;

const MAX_CHARACTER_BYTES = 254;

/** The longest prefix of the text that fits in `limit` UTF-8 bytes without cutting a character. */
function utf8Prefix(text: string, limit: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= limit) return bytes;
  let end = limit;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

/**
 * A dBASE III table (`.dbf`): version 3, last-update date `modified`, the field descriptors, one row per record
 * (a space as the not-deleted flag, then the fields), and the 0x1A end-of-file marker.
 */
export function writeDbf(fields: readonly DbfField[], rows: readonly (readonly DbfValue[])[], modified: Date): Buffer {
  for (const field of fields) {
    if (!/^[A-Z][A-Z0-9_]{0,9}$/.test(field.name)) throw new Error(`dBASE field name '${field.name}' must be 1-10 upper-case letters, digits or _`);
  }
  const encoded = rows.map((row, rowIndex) => {
    if (row.length !== fields.length) throw new Error(`Row ${rowIndex + 1} has ${row.length} values for ${fields.length} fields`);
    return fields.map((field, index) => {
      const value = row[index];
      if (field.type === 'C') return utf8Prefix(String(value), MAX_CHARACTER_BYTES);
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`Field ${field.name} of row ${rowIndex + 1} is not a number`);
      const text = value.toFixed(field.decimals);
      if (text.length > field.length) throw new Error(`${text} does not fit field ${field.name} (${field.length} characters)`);
      return Buffer.from(text.padStart(field.length, ' '), 'latin1');
    });
  });
  const lengths = fields.map((field, index) =>
    field.type === 'N' ? field.length : Math.max(1, ...encoded.map((values) => values[index].length)),
  );
  const headerBytes = 32 + 32 * fields.length + 1;
  const recordBytes = 1 + lengths.reduce((sum, length) => sum + length, 0);
  const dbf = Buffer.alloc(headerBytes + recordBytes * rows.length + 1, 0);
  dbf.writeUInt8(0x03, 0);
  // Local calendar date, like the ZIP time stamps (server/download/zip.ts), so one Date gives one day in both.
  dbf.writeUInt8(modified.getFullYear() - 1900, 1);
  dbf.writeUInt8(modified.getMonth() + 1, 2);
  dbf.writeUInt8(modified.getDate(), 3);
  dbf.writeUInt32LE(rows.length, 4);
  dbf.writeUInt16LE(headerBytes, 8);
  dbf.writeUInt16LE(recordBytes, 10);
  fields.forEach((field, index) => {
    const at = 32 + 32 * index;
    dbf.write(field.name, at, 'latin1');
    dbf.write(field.type, at + 11, 'latin1');
    dbf.writeUInt8(lengths[index], at + 16);
    dbf.writeUInt8(field.type === 'N' ? field.decimals : 0, at + 17);
  });
  dbf.writeUInt8(0x0d, headerBytes - 1);
  encoded.forEach((values, rowIndex) => {
    let at = headerBytes + rowIndex * recordBytes;
    dbf.write(' ', at, 'latin1');
    at += 1;
    values.forEach((bytes, index) => {
      // Text is left-aligned and padded with spaces; numbers arrive already right-aligned to their width.
      dbf.fill(0x20, at, at + lengths[index]);
      bytes.copy(dbf, at);
      at += lengths[index];
    });
  });
  dbf.writeUInt8(0x1a, dbf.length - 1);
  return dbf;
}
