/**
 * The building tiles as a viewer fetches them: tileset.json, then the tiles it names, with validators and
 * cache headers; generated once per store version (concurrent requests share it), regenerated when the store
 * changes. A handful of buildings in Central keeps the generation quick.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildingRecord } from '../../core/contracts/buildings';
import { ROOT_DIR } from '../app';
import { createMemoryBuildingStore } from '../buildings/store';
import type { BuildingStore } from '../buildings/store';
import { rebuildBuildingTiles } from '../buildings/tiles/cache';
import { readBuildingTile } from '../buildings/tiles/tileReader';
import { installErrorHandler } from '../http/errors';
import { buildingTileRoutes } from './buildingTiles';

const DATA_DIR = join(ROOT_DIR, 'data');
const folder = mkdtempSync(join(tmpdir(), 'building-tile-routes-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A square block of `sizeMetres` at a point in Central, with a measured roof level. */
function block(id: string, longitude: number, latitude: number, roofLevelMetres: number, sizeMetres = 20): BuildingRecord {
  const dLon = sizeMetres / 103_000;
  const dLat = sizeMetres / 110_800;
  return {
    id,
    csuid: id,
    landsdBuildingId: null,
    footprint: [[[longitude, latitude], [longitude + dLon, latitude], [longitude + dLon, latitude + dLat], [longitude, latitude + dLat], [longitude, latitude]]],
    baseLevelMetres: 5,
    roofLevelMetres,
    heightMetres: roofLevelMetres - 5,
    heightKind: 'measured',
    storeys: null,
    nameEn: `Block ${id}`,
    nameZh: null,
    category: 'commercial',
    categorySourceValue: null,
    address: null,
    yearCompleted: null,
    source: 'landsd-ib1000',
    sourceDataset: 'test',
  };
}

const BLOCKS = [block('1000000001T20200101', 114.158, 22.281, 80), block('1000000002T20200101', 114.1585, 22.2812, 120)];

/** A store whose record reads can be counted, to tell a generation from a cache hit. */
function countingStore(records: BuildingRecord[]): BuildingStore & { reads: number } {
  const inner = createMemoryBuildingStore(records);
  const store = {
    reads: 0,
    version: () => inner.version(),
    count: () => inner.count(),
    bounds: () => inner.bounds(),
    at: inner.at.bind(inner),
    records(bounds?: Parameters<BuildingStore['records']>[0]) {
      if (!bounds) store.reads += 1;
      return inner.records(bounds);
    },
  };
  return store;
}

async function serverFor(store: BuildingStore, cacheDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('registeredEndpoints', new Set<string>());
  installErrorHandler(app);
  await app.register(buildingTileRoutes, { store, dataDir: DATA_DIR, cacheDir });
  return app;
}

const TILESET_URL = '/mapviewer/api/3dtiles/buildings/tileset.json';
type Tileset = { asset: { tilesetVersion: string }; root: { content: { uri: string } } };

