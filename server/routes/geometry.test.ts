import { resolve } from 'node:path';
import type { InjectOptions } from 'fastify';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseSheetId, sheetBounds, type SheetParts } from '../../core/contracts/mapSheets';
import {
  buildingIdentifyResponseSchema,
  dtmResponseSchema,
  errorBodySchema,
  landLotCollectionSchema,
  utmLookupResponseSchema,
  buildingIdentifyEndpoint,
  dtmEndpoint,
  landLotsEndpoint,
  lotTileEndpoint,
  reliefTileEndpoint,
  reliefTileJsonEndpoint,
  terrainLayerEndpoint,
  terrainTileEndpoint,
  utmLookupEndpoint,
  type EndpointContract,
} from '../../core/contracts';
import type { BuildingRecord } from '../../core/contracts/buildings';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { loadDefaultBuildingRecords } from '../buildings/defaultSources';
import { loadMonuments } from '../buildings/featureInfo';
import { labelPoint, pointInPolygon, type Ring } from '../data/geometry';
import { matrixPixel } from '../geo/lot-tiles';
import { useTestServer } from '../test/server';

const app = useTestServer();
const dataDir = resolve(import.meta.dirname, '../../data');

async function badRequest(request: InjectOptions) {
  const response = await app().inject(request);
  expect(response.statusCode, JSON.stringify(request).slice(0, 200)).toBe(400);
  return errorBodySchema.parse(response.json());
}

