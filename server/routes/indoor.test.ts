import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  indoorPolygonCollectionSchema,
  indoorStationCollectionSchema,
  indoorWallCollectionSchema,
} from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();

const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/indoormtrpt, indoor and indoorwall', () => {
  it('serve the real stations and the sample plans, joined by venue id, each under 1 MB', async () => {
    const stationsResponse = await get('/mapviewer/api/static/indoormtrpt?timestamp=1');
    const polygonsResponse = await get('/mapviewer/api/static/indoor?timestamp=1');
    const wallsResponse = await get('/mapviewer/api/static/indoorwall?timestamp=1');
    for (const response of [stationsResponse, polygonsResponse, wallsResponse]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/geo+json');
      expect(response.rawPayload.length).toBeLessThan(1_000_000);
    }
    const stations = indoorStationCollectionSchema.parse(stationsResponse.json());
    const polygons = indoorPolygonCollectionSchema.parse(polygonsResponse.json());
    const walls = indoorWallCollectionSchema.parse(wallsResponse.json());
    expect(stations.sample).toBe(false);
    expect(stations.features).toHaveLength(97);
    expect(polygons.sample && walls.sample).toBe(true);
    const venues = new Set(stations.features.map((feature) => feature.properties.Venue_ID));
    expect(new Set(polygons.features.map((feature) => feature.properties.Venue_ID))).toEqual(venues);
    expect(new Set(walls.features.map((feature) => feature.properties.Venue_ID))).toEqual(venues);
  });

  it('answer an unknown query parameter with a 400 naming it', async () => {
    for (const path of ['indoormtrpt', 'indoor', 'indoorwall']) {
      const response = await get(`/mapviewer/api/static/${path}?floor=1`);
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field: 'floor' });
    }
  });
});
