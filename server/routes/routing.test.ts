import { describe, expect, it } from 'vitest';
import { errorBodySchema, mtrRouteResponseSchema } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (query: string) => app().inject({ method: 'GET', url: `/mapviewer/api/routing/mtr${query}` });

describe('GET /mapviewer/api/routing/mtr', () => {
  it('answers the shortest trip between two stations, in the language asked for', async () => {
    const response = await get('?from=TSW&to=LHP&lang=zh-CN');
    expect(response.statusCode, response.body).toBe(200);
    const route = mtrRouteResponseSchema.parse(response.json());
    expect(route.interchanges.map((change) => change.station)).toEqual(['PRE', 'TIK']);
    expect(route.legs.map((leg) => leg.instruction)).toEqual([
      '乘荃湾线由荃湾往太子（9 个站）',
      '乘观塘线由太子往调景岭（12 个站）',
      '乘将军澳线由调景岭往康城（2 个站）',
    ]);
    expect(route.stations[0]).toMatchObject({ code: 'TSW', name: { 'en-US': 'Tsuen Wan', 'zh-HK': '荃灣', 'zh-CN': '荃湾' }, line: 'TWL' });
  });

  it('is the same length both ways', async () => {
    const there = mtrRouteResponseSchema.parse((await get('?from=HOK&to=DIH')).json());
    const back = mtrRouteResponseSchema.parse((await get('?from=DIH&to=HOK')).json());
    expect(back.distanceMetres).toBe(there.distanceMetres);
    expect(back.stations.map((station) => station.code)).toEqual(there.stations.map((station) => station.code).reverse());
  });

  it('answers 400 naming the parameter for an unknown, missing or repeated station', async () => {
    for (const [query, field] of [
      ['?from=XYZ&to=TST', 'from'],
      ['?from=ADM&to=tst', 'to'],
      ['?from=ADM', 'to'],
      ['?from=ADM&to=ADM', 'to'],
      ['?from=ADM&to=TST&lang=fr', 'lang'],
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.field, query).toBe(field);
      expect(body.message, query).toMatch(field === 'lang' ? /lang/ : /to|from/);
    }
  });
});
