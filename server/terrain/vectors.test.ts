import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { RELIEF_STYLES } from '../../core/contracts/terrain';
import type { BuildingRecord } from '../../core/contracts/buildings';
import type { LonLatBounds } from '../buildings/store';
import { getDemSampler } from './dem';
import type { Rgb } from './raster';
import { RELIEF_PALETTES, RELIEF_STYLE_VERSION, ReliefTileStore, renderBaseMapRgba, renderReliefRgba } from './relief';
import { FOOTPRINT_MIN_ZOOM, getStreetVectors } from './vectors';

const dataDir = resolve(import.meta.dirname, '../../data');
const sampler = getDemSampler(dataDir);
const vectors = getStreetVectors(dataDir);
const cacheDir = mkdtempSync(join(tmpdir(), 'street-basemap-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

function tileAt(z: number, lon: number, lat: number): [number, number] {
  const n = 2 ** z;
  const phi = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n)];
}

/** Pixels within 2 of any of the colours in every channel. */
function countColoured(rgba: Uint8Array, colours: readonly Rgb[]): number {
  let count = 0;
  for (let o = 0; o < rgba.length; o += 4) {
    if (colours.some((c) => Math.abs(rgba[o] - c[0]) <= 2 && Math.abs(rgba[o + 1] - c[1]) <= 2 && Math.abs(rgba[o + 2] - c[2]) <= 2)) count++;
  }
  return count;
}

const roadColours = (style: (typeof RELIEF_STYLES)[number]) => [RELIEF_PALETTES[style].street, RELIEF_PALETTES[style].main, RELIEF_PALETTES[style].trunk];
const PIXELS = 256 * 256;
/** Nathan Road at Argyle Street, Mong Kok. */
const MONG_KOK = tileAt(16, 114.1694, 22.3193);
/** The West Lamma Channel, 3 km from any shore. */
const OPEN_SEA = tileAt(16, 114.06, 22.19);

describe('street vectors', () => {
  const kindsAround = (lon: number, lat: number, degrees: number) => new Set([...vectors.piecesIn([lon - degrees, lat - degrees, lon + degrees, lat + degrees])].map((piece) => piece.kind));

  it('classes the sources: Nathan Road a main road (bus lanes), the West Kowloon Highway trunk, rail by kind', () => {
    expect(kindsAround(114.1697, 22.3178, 0.0003)).toContain('main');
    expect(kindsAround(114.1622, 22.315, 0.001)).toContain('trunk');
    expect(kindsAround(114.1622, 22.315, 0.001)).toContain('metro');
    expect(kindsAround(114.156, 22.284, 0.0005)).toContain('tram');
    expect(kindsAround(114.1555, 22.2745, 0.001)).toContain('funicular');
    // Mid-harbour: no street link or track runs there.
    expect(kindsAround(114.175, 22.292, 0.001).size).toBe(0);
  });
});

describe('street base map', () => {
  it('draws the streets of Mong Kok at z16 in every style, and nothing road-coloured over open sea', () => {
    for (const style of RELIEF_STYLES) {
      const streets = renderBaseMapRgba(sampler, 16, ...MONG_KOK, style, vectors);
      expect(countColoured(streets, roadColours(style)) / PIXELS, style).toBeGreaterThan(0.08);
      const relief = renderReliefRgba(sampler, 16, ...MONG_KOK, style);
      expect(countColoured(relief, roadColours(style)), `${style} relief alone`).toBeLessThan(PIXELS * 0.01);
      const sea = renderBaseMapRgba(sampler, 16, ...OPEN_SEA, style, vectors);
      expect(countColoured(sea, [RELIEF_PALETTES[style].sea]), `${style} sea`).toBe(PIXELS);
    }
  });

  it('shades the relief without steps at z16: neighbouring pixels differ by little on steep slopes', () => {
    // On these slopes the renderer that shaded the bilinear DEM stepped by 20–37 luminance levels between
    // neighbouring pixels (70 m blocks); the spline surface keeps every step under 3.
    const luminance = (rgba: Uint8Array, o: number) => 0.299 * rgba[o] + 0.587 * rgba[o + 1] + 0.114 * rgba[o + 2];
    for (const [lon, lat] of [
      [114.187, 22.352], // Lion Rock
      [114.1244, 22.4107], // Tai Mo Shan
      [114.2255, 22.3515], // Kowloon Peak
    ]) {
      for (const style of RELIEF_STYLES) {
        const rgba = renderReliefRgba(sampler, 16, ...tileAt(16, lon, lat), style);
        let largest = 0;
        for (let j = 0; j < 256; j++) {
          for (let i = 0; i < 255; i++) {
            const o = (j * 256 + i) * 4;
            largest = Math.max(largest, Math.abs(luminance(rgba, o) - luminance(rgba, o + 4)), j < 255 ? Math.abs(luminance(rgba, o) - luminance(rgba, o + 1024)) : 0);
          }
        }
        expect(largest, `${style} at ${lon}, ${lat}`).toBeLessThan(6);
      }
    }
  });

  it('anti-aliases the coast: a coastal tile has pixels partly covered by the coast line', () => {
    // The Tsim Sha Tsui waterfront at z16. A one-pixel coast line without anti-aliasing leaves only sea, coast and land
    // colours; a covered fraction of a pixel blends the coast colour into the sea.
    const rgba = renderReliefRgba(sampler, 16, ...tileAt(16, 114.1722, 22.2935));
    const { sea, coast } = RELIEF_PALETTES.default;
    expect(countColoured(rgba, [sea])).toBeGreaterThan(PIXELS * 0.05);
    let partlyCovered = 0;
    for (let o = 0; o < rgba.length; o += 4) {
      // Where the pixel lies on the sea -> coast colour segment, and how far off it.
      const along = [0, 1, 2].reduce((sum, c) => sum + (rgba[o + c] - sea[c]) * (coast[c] - sea[c]), 0) / [0, 1, 2].reduce((sum, c) => sum + (coast[c] - sea[c]) ** 2, 0);
      const off = Math.max(...[0, 1, 2].map((c) => Math.abs(rgba[o + c] - (sea[c] + (coast[c] - sea[c]) * along))));
      if (along > 0.1 && along < 0.9 && off <= 2) partlyCovered++;
    }
    expect(partlyCovered).toBeGreaterThan(100);
  });
});

