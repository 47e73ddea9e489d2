/**
 * An independent Shapefile reader for the tests, written from the ESRI Shapefile Technical Description (not
 * from the writer): it reads the .shp, .shx and .dbf of a layer and throws on anything the description forbids,
 * so a test that reads a file back checks its structure as well as its values.
 */
import { expect } from 'vitest';

export interface ReadShape {
  recordNumber: number;
  shapeType: number;
  box: [number, number, number, number];
  parts: Array<Array<[number, number]>>;
}

export interface ReadShapefile {
  shapeType: number;
  box: [number, number, number, number];
  shapes: ReadShape[];
}

function readHeader(file: Buffer, name: string) {
  expect(file.length, `${name} is shorter than its header`).toBeGreaterThanOrEqual(100);
  expect(file.readInt32BE(0), `${name} file code`).toBe(9994);
  for (let at = 4; at < 24; at += 4) expect(file.readInt32BE(at), `${name} unused header bytes ${at}`).toBe(0);
  expect(file.readInt32BE(24) * 2, `${name} file length (16-bit words) × 2 = bytes`).toBe(file.length);
  expect(file.readInt32LE(28), `${name} version`).toBe(1000);
  const box: [number, number, number, number] = [file.readDoubleLE(36), file.readDoubleLE(44), file.readDoubleLE(52), file.readDoubleLE(60)];
  return { shapeType: file.readInt32LE(32), box };
}

/** Reads a .shp with its .shx; checks headers, record numbering, lengths, offsets and boxes. */
export function readShapefile(shp: Buffer, shx: Buffer): ReadShapefile {
  const main = readHeader(shp, '.shp');
  const index = readHeader(shx, '.shx');
  expect(index).toEqual(main);
  expect((shx.length - 100) % 8, '.shx holds 8-byte records').toBe(0);
  const shapes: ReadShape[] = [];
  let at = 100;
  while (at < shp.length) {
    const recordNumber = shp.readInt32BE(at);
    const contentBytes = shp.readInt32BE(at + 4) * 2;
    expect(recordNumber, 'records are numbered from 1').toBe(shapes.length + 1);
    const indexAt = 100 + shapes.length * 8;
    expect(shx.readInt32BE(indexAt) * 2, `.shx offset of record ${recordNumber}`).toBe(at);
    expect(shx.readInt32BE(indexAt + 4) * 2, `.shx content length of record ${recordNumber}`).toBe(contentBytes);
    const content = shp.subarray(at + 8, at + 8 + contentBytes);
    expect(content.length, `record ${recordNumber} runs past the end`).toBe(contentBytes);
    const shapeType = content.readInt32LE(0);
    expect(shapeType, 'every record has the file shape type').toBe(main.shapeType);
    const box: [number, number, number, number] = [content.readDoubleLE(4), content.readDoubleLE(12), content.readDoubleLE(20), content.readDoubleLE(28)];
    const numParts = content.readInt32LE(36);
    const numPoints = content.readInt32LE(40);
    expect(contentBytes, `record ${recordNumber} content length`).toBe(44 + 4 * numParts + 16 * numPoints);
    const starts = Array.from({ length: numParts }, (_, part) => content.readInt32LE(44 + 4 * part));
    expect(starts[0]).toBe(0);
    const pointsAt = 44 + 4 * numParts;
    const points = Array.from({ length: numPoints }, (_, point): [number, number] => [
      content.readDoubleLE(pointsAt + 16 * point),
      content.readDoubleLE(pointsAt + 16 * point + 8),
    ]);
    const parts = starts.map((start, part) => points.slice(start, starts[part + 1] ?? numPoints));
    for (const [x, y] of points) {
      expect(x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3], `record ${recordNumber} box holds (${x}, ${y})`).toBe(true);
      expect(x >= main.box[0] && x <= main.box[2] && y >= main.box[1] && y <= main.box[3], `file box holds (${x}, ${y})`).toBe(true);
    }
    expect(Math.min(...points.map((p) => p[0]))).toBe(box[0]);
    expect(Math.max(...points.map((p) => p[1]))).toBe(box[3]);
    shapes.push({ recordNumber, shapeType, box, parts });
    at += 8 + contentBytes;
  }
  expect(at).toBe(shp.length);
  expect(shapes.length, '.shp and .shx hold the same number of records').toBe((shx.length - 100) / 8);
  return { ...main, shapes };
}

/** Twice the signed area (shoelace): negative for a clockwise ring in x-east, y-north axes. */
export function ringOrientation(ring: ReadonlyArray<[number, number]>): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i += 1) sum += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
  return sum;
}

export interface ReadDbf {
  year: number;
  month: number;
  day: number;
  fields: Array<{ name: string; type: string; length: number; decimals: number }>;
  rows: Array<Record<string, string | number>>;
}

/** Reads a dBASE III table with UTF-8 text; checks the header, field descriptors, record length and end marker. */
export function readDbf(dbf: Buffer): ReadDbf {
  expect(dbf.readUInt8(0), 'dBASE III without memo').toBe(0x03);
  const count = dbf.readUInt32LE(4);
  const headerBytes = dbf.readUInt16LE(8);
  const recordBytes = dbf.readUInt16LE(10);
  expect((headerBytes - 33) % 32, 'header = 32 + 32 per field + terminator').toBe(0);
  expect(dbf.readUInt8(headerBytes - 1), 'field descriptor terminator').toBe(0x0d);
  const fields = Array.from({ length: (headerBytes - 33) / 32 }, (_, index) => {
    const at = 32 + index * 32;
    const rawName = dbf.subarray(at, at + 11);
    const end = rawName.indexOf(0);
    expect(end, 'field name is NUL-terminated within 11 bytes').toBeGreaterThan(0);
    expect([...rawName.subarray(end)].every((byte) => byte === 0), 'field name padded with NULs').toBe(true);
    return { name: rawName.subarray(0, end).toString('latin1'), type: String.fromCharCode(dbf[at + 11]), length: dbf[at + 16], decimals: dbf[at + 17] };
  });
  expect(recordBytes, 'record length = deletion flag + field lengths').toBe(1 + fields.reduce((sum, field) => sum + field.length, 0));
  expect(dbf.length, 'file length = header + records + end marker').toBe(headerBytes + count * recordBytes + 1);
  expect(dbf[dbf.length - 1], 'end-of-file marker').toBe(0x1a);
  const rows = Array.from({ length: count }, (_, row) => {
    let at = headerBytes + row * recordBytes;
    expect(dbf[at], 'record not deleted').toBe(0x20);
    at += 1;
    const values: Record<string, string | number> = {};
    for (const field of fields) {
      const raw = dbf.subarray(at, at + field.length);
      at += field.length;
      if (field.type === 'N') {
        const text = raw.toString('latin1');
        expect(text, `${field.name} is right-aligned`).toMatch(/^ *-?\d+(\.\d+)?$/);
        values[field.name] = Number(text.trim());
      } else {
        const text = raw.toString('utf8');
        expect(text.includes('\uFFFD'), `${field.name} is valid UTF-8`).toBe(false);
        values[field.name] = text.replace(/ +$/, '');
      }
    }
    return values;
  });
  return { year: 1900 + dbf[1], month: dbf[2], day: dbf[3], fields, rows };
}
