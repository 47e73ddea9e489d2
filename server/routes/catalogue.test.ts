import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  catalogueListResponseSchema,
  catalogueRecordResponseSchema,
  catalogueRecordSchema,
  errorBodySchema,
  type CatalogueListResponse,
  type CatalogueRecord,
} from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { loadCatalogue } from '../catalogue/records';
import { seedCatalogue } from '../catalogue/seed';
import { buildTestServer, useTestServer } from '../test/server';
import { UNKNOWN_METADATA_ID_MESSAGE } from './catalogue';

const CATALOGUE_DIR = join(ROOT_DIR, 'manifests', 'catalogue');
const shipped = loadCatalogue(CATALOGUE_DIR).records.map(({ record }) => record);

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

async function list(query: Record<string, string>): Promise<CatalogueListResponse> {
  const response = await get(`/mapviewer/api/catalogue?${new URLSearchParams(query).toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = catalogueListResponseSchema.parse(response.json());
  expect(body.total).toBe(body.records.length);
  return body;
}
const ids = async (query: Record<string, string>) => (await list(query)).records.map((record) => record.id);

describe('GET /mapviewer/api/catalogue', () => {
  it('lists every record, grouped by category, with the summary fields', async () => {
    const body = await list({});
    expect(body.total).toBe(shipped.length);
    expect(body.records.slice(0, 2).map((record) => record.id)).toEqual(['3d-visualisation-map-non-textured', '3d-visualisation-map-textured']);
    expect(body.records.map((record) => record.category)).toEqual([...body.records.map((record) => record.category)].sort((a, b) => order(a) - order(b)));
    const temperature = body.records.find((record) => record.id === 'temperature');
    expect(temperature).toMatchObject({ category: 'map-layer', status: 'onGoing', updateFrequency: 'continual', revisionDate: '2024-04-21', downloadKind: 'layer', sample: false });
  });

  it('finds English partial words, case-insensitively', async () => {
    expect((await ids({ q: 'visual' })).slice(0, 2).sort()).toEqual(['3d-visualisation-map-non-textured', '3d-visualisation-map-textured']);
    expect((await ids({ q: 'tempera' }))[0]).toBe('temperature');
    expect(await ids({ q: 'AQHI' })).toEqual(await ids({ q: 'aqhi' }));
    expect(await ids({ q: 'Aqh' })).toContain('aqhi');
  });

  it('finds Traditional and Simplified Chinese, whole words and parts', async () => {
    expect(await ids({ q: '溫度' })).toContain('temperature');
    expect(await ids({ q: '温度' })).toContain('temperature');
    expect(await ids({ q: '氣溫' })).toContain('temperature');
    const threeD = ['3d-spatial-data-buildings', '3d-spatial-data-infrastructure', '3d-spatial-data-terrain', '3d-visualisation-map-non-textured', '3d-visualisation-map-textured', 'indoor-maps'];
    for (const q of ['三維', '三维']) {
      const found = await ids({ q });
      expect(found.slice(0, threeD.length).sort(), q).toEqual(threeD);
    }
    expect(await ids({ q: '可視' })).toEqual(expect.arrayContaining(['3d-visualisation-map-non-textured', '3d-visualisation-map-textured']));
    // Chinese is typed without spaces: 三維地圖 finds 三維可視化地圖 and 三維室內地圖 (三維 and 地圖), in either script.
    for (const q of ['三維地圖', '三维地图']) {
      expect((await ids({ q })).slice(0, 3).sort(), q).toEqual(['3d-visualisation-map-non-textured', '3d-visualisation-map-textured', 'indoor-maps']);
    }
  });

  it('needs every word of the query (AND)', async () => {
    const water = await ids({ q: 'water quality' });
    expect(water).toEqual(expect.arrayContaining(['beach-water-quality', 'marine-water-quality', 'river-water-quality']));
    expect(await ids({ q: 'water quality marine' })).toEqual(['marine-water-quality']);
    expect(await ids({ q: '水質 泳灘' })).toEqual(['beach-water-quality']);
    expect(await ids({ q: 'temperature nosuchword' })).toEqual([]);
  });

  it('ranks title matches before abstract and keyword matches', async () => {
    const terrain = await list({ q: 'terrain' });
    expect(terrain.records[0].id).toBe('3d-spatial-data-terrain');
    // The others mention terrain in their abstracts or keywords only.
    expect(terrain.records.length).toBeGreaterThan(3);
    for (const record of terrain.records.slice(1)) expect(record.title['en-US'].toLowerCase(), record.id).not.toContain('terrain');
    // A title starting with the query, then one containing it, then one with its words apart.
    expect((await ids({ q: 'wind' }))[0]).toBe('wind');
    expect((await ids({ q: 'water quality' })).slice(0, 3)).toEqual(['beach-water-quality', 'marine-water-quality', 'river-water-quality']);
    expect((await ids({ q: 'map visualisation' })).slice(0, 2).sort()).toEqual(['3d-visualisation-map-non-textured', '3d-visualisation-map-textured']);
    expect((await ids({ q: 'quality water' }))[0]).toBe('beach-water-quality');
  });

  it('filters by category, format, status and update frequency, combined with AND', async () => {
    expect(await ids({ category: 'indoor' })).toEqual(['indoor-maps']);
    expect(await ids({ format: 'SHP' })).toEqual(['indoor-maps']);
    expect((await ids({ format: 'CESIUM' })).sort()).toEqual(shipped.filter((record) => record.distributionFormats.includes('CESIUM')).map((record) => record.id).sort());
    expect((await ids({ format: 'FBX' })).sort()).toEqual(['3d-visualisation-map-non-textured', '3d-visualisation-map-textured']);
    expect(await ids({ status: 'planned' })).toEqual(['3d-spatial-data-infrastructure']);
    expect((await ids({ updateFrequency: 'continual' })).sort()).toEqual(['aqhi', 'drone-restriction-zones', 'humidity', 'temperature', 'traffic-snapshot-cameras', 'wind']);
    expect((await ids({ category: 'map-layer', updateFrequency: 'continual', q: 'sample' })).sort()).toEqual(['aqhi', 'drone-restriction-zones', 'traffic-snapshot-cameras']);
    expect(await ids({ category: '3d-spatial-data', status: 'completed' })).toEqual(['3d-spatial-data-terrain']);
  });

  it('sorts by title in the asked language', async () => {
    const english = (await list({ sort: 'title', lang: 'en-US' })).records.map((record) => record.title['en-US']);
    expect(english.slice(0, 2)).toEqual(['3D Indoor Maps (sample)', '3D Spatial Data: Buildings']);
    expect(english.at(-1)).toBe('Wind');
    expect(english).toEqual([...english].sort(new Intl.Collator('en-US', { sensitivity: 'base', numeric: true }).compare));
    // Simplified Chinese by pinyin: 风 (feng) < 海水水质 (hai) < 气温 (qi) < 区议会 (qu); code points would put 区 first.
    const simplified = (await list({ sort: 'title', lang: 'zh-CN' })).records.map((record) => record.id);
    const position = (id: string) => simplified.indexOf(id);
    expect(position('wind')).toBeLessThan(position('marine-water-quality'));
    expect(position('marine-water-quality')).toBeLessThan(position('temperature'));
    expect(position('temperature')).toBeLessThan(position('census-dcca-2019'));
    // Traditional Chinese by stroke count: 風 (9) < 氣溫 (10) < 區議會 (11).
    const traditional = (await list({ sort: 'title', lang: 'zh-HK' })).records.map((record) => record.id);
    expect(traditional.indexOf('wind')).toBeLessThan(traditional.indexOf('temperature'));
    expect(traditional.indexOf('temperature')).toBeLessThan(traditional.indexOf('census-dcca-2019'));
  });

  it('sorts by revision date, newest or oldest first', async () => {
    const newest = (await list({ sort: 'revision-newest' })).records.map((record) => record.revisionDate);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = await list({ sort: 'revision-oldest' });
    expect(oldest.records.map((record) => record.revisionDate)).toEqual([...newest].reverse());
    expect(oldest.records.slice(0, 2).map((record) => record.id)).toEqual(['marine-water-quality', 'temperature']);
  });

  it('treats SQL and LIKE wildcards in the query as plain text', async () => {
    expect(await ids({ q: "'; DROP TABLE catalogue_records; --" })).toEqual([]);
    expect(await ids({ q: "' OR '1'='1" })).toEqual([]);
    expect((await list({})).total).toBe(shipped.length);
    // '%' matches only the texts holding a percent sign (the humidity range "76 to 94 %"), not everything.
    expect(await ids({ q: '%' })).toEqual(['humidity']);
    expect(await ids({ q: '_' })).toEqual(expect.arrayContaining(['temperature', 'humidity']));
    expect((await ids({ q: '_' })).length).toBeLessThan(shipped.length);
  });

  it('answers a bad filter or an unknown parameter with a 400 naming it', async () => {
    for (const [query, field] of [
      ['status=done', 'status'],
      ['format=PDF', 'format'],
      ['sort=random', 'sort'],
      ['page=2', 'page'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const response = await get(`/mapviewer/api/catalogue?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, query).toBe(field);
    }
  });
});

