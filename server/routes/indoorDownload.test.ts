import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, indoorVenueListResponseSchema } from '../../core/contracts';
import { readZip } from '../download/zip';
import { readDbf, readShapefile, ringOrientation } from '../indoor-download/testing/shapefileReader';
import { useTestServer } from '../test/server';

const app = useTestServer();

const get = (url: string) => app().inject({ method: 'GET', url });
const list = async (query: string) => {
  const response = await get(`/mapviewer/api/indoor/venues${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return indoorVenueListResponseSchema.parse(response.json());
};

/** Whether GDAL's ogrinfo is installed (it usually is not; the test's own reader is then the only oracle). */
function hasOgrinfo(): boolean {
  try {
    execFileSync('ogrinfo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('GET /mapviewer/api/indoor/venues', () => {
  it('lists the 97 stations and 808 buildings, sorted by name', async () => {
    const all = await list('');
    expect(all.total).toBe(905);
    expect(all.venues.filter((venue) => venue.type === 'metro-station')).toHaveLength(97);
    const names = all.venues.map((venue) => venue.name['en-US']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })));
  });

  it('finds Admiralty by part of its English name and by its Traditional or Simplified name', async () => {
    for (const q of ['admir', encodeURIComponent('金鐘'), encodeURIComponent('金钟')]) {
      const found = await list(`?q=${q}`);
      expect(found.venues.map((venue) => venue.id), q).toEqual(['MTR-ADM']);
    }
  });

  it('filters by district letter and venue type, and finds a building by name', async () => {
    const shaTinStations = await list('?district=R&type=metro-station');
    expect(shaTinStations.venues.length).toBeGreaterThan(0);
    expect(shaTinStations.venues.every((venue) => venue.districtCode === 'R' && venue.type === 'metro-station')).toBe(true);
    expect(shaTinStations.venues.map((venue) => venue.id)).toContain('MTR-SHT');
    const building = await list(`?q=${encodeURIComponent('Run Run Shaw')}&type=building`);
    expect(building.venues).toEqual([
      expect.objectContaining({ id: 'BLDG-107139044', name: { 'en-US': 'Run Run Shaw Science Building', 'zh-HK': '逸夫科學大樓', 'zh-CN': '逸夫科学大楼' } }),
    ]);
  });

  it('answers 400 naming a bad district or type', async () => {
    for (const [query, field] of [
      ['?district=I', 'district'],
      ['?type=mall', 'type'],
    ]) {
      const response = await get(`/mapviewer/api/indoor/venues${query}`);
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).field).toBe(field);
    }
  });
});

describe('GET /mapviewer/api/indoor/download/{format}/{venueId}', () => {
  it('sends a venue as a GeoJSON attachment of its floors and walls', async () => {
    const response = await get('/mapviewer/api/indoor/download/GEOJSON/MTR-ADM');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="MTR-ADM.geojson"');
    const collection = response.json();
    expect(collection).toMatchObject({ type: 'FeatureCollection', sample: true, venue: { id: 'MTR-ADM', type: 'metro-station' } });
    const floors = new Set(collection.features.map((feature: { properties: { floor: string } }) => feature.properties.floor));
    expect([...floors]).toEqual(['G', 'C', 'P1', 'P2', 'P3', 'P4']);
    expect(collection.features.filter((feature: { geometry: { type: string } }) => feature.geometry.type === 'LineString').length).toBeGreaterThan(0);
  });

  it('sends a venue as a zipped Shapefile that an independent reader takes back, the same bytes every time', async () => {
    const response = await get('/mapviewer/api/indoor/download/SHP/MTR-ADM');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="MTR-ADM.zip"');
    const entries = new Map(readZip(response.rawPayload).map((entry) => [entry.name, entry.data]));
    expect([...entries.keys()].sort()).toEqual(
      ['floors', 'walls'].flatMap((layer) => ['cpg', 'dbf', 'prj', 'shp', 'shx'].map((extension) => `MTR-ADM_${layer}.${extension}`)).sort(),
    );

    const geojson = (await get('/mapviewer/api/indoor/download/GEOJSON/MTR-ADM')).json() as {
      features: Array<{ geometry: { type: string; coordinates: unknown }; properties: Record<string, string | number> }>;
    };
    for (const [layer, shapeType, geometryType] of [
      ['floors', 5, 'Polygon'],
      ['walls', 3, 'LineString'],
    ] as const) {
      const shapes = readShapefile(entries.get(`MTR-ADM_${layer}.shp`)!, entries.get(`MTR-ADM_${layer}.shx`)!);
      const table = readDbf(entries.get(`MTR-ADM_${layer}.dbf`)!);
      const features = geojson.features.filter((feature) => feature.geometry.type === geometryType);
      expect(shapes.shapeType).toBe(shapeType);
      expect(shapes.shapes).toHaveLength(features.length);
      expect(table.rows).toHaveLength(features.length);
      expect([table.year, table.month, table.day]).toEqual([2024, 4, 21]);
      expect(table.fields.map((field) => `${field.name} ${field.type}`)).toEqual([
        'VENUE_ID C',
        'FLOOR C',
        'KIND C',
        'BASE_M N',
        'TOP_M N',
        'NAME_EN C',
        'NAME_TC C',
        'NAME_SC C',
        'FLOOR_EN C',
        'FLOOR_TC C',
        'FLOOR_SC C',
      ]);
      features.forEach((feature, index) => {
        const row = table.rows[index];
        const properties = feature.properties;
        expect(row).toEqual({
          VENUE_ID: 'MTR-ADM',
          FLOOR: properties.floor,
          KIND: properties.kind,
          BASE_M: properties.baseHeightMetres,
          TOP_M: properties.topHeightMetres,
          NAME_EN: 'Admiralty Station',
          NAME_TC: '金鐘站',
          NAME_SC: '金钟站',
          FLOOR_EN: properties.floorName_EN,
          FLOOR_TC: properties.floorName_TC,
          FLOOR_SC: properties.floorName_SC,
        });
        const shape = shapes.shapes[index];
        if (geometryType === 'Polygon') {
          const ring = (feature.geometry.coordinates as Array<Array<[number, number]>>)[0];
          expect(ringOrientation(shape.parts[0]), 'outer ring clockwise').toBeLessThan(0);
          expect(shape.parts[0]).toEqual([...ring].reverse());
        } else {
          expect(shape.parts).toEqual([feature.geometry.coordinates]);
        }
      });
      expect(entries.get(`MTR-ADM_${layer}.prj`)!.toString('ascii')).toMatch(/^GEOGCS\["GCS_WGS_1984",DATUM\["D_WGS_1984",SPHEROID\["WGS_1984",6378137(\.0)?,298\.257223563\]\]/);
      expect(entries.get(`MTR-ADM_${layer}.cpg`)!.toString('ascii')).toBe('UTF-8');
    }

    const again = await get('/mapviewer/api/indoor/download/SHP/MTR-ADM');
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);

    if (hasOgrinfo()) {
      const folder = mkdtempSync(join(tmpdir(), 'indoor-shp-'));
      try {
        for (const [name, data] of entries) writeFileSync(join(folder, name), data);
        const report = execFileSync('ogrinfo', ['-ro', '-al', '-so', join(folder, 'MTR-ADM_floors.shp')], { encoding: 'utf8' });
        expect(report).toMatch(/Geometry: Polygon/);
        expect(report).toMatch(new RegExp(`Feature Count: ${geojson.features.filter((feature) => feature.geometry.type === 'Polygon').length}`));
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  });

  it('packages a building: its footprint per floor, Chinese names in UTF-8', async () => {
    const response = await get('/mapviewer/api/indoor/download/SHP/BLDG-107139044');
    expect(response.statusCode).toBe(200);
    const entries = new Map(readZip(response.rawPayload).map((entry) => [entry.name, entry.data]));
    const table = readDbf(entries.get('BLDG-107139044_floors.dbf')!);
    const slabs = table.rows.flatMap((row, index) => (row.KIND === 'floor' ? [index] : []));
    expect(slabs.map((index) => table.rows[index].FLOOR)).toEqual(['B3', 'B2', 'B1', 'G', '1', '2']);
    expect(table.rows.slice(0, 3).map((row) => row.KIND)).toEqual(['floor', 'corridor', 'core']);
    expect(table.rows[0]).toMatchObject({ KIND: 'floor', NAME_TC: '逸夫科學大樓', NAME_SC: '逸夫科学大楼', FLOOR_EN: 'Basement 3' });
    const shapes = readShapefile(entries.get('BLDG-107139044_floors.shp')!, entries.get('BLDG-107139044_floors.shx')!);
    expect(shapes.shapes).toHaveLength(table.rows.length);
    // Every storey's slab is the same footprint; the corridor is a ring with the core as its hole.
    expect(new Set(slabs.map((index) => JSON.stringify(shapes.shapes[index].parts))).size).toBe(1);
    expect(shapes.shapes[1].parts).toHaveLength(2);
    expect(ringOrientation(shapes.shapes[1].parts[0]), 'corridor outline clockwise').toBeLessThan(0);
    expect(ringOrientation(shapes.shapes[1].parts[1]), 'its hole counter-clockwise').toBeGreaterThan(0);
  });

  it('packages a LandsD building of the core transect: 72 storeys of Bank of China Tower, which ogrinfo reads', async () => {
    const response = await get('/mapviewer/api/indoor/download/SHP/BLDG-1103127344');
    expect(response.statusCode).toBe(200);
    const entries = new Map(readZip(response.rawPayload).map((entry) => [entry.name, entry.data]));
    const floors = readDbf(entries.get('BLDG-1103127344_floors.dbf')!);
    expect(floors.rows).toHaveLength(72 * 3);
    expect(floors.rows.at(-1)).toMatchObject({ FLOOR: '71', KIND: 'core', NAME_EN: 'Bank of China Tower', NAME_TC: '中銀大廈', NAME_SC: '中银大厦' });
    const walls = readDbf(entries.get('BLDG-1103127344_walls.dbf')!);
    expect(walls.rows).toHaveLength(72 * 2);
    if (hasOgrinfo()) {
      const folder = mkdtempSync(join(tmpdir(), 'indoor-shp-'));
      try {
        for (const [name, data] of entries) writeFileSync(join(folder, name), data);
        const report = execFileSync('ogrinfo', ['-ro', '-al', '-so', join(folder, 'BLDG-1103127344_floors.shp')], { encoding: 'utf8' });
        expect(report).toMatch(/Geometry: Polygon/);
        expect(report).toMatch(/Feature Count: 216/);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    }
  });

  it("answers 404 '3D indoor map is not found' for an unknown venue and 400 for an ill-formed id or format", async () => {
    for (const url of ['/mapviewer/api/indoor/download/GEOJSON/MTR-XYZ', '/mapviewer/api/indoor/download/SHP/BLDG-1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorBodySchema.parse(response.json()).message).toBe('3D indoor map is not found');
    }
    for (const [url, field] of [
      ['/mapviewer/api/indoor/download/GEOJSON/ADM', 'venueId'],
      ['/mapviewer/api/indoor/download/GEOJSON/mtr-adm', 'venueId'],
      ['/mapviewer/api/indoor/download/GEOJSON/..%2F..%2Fetc%2Fpasswd', 'venueId'],
      ['/mapviewer/api/indoor/download/KML/MTR-ADM', 'format'],
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, url).toBe(field);
    }
  });
});
