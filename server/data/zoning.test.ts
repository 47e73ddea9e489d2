import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OZP_ZONES, hexToRgbText, zoningCollectionSchema } from '../../core/contracts/zoning';
import { OZP_ZONES_FILE_VARIABLE, loadZoning } from './zoning';

const dataDir = resolve(import.meta.dirname, '../../data');
const scratch = mkdtempSync(join(tmpdir(), 'hk3d-zoning-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const square = (west: number, south: number, size = 0.001) => [
  [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
    [west, south],
  ],
];
/** Writes a small OZP zone file (the documented format) and returns its path. */
function zoneFile(name: string, content: unknown): string {
  const path = join(scratch, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const colourOf = (code: string) => hexToRgbText(OZP_ZONES.find((zone) => zone.code === code)!.colour);

describe('zoning layer without an OZP file: the Kwun Tong buildings by their zone', () => {
  const { collection } = loadZoning(dataDir, {});

  it('has every one of the 491 buildings, coloured and named by the zone it stands in', () => {
    expect(zoningCollectionSchema.parse(collection).coverage).toBe('kwun-tong-buildings');
    expect(collection.features).toHaveLength(491);
    const counts = new Map<string | null, number>();
    for (const feature of collection.features) counts.set(feature.properties.zoneCode, (counts.get(feature.properties.zoneCode) ?? 0) + 1);
    // The source's zones: OU 457 (Business 449, Sewage Treatment Plant 7, Petrol Filling Station 1), G/IC 18, C 11, O 4, MRDJ 1.
    expect(Object.fromEntries(counts)).toEqual({ OU: 457, 'G/IC': 18, C: 11, O: 4, MRDJ: 1 });
  });

  it('names a zone, its sub-zone and an OU zone\'s use in three languages, with the plan number', () => {
    const cBons = collection.features.find((feature) => feature.properties.building_EN === 'C-Bons International Centre')!;
    expect(cBons.properties).toMatchObject({
      zone: 'OU',
      key_EN: 'Other Specified Uses (Business)',
      key_TC: '其他指定用途（商貿）',
      key_SC: '其他指定用途（商贸）',
      specifiedUse_SC: '商贸',
      planNo: 'S/K14S/22',
      building_TC: '絲寶國際大廈',
      _value_1: colourOf('OU'),
    });
    const government = collection.features.find((feature) => feature.properties.zone === 'G/IC(1)')!;
    expect(government.properties).toMatchObject({
      zoneName_EN: 'Government, Institution or Community (1)',
      zoneName_TC: '政府、機構或社區(1)',
      zoneName_SC: '政府、机构或社区(1)',
      _value_1: colourOf('G/IC'),
    });
    expect(government.properties.specifiedUse_EN).toBeUndefined();
  });
});

describe('zoning layer with an OZP zone file', () => {
  it('reads the zone polygons of the file, MultiPolygons included, and says so', () => {
    const path = zoneFile('zones.geojson', {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { zone: 'R(A)3', plan_no: 'S/K14S/22' }, geometry: { type: 'Polygon', coordinates: square(114.22, 22.31) } },
        { type: 'Feature', properties: { zone: 'GB' }, geometry: { type: 'MultiPolygon', coordinates: [square(114.23, 22.32), square(114.24, 22.32)] } },
        { type: 'Feature', properties: { zone: 'OU', specified_use: 'railway depot' }, geometry: { type: 'Polygon', coordinates: square(114.25, 22.33) } },
      ],
    });
    const { collection, skipped } = loadZoning(dataDir, { [OZP_ZONES_FILE_VARIABLE]: path });
    expect(skipped).toEqual([]);
    expect(zoningCollectionSchema.parse(collection).coverage).toBe('ozp-file');
    expect(collection.features.map((feature) => [feature.properties.key_EN, feature.geometry.type, feature.properties._value_1])).toEqual([
      ['Residential (Group A) 3', 'Polygon', colourOf('R(A)')],
      ['Green Belt', 'MultiPolygon', colourOf('GB')],
      ['Other Specified Uses (Railway Depot)', 'Polygon', colourOf('OU')],
    ]);
    expect(collection.features[0].properties.planNo).toBe('S/K14S/22');
  });

  it('skips features without a zone or a drawable polygon, naming each, and keeps the others', () => {
    const path = zoneFile('partly.geojson', {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: square(114.22, 22.31) } },
        { type: 'Feature', properties: { zone: 'C' }, geometry: { type: 'Point', coordinates: [114.22, 22.31] } },
        { type: 'Feature', properties: { zone: 'C' }, geometry: { type: 'Polygon', coordinates: [[[114.22, 22.31], [114.23, 22.31]]] } },
        { type: 'Feature', properties: { zone: 'XYZ' }, geometry: { type: 'Polygon', coordinates: square(114.22, 22.31) } },
      ],
    });
    const { collection, skipped } = loadZoning(dataDir, { [OZP_ZONES_FILE_VARIABLE]: path });
    expect(skipped).toEqual([
      'feature 0: no zone code in property "zone"',
      'feature 1: geometry must be a Polygon or MultiPolygon, not Point',
      'feature 2: a ring needs at least four [longitude, latitude] positions',
    ]);
    // A code outside the notation is still drawn, named by its code, in the unknown-zone grey.
    expect(collection.features.map((feature) => [feature.properties.key_EN, feature.properties.zoneCode])).toEqual([['XYZ', null]]);
  });

  it('stops with a message naming the file when it cannot be used', () => {
    const cases: Array<[unknown, RegExp]> = [
      ['{ not json', /cannot be read as JSON/],
      [{ type: 'Feature' }, /expected a GeoJSON FeatureCollection/],
      [{ type: 'FeatureCollection', features: [] }, /no usable zone/],
      // Still on the HK 1980 Grid: metres, not degrees.
      [{ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { zone: 'C' }, geometry: { type: 'Polygon', coordinates: square(835000, 818000, 50) } }] }, /outside Hong Kong.*EPSG:4326/],
    ];
    cases.forEach(([content, message], index) => {
      const path = zoneFile(`bad-${index}.geojson`, content);
      expect(() => loadZoning(dataDir, { [OZP_ZONES_FILE_VARIABLE]: path })).toThrow(new RegExp(`${path.replace(/[.\\/-]/g, '\\$&')}.*`));
      expect(() => loadZoning(dataDir, { [OZP_ZONES_FILE_VARIABLE]: path })).toThrow(message);
    });
    expect(() => loadZoning(dataDir, { [OZP_ZONES_FILE_VARIABLE]: join(scratch, 'missing.geojson') })).toThrow(/OZP_ZONES_FILE=.*missing\.geojson: no such file/);
  });
});