const CATEGORY_ORDER = ['3d-visualisation', '3d-spatial-data', 'indoor', 'map-layer'];
function order(category: string): number {
  return CATEGORY_ORDER.indexOf(category);
}

describe('GET /mapviewer/api/catalogue/{metadataId}', () => {
  it('returns the whole record as its file has it (the site contact by default is the files\' one), with its formats on request', async () => {
    for (const id of ['3d-visualisation-map-non-textured', 'indoor-maps', 'temperature']) {
      const response = await get(`/mapviewer/api/catalogue/${id}?timestamp=1`);
      expect(response.statusCode).toBe(200);
      const file = JSON.parse(readFileSync(join(CATALOGUE_DIR, `${id}.json`), 'utf8')) as object;
      const { formatsOnRequest, ...record } = catalogueRecordResponseSchema.parse(response.json());
      expect(catalogueRecordSchema.parse(record)).toEqual(file);
      expect(Array.isArray(formatsOnRequest)).toBe(true);
    }
  });

  it('answers an unknown id with 404 and the SPEC message', async () => {
    const response = await get('/mapviewer/api/catalogue/no-such-dataset');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', message: UNKNOWN_METADATA_ID_MESSAGE });
    expect(UNKNOWN_METADATA_ID_MESSAGE).toBe('We could not find any record(s) from your provided metadata id.');
  });

  it('answers a malformed id with a 400 naming it', async () => {
    const response = await get('/mapviewer/api/catalogue/Not%20An%20Id');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).field).toBe('metadataId');
  });
});

