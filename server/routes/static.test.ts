import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import {
  TRAFFIC_IMAGE_HEIGHT,
  TRAFFIC_IMAGE_WIDTH,
  errorBodySchema,
  marineFeatureCollectionSchema,
  riverFeatureCollectionSchema,
  trafficCameraFeatureCollectionSchema,
} from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();

const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/marine, river and tdssimg', () => {
  it('serve GeoJSON that matches their contracts, accepting the timestamp cache buster', async () => {
    const marine = await get('/mapviewer/api/static/marine?timestamp=1713667200000');
    expect(marine.statusCode).toBe(200);
    expect(marine.headers['content-type']).toContain('application/geo+json');
    const marineFeed = marineFeatureCollectionSchema.parse(marine.json());
    expect(marineFeed.features).toHaveLength(76);
    expect(marineFeed.features.find((feature) => feature.id === 'TM2')!.properties).toMatchObject({ dissolvedOxygenMgL: 7.4, sampleDate: '2020-11-13' });

    const river = await get('/mapviewer/api/static/river?timestamp=1');
    expect(river.statusCode).toBe(200);
    expect(riverFeatureCollectionSchema.parse(river.json()).sample).toBe(true);

    const cameras = await get('/mapviewer/api/static/tdssimg');
    expect(cameras.statusCode).toBe(200);
    expect(trafficCameraFeatureCollectionSchema.parse(cameras.json()).features.every((feature) => feature.properties.sample)).toBe(true);
  });

  it('answer an unknown or oversized query parameter with a 400 naming it', async () => {
    for (const path of ['marine', 'river', 'tdssimg']) {
      const unknown = await get(`/mapviewer/api/static/${path}?colour=red`);
      expect(unknown.statusCode).toBe(400);
      expect(errorBodySchema.parse(unknown.json())).toMatchObject({ error: 'Bad Request', field: 'colour' });
    }
    const long = await get(`/mapviewer/api/static/marine?timestamp=${'9'.repeat(65)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'timestamp' });
  });
});

describe('GET /mapviewer/api/static/tdssimg/images/{cameraId}.png', () => {
  it('serves a camera’s snapshot (its feature’s url_EN) as a PNG of the stated size, cacheable until the next 30-second slot', async () => {
    const cameras = trafficCameraFeatureCollectionSchema.parse((await get('/mapviewer/api/static/tdssimg')).json());
    const url = cameras.features[0].properties.url_EN;
    const response = await get(`${url}?timestamp=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(1);
    expect(maxAge).toBeLessThanOrEqual(30);
    const image = PNG.sync.read(response.rawPayload);
    expect([image.width, image.height]).toEqual([TRAFFIC_IMAGE_WIDTH, TRAFFIC_IMAGE_HEIGHT]);
  });

  it('answers 404 JSON for an unknown camera and 400 for a malformed id or an unknown parameter', async () => {
    const unknown = await get('/mapviewer/api/static/tdssimg/images/no-such-camera.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(errorBodySchema.parse(unknown.json())).toEqual({ error: 'Not Found', field: 'cameraId', message: "No traffic camera has the id 'no-such-camera'" });

    const malformed = await get('/mapviewer/api/static/tdssimg/images/Tuen_Mun.png');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'Bad Request', field: 'cameraId' });

    const extra = await get('/mapviewer/api/static/tdssimg/images/tuen-mun-road-sham-tseng.png?size=big');
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ field: 'size' });
  });
});
