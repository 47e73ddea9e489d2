import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { lineOfSightResponseSchema, profileResponseSchema, viewshedResponseSchema } from '../../core/contracts/analysis';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url: `/mapviewer/api/analysis/${url}` });

/** The 400 body's field and message. */
async function badRequest(url: string): Promise<{ field: string | undefined; message: string }> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(400);
  const body = errorBodySchema.parse(response.json());
  return { field: body.field, message: body.message };
}

describe('GET /mapviewer/api/analysis/profile', () => {
  it('profiles Tai Mo Shan from the seeded store and the DTM, peaking between 900 and 960 mPD', async () => {
    const response = await get('profile?line=114.1000,22.4107;114.1500,22.4107&spacing=25');
    expect(response.statusCode, response.body).toBe(200);
    const profile = profileResponseSchema.parse(response.json());
    expect(profile.spacingMetres).toBe(25);
    expect(profile.lengthMetres).toBeGreaterThan(5100);
    expect(profile.lengthMetres).toBeLessThan(5200);
    expect(profile.samples).toHaveLength(Math.ceil(profile.lengthMetres / 25) + 1);
    const summit = Math.max(...profile.samples.map((sample) => sample.groundMetres ?? -Infinity));
    expect(summit).toBeGreaterThan(900);
    expect(summit).toBeLessThan(960);
  });

  it('lists the buildings a line through Wong Tai Sin crosses, with roof levels above the ground', async () => {
    const response = await get('profile?line=114.1930,22.3420;114.1900,22.3470&spacing=2');
    const profile = profileResponseSchema.parse(response.json());
    expect(profile.buildings.length).toBeGreaterThan(0);
    for (const building of profile.buildings) {
      const inside = profile.samples.filter((sample) => sample.buildingId === building.id && sample.distanceMetres >= building.fromMetres && sample.distanceMetres <= building.toMetres);
      expect(inside.length).toBeGreaterThan(0);
      for (const sample of inside) expect(sample.roofMetres).toBeGreaterThan(sample.groundMetres ?? -Infinity);
    }
  });

  it('answers 400 naming the parameter: too many samples, too long, a bad point, a bad spacing', async () => {
    expect(await badRequest('profile?line=114.1000,22.4107;114.1500,22.4107&spacing=1')).toMatchObject({ field: 'spacing', message: expect.stringContaining('at most 5000 samples') });
    expect((await badRequest('profile?line=114.0000,22.4107;114.2500,22.4107&spacing=100')).field).toBe('line');
    expect((await badRequest('profile?line=114.1,22.41;north')).field).toBe('line');
    expect((await badRequest('profile?line=114.1,22.41;114.2,22.41&spacing=0.5')).field).toBe('spacing');
    expect((await badRequest('profile?spacing=5')).field).toBe('line');
  });
});

describe('GET /mapviewer/api/analysis/line-of-sight', () => {
  it('is blocked by Lion Rock between its two foothills, first by the slope rising from the southern one', async () => {
    const response = await get('line-of-sight?from=114.19,22.347&fromHeight=10&to=114.182,22.362&toHeight=10');
    expect(response.statusCode, response.body).toBe(200);
    const sight = lineOfSightResponseSchema.parse(response.json());
    expect(sight.visible).toBe(false);
    expect(sight.obstruction).toMatchObject({ kind: 'terrain' });
    expect(sight.obstruction!.distanceMetres).toBeLessThan(sight.lengthMetres);
    expect(sight.from.heightMetres).toBeGreaterThan(100);
  });

  it('sees from 400 m above both foothills over the summit, with the default heights 1.6 m when none are given', async () => {
    const over = lineOfSightResponseSchema.parse((await get('line-of-sight?from=114.19,22.347&fromHeight=400&to=114.182,22.362&toHeight=400')).json());
    expect(over).toMatchObject({ visible: true, obstruction: null });
    const plain = lineOfSightResponseSchema.parse((await get('line-of-sight?from=114.19,22.347&to=114.182,22.362')).json());
    expect(plain.from.heightMetres - over.from.heightMetres).toBeCloseTo(1.6 - 400, 6);
  });

  it('answers 404 for a point outside the DTM and 400 naming the parameter for bad input', async () => {
    const outside = await get('line-of-sight?from=113.5,22.3&to=113.6,22.3');
    expect(outside.statusCode).toBe(404);
    expect(errorBodySchema.parse(outside.json()).message).toContain('from');
    expect((await badRequest('line-of-sight?from=114.19,22.347&to=114.4,22.362')).field).toBe('to');
    expect((await badRequest('line-of-sight?from=114.19&to=114.182,22.362')).field).toBe('from');
    expect((await badRequest('line-of-sight?from=114.19,22.347&to=114.182,22.362&fromHeight=501')).message).toContain('fromHeight');
  });
});

describe('GET /mapviewer/api/analysis/viewshed', () => {
  it('answers a 1 km sector south from Lion Rock on 5 m cells, row-major from the north', async () => {
    const response = await get('viewshed?observer=114.1869,22.3524&observerHeight=1.6&heading=180&horizontalAngle=90&verticalAngle=90&distance=1000');
    expect(response.statusCode, response.body).toBe(200);
    const viewshed = viewshedResponseSchema.parse(response.json());
    expect(viewshed.cellSizeMetres).toBe(5);
    expect(viewshed.columns).toBe(401);
    expect(viewshed.cells).toHaveLength(viewshed.columns * viewshed.rows);
    expect(viewshed.cells).toMatch(/^[012]+$/);
    // The sector faces south: the northern rows are all outside it, the southern half has visible and hidden cells.
    const northRows = viewshed.cells.slice(0, viewshed.columns * 150);
    expect(northRows).toMatch(/^0+$/);
    const southRows = viewshed.cells.slice(viewshed.columns * 250);
    expect(southRows).toContain('1');
    expect(viewshed.visibleShare).toBeGreaterThan(0);
    expect(viewshed.visibleShare).toBeLessThan(1);
  });

  it('chooses 20 m cells at 5 km and answers 400 naming a bad parameter', async () => {
    const viewshed = viewshedResponseSchema.parse((await get('viewshed?observer=114.1580,22.2820&distance=5000')).json());
    expect(viewshed.cellSizeMetres).toBe(20);
    expect(viewshed.columns * viewshed.rows).toBeLessThanOrEqual(251_001);
    expect((await badRequest('viewshed?observer=114.1580,22.2820&distance=6000')).field).toBe('distance');
    expect((await badRequest('viewshed?observer=114.1580,22.2820&horizontalAngle=0')).field).toBe('horizontalAngle');
    expect((await badRequest('viewshed?observer=114.1580,22.2820&heading=north')).field).toBe('heading');
    expect((await badRequest('viewshed?distance=100')).field).toBe('observer');
  });
});