describe('the building tiles routes', () => {
  it('serve tileset.json and the tiles it names, with ETags, 304s and cache headers', async () => {
    const app = await serverFor(countingStore(BLOCKS), join(folder, 'serve'));
    const tileset = await app.inject({ url: TILESET_URL });
    expect(tileset.statusCode, tileset.body.slice(0, 300)).toBe(200);
    expect(tileset.headers['content-type']).toMatch(/^application\/json/);
    expect(tileset.headers['cache-control']).toBe('no-cache');
    const document = tileset.json() as Tileset;
    const key = document.asset.tilesetVersion;
    expect(document.root.content.uri).toBe(`${key}/t.glb`);

    const tileUrl = `/mapviewer/api/3dtiles/buildings/${document.root.content.uri}`;
    const tile = await app.inject({ url: tileUrl });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('model/gltf-binary');
    expect(tile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(readBuildingTile(tile.rawPayload).properties.id).toEqual(BLOCKS.map((record) => record.id).sort());

    for (const [url, etag] of [[TILESET_URL, tileset.headers.etag], [tileUrl, tile.headers.etag]]) {
      expect(etag).toMatch(/^"[0-9a-f]{16}[^"]*"$/);
      const again = await app.inject({ url, headers: { 'if-none-match': String(etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }

    // CesiumJS appends the tileset's asset.tilesetVersion as `v` to every content request.
    const asCesiumAsks = await app.inject({ url: `${tileUrl}?v=${key}&timestamp=1795638040047` });
    expect(asCesiumAsks.statusCode, asCesiumAsks.body.slice(0, 200)).toBe(200);
    expect(asCesiumAsks.rawPayload.equals(tile.rawPayload)).toBe(true);

    const latest = await app.inject({ url: '/mapviewer/api/3dtiles/buildings/latest/t.glb' });
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toBe('no-cache');
    expect(latest.rawPayload.equals(tile.rawPayload)).toBe(true);

    expect((await app.inject({ url: `/mapviewer/api/3dtiles/buildings/${key}/t3.glb` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/mapviewer/api/3dtiles/buildings/0123456789abcdef/t.glb' })).statusCode).toBe(404);
    const traversal = await app.inject({ url: `/mapviewer/api/3dtiles/buildings/${key}/..%2Ft.glb` });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json()).toMatchObject({ field: 'tile' });
    await app.close();
  });

  it('generates once for concurrent requests and once per store version, then serves from disk', async () => {
    const cacheDir = join(folder, 'versions');
    const store = countingStore(BLOCKS);
    const app = await serverFor(store, cacheDir);
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: TILESET_URL })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(store.reads).toBe(1);
    await app.inject({ url: TILESET_URL });
    expect(store.reads).toBe(1);
    await app.close();

    // A new server (a restart) finds the tiles on disk.
    const restarted = await serverFor(store, cacheDir);
    await restarted.inject({ url: TILESET_URL });
    expect(store.reads).toBe(1);
    await restarted.close();

    const first = (answers[0].json() as Tileset).asset.tilesetVersion;
    const changed = await serverFor(countingStore([...BLOCKS, block('1000000003T20200101', 114.159, 22.2815, 60)]), cacheDir);
    const second = (await changed.inject({ url: TILESET_URL })).json() as Tileset;
    expect(second.asset.tilesetVersion).not.toBe(first);
    // The version before stays for viewers that loaded it a moment ago; no temporary file is left behind.
    expect((await changed.inject({ url: `/mapviewer/api/3dtiles/buildings/${first}/t.glb` })).statusCode).toBe(200);
    expect(readdirSync(join(cacheDir, '3dtiles', 'buildings')).filter((name) => name.includes('.tmp'))).toEqual([]);
    await changed.close();
  });

  it('answers 404 naming the reason when the store has no buildings', async () => {
    const app = await serverFor(countingStore([]), join(folder, 'empty'));
    const answer = await app.inject({ url: TILESET_URL });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ message: 'No buildings in the store' });
    await app.close();
  });

  it('rebuilds the tiles for the importer, so the first viewer after an import does not wait', async () => {
    const cacheDir = join(folder, 'rebuild');
    const stats = await rebuildBuildingTiles(countingStore(BLOCKS), cacheDir, DATA_DIR);
    expect(stats).toMatchObject({ buildings: 2, tiles: 1 });
    const files = readdirSync(join(cacheDir, '3dtiles', 'buildings'));
    expect(files.filter((name) => name.endsWith('.json'))).toHaveLength(1);
    expect(existsSync(join(cacheDir, '3dtiles', 'buildings', files.find((name) => name.endsWith('.json'))!.slice(0, -5), 't.glb'))).toBe(true);
    expect(await rebuildBuildingTiles(countingStore(BLOCKS), cacheDir, DATA_DIR)).toBeNull();
  });
});
