import { describe, expect, it } from 'vitest';
import { SHAPE_TYPE, writeDbf, writeShapes } from './shapefile';
import { readDbf, readShapefile, ringOrientation } from './testing/shapefileReader';
import type { LonLat } from './venues';

/** A square with a square hole, both counter-clockwise in GeoJSON order (outer) and clockwise (hole). */
const outer: LonLat[] = [
  [114.0, 22.0],
  [114.01, 22.0],
  [114.01, 22.01],
  [114.0, 22.01],
  [114.0, 22.0],
];
const hole: LonLat[] = [
  [114.004, 22.004],
  [114.004, 22.006],
  [114.006, 22.006],
  [114.006, 22.004],
  [114.004, 22.004],
];

describe('writeShapes', () => {
  it('writes polygons the reader takes back: headers, offsets, boxes, outer rings clockwise and holes counter-clockwise', () => {
    const unclosedTriangle: LonLat[] = [
      [114.1, 22.3],
      [114.2, 22.3],
      [114.15, 22.4],
    ];
    const { shp, shx } = writeShapes(SHAPE_TYPE.polygon, [[outer, hole], [unclosedTriangle]]);
    const read = readShapefile(shp, shx);
    expect(read.shapeType).toBe(5);
    expect(read.box).toEqual([114.0, 22.0, 114.2, 22.4]);
    expect(read.shapes).toHaveLength(2);
    const [square, triangle] = read.shapes;
    expect(square.parts).toHaveLength(2);
    expect(ringOrientation(square.parts[0])).toBeLessThan(0);
    expect(ringOrientation(square.parts[1])).toBeGreaterThan(0);
    expect(square.parts[0]).toEqual([...outer].reverse());
    expect(square.box).toEqual([114.0, 22.0, 114.01, 22.01]);
    // The writer closes an open ring.
    expect(triangle.parts[0]).toHaveLength(4);
    expect(triangle.parts[0][3]).toEqual(triangle.parts[0][0]);
    expect(shp.length).toBe(100 + (8 + 44 + 2 * 4 + 10 * 16) + (8 + 44 + 4 + 4 * 16));
  });

  it('writes polylines as given, one part per line', () => {
    const line: LonLat[] = [
      [114.3, 22.5],
      [114.2, 22.6],
    ];
    const read = readShapefile(...(Object.values(writeShapes(SHAPE_TYPE.polyline, [[line], [outer]])) as [Buffer, Buffer]));
    expect(read.shapeType).toBe(3);
    expect(read.shapes.map((shape) => shape.parts)).toEqual([[line], [outer]]);
    expect(read.box).toEqual([114.0, 22.0, 114.3, 22.6]);
  });

  it('writes an empty layer as a bare header, and refuses a part with fewer than two points', () => {
    const read = readShapefile(...(Object.values(writeShapes(SHAPE_TYPE.polyline, [])) as [Buffer, Buffer]));
    expect(read.shapes).toEqual([]);
    expect(() => writeShapes(SHAPE_TYPE.polyline, [[[[114, 22]]]])).toThrow(/Shape 1 has an empty part/);
  });
});

describe('writeDbf', () => {
  const date = new Date(2024, 3, 21);

  it('writes a dBASE III table: date, field descriptors sized to the longest UTF-8 value, padded rows', () => {
    const dbf = writeDbf(
      [
        { name: 'NAME_TC', type: 'C' },
        { name: 'TOP_M', type: 'N', length: 10, decimals: 2 },
      ],
      [
        ['金鐘站', -8],
        ['A', 12.345],
      ],
      date,
    );
    const read = readDbf(dbf);
    expect([read.year, read.month, read.day]).toEqual([2024, 4, 21]);
    expect(read.fields).toEqual([
      { name: 'NAME_TC', type: 'C', length: 9, decimals: 0 },
      { name: 'TOP_M', type: 'N', length: 10, decimals: 2 },
    ]);
    expect(read.rows).toEqual([
      { NAME_TC: '金鐘站', TOP_M: -8 },
      { NAME_TC: 'A', TOP_M: 12.35 },
    ]);
  });

  it('cuts text longer than 254 bytes at a character boundary, and rejects bad names and numbers', () => {
    const long = '鐘'.repeat(100);
    const read = readDbf(writeDbf([{ name: 'NAME', type: 'C' }], [[long]], date));
    expect(read.fields[0].length).toBe(252);
    expect(read.rows[0].NAME).toBe('鐘'.repeat(84));
    expect(() => writeDbf([{ name: 'TOO_LONG_NAME', type: 'C' }], [], date)).toThrow(/TOO_LONG_NAME/);
    expect(() => writeDbf([{ name: 'N', type: 'N', length: 4, decimals: 2 }], [[12345]], date)).toThrow(/does not fit/);
    expect(() => writeDbf([{ name: 'N', type: 'N', length: 4, decimals: 0 }], [['x']], date)).toThrow(/not a number/);
  });
});
