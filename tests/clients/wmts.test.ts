/**
 * GDAL's WMTS driver against the portal's WMTS (core/contracts/wmts.ts), over a real loopback port: the KVP and
 * RESTful capabilities list every layer and style, each layer opens, and a window read with gdal_translate has
 * the pixels of the tile fetched directly (so the tile matrix sets describe the tiles really served).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { landLotCollectionSchema } from '../../core/contracts';
import { matrixPixel } from '../../server/geo/lot-tiles';
import { requireProgram, runProgramAsync, useLiveServer } from './liveServer';

const live = useLiveServer();
const workDir = mkdtempSync(join(tmpdir(), 'wmts-client-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** No tile cache on disk: every read goes to the server under test. */
const NO_TILE_CACHE = { GDAL_ENABLE_WMS_CACHE: 'NO' };
/** A tiny read that would still finish if GDAL picked a wrong level: it stops rather than fetch thousands of tiles. */
const GDAL_TIME_LIMIT_MS = 90_000;

const CAPABILITIES_PATHS = [
  '/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities',
  '/geoserver/gwc/service/wmts/rest/WMTSCapabilities.xml',
  '/geoserver/gwc/service/wmts/1.0.0/WMTSCapabilities.xml',
];
const SUBDATASETS = [
  'layer=cite:3D_LOTGLA,tilematrixset=EPSG:900913',
  'layer=cite:3D_LOTGLA,tilematrixset=EPSG:4326',
  'layer=relief,style=default',
  'layer=relief,style=regular',
  'layer=relief,style=dark',
  'layer=relief,style=grey',
];

async function gdal(program: 'gdalinfo' | 'gdal_translate', args: string[]) {
  requireProgram(program, 'gdal-bin');
  const run = await runProgramAsync(program, args, GDAL_TIME_LIMIT_MS, NO_TILE_CACHE);
  expect(run.status, `${program} ${args.join(' ')}\n${run.stderr}`).toBe(0);
  return run;
}

interface GdalInfo {
  driverShortName: string;
  size: [number, number];
  geoTransform: [number, number, number, number, number, number];
  bands: unknown[];
  coordinateSystem: { wkt: string };
}

const info = async (connection: string) => JSON.parse((await gdal('gdalinfo', ['-json', connection])).stdout) as GdalInfo;

