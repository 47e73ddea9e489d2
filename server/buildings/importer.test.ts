import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHk1980 } from '../../core/contracts/hk1980';
import { applyMigrations } from '../db/migrate';
import { MEMORY_DATABASE, openPglite } from '../db/pglite';
import type { Db } from '../db';
import { createDatabaseBuildingStore, type DatabaseBuildingStore } from './databaseStore';
import { geoJsonFeatures, geoJsonFileFeatures, UnusableGeoJsonError, type StreamedFeature } from './geojsonStream';
import { importBuildings, type BadRow } from './importer';

async function collect(chunks: string[]): Promise<StreamedFeature[]> {
  async function* source() {
    yield* chunks;
  }
  const out: StreamedFeature[] = [];
  for await (const item of geoJsonFeatures(source())) out.push(item);
  return out;
}

/** Splits a text into chunks of `size` characters, so tokens straddle chunk ends. */
const chunked = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('the streaming GeoJSON reader', () => {
  const features = [
    { type: 'Feature', properties: { name: 'a "quoted" {brace} [bracket]', features: [1] }, geometry: null },
    { type: 'Feature', properties: { name: '中文 \\ back' }, geometry: null },
  ];

  it('yields each feature of a pretty-printed FeatureCollection with the line it starts on, whatever the chunk size', async () => {
    const text = JSON.stringify({ type: 'FeatureCollection', name: 'x', crs: { type: 'name' }, features }, null, 2);
    for (const size of [1, 7, 1 << 16]) {
      const items = await collect(chunked(text, size));
      expect(items.map((item) => ('text' in item ? JSON.parse(item.text) : item))).toEqual(features);
      // Each feature opens on a line of its own, indented by four spaces.
      const openingLines = text.split('\n').flatMap((line, index) => (line === '    {' ? [index + 1] : []));
      expect(items.map((item) => item.line)).toEqual(openingLines);
    }
  });

  it('reads one feature per line, and newline-delimited GeoJSONSeq with record separators', async () => {
    const perLine = `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}`;
    expect((await collect(chunked(perLine, 5))).map((item) => item.line)).toEqual([2, 3]);
    const seq = features.map((f) => `\u001e${JSON.stringify(f)}\n`).join('');
    expect((await collect([seq])).map((item) => ('text' in item ? JSON.parse(item.text).properties.name : item))).toEqual(features.map((f) => f.properties.name));
  });

  it('reports a scalar in the features array and a file cut short as bad rows, and a JSON array or no object as unusable', async () => {
    const items = await collect(['{"features":[\n{"type":"Feature"},\n42,\n{"type":"Feat']);
    expect(items).toEqual([{ line: 2, text: '{"type":"Feature"}' }, { line: 3, error: expect.stringContaining("unexpected '4'") }, { line: 4, error: expect.stringContaining('cut short') }]);
    await expect(collect(['[{"type":"Feature"}]'])).rejects.toThrow(UnusableGeoJsonError);
    await expect(collect(['  \n '])).rejects.toThrow(/no JSON object/);
    await expect(collect(['hello'])).rejects.toThrow(UnusableGeoJsonError);
  });
});

