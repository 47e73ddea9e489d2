import { describe, expect, it } from 'vitest';
import { buildingCoverageResponseSchema, buildingQueryResponseSchema } from '../../core/contracts/buildings';
import { buildingIdentifyResponseSchema, errorBodySchema } from '../../core/contracts';
import { pointInPolygon } from '../data/geometry';
import { useTestServer } from '../test/server';
import { traceCells } from './coverage';
import { DEFAULT_BUILDING_DATASETS } from './defaultSources';

const app = useTestServer();

describe('GET /mapviewer/api/buildings (building query)', () => {
  it('answers the records in a bbox around the Bank of China Tower, the same record identify gives', async () => {
    const response = await app().inject({ url: '/mapviewer/api/buildings?bbox=114.160,22.278,114.163,22.281&limit=50' });
    expect(response.statusCode).toBe(200);
    const { records, truncated } = buildingQueryResponseSchema.parse(response.json());
    const boc = records.find((record) => record.csuid === '3468315577T20050430');
    expect(boc).toMatchObject({ roofLevelMetres: 310.3, heightMetres: 303.3, footprint: [expect.any(Array)] });
    expect(truncated).toBe(false);
    const identified = buildingIdentifyResponseSchema.parse((await app().inject({ url: '/mapviewer/api/identify/buildings?lon=114.16157&lat=22.27928' })).json());
    expect(identified.results[0]).toMatchObject({ id: boc!.id, roofLevelMetres: boc!.roofLevelMetres, geometry: { coordinates: boc!.footprint } });
  });

  it('stops at the limit and says so', async () => {
    const { records, truncated } = buildingQueryResponseSchema.parse((await app().inject({ url: '/mapviewer/api/buildings?bbox=114.19,22.32,114.23,22.35&limit=3' })).json());
    expect(records).toHaveLength(3);
    expect(truncated).toBe(true);
  });

  it('refuses a bbox that is not four numbers, too large or inverted, and a limit out of range, naming the field', async () => {
    for (const [query, field, message] of [
      ['bbox=114.1,22.2,114.2', 'bbox', /four numbers/],
      ['bbox=114.1,22.2,114.2,22.3', 'bbox', /at most 0.05 degrees/],
      ['bbox=114.2,22.2,114.1,22.21', 'bbox', /west < east/],
      ['bbox=114.1,22.2,114.11,22.21&limit=0', 'limit', /from 1 to 5000/],
      ['limit=5', 'bbox', /required/],
    ] as const) {
      const response = await app().inject({ url: `/mapviewer/api/buildings?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ field, message: expect.stringMatching(message) });
    }
  });
});

describe('GET /mapviewer/api/buildings/coverage', () => {
  it('outlines each shipped dataset where its buildings are, with its name in three languages and its count', async () => {
    const response = await app().inject({ url: '/mapviewer/api/buildings/coverage' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    const { features } = buildingCoverageResponseSchema.parse(response.json());
    expect(features.map((feature) => feature.properties.dataset).sort()).toEqual(DEFAULT_BUILDING_DATASETS.map((dataset) => dataset.file).sort());
    const transect = features.find((feature) => feature.properties.dataset.startsWith('hk_core_transect'))!;
    expect(transect.properties).toMatchObject({ source: 'landsd-ib1000', count: 269, name: { 'en-US': expect.stringContaining('sample') } });
    const inside = (feature: (typeof features)[number], point: [number, number]) => feature.geometry.coordinates.some((polygon) => pointInPolygon(point, polygon));
    // The Bank of China Tower is in a covered area; the middle of Victoria Harbour and Tai Po are not.
    expect(inside(transect, [114.16157, 22.27928])).toBe(true);
    expect(features.some((feature) => inside(feature, [114.17, 22.29]))).toBe(false);
    expect(features.some((feature) => inside(feature, [114.17, 22.45]))).toBe(false);
  });
});

describe('tracing grid cells into outlines', () => {
  it('gives one counter-clockwise square for a 2 × 2 block, a hole for a ring of cells, and two rings for cells touching at a corner', () => {
    expect(traceCells([[0, 0], [1, 0], [0, 1], [1, 1]])).toEqual([[[[2, 0], [2, 2], [0, 2], [0, 0], [2, 0]]]].map((polygon) => polygon.map((ring) => expect.arrayContaining(ring))));
    const ring = [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ] as Array<[number, number]>;
    const [donut] = traceCells(ring);
    expect(donut).toHaveLength(2);
    expect(pointInPolygon([1.5, 1.5], donut)).toBe(false);
    expect(pointInPolygon([0.5, 1.5], donut)).toBe(true);
    const corner = traceCells([
      [0, 0],
      [1, 1],
    ]);
    expect(corner).toHaveLength(2);
    for (const polygon of corner) expect(polygon[0]).toHaveLength(5);
  });
});