describe('gdalinfo WMTS:<capabilities>', () => {
  it.each(CAPABILITIES_PATHS)('%s lists each layer (the lots per tile matrix set, the relief per style) as a subdataset', async (path) => {
    const url = `${live().origin}${path}`;
    const names = [...(await gdal('gdalinfo', [`WMTS:${url}`])).stdout.matchAll(/SUBDATASET_\d+_NAME=(.*)/g)].map((match) => match[1]);
    expect(names).toEqual(SUBDATASETS.map((subdataset) => `WMTS:${url},${subdataset}`));
  });

  it.each(SUBDATASETS)('opens %s at its deepest level over the extent of its data', async (subdataset) => {
    const dataset = await info(`WMTS:${live().origin}${CAPABILITIES_PATHS[0]},${subdataset}`);
    expect(dataset.driverShortName).toBe('WMTS');
    expect(dataset.bands).toHaveLength(4);
    const geographic = subdataset.endsWith('EPSG:4326');
    expect(dataset.coordinateSystem.wkt).toMatch(geographic ? /^GEOGCRS\["WGS 84"/ : /^PROJCRS\["WGS 84 \/ Pseudo-Mercator"/);
    // Deepest level: 21 for the lots, 18 for the relief; 256-pixel tiles over the 360° or 2πa of the grid.
    const deepest = subdataset.includes('3D_LOTGLA') ? 21 : 18;
    const span = geographic ? 180 : 2 * Math.PI * 6378137;
    expect(dataset.geoTransform[1] / (span / (256 * 2 ** deepest))).toBeCloseTo(1, 9);
    const [west, north] = [dataset.geoTransform[0], dataset.geoTransform[3]];
    // The upper-left corner is that of the layer's data in Hong Kong (the relief's DEM spans 113.8° to 115° E and
    // 22° to 23° N), snapped outwards to a whole pixel of the deepest level.
    const [lon, lat] = geographic ? [west, north] : [(west / 6378137) * (180 / Math.PI), (2 * Math.atan(Math.exp(north / 6378137)) - Math.PI / 2) * (180 / Math.PI)];
    expect(lon).toBeGreaterThan(113.79);
    expect(lon).toBeLessThan(115);
    expect(lat).toBeGreaterThan(22);
    expect(lat).toBeLessThan(23.01);
  });
});

describe('gdal_translate of a window', () => {
  /**
   * Opens the layer with `tilematrix` as its deepest level, reads the 256 x 256 window that is tile (row, column)
   * of that matrix, and returns its RGBA pixels next to those of the tile fetched at `tileUrl`.
   */
  async function windowAndTile(subdataset: string, tileMatrix: string, tile: { row: number; column: number; west: number; top: number; unitsPerPixel: number }, tileUrl: string) {
    const connection = `WMTS:${live().origin}${CAPABILITIES_PATHS[0]},${subdataset},tilematrix=${tileMatrix}`;
    const { geoTransform } = await info(connection);
    expect(geoTransform[1] / tile.unitsPerPixel).toBeCloseTo(1, 9);
    const offsetX = (tile.west + tile.column * 256 * tile.unitsPerPixel - geoTransform[0]) / geoTransform[1];
    const offsetY = (geoTransform[3] - (tile.top - tile.row * 256 * tile.unitsPerPixel)) / -geoTransform[5];
    // The dataset's origin lies on the pixel grid of that level, so the tile starts on a whole pixel.
    expect(Math.abs(offsetX - Math.round(offsetX))).toBeLessThan(1e-6);
    expect(Math.abs(offsetY - Math.round(offsetY))).toBeLessThan(1e-6);
    const output = join(workDir, `${subdataset.replace(/[^a-z0-9]+/gi, '_')}.png`);
    await gdal('gdal_translate', ['-of', 'PNG', '-srcwin', String(Math.round(offsetX)), String(Math.round(offsetY)), '256', '256', connection, output]);
    const window = PNG.sync.read(readFileSync(output));
    const response = await fetch(`${live().origin}${tileUrl}`);
    expect(response.status).toBe(200);
    const direct = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
    return { window, direct };
  }

  async function lotCorner(): Promise<[number, number]> {
    const lots = landLotCollectionSchema.parse(await (await fetch(`${live().origin}/mapviewer/api/lots`)).json());
    // A lot in Kowloon (the lots lie around MTR stations; Kowloon is 114.15° to 114.24° E, 22.29° to 22.35° N).
    const kowloon = lots.features.find((feature) => {
      const [lon, lat] = feature.geometry.coordinates[0][0];
      return lon > 114.15 && lon < 114.24 && lat > 22.29 && lat < 22.35;
    });
    expect(kowloon).toBeDefined();
    return kowloon!.geometry.coordinates[0][0];
  }

  const lotCases = [
    { set: 'EPSG:900913', level: 17, west: -Math.PI * 6378137, top: Math.PI * 6378137, unitsPerPixel: (2 * Math.PI * 6378137) / (256 * 2 ** 17) },
    { set: 'EPSG:4326', level: 16, west: -180, top: 90, unitsPerPixel: 180 / (256 * 2 ** 16) },
  ] as const;

  it.each(lotCases)('of the lots in $set has the pixels of the lot tile it came from', async ({ set, level, west, top, unitsPerPixel }) => {
    const [lon, lat] = await lotCorner();
    const [x, y] = matrixPixel(set, level, lon, lat);
    const [row, column] = [Math.floor(y / 256), Math.floor(x / 256)];
    const { window, direct } = await windowAndTile(
      `layer=cite:3D_LOTGLA,tilematrixset=${set}`,
      `${set}:${level}`,
      { row, column, west, top, unitsPerPixel },
      `/geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/default/${set}/${set}:${level}/${row}/${column}?format=image/png`,
    );
    const drawn = direct.data.filter((value, index) => index % 4 === 3 && value > 0).length;
    expect(drawn).toBeGreaterThan(100);
    expect(window.data.equals(direct.data)).toBe(true);
  }, 180_000);

  it('of the dark relief over Kowloon has the pixels of the relief tile it came from', async () => {
    const level = 12;
    const unitsPerPixel = (2 * Math.PI * 6378137) / (256 * 2 ** level);
    // Tsim Sha Tsui, 114.172° E 22.297° N, in the XYZ grid of level 12.
    const column = Math.floor(((114.172 + 180) / 360) * 2 ** level);
    const row = Math.floor(((1 - Math.asinh(Math.tan((22.297 * Math.PI) / 180)) / Math.PI) / 2) * 2 ** level);
    const { window, direct } = await windowAndTile(
      'layer=relief,style=dark',
      String(level),
      { row, column, west: -Math.PI * 6378137, top: Math.PI * 6378137, unitsPerPixel },
      `/mapviewer/api/tiles/relief/${level}/${column}/${row}.png?style=dark`,
    );
    expect(new Set(direct.data.filter((_value, index) => index % 4 === 0)).size).toBeGreaterThan(10);
    expect(window.data.equals(direct.data)).toBe(true);
  }, 180_000);
});
