import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { cyclingCollectionSchema } from '../../core/contracts/cycling';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/cycling/{layer}', () => {
  it('answers sample cycle parking and an empty track layer when no Transport Department file is installed', async () => {
    const parking = await get('/mapviewer/api/static/cycling/parking?timestamp=1');
    expect(parking.statusCode).toBe(200);
    expect(parking.headers['content-type']).toContain('application/geo+json');
    const parkingLayer = cyclingCollectionSchema.parse(parking.json());
    expect(parkingLayer).toMatchObject({ sample: true, source: 'sample' });
    expect(parkingLayer.features.length).toBeGreaterThan(30);
    const tracks = cyclingCollectionSchema.parse((await get('/mapviewer/api/static/cycling/tracks')).json());
    expect(tracks).toEqual({ type: 'FeatureCollection', sample: false, source: 'none', features: [] });
  });

  it.each([
    ['/mapviewer/api/static/cycling/lanes', 'layer'],
    ['/mapviewer/api/static/cycling/parking?district=R', 'district'],
  ])('answers %s with a 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field });
  });
});
