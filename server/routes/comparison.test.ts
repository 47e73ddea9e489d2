import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { comparisonRailNetworkSchema, reclaimedLandSchema, terrainLayerSchema } from '../../core/contracts';
import { decodeHeight, geographicTileBounds, HEIGHTMAP_SIZE } from '../terrain/heightmap';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string, headers: Record<string, string> = {}) => app().inject({ method: 'GET', url, headers });

/** The level-13 tile (geographic TMS) holding a point, and the height of its sample nearest to the point. */
async function tileHeightAt(base: string, lon: number, lat: number): Promise<number> {
  const level = 13;
  const size = 180 / 2 ** level;
  const x = Math.floor((lon + 180) / size);
  const y = Math.floor((lat + 90) / size);
  const response = await get(`${base}/${level}/${x}/${y}.terrain?v=1.1.0`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.rawPayload;
  const [west, south, east, north] = geographicTileBounds(level, x, y);
  const column = Math.round(((lon - west) / (east - west)) * (HEIGHTMAP_SIZE - 1));
  const row = Math.round(((north - lat) / (north - south)) * (HEIGHTMAP_SIZE - 1));
  return decodeHeight(body.readUInt16LE((row * HEIGHTMAP_SIZE + column) * 2));
}

describe('GET /mapviewer/api/terrain-srtm2000', () => {
  it('describes a heightmap-1.0 layer over the SRTM grid with its own attribution', async () => {
    const response = await get('/mapviewer/api/terrain-srtm2000/layer.json');
    expect(response.statusCode, response.body).toBe(200);
    const layer = terrainLayerSchema.parse(response.json());
    expect(layer.attribution).toContain('SRTM');
    expect(layer.name).toContain('2000');
    // The grid reaches Lantau and the airport (west of 114° E, where the SRTM tile of the map's DEM does not).
    expect(layer.bounds[0]).toBeLessThan(113.85);
  });

  it('is sea where land was reclaimed after 2000 and the LandsD 2020 DTM of the map has land (Penny\'s Bay, Central, Kai Tak)', async () => {
    const places: [string, number, number][] = [
      ["Penny's Bay", 114.042, 22.311],
      ['Central waterfront', 114.1527, 22.2891],
      ['Kai Tak runway tip', 114.2206, 22.3082],
    ];
    for (const [name, lon, lat] of places) {
      const then = await tileHeightAt('/mapviewer/api/terrain-srtm2000', lon, lat);
      const now = await tileHeightAt('/mapviewer/api/terrain', lon, lat);
      expect(then, name).toBeLessThan(1);
      expect(now, name).toBeGreaterThan(5);
    }
  });

  it('agrees with the map\'s terrain on land that has not changed (Tai Mo Shan within 30 m)', async () => {
    const then = await tileHeightAt('/mapviewer/api/terrain-srtm2000', 114.1244, 22.4107);
    const now = await tileHeightAt('/mapviewer/api/terrain', 114.1244, 22.4107);
    expect(then).toBeGreaterThan(850);
    expect(Math.abs(then - now)).toBeLessThan(30);
  });

  it('gzips a tile for a client that accepts it, and answers 404 beyond the last level and 400 for a bad row', async () => {
    const zipped = await get('/mapviewer/api/terrain-srtm2000/13/6692/2557.terrain', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).length).toBeGreaterThanOrEqual(HEIGHTMAP_SIZE * HEIGHTMAP_SIZE * 2 + 2);
    expect((await get('/mapviewer/api/terrain-srtm2000/14/0/0.terrain')).statusCode).toBe(404);
    const bad = await get('/mapviewer/api/terrain-srtm2000/3/0/x.terrain');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'y' });
  });
});

describe('GET /mapviewer/api/static/comparison', () => {
  it('answers the 2016 lines from OpenStreetMap, out of date, with the lines that were merged since', async () => {
    const response = await get('/mapviewer/api/static/comparison/rail2016');
    expect(response.statusCode, response.body).toBe(200);
    const network = comparisonRailNetworkSchema.parse(response.json());
    expect(network).toMatchObject({ outOfDate: true, schematic: false, snapshotDate: '2016-02-16' });
    expect(network.attribution).toContain('OpenStreetMap');
    const codes = network.features.map((feature) => feature.properties.line);
    // West Rail and Ma On Shan merged into the Tuen Ma Line in 2021; the South Island Line opened at the end of 2016.
    expect(codes).toEqual(expect.arrayContaining(['WRL', 'MOL', 'EAL', 'TWL']));
    expect(codes).not.toContain('TML');
    expect(codes).not.toContain('SIL');
    // The export also holds Shenzhen Metro's numbered lines: they are not MTR Hong Kong lines.
    expect(codes.every((code) => /^[A-Z]{3}$/.test(code))).toBe(true);
    const westRail = network.features.find((feature) => feature.properties.line === 'WRL')!;
    expect(westRail.properties.name['en-US']).toBe('West Rail Line');
    expect(westRail.properties.name['zh-HK']).toBe('西鐵綫');
    expect(westRail.properties.name['zh-CN']).toBe('西铁线');
  });

  it("answers today's lines, schematic, with the Tuen Ma and South Island lines the 2016 network lacks", async () => {
    const network = comparisonRailNetworkSchema.parse((await get('/mapviewer/api/static/comparison/rail-today')).json());
    expect(network).toMatchObject({ outOfDate: false, schematic: true, snapshotDate: null });
    const codes = network.features.map((feature) => feature.properties.line);
    expect(codes).toEqual(expect.arrayContaining(['TML', 'SIL']));
    const railways = (await get('/mapviewer/api/static/railways')).json() as { lines: { line: string; branches: string[][] }[] };
    const tuenMa = network.features.find((feature) => feature.properties.line === 'TML')!;
    const tuenMaBranches = railways.lines.find((line) => line.line === 'TML')!.branches;
    expect(tuenMa.geometry.coordinates.map((branch) => branch.length)).toEqual(tuenMaBranches.map((branch) => branch.length));
  });

  it('answers 400 naming an unknown parameter', async () => {
    const response = await get('/mapviewer/api/static/comparison/rail2016?year=2016');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('year');
  });
});

describe('GET /mapviewer/api/static/comparison/land-since-2000', () => {
  it("covers Penny's Bay and the Central waterfront, not the third runway the 2020 grid lacks nor Tai Mo Shan", async () => {
    const response = await get('/mapviewer/api/static/comparison/land-since-2000');
    expect(response.statusCode, response.body).toBe(200);
    const land = reclaimedLandSchema.parse(response.json());
    const covered = (lon: number, lat: number) =>
      land.features.some(({ geometry }) => {
        const ring = geometry.coordinates[0];
        const lons = ring.map((point) => point[0]);
        const lats = ring.map((point) => point[1]);
        return lon >= Math.min(...lons) && lon <= Math.max(...lons) && lat >= Math.min(...lats) && lat <= Math.max(...lats);
      });
    expect(covered(114.042, 22.311)).toBe(true);
    expect(covered(114.1527, 22.2891)).toBe(true);
    expect(covered(113.9, 22.333)).toBe(false);
    expect(covered(114.1244, 22.4107)).toBe(false);
    // Cells add up: each run's count, and about 30 km² in all (Penny's Bay alone is about 2 km²).
    expect(land.features.reduce((sum, feature) => sum + feature.properties.cells, 0)).toBe(land.cells);
    expect((land.cells * land.cellAreaSquareMetres) / 1e6).toBeGreaterThan(10);
  });
});
