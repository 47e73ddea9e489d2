import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  indoorPolygonCollectionSchema,
  indoorStationCollectionSchema,
  indoorVenueListResponseSchema,
  indoorWallCollectionSchema,
} from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();

const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/indoormtrpt, indoor and indoorwall', () => {
  it('serve the real stations, every station plan and each building venue ground floor, joined by venue id, each under 300 KB gzipped', async () => {
    const stationsResponse = await get('/mapviewer/api/static/indoormtrpt?timestamp=1');
    const polygonsResponse = await get('/mapviewer/api/static/indoor?timestamp=1');
    const wallsResponse = await get('/mapviewer/api/static/indoorwall?timestamp=1');
    for (const response of [stationsResponse, polygonsResponse, wallsResponse]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/geo+json');
      expect(gzipSync(response.rawPayload).length).toBeLessThan(300_000);
    }
    const stations = indoorStationCollectionSchema.parse(stationsResponse.json());
    const polygons = indoorPolygonCollectionSchema.parse(polygonsResponse.json());
    const walls = indoorWallCollectionSchema.parse(wallsResponse.json());
    expect(stations.sample).toBe(false);
    expect(stations.features).toHaveLength(97);
    expect(polygons.sample && walls.sample).toBe(true);
    const buildings = indoorVenueListResponseSchema.parse((await get('/mapviewer/api/indoor/venues?type=building')).json()).venues;
    const venues = new Set([...stations.features.map((feature) => feature.properties.Venue_ID), ...buildings.map((venue) => venue.id)]);
    expect(new Set(polygons.features.map((feature) => feature.properties.Venue_ID))).toEqual(venues);
    expect(new Set(walls.features.map((feature) => feature.properties.Venue_ID))).toEqual(venues);
    const buildingPolygons = polygons.features.filter((feature) => feature.properties.venueType === 'building');
    expect(buildingPolygons).toHaveLength(buildings.length);
    expect(buildingPolygons.every(({ properties }) => properties.floorLevel === 0 && properties.space === 'floor' && /^BLDG-\d+$/.test(properties.Venue_ID))).toBe(true);
    expect(polygons.features.filter((feature) => feature.properties.venueType === 'metro-station').every((feature) => feature.properties.Venue_ID.startsWith('MTR-'))).toBe(true);
  });

  it("serve one venue's whole plan with venue=: every storey of a building, above ground included", async () => {
    const polygons = indoorPolygonCollectionSchema.parse((await get('/mapviewer/api/static/indoor?venue=BLDG-1103127344')).json());
    const walls = indoorWallCollectionSchema.parse((await get('/mapviewer/api/static/indoorwall?venue=BLDG-1103127344')).json());
    expect(polygons.features).toHaveLength(72 * 3);
    expect(walls.features).toHaveLength(72 * 2);
    const top = polygons.features.at(-1)!.properties;
    expect(top).toMatchObject({ Venue_ID: 'BLDG-1103127344', venueType: 'building', floorId: 'BLDG-1103127344-71', floorLevel: 71, floorName_EN: 'Floor 71', space: 'core', line: null, Venue_Eng_name: 'Bank of China Tower', sample: true });
    expect(new Set(walls.features.map((feature) => feature.properties.wallType))).toEqual(new Set(['outer-wall', 'core-wall']));
    const admiralty = indoorPolygonCollectionSchema.parse((await get('/mapviewer/api/static/indoor?venue=MTR-ADM')).json());
    expect(new Set(admiralty.features.map((feature) => feature.properties.floorId))).toEqual(new Set(['ADM-G', 'ADM-C', 'ADM-P1', 'ADM-P2', 'ADM-P3', 'ADM-P4']));
    expect(admiralty.features.every((feature) => feature.properties.venueType === 'metro-station')).toBe(true);
  });

  it('send the feeds gzipped to a client that accepts gzip, the same JSON once unzipped', async () => {
    const plain = await get('/mapviewer/api/static/indoor');
    const zipped = await app().inject({ method: 'GET', url: '/mapviewer/api/static/indoor', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'accept-encoding' });
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("answer a venue id of the right shape that names no venue with 404 '3D indoor map is not found'", async () => {
    for (const path of ['indoor', 'indoorwall']) {
      const response = await get(`/mapviewer/api/static/${path}?venue=BLDG-1`);
      expect(response.statusCode).toBe(404);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ message: '3D indoor map is not found', field: 'venue' });
    }
  });

  it('answer an unknown query parameter or an ill-formed venue id with a 400 naming it', async () => {
    for (const [path, query, field] of [
      ['indoormtrpt', 'floor=1', 'floor'],
      ['indoor', 'floor=1', 'floor'],
      ['indoorwall', 'floor=1', 'floor'],
      ['indoormtrpt', 'venue=MTR-ADM', 'venue'],
      ['indoor', 'venue=adm', 'venue'],
      ['indoorwall', 'venue=BLDG-x', 'venue'],
    ]) {
      const response = await get(`/mapviewer/api/static/${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field });
    }
  });
});