/** A square building around a point, `metres` across. */
function building(id: string, lon: number, lat: number, metres: number): BuildingRecord {
  const dLat = metres / 2 / 111_320;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  return {
    id,
    csuid: null,
    landsdBuildingId: null,
    footprint: [[[lon - dLon, lat - dLat], [lon + dLon, lat - dLat], [lon + dLon, lat + dLat], [lon - dLon, lat + dLat], [lon - dLon, lat - dLat]]],
    baseLevelMetres: null,
    roofLevelMetres: null,
    heightMetres: 3,
    heightKind: 'assumed',
    storeys: null,
    nameEn: null,
    nameZh: null,
    category: 'other',
    categorySourceValue: null,
    address: null,
    yearCompleted: null,
    source: 'osm',
    sourceDataset: 'test',
  };
}

describe('building footprints on the base map', () => {
  const record = building('test:1', 114.1694, 22.3193, 80);
  const requested: LonLatBounds[] = [];
  const footprints = {
    version: async () => 'store v1',
    async *records(bounds?: LonLatBounds) {
      requested.push(bounds!);
      yield record;
    },
  };

  it('fills footprints from zoom FOOTPRINT_MIN_ZOOM, in the style colour', () => {
    for (const style of RELIEF_STYLES) {
      const close = renderBaseMapRgba(sampler, 17, ...tileAt(17, 114.1694, 22.3193), style, null, [record]);
      // 80 m at 1.1 m/px is ~72 px across: thousands of pixels of building colour.
      expect(countColoured(close, [RELIEF_PALETTES[style].building]), style).toBeGreaterThan(3000);
      const farTile = tileAt(FOOTPRINT_MIN_ZOOM - 1, 114.1694, 22.3193);
      const far = renderBaseMapRgba(sampler, FOOTPRINT_MIN_ZOOM - 1, ...farTile, style, null, [record]);
      expect(Buffer.from(far).equals(Buffer.from(renderReliefRgba(sampler, FOOTPRINT_MIN_ZOOM - 1, ...farTile, style))), style).toBe(true);
    }
  });

  it('asks the store for the tile bounds and caches the tile under the store version', async () => {
    const store = new ReliefTileStore(sampler, cacheDir, 16, { vectors: () => vectors, buildings: footprints });
    const [x, y] = tileAt(17, 114.1694, 22.3193);
    const png = PNG.sync.read(await store.get(17, x, y));
    expect(countColoured(new Uint8Array(png.data), [RELIEF_PALETTES.default.building])).toBeGreaterThan(1000);
    expect(requested).toHaveLength(1);
    const [west, south, east, north] = requested[0];
    expect(west).toBeLessThan(114.1694);
    expect(east).toBeGreaterThan(114.1694);
    expect(south).toBeLessThan(22.3193);
    expect(north).toBeGreaterThan(22.3193);
    const file = join(cacheDir, 'relief', RELIEF_STYLE_VERSION, 'buildings-store_v1', '17', `${x}`, `${y}.png`);
    for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(file)).toBe(true);
    // Tiles drawn before footprints begin do not ask the store.
    await store.get(14, ...tileAt(14, 114.1694, 22.3193));
    expect(requested).toHaveLength(1);
  });
});
