import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { walkingRouteResponseSchema } from '../../core/contracts/walking';
import { greatCircleMetres } from '../routing/network';
import { useTestServer } from '../test/server';
import { walkingRoutes } from './walking';

const app = useTestServer();
const get = (query: string) => app().inject({ method: 'GET', url: `/mapviewer/api/routing/walk${query}` });

// Wong Tai Sin station exit B2 and a point on Lung Poon Street (LandsD centreline), about 815 m apart.
const EXIT_B2 = [114.1934257, 22.3418041] as const;
const LUNG_POON_STREET = [114.201348, 22.341809] as const;

describe('GET /mapviewer/api/routing/walk', () => {
  it('walks from a Wong Tai Sin station exit to a Wong Tai Sin street: length within 1–2× the straight line, streets and summary in the language asked', async () => {
    const response = await get(`?from=${EXIT_B2.join(',')}&to=${LUNG_POON_STREET.join(',')}&lang=zh-HK`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = walkingRouteResponseSchema.parse(response.json());
    if (!answer.found) throw new Error(response.body);
    const straight = greatCircleMetres(EXIT_B2, LUNG_POON_STREET);
    expect(answer.lengthMetres).toBeGreaterThan(straight);
    expect(answer.lengthMetres).toBeLessThan(2 * straight);
    expect(answer.from).toEqual([...EXIT_B2]);
    expect(answer.to).toEqual([...LUNG_POON_STREET]);
    expect(answer.line.coordinates.length).toBeGreaterThan(10);
    expect(answer.streets.map((street) => street.name?.['zh-HK'])).toContain('鳳德道');
    expect(answer.summary).toMatch(/^步行 1\.\d\d 公里（約 1\d 分鐘），經/);
    expect(answer.attribution).toContain('Transport Department');
  });

  it('says outside-boundary for a place in Shenzhen, naming which end', async () => {
    const response = await get(`?from=${EXIT_B2.join(',')}&to=114.1,22.55`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ found: false, reason: 'outside-boundary', which: 'to' });
  });

  it('says no-path-near for a place at sea far from any path, and unreachable across the harbour', async () => {
    expect((await get(`?from=114.13,22.17&to=${EXIT_B2.join(',')}`)).json()).toEqual({ found: false, reason: 'no-path-near', which: 'from' });
    expect((await get('?from=114.158,22.2815&to=114.1722,22.2988')).json()).toEqual({ found: false, reason: 'unreachable' });
  });

  it('answers 400 naming the parameter for a missing, malformed or out-of-range place, a bad language or an unknown parameter', async () => {
    for (const [query, field] of [
      ['?to=114.2,22.34', 'from'],
      ['?from=114.2,22.34', 'to'],
      ['?from=114.2&to=114.2,22.34', 'from'],
      ['?from=114.2,22.34&to=east,north', 'to'],
      ['?from=190,22.34&to=114.2,22.34', 'from'],
      ['?from=114.2,22.34&to=114.2,22.34&lang=fr', 'lang'],
      ['?from=114.2,22.34&to=114.2,22.34&mode=run', 'mode'],
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, query).toBe(field);
    }
  });
});

describe('walkingRoutes', () => {
  it('refuses to start when PEDESTRIAN_NETWORK_FILE names a file that does not exist, naming the path', async () => {
    const server = Fastify();
    const missing = join(tmpdir(), 'no-such-3dpn.geojson');
    server.register(walkingRoutes, { dataDir: join(__dirname, '../../data'), env: { PEDESTRIAN_NETWORK_FILE: missing } });
    await expect(server.ready()).rejects.toThrow(`PEDESTRIAN_NETWORK_FILE names ${missing}, which does not exist`);
  });
});