describe('POST /mapviewer/api/getZ/dtm', () => {
  const getZ = (payload: unknown) => app().inject({ method: 'POST', url: '/mapviewer/api/getZ/dtm', payload: payload as object });

  it('gives real DEM heights: Tai Mo Shan above 900 m, the harbour 0, null outside the DEM', async () => {
    const response = await getZ([
      [114.1244, 22.4107], // Tai Mo Shan summit
      [114.172, 22.29], // Victoria Harbour, mid-channel
      [113.9, 22.55], // Shenzhen west of 114°E: no source
      [10, 10],
    ]);
    expect(response.statusCode).toBe(200);
    const { success, data } = dtmResponseSchema.parse(response.json());
    expect(success).toBe(true);
    expect(data[0]).toBeGreaterThan(900);
    expect(data[0]).toBeLessThan(960);
    expect(data[1]).toBe(0);
    expect(data.slice(2)).toEqual([null, null]);
  });

  it('answers 10,000 points written with full double precision and refuses 10,001 naming the limit', async () => {
    const points = Array.from({ length: 10_000 }, (_, i) => [113.8 + (i % 100) * 0.0071234567890123457, 22.15 + Math.floor(i / 100) * 0.0040987654321098765]);
    // 17 significant digits in exponent form, generously indented: past the server-wide 1 MiB body limit.
    const payload = JSON.stringify(points, null, 10).replace(/(\d+\.\d+)/g, (number) => Number(number).toExponential(16));
    expect(payload.length).toBeGreaterThan(1024 * 1024);
    const response = await app().inject({ method: 'POST', url: '/mapviewer/api/getZ/dtm', payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(200);
    expect(dtmResponseSchema.parse(response.json()).data).toHaveLength(10_000);
    const body = errorBodySchema.parse((await getZ([...points, [114, 22.3]])).json());
    expect(body).toMatchObject({ error: 'Bad Request', field: 'body' });
    expect(body.message).toMatch(/at most 10,000/);
  });

  it('names the point at fault for non-numbers, wrong arity and out-of-range degrees', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [[[114, 22.3], [114, 22.3], [114, 22.3], [114, 'x']], 'body.3.1', /latitude must be a number/],
      [[[114, 22.3], [114, 22.3, 5]], 'body.1', /exactly two numbers/],
      [[[114]], 'body.0', /exactly two numbers/],
      [[[181, 22.3]], 'body.0.0', /longitude must be between -180 and 180/],
      [[null], 'body.0', /exactly two numbers/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await getZ(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.field, JSON.stringify(payload)).toBe(field);
      expect(body.message).toMatch(message);
    }
    const nan = await app().inject({ method: 'POST', url: '/mapviewer/api/getZ/dtm', payload: '[[NaN, 22.3]]', headers: { 'content-type': 'application/json' } });
    expect(nan.statusCode).toBe(400);
    expect(nan.json()).toMatchObject({ field: 'body' });
    const infinite = await app().inject({ method: 'POST', url: '/mapviewer/api/getZ/dtm', payload: '[[1e400, 22.3]]', headers: { 'content-type': 'application/json' } });
    expect(infinite.statusCode).toBe(400);
    expect((await getZ({ points: [] })).json()).toMatchObject({ field: 'body' });
  });
});

describe('GET /mapviewer/gm/rest/service/xy/utm/{zone}/{easting}/{northing}', () => {
  it('answers the 1 km square of the LandsD example with 8 HK1980 numbers and its grid reference', async () => {
    const response = await app().inject({ url: '/mapviewer/gm/rest/service/xy/utm/50_Q/205494/2471279?timestamp=1' });
    expect(response.statusCode).toBe(200);
    const answer = utmLookupResponseSchema.parse(response.json());
    expect(answer.NAME).toBe('50Q KK 05 71');
    const numbers = answer.VERTICES_SEQ.split(',').map(Number);
    expect(numbers).toHaveLength(8);
    // The square lies around Kwai Chung: HK1980 eastings ~832-833 km, northings ~820-821 km.
    for (let i = 0; i < 8; i += 2) {
      expect(numbers[i]).toBeGreaterThan(832_000);
      expect(numbers[i]).toBeLessThan(834_000);
      expect(numbers[i + 1]).toBeGreaterThan(820_000);
      expect(numbers[i + 1]).toBeLessThan(822_000);
    }
  });

  it('rejects other zones and points far outside Hong Kong', async () => {
    expect(await badRequest({ url: '/mapviewer/gm/rest/service/xy/utm/51_Q/205494/2471279' })).toMatchObject({ field: 'zone' });
    const far = await badRequest({ url: '/mapviewer/gm/rest/service/xy/utm/50_Q/505494/2471279' });
    expect(far).toMatchObject({ error: 'Bad Request', field: 'easting' });
    expect(far.message).toMatch(/far outside Hong Kong/);
    expect(await badRequest({ url: '/mapviewer/gm/rest/service/xy/utm/50_Q/205494/north' })).toMatchObject({ field: 'northing' });
  });
});

describe('lot boundary tiles and lot attributes', () => {
  const tileUrl = (set: string, level: number, row: number, column: number, format = 'image/png') =>
    `/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/default/${set}/${set}:${level}/${row}/${column}?format=${encodeURIComponent(format)}`;

  it('draws a sample lot into the tile the viewer asks for, and serves transparent tiles elsewhere', async () => {
    const lots = landLotCollectionSchema.parse((await app().inject({ url: '/mapviewer/api/lots' })).json());
    expect(lots.features).toHaveLength(60);
    const [lon, lat] = lots.features[0].geometry.coordinates[0][0];
    const [x, y] = matrixPixel('EPSG:900913', 17, lon, lat);
    const response = await app().inject({ url: tileUrl('EPSG:900913', 17, Math.floor(y / 256), Math.floor(x / 256)) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(response.rawPayload);
    expect([png.width, png.height]).toEqual([256, 256]);
    const offset = (Math.floor(y % 256) * 256 + Math.floor(x % 256)) * 4;
    expect(png.data[offset + 3]).toBe(255);
    const opaque = png.data.filter((value, index) => index % 4 === 3 && value === 255).length;
    expect(opaque).toBeGreaterThan(100);
    expect(opaque).toBeLessThan(256 * 256);

    const empty = await app().inject({ url: tileUrl('EPSG:4326', 3, 0, 0) });
    expect(empty.statusCode).toBe(200);
    expect(PNG.sync.read(empty.rawPayload).data.every((value, index) => index % 4 !== 3 || value === 0)).toBe(true);
    // The grid set may arrive percent-encoded (EPSG%3A4326); the same shared empty tile comes back.
    const encoded = await app().inject({ url: tileUrl('EPSG:4326', 3, 0, 0).replace(/EPSG:4326/g, 'EPSG%3A4326') });
    expect(encoded.rawPayload.equals(empty.rawPayload)).toBe(true);
  });

  it('rejects a wrong format, tile matrix or out-of-range row and column', async () => {
    expect(await badRequest({ url: tileUrl('EPSG:900913', 5, 0, 0, 'image/jpeg') })).toMatchObject({ field: 'format' });
    expect(await badRequest({ url: tileUrl('EPSG:900913', 5, 0, 0).replace('?format=image%2Fpng', '') })).toMatchObject({ field: 'format' });
    expect(await badRequest({ url: tileUrl('EPSG:900913', 5, 32, 0) })).toMatchObject({ field: 'TileRow', message: 'TileRow must be 0 to 31 at EPSG:900913:5' });
    expect(await badRequest({ url: tileUrl('EPSG:4326', 5, 0, 64) })).toMatchObject({ field: 'TileCol', message: 'TileCol must be 0 to 63 at EPSG:4326:5' });
    expect(await badRequest({ url: tileUrl('EPSG:900913', 22, 0, 0) })).toMatchObject({ field: 'TileMatrix' });
    expect(await badRequest({ url: '/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/default/EPSG:900913/EPSG:4326:5/0/0?format=image/png' })).toMatchObject({ field: 'TileMatrix' });
    expect(await badRequest({ url: tileUrl('EPSG:3395', 5, 0, 0) })).toMatchObject({ field: 'TileMatrixSet' });
  });

  it('identifies the lot at a point with its SPEC attributes', async () => {
    const all = landLotCollectionSchema.parse((await app().inject({ url: '/mapviewer/api/lots' })).json());
    const lot = all.features[7];
    const [lon, lat] = labelPoint(lot.geometry.coordinates as Ring[]);
    const response = await app().inject({ url: `/mapviewer/api/lots?lon=${lon}&lat=${lat}` });
    const found = landLotCollectionSchema.parse(response.json());
    expect(found.features.map((f) => f.properties.lotNumber)).toEqual([lot.properties.lotNumber]);
    expect(found.features[0].properties).toMatchObject({ sample: true, location: { 'en-US': expect.any(String) } });
    expect(await badRequest({ url: `/mapviewer/api/lots?lon=${lon}` })).toMatchObject({ field: 'lat', message: 'lat is required together with lon' });
  });
});

describe('GET /mapviewer/api/identify/buildings', () => {
  const records = loadDefaultBuildingRecords(dataDir).records;
  /** A point inside a record's footprint (its label point) as the query the viewer sends. */
  const identifyInside = async (predicate: (record: BuildingRecord) => boolean) => {
    const record = records.find(predicate);
    if (!record) throw new Error('no such building in data/buildings');
    const [lon, lat] = labelPoint(record.footprint);
    const response = await app().inject({ url: `/mapviewer/api/identify/buildings?lon=${lon.toFixed(7)}&lat=${lat.toFixed(7)}&timestamp=1` });
    expect(response.statusCode).toBe(200);
    return { record, results: buildingIdentifyResponseSchema.parse(response.json()).results, lon, lat };
  };

  it('identifies the Bank of China Tower from LandsD: CSUID, levels above HKPD, storeys, Central and Western, its map sheet', async () => {
    const { results, lon, lat } = await identifyInside((record) => record.csuid === '3468315577T20050430');
    expect(results[0]).toMatchObject({
      id: '3468315577T20050430',
      csuid: '3468315577T20050430',
      nameEn: 'Bank of China Tower',
      nameZh: '中銀大廈',
      baseLevelMetres: 7,
      roofLevelMetres: 310.3,
      heightMetres: 303.3,
      heightKind: 'measured',
      heightAboveHkpdMetres: 310.3,
      storeys: 72,
      address: '1 GARDEN ROAD',
      yearCompleted: 1989,
      distanceMetres: 0,
      source: 'landsd-ib1000',
      licence: 'DATA.GOV.HK terms of use',
      district: { code: 'A', name: { 'en-US': 'Central and Western' } },
      mapSheet: { revisionDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
    });
    const info = results[0];
    // The HK1980 Grid answer converts back to the clicked point.
    const [backLon, backLat] = fromHk1980([info.point.easting, info.point.northing]);
    expect(Math.abs(backLon - lon) * 111_000).toBeLessThan(0.01);
    expect(Math.abs(backLat - lat) * 111_000).toBeLessThan(0.01);
    expect(info.point.utmGridReference).toMatch(/^50Q KK \d\d \d\d$/);
    const [west, south, east, north] = sheetBounds(parseSheetId(info.mapSheet!.id) as SheetParts);
    expect(info.centroid.easting >= west && info.centroid.easting < east && info.centroid.northing >= south && info.centroid.northing <= north).toBe(true);
    expect(info.notInOpenData).toContain('landParcel');
  });

  it('identifies a Kwun Tong iB1000 building with its planning-zone category', async () => {
    const { results } = await identifyInside((record) => record.nameEn === 'C-Bons International Centre');
    expect(results[0]).toMatchObject({ csuid: '4040919382T20091020', roofLevelMetres: 100.1, heightMetres: 81.4, category: 'commercial', district: { code: 'J' } });
  });

  it('identifies an OpenStreetMap building in Sha Tin with an assumed height, never shown as measured, under ODbL', async () => {
    const { results, record } = await identifyInside((r) => r.source === 'osm' && r.heightKind === 'assumed' && r.nameEn !== null);
    expect(results[0]).toMatchObject({ id: record.id, heightKind: 'assumed', heightMetres: 3, heightAboveHkpdMetres: null, roofLevelMetres: null, licence: 'ODbL 1.0', district: { code: 'R' } });
  });

  it('names a declared monument whose point lies inside the footprint (the list places Man Mo Temple a street off)', async () => {
    const monuments = loadMonuments(dataDir);
    const withMonument = records.filter((record) => monuments.some((monument) => pointInPolygon(monument.position, record.footprint)));
    expect(withMonument.map((record) => record.id)).toEqual(['3356916504T20050430']);
    const { results } = await identifyInside((record) => record.id === withMonument[0].id);
    expect(results[0].monuments).toEqual([expect.objectContaining({ id: '96', nameEn: 'Man Mo Temple Compound, Sheung Wan', link: 'https://www.amo.gov.hk/en/monuments_96.php' })]);
    expect(results[0].monuments[0].nameZh).not.toBe('');
  });

  it('answers an empty list on the sea (Victoria Harbour) and 400 for coordinates that are not degrees', async () => {
    const response = await app().inject({ url: '/mapviewer/api/identify/buildings?lon=114.1700&lat=22.2900' });
    expect(response.statusCode).toBe(200);
    expect(buildingIdentifyResponseSchema.parse(response.json()).results).toEqual([]);
    expect(await badRequest({ url: '/mapviewer/api/identify/buildings?lon=200&lat=22.4' })).toMatchObject({ field: 'lon' });
    expect(await badRequest({ url: '/mapviewer/api/identify/buildings?lon=114.2' })).toMatchObject({ field: 'lat', message: 'lat is required' });
  });
});

describe('every geometry and terrain endpoint', () => {
  const endpoints: EndpointContract[] = [
    dtmEndpoint,
    utmLookupEndpoint,
    buildingIdentifyEndpoint,
    lotTileEndpoint,
    landLotsEndpoint,
    terrainLayerEndpoint,
    terrainTileEndpoint,
    reliefTileJsonEndpoint,
    reliefTileEndpoint,
  ];

  function exampleRequest(endpoint: EndpointContract, extraQuery: Record<string, string>) {
    const params = endpoint.example?.params ?? {};
    const url = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
    return {
      method: endpoint.method,
      url,
      query: { ...(endpoint.example?.query ?? {}), ...extraQuery },
      ...(endpoint.example?.body !== undefined ? { payload: endpoint.example.body as object } : {}),
    };
  }

  it('answers its example with the cache-busting timestamp, and 400 for an unknown query parameter', async () => {
    for (const endpoint of endpoints) {
      const ok = await app().inject(exampleRequest(endpoint, { timestamp: '1732156800000' }));
      expect(ok.statusCode, endpoint.id).toBe(200);
      const unknown = await app().inject(exampleRequest(endpoint, { colour: 'red' }));
      expect(unknown.statusCode, endpoint.id).toBe(400);
      expect(errorBodySchema.parse(unknown.json()), endpoint.id).toMatchObject({ error: 'Bad Request', field: 'colour' });
    }
  });
});
