import { describe, expect, it } from 'vitest';
import { ANNOTATION_TIERS, annotationFeatureCollectionSchema, errorBodySchema } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/annotation', () => {
  it('labels each tier with names in three languages', async () => {
    const counts: Record<string, number> = {};
    for (const tier of ANNOTATION_TIERS) {
      const response = await get(`/mapviewer/api/static/annotation?tier=${tier}&timestamp=1713667200000`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/geo+json');
      const collection = annotationFeatureCollectionSchema.parse(response.json());
      expect(collection.tier).toBe(tier);
      counts[tier] = collection.features.length;
    }
    expect(counts.district).toBe(18);
    expect(counts.station).toBe(97);
    expect(counts.landmark).toBeGreaterThan(500);

    const stations = annotationFeatureCollectionSchema.parse((await get('/mapviewer/api/static/annotation?tier=station')).json());
    expect(stations.features.find((feature) => feature.id === 'mtr-station:CEN')?.properties).toEqual({
      key: 'mtr-station:CEN',
      kind: 'mtr-station',
      name_EN: 'Central',
      name_TC: '中環',
      name_SC: '中环',
      district_EN: 'Central and Western',
      district_TC: '中西區',
      district_SC: '中西区',
    });
    const districts = annotationFeatureCollectionSchema.parse((await get('/mapviewer/api/static/annotation?tier=district')).json());
    expect(districts.features.find((feature) => feature.id === 'district:J')?.properties).toMatchObject({ name_EN: 'Kwun Tong', name_TC: '觀塘', name_SC: '观塘' });
  });

  it('gives each label what its popup shows: the district, and for a monument its address and AMO page', async () => {
    const landmarks = annotationFeatureCollectionSchema.parse((await get('/mapviewer/api/static/annotation?tier=landmark')).json());
    const magistracy = landmarks.features.find((feature) => feature.id === 'monument:54')?.properties;
    expect(magistracy).toMatchObject({
      kind: 'monument',
      name_EN: 'Former Central Magistracy',
      name_TC: '前中央裁判司署',
      district_EN: 'Central and Western',
      district_TC: '中西區',
      address_EN: '1 Arbuthnot Road, Central',
      address_TC: '中環亞畢諾道一號',
      link_EN: 'https://www.amo.gov.hk/en/monuments_54.php',
      link_TC: 'https://www.amo.gov.hk/b5/monuments_54.php',
    });
    expect(magistracy?.address_SC).toMatch(/^中环/);
    // A peak has a district but no address or link; a district label has neither.
    const lionRock = landmarks.features.find((feature) => feature.properties.name_EN === 'Lion Rock')?.properties;
    expect(lionRock?.district_EN).toBeTruthy();
    expect(lionRock?.address_EN).toBeUndefined();
    expect(lionRock?.link_EN).toBeUndefined();
    const districts = annotationFeatureCollectionSchema.parse((await get('/mapviewer/api/static/annotation?tier=district')).json());
    expect(districts.features.every((feature) => feature.properties.district_EN === undefined)).toBe(true);
  });

  it('leaves out the Shenzhen hills of the peak list, which lie outside Hong Kong', async () => {
    const landmarks = annotationFeatureCollectionSchema.parse((await get('/mapviewer/api/static/annotation?tier=landmark')).json());
    expect(landmarks.features.map((feature) => feature.properties.name_EN)).not.toContain('Chiwanshan');
    expect(landmarks.features.map((feature) => feature.properties.name_EN)).toContain('Lion Rock');
  });

  it('answers a missing or unknown tier and an unknown parameter with a 400 naming it', async () => {
    for (const url of ['/mapviewer/api/static/annotation', '/mapviewer/api/static/annotation?tier=street', '/mapviewer/api/static/annotation?tier=district&lang=fr']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      const body = errorBodySchema.parse(response.json());
      expect(body.error).toBe('Bad Request');
      expect(body.field).toBe(url.endsWith('lang=fr') ? 'lang' : 'tier');
    }
  });
});
