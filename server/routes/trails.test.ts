import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { trailListResponseSchema, trailProfileResponseSchema } from '../../core/contracts/trails';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url: `/mapviewer/api/trails${url}` });

describe('GET /mapviewer/api/trails', () => {
  it('lists the four long trails with the stages the GPX section waypoints give', async () => {
    const response = await get('?timestamp=1');
    expect(response.statusCode, response.body).toBe(200);
    const { trails } = trailListResponseSchema.parse(response.json());
    expect(trails.map((trail) => [trail.id, trail.stages.length])).toEqual([
      ['maclehose', 10],
      ['wilson', 10],
      ['hong-kong', 8],
      ['lantau', 12],
    ]);
    const maclehose = trails[0];
    expect(maclehose.name).toEqual({ 'en-US': 'MacLehose Trail', 'zh-HK': '麥理浩徑', 'zh-CN': '麦理浩径' });
    // The AFCD gives the MacLehose Trail as 100 km; the OpenStreetMap track measures 98 km.
    expect(maclehose.figures.lengthMetres).toBeGreaterThan(95_000);
    expect(maclehose.figures.lengthMetres).toBeLessThan(102_000);
    const stageSum = maclehose.stages.reduce((sum, stage) => sum + stage.lengthMetres, 0);
    expect(maclehose.figures.lengthMetres).toBeCloseTo(stageSum, 0);
    // Stage 1 (Pak Tam Chung – Long Ke) stays in Sai Kung; every stage has a region and a duration.
    expect(maclehose.stages[0].districts.map((district) => district['en-US'])).toEqual(['Sai Kung']);
    for (const stage of trails.flatMap((trail) => trail.stages)) {
      expect(stage.districts.length).toBeGreaterThan(0);
      expect(stage.durationMinutes).toBeGreaterThan(stage.lengthMetres / 1000 / 5 * 60 - 0.1);
      expect(stage.startWaypointOffsetMetres).toBeLessThan(50);
    }
  });

  it('answers 400 naming an unknown parameter', async () => {
    const response = await get('?trail=maclehose');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).field).toBe('trail');
  });
});

describe('GET /mapviewer/api/trails/{trail}/profile', () => {
  it('gives a stage its DTM profile, steepness of every step, distance posts, campsites and transport', async () => {
    const response = await get('/maclehose/profile?stage=2');
    expect(response.statusCode, response.body).toBe(200);
    const profile = trailProfileResponseSchema.parse(response.json());
    expect(profile.name['en-US']).toBe('MacLehose Trail Section 2');
    expect(profile.samples.length).toBeGreaterThan(500);
    expect(profile.steepness).toHaveLength(profile.samples.length - 1);
    expect(profile.slopeDegrees).toHaveLength(profile.samples.length - 1);
    expect(profile.samples.at(-1)![0]).toBeCloseTo(profile.figures.lengthMetres, 0);
    // Posts M021 … M049 lie along section 2 (Long Ke – Pak Tam Au), 500 m apart.
    expect(profile.distancePosts[0].code).toBe('M021');
    expect(profile.distancePosts.some((post) => post.code === 'M040')).toBe(true);
    expect(profile.campsites.map((site) => site.name['en-US'])).toContain('Ham Tin Wan Campsite');
    // Section 2 lies far from any MTR station: no exit offered at either end.
    expect(profile.start.mtrExits).toEqual([]);
    expect(profile.end.mtrExits).toEqual([]);
  });

  it('offers the MTR exits near a stage in town', async () => {
    // Hong Kong Trail section 4 runs from Wan Chai Gap to Wong Nai Chung Gap; Wilson section 3 starts at Yau Tong.
    const profile = trailProfileResponseSchema.parse((await get('/wilson/profile?stage=3')).json());
    expect(profile.start.mtrExits.length).toBeGreaterThan(0);
    expect(profile.start.mtrExits[0].station['en-US']).toBe('Yau Tong');
    expect(profile.start.mtrExits[0].straightMetres).toBeLessThan(2500);
  });

  it('lists each distance post with one stage only, where stages pass close to each other', async () => {
    const codes: string[] = [];
    for (let stage = 1; stage <= 8; stage += 1) {
      const profile = trailProfileResponseSchema.parse((await get(`/hong-kong/profile?stage=${stage}`)).json());
      codes.push(...profile.distancePosts.map((post) => post.code));
    }
    expect(new Set(codes).size).toBe(codes.length);
    // The 100 posts of the Hong Kong Trail, H001 … H100, nearly all found along its track.
    expect(codes.length).toBeGreaterThan(95);
  });

  it('gives the whole trail without a stage', async () => {
    const profile = trailProfileResponseSchema.parse((await get('/hong-kong/profile')).json());
    expect(profile.stage).toBeNull();
    expect(profile.samples.at(-1)![0]).toBeCloseTo(profile.figures.lengthMetres, -1);
    expect(profile.distancePosts.length).toBeGreaterThan(80);
  });

  it('answers 404 for a stage the trail lacks and 400 for a bad trail or stage', async () => {
    expect((await get('/hong-kong/profile?stage=9')).statusCode).toBe(404);
    for (const [url, field] of [
      ['/everest/profile', 'trail'],
      ['/lantau/profile?stage=0', 'stage'],
      ['/lantau/profile?stage=two', 'stage'],
      ['/lantau/profile?stage=13', 'stage'],
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, url).toBe(field);
    }
  });
});
