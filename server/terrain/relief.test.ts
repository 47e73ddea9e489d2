import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDemSampler } from './dem';
import { RELIEF_STYLES } from '../../core/contracts/terrain';
import {
  groundClass,
  groundColour,
  RELIEF_PALETTES,
  RELIEF_STYLE_VERSION,
  RELIEF_URL_VERSION,
  ReliefTileStore,
  renderReliefRgba,
  SEA_LEVEL_THRESHOLD_M,
} from './relief';

const dataDir = resolve(import.meta.dirname, '../../data');
const cacheDir = mkdtempSync(join(tmpdir(), 'relief-store-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

describe('ReliefTileStore', () => {
  it('renders a tile once, shares concurrent requests, and reuses the disk cache in a new store', async () => {
    const sampler = getDemSampler(dataDir);
    const store = new ReliefTileStore(sampler, cacheDir);
    const [a, b] = await Promise.all([store.get(11, 1673, 892), store.get(11, 1673, 892)]);
    expect(a).toBe(b);
    await store.get(11, 1673, 892);
    expect(store.stats.rendered).toBe(1);
    expect(store.stats.memoryHits).toBe(1);
    const file = join(cacheDir, 'relief', RELIEF_STYLE_VERSION, '11', '1673', '892.png');
    for (let i = 0; i < 50 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
    expect(existsSync(file)).toBe(true);
    const second = new ReliefTileStore(sampler, cacheDir);
    const c = await second.get(11, 1673, 892);
    expect(second.stats.rendered).toBe(0);
    expect(second.stats.diskHits).toBe(1);
    expect(c.equals(a)).toBe(true);
  });
});

/** Water-blue as the browser tests read it: blue well above red and at least green. */
function looksLikeWater([r, g, b]: readonly number[]): boolean {
  return b - r > 20 && b >= g;
}

describe('where the base map paints sea (issue 12, point 8)', () => {
  it('classifies a point: no height is no data, never sea; sea only at or below the sea threshold', () => {
    expect(groundClass(null)).toBe('no-data');
    expect(groundClass(Number.NaN)).toBe('no-data');
    expect(groundClass(0)).toBe('sea');
    expect(groundClass(SEA_LEVEL_THRESHOLD_M)).toBe('sea');
    expect(groundClass(SEA_LEVEL_THRESHOLD_M + 0.1)).toBe('land');
    expect(groundClass(950)).toBe('land');
  });

  it('gives "no data" a tone in every style that is neither water-blue nor the sea or land colour', () => {
    for (const style of RELIEF_STYLES) {
      const noData = groundColour('no-data', style);
      expect(looksLikeWater(noData), style).toBe(false);
      for (const other of [groundColour('sea', style), groundColour('land', style), RELIEF_PALETTES[style].outside]) {
        const distance = Math.hypot(noData[0] - other[0], noData[1] - other[1], noData[2] - other[2]);
        expect(distance, `${style} no-data vs ${other.join(',')}`).toBeGreaterThan(20);
      }
    }
  });

  it('draws the rule: the sampler says no data west of 114° E outside the territory, and the tile paints it so', () => {
    const sampler = getDemSampler(dataDir);
    const places = {
      shenzhenWest: [113.93, 22.56], // Nanshan: outside HKSAR, west of the SRTM tile, no LandsD
      shenzhen: [114.05, 22.55], // Futian: SRTM land
      harbour: [114.175, 22.292], // Victoria Harbour: LandsD sea
      taiMoShan: [114.1244, 22.4107],
      pearlRiverWest: [113.7, 22.3], // beyond every source
    } as const;
    const kinds = Object.fromEntries(Object.entries(places).map(([k, [lon, lat]]) => [k, groundClass(sampler.heightAt(lon, lat))]));
    expect(kinds).toEqual({ shenzhenWest: 'no-data', shenzhen: 'land', harbour: 'sea', taiMoShan: 'land', pearlRiverWest: 'no-data' });
    for (const style of RELIEF_STYLES) {
      for (const [name, [lon, lat]] of Object.entries(places)) {
        const colour = pixelOf(sampler, 11, lon, lat, style);
        if (kinds[name] === 'no-data') expect(colour, `${style} ${name}`).toEqual([...RELIEF_PALETTES[style].noData]);
        else if (kinds[name] === 'sea') expect(colour, `${style} ${name}`).toEqual([...RELIEF_PALETTES[style].sea]);
        else expect(colour, `${style} ${name}`).not.toEqual([...RELIEF_PALETTES[style].sea]);
        if (style === 'default' && kinds[name] !== 'sea') expect(looksLikeWater(colour), name).toBe(false);
      }
    }
  });

  it('keeps the base map manifests asking for the current look (browsers cache tiles for a day)', () => {
    const folder = resolve(import.meta.dirname, '../../manifests/basemaps');
    const urls = readdirSync(folder)
      .map((name) => (JSON.parse(readFileSync(join(folder, name), 'utf8')) as { url: string }).url)
      .filter((url) => url.includes('/tiles/relief/'));
    expect(urls).toHaveLength(4);
    for (const url of urls) expect(new URL(url, 'http://x').searchParams.get('v')).toBe(RELIEF_URL_VERSION);
  });
});

/** The RGB one tile gives at a place (Web Mercator XYZ). */
function pixelOf(sampler: ReturnType<typeof getDemSampler>, z: number, lon: number, lat: number, style: (typeof RELIEF_STYLES)[number]) {
  const n = 2 ** z;
  const fx = ((lon + 180) / 360) * n;
  const latRad = (lat * Math.PI) / 180;
  const fy = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n;
  const rgba = renderReliefRgba(sampler, z, Math.floor(fx), Math.floor(fy), style);
  const o = (Math.floor((fy % 1) * 256) * 256 + Math.floor((fx % 1) * 256)) * 4;
  return [rgba[o], rgba[o + 1], rgba[o + 2]];
}
