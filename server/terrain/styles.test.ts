import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, orthoTileSetSchema, RELIEF_STYLES } from '../../core/contracts';
import { buildTestServer } from '../test/server';
import { RELIEF_PALETTES } from './relief';

const dataDir = resolve(import.meta.dirname, '../../data');
let app: FastifyInstance;
let cacheDir: string;
let orthoDir: string;

beforeAll(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'relief-styles-'));
  orthoDir = mkdtempSync(join(tmpdir(), 'ortho-'));
  app = await buildTestServer({ dataDir, cacheDir, orthoDir });
}, 60_000);
afterAll(async () => {
  await app.close();
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(orthoDir, { recursive: true, force: true });
});

/** A tile over Tai Mo Shan, Tsuen Wan and the Rambler Channel: land, slopes and sea. */
const MIXED_TILE = '12/3345/1785';

async function reliefTile(style?: string): Promise<PNG> {
  const response = await app.inject({ url: `/mapviewer/api/tiles/relief/${MIXED_TILE}.png${style ? `?style=${style}` : ''}` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  const png = PNG.sync.read(response.rawPayload);
  expect([png.width, png.height]).toEqual([256, 256]);
  return png;
}

function meanRgb(png: PNG): [number, number, number] {
  const sum = [0, 0, 0];
  for (let i = 0; i < png.data.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += png.data[i + c];
  const pixels = png.data.length / 4;
  return [sum[0] / pixels, sum[1] / pixels, sum[2] / pixels];
}

function differingPixels(a: PNG, b: PNG): number {
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) differing++;
  }
  return differing;
}

describe('relief map styles', () => {
  it('renders every style as a valid PNG whose pixels differ from the default style', async () => {
    const base = await reliefTile();
    expect(differingPixels(base, await reliefTile('default'))).toBe(0);
    for (const style of RELIEF_STYLES.filter((name) => name !== 'default')) {
      const styled = await reliefTile(style);
      expect(differingPixels(base, styled), style).toBeGreaterThan(256 * 256 * 0.9);
    }
  });

  it('dark is darker than the default, grey has no hue, and each style paints its own no-data tone far from the DEM', async () => {
    const brightness = (png: PNG) => meanRgb(png).reduce((a, b) => a + b, 0) / 3;
    expect(brightness(await reliefTile('dark'))).toBeLessThan(brightness(await reliefTile()) / 2);
    const grey = await reliefTile('grey');
    for (let i = 0; i < grey.data.length; i += 4) {
      expect(grey.data[i + 1]).toBe(grey.data[i]);
      expect(grey.data[i + 2]).toBe(grey.data[i]);
    }
    for (const style of RELIEF_STYLES) {
      const response = await app.inject({ url: `/mapviewer/api/tiles/relief/6/0/0.png?style=${style}` });
      const png = PNG.sync.read(response.rawPayload);
      expect([...png.data.subarray(0, 3)], style).toEqual([...RELIEF_PALETTES[style].noData]);
    }
  });

  it('answers an unknown style with a 400 naming the parameter', async () => {
    const response = await app.inject({ url: `/mapviewer/api/tiles/relief/${MIXED_TILE}.png?style=sepia` });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body).toMatchObject({ error: 'Bad Request', field: 'style' });
    expect(body.message).toContain('regular');
  });
});

describe('orthophoto tiles', () => {
  it('are unavailable and 404 while no files are installed', async () => {
    const set = orthoTileSetSchema.parse((await app.inject({ url: '/mapviewer/api/tiles/ortho.json' })).json());
    expect(set).toEqual({ available: false, tiles: ['/mapviewer/tiles/ortho/{z}/{x}/{y}.jpg'], minzoom: null, maxzoom: null });
    const response = await app.inject({ url: '/mapviewer/tiles/ortho/12/3345/1785.jpg' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).error).toBe('Not Found');
  });

  it('serves a tile dropped into the orthophoto folder, and reports the levels present', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    mkdirSync(join(orthoDir, '12', '3345'), { recursive: true });
    writeFileSync(join(orthoDir, '12', '3345', '1785.jpg'), jpeg);
    const response = await app.inject({ url: '/mapviewer/tiles/ortho/12/3345/1785.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.rawPayload.equals(jpeg)).toBe(true);
    expect((await app.inject({ url: '/mapviewer/tiles/ortho/12/3345/1786.jpg' })).statusCode).toBe(404);
    const set = orthoTileSetSchema.parse((await app.inject({ url: '/mapviewer/api/tiles/ortho.json' })).json());
    expect(set).toMatchObject({ available: true, minzoom: 12, maxzoom: 12 });
  });

  it('rejects tile addresses outside the grid with a 400 naming the part', async () => {
    for (const [url, field] of [
      ['/mapviewer/tiles/ortho/18/0/0.jpg', 'z'],
      ['/mapviewer/tiles/ortho/1/2/0.jpg', 'x'],
      ['/mapviewer/tiles/ortho/1/0/0.gif', 'y'],
      ['/mapviewer/tiles/ortho/1/0/..%2F..%2Fetc.jpg', 'y'],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, url).toBe(field);
    }
  });
});