describe('the importer', () => {
  let folder: string;
  let db: Db;
  let store: DatabaseBuildingStore;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'buildings-import-test-'));
    db = await openPglite(MEMORY_DATABASE);
    await applyMigrations(db);
    store = createDatabaseBuildingStore(db);
  });
  afterAll(async () => {
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A LandsD export row: a 20 × 30 m rectangle at a WGS84 point, on the HK1980 Grid. */
  function landsdRow(csuid: string, lon: number, lat: number, properties: Record<string, unknown> = {}) {
    const [e, n] = toHk1980([lon, lat]);
    const ring = [
      [e, n],
      [e + 20, n],
      [e + 20, n + 30],
      [e, n + 30],
      [e, n],
    ];
    return JSON.stringify({ type: 'Feature', properties: { BUILDINGCSUID: csuid, BASEHEIGHT: 5, TOPHEIGHT: 50, NUMABOVEGROUNDSTOREYS: 15, CATEGORY: 'Residential', ...properties }, geometry: { type: 'Polygon', coordinates: [ring] } });
  }

  it('imports the good rows of a LandsD export, reports each bad row by line with a reason, and goes on', async () => {
    const file = join(folder, 'BUILDING_STRUCTURE.geojson');
    const lines = [
      '{"type":"FeatureCollection","features":[',
      `${landsdRow('A1', 114.17, 22.30)},`,
      `${landsdRow('A2', 114.171, 22.30, { TOPHEIGHT: 2 })},`,
      '{"type":"Feature","properties":{"BUILDINGCSUID":"A3","BASEHEIGHT":1,"TOPHEIGHT":9},"geometry":{"type":"Point","coordinates":[1,2]}},',
      '{"type":"Feature","properties":{"BUILDINGCSUID":"A4" "oops"}},',
      `${landsdRow('A5', 114.172, 22.30)}`,
      ']}',
    ];
    writeFileSync(file, lines.join('\n'));
    const badRows: BadRow[] = [];
    const report = await importBuildings({ file, store, onBadRow: (row) => badRows.push(row), batchSize: 1 });
    expect(report).toMatchObject({ source: 'landsd', rows: 5, written: 2, badRows: 3 });
    expect(badRows).toEqual([
      { line: 3, reason: 'height -3 m is not above 0 (roof 2, base 5)' },
      { line: 4, reason: 'geometry type Point is not a Polygon or MultiPolygon' },
      { line: 5, reason: expect.stringMatching(/^not JSON/) },
    ]);
    const hit = await store.at(114.17 + 0.0001, 22.30 + 0.0001, 3);
    expect(hit[0].record).toMatchObject({ id: 'A1', source: 'landsd-footprint', heightMetres: 45, storeys: 15, sourceDataset: 'BUILDING_STRUCTURE.geojson' });
  });

  it('merges an OSM file into the store: an outline on a LandsD building is left out, a new one written; a re-import changes nothing', async () => {
    const file = join(folder, 'osm.geojson');
    const osm = (id: string, lon: number, lat: number) => ({
      type: 'Feature',
      properties: { '@id': id, building: 'yes', 'building:levels': '4' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [lon, lat],
            [lon + 0.0002, lat],
            [lon + 0.0002, lat + 0.00025],
            [lon, lat + 0.00025],
            [lon, lat],
          ],
        ],
      },
    });
    writeFileSync(file, features2Seq([osm('way/1', 114.17, 22.30), osm('way/2', 114.18, 22.31)]));
    const version = await store.version();
    const report = await importBuildings({ file, store });
    expect(report).toMatchObject({ source: 'osm', rows: 2, written: 1, skipped: 1, badRows: 0 });
    expect((await store.at(114.18 + 0.0001, 22.31 + 0.0001, 3))[0].record).toMatchObject({ id: 'osm:way/2', heightMetres: 12, heightKind: 'from-storeys' });
    const afterImport = await store.version();
    expect(afterImport).not.toBe(version);
    const count = await store.count();
    await importBuildings({ file, store });
    expect(await store.count()).toBe(count);
  });

  it('refuses a file that is not GeoJSON at all', async () => {
    const file = join(folder, 'list.json');
    writeFileSync(file, '[1, 2, 3]');
    await expect(importBuildings({ file, store })).rejects.toThrow(UnusableGeoJsonError);
    await expect(async () => {
      for await (const item of geoJsonFileFeatures(join(folder, 'list.json'))) expect(item).toBeUndefined();
    }).rejects.toThrow(/JSON array/);
  });
});

function features2Seq(features: unknown[]): string {
  return features.map((feature) => JSON.stringify(feature)).join('\n');
}
