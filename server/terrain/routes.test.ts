import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { buildTestServer } from '../test/server';
import { decodeHeight, geographicTileBounds, HEIGHTMAP_SIZE, tilesY } from './heightmap';
import { RELIEF_PALETTES, SEA_RGB } from './relief';

const dataDir = resolve(import.meta.dirname, '../../data');
let app: FastifyInstance;
let cacheDir: string;

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'relief-'));
  app = await buildTestServer({ dataDir, cacheDir });
}, 60_000);
afterAll(async () => {
  await app.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** Geographic TMS tile containing lon/lat. */
function terrainTileAt(level: number, lon: number, lat: number) {
  const size = 180 / 2 ** level;
  return { x: Math.floor((lon + 180) / size), y: Math.floor((lat + 90) / size) };
}
/** XYZ Web Mercator tile and pixel containing lon/lat. */
function mercatorPixel(z: number, lon: number, lat: number) {
  const n = 2 ** z;
  const fx = ((lon + 180) / 360) * n;
  const r = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n;
  const x = Math.floor(fx);
  const y = Math.floor(fy);
  return { x, y, px: Math.floor((fx - x) * 256), py: Math.floor((fy - y) * 256) };
}

describe('terrain layer.json', () => {
  it('describes a heightmap-1.0 TMS geographic layer covering HK', async () => {
    const res = await app.inject({ url: '/mapviewer/api/terrain/layer.json' });
    expect(res.statusCode).toBe(200);
    const j = res.json();
    expect(j).toMatchObject({ tilejson: '2.1.0', format: 'heightmap-1.0', scheme: 'tms', projection: 'EPSG:4326' });
    expect(j.tiles).toEqual(['{z}/{x}/{y}.terrain?v={version}']);
    expect(j.attribution).toContain('Lands Department');
    expect(j.available[0]).toEqual([{ startX: 0, startY: 0, endX: 1, endY: 0 }]);
    expect(j.available.length).toBe(14);
    const t = terrainTileAt(13, 114.1244, 22.4107);
    const r = j.available[13][0];
    expect(t.x >= r.startX && t.x <= r.endX && t.y >= r.startY && t.y <= r.endY).toBe(true);
    // every available tile's parent is available
    for (let level = 1; level < j.available.length; level++) {
      const c = j.available[level][0];
      const p = j.available[level - 1][0];
      expect(c.startX >> 1).toBeGreaterThanOrEqual(p.startX);
      expect(c.endX >> 1).toBeLessThanOrEqual(p.endX);
      expect(c.startY >> 1).toBeGreaterThanOrEqual(p.startY);
      expect(c.endY >> 1).toBeLessThanOrEqual(p.endY);
    }
  });
});

describe('terrain tiles', () => {
  it('encodes Tai Mo Shan in a level-12 tile', async () => {
    const level = 12;
    const { x, y } = terrainTileAt(level, 114.1244, 22.4107);
    const res = await app.inject({ url: `/mapviewer/api/terrain/${level}/${x}/${y}.terrain?v=1.1.0` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toContain('max-age');
    const buf = res.rawPayload;
    const S = HEIGHTMAP_SIZE;
    // heights + child mask + water mask (1 byte or 256x256)
    expect([S * S * 2 + 2, S * S * 2 + 1 + 256 * 256]).toContain(buf.length);
    expect(buf[S * S * 2]).toBe(15); // all four children available below the max level
    let max = -Infinity;
    for (let i = 0; i < S * S; i++) max = Math.max(max, decodeHeight(buf.readUInt16LE(i * 2)));
    expect(max).toBeGreaterThan(900);
    expect(max).toBeLessThan(970);
    // the sample nearest the summit decodes to the sampler's height there (row 0 = north)
    const [w, s, e, n] = geographicTileBounds(level, x, y);
    const col = Math.round(((114.1244 - w) / (e - w)) * (S - 1));
    const row = Math.round(((n - 22.4107) / (n - s)) * (S - 1));
    expect(decodeHeight(buf.readUInt16LE((row * S + col) * 2))).toBeGreaterThan(850);
    expect(tilesY(level)).toBe(4096);
  });

  it('gzips when asked', async () => {
    const res = await app.inject({ url: '/mapviewer/api/terrain/5/53/20.terrain', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('answers a flat tile, not marked as water (no data there), far from HK and no children at the last level', async () => {
    const res = await app.inject({ url: '/mapviewer/api/terrain/13/100/100.terrain' });
    expect(res.statusCode).toBe(200);
    const buf = res.rawPayload;
    const S = HEIGHTMAP_SIZE;
    expect(buf.length).toBe(S * S * 2 + 2);
    expect(decodeHeight(buf.readUInt16LE(0))).toBe(0);
    expect(buf[S * S * 2]).toBe(0);
    expect(buf[S * S * 2 + 1]).toBe(0);
  });

  it('rejects bad parameters with the standard 400 {error, field, message}', async () => {
    for (const [url, field] of [
      ['/mapviewer/api/terrain/abc/0/0.terrain', 'z'],
      ['/mapviewer/api/terrain/2/8/0.terrain', 'x'],
      ['/mapviewer/api/terrain/2/0/4.terrain', 'y'],
      ['/mapviewer/api/terrain/2/0/1.png', 'y'],
      ['/mapviewer/api/terrain/-1/0/0.terrain', 'z'],
      ['/mapviewer/api/tiles/relief/19/0/0.png', 'z'],
      ['/mapviewer/api/tiles/relief/1/2/0.png', 'x'],
      ['/mapviewer/api/tiles/relief/1/0/1.5.png', 'y'],
      ['/mapviewer/api/tiles/relief/1/0/0.jpg', 'y'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      const body = errorBodySchema.parse(res.json());
      expect(body, url).toMatchObject({ error: 'Bad Request', field });
      expect(body.message, url).toMatch(new RegExp(`^${field} must be`));
    }
    const unknown = await app.inject({ url: '/mapviewer/api/terrain/2/0/1.terrain?w=1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'Bad Request', field: 'w' });
    const deep = await app.inject({ url: '/mapviewer/api/terrain/14/0/0.terrain' });
    expect(deep.statusCode).toBe(404);
    expect(errorBodySchema.parse(deep.json())).toMatchObject({ error: 'Not Found', field: 'z' });
  });
});

describe('relief tiles', () => {
  async function pixel(lon: number, lat: number, z = 12) {
    const t = mercatorPixel(z, lon, lat);
    const res = await app.inject({ url: `/mapviewer/api/tiles/relief/${z}/${t.x}/${t.y}.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(res.rawPayload);
    expect([png.width, png.height]).toEqual([256, 256]);
    const o = (t.py * 256 + t.px) * 4;
    return [png.data[o], png.data[o + 1], png.data[o + 2]];
  }

  it('paints the harbour sea-blue and Tai Mo Shan not', async () => {
    // Mid-harbour between the Tsuen Wan Line tunnel (114.168E) and the Cross-Harbour Tunnel (114.181E), which the
    // base map draws as rail and road over the water.
    expect(await pixel(114.175, 22.292)).toEqual([...SEA_RGB]);
    expect(await pixel(114.1244, 22.4107)).not.toEqual([...SEA_RGB]);
  });

  it('serves the plain no-data tone (not sea) outside the DEM and a TileJSON with attribution', async () => {
    expect(await pixel(-30, 40, 6)).toEqual([...RELIEF_PALETTES.default.noData]);
    // Shenzhen west of 114° E (no DEM source) is no data, Shenzhen east of it SRTM land: neither is sea.
    expect(await pixel(113.93, 22.55, 11)).toEqual([...RELIEF_PALETTES.default.noData]);
    expect(await pixel(114.05, 22.55, 11)).not.toEqual([...SEA_RGB]);
    const j = (await app.inject({ url: '/mapviewer/api/tiles/relief.json' })).json();
    expect(j.attribution).toContain('SRTM');
    expect(j.tiles[0]).toBe('/mapviewer/api/tiles/relief/{z}/{x}/{y}.png');
  });
});