describe('GET /mapviewer/api/catalogue/{metadataId}/iso19139.xml', () => {
  it('serves the XML inline, or as an attachment named after the record', async () => {
    const inline = await get('/mapviewer/api/catalogue/temperature/iso19139.xml');
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(inline.headers['content-disposition']).toBeUndefined();
    expect(inline.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<gmd:MD_Metadata /);
    expect(inline.body).toContain('<gco:CharacterString>temperature</gco:CharacterString>');
    expect(inline.body).toContain('<gmd:LocalisedCharacterString locale="#ZH-HK">溫度</gmd:LocalisedCharacterString>');

    const attachment = await get('/mapviewer/api/catalogue/indoor-maps/iso19139.xml?download=true');
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['content-disposition']).toBe('attachment; filename="indoor-maps.xml"');
  });

  it('answers an unknown id with 404 and the SPEC message', async () => {
    const response = await get('/mapviewer/api/catalogue/no-such-dataset/iso19139.xml?download=true');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ error: 'Not Found', message: UNKNOWN_METADATA_ID_MESSAGE });
  });
});

describe('the layer records', () => {
  /** Every [longitude, latitude] of a GeoJSON geometry. */
  function positions(coordinates: unknown): Array<[number, number]> {
    if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') return [coordinates as [number, number]];
    return Array.isArray(coordinates) ? coordinates.flatMap(positions) : [];
  }

  it('offer a GeoJSON call that answers, with every feature inside the record\'s extent', async () => {
    const layers = shipped.filter((record): record is CatalogueRecord & { download: { kind: 'layer' } } => record.download.kind === 'layer');
    for (const record of layers) {
      const response = await get(record.download.apiPath);
      expect(response.statusCode, record.id).toBe(200);
      const collection = response.json() as { type: string; features: Array<{ geometry: { coordinates: unknown } }> };
      expect(collection.type, record.id).toBe('FeatureCollection');
      expect(collection.features.length, record.id).toBeGreaterThan(0);
      const outside = collection.features
        .flatMap((feature) => positions(feature.geometry.coordinates))
        .filter(([longitude, latitude]) => longitude < record.extent.west || longitude > record.extent.east || latitude < record.extent.south || latitude > record.extent.north);
      expect(outside, record.id).toEqual([]);
    }
  });
});

describe('catalogue seeding', () => {
  const temperature = JSON.parse(readFileSync(join(CATALOGUE_DIR, 'temperature.json'), 'utf8')) as CatalogueRecord;
  const humidity = JSON.parse(readFileSync(join(CATALOGUE_DIR, 'humidity.json'), 'utf8')) as CatalogueRecord;
  const directory = mkdtempSync(join(tmpdir(), 'catalogue-seed-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  it('starts with the valid records, reports the broken ones, and follows the files when they change', async () => {
    writeFileSync(join(directory, 'temperature.json'), JSON.stringify(temperature));
    writeFileSync(join(directory, 'humidity.json'), JSON.stringify({ ...humidity, status: 'finished' }));
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => warnings.push(line));
    const server = await buildTestServer({ catalogueDir: directory });
    try {
      expect(warnings).toEqual([expect.stringMatching(/: status: .* \[error\]$/)]);
      expect(warnings[0].startsWith(`${directory}/humidity.json: status: `)).toBe(true);
      const listed = async () => {
        const response = await server.inject({ method: 'GET', url: '/mapviewer/api/catalogue' });
        return catalogueListResponseSchema.parse(response.json()).records.map((record) => `${record.id}:${record.status}`);
      };
      expect(await listed()).toEqual(['temperature:onGoing']);

      // Unchanged files: nothing written.
      expect(await seedCatalogue(server.db, loadCatalogue(directory))).toBe(0);

      // A fixed file is added, an edited one updated, a removed one deleted.
      writeFileSync(join(directory, 'humidity.json'), JSON.stringify(humidity));
      expect(await seedCatalogue(server.db, loadCatalogue(directory))).toBe(2);
      expect(await listed()).toEqual(['humidity:onGoing', 'temperature:onGoing']);
      writeFileSync(join(directory, 'temperature.json'), JSON.stringify({ ...temperature, status: 'obsolete' }));
      rmSync(join(directory, 'humidity.json'));
      expect(await seedCatalogue(server.db, loadCatalogue(directory))).toBe(1);
      expect(await listed()).toEqual(['temperature:obsolete']);
      const gone = await server.inject({ method: 'GET', url: '/mapviewer/api/catalogue/humidity' });
      expect(gone.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  }, 60_000);
});
