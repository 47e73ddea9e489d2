import { describe, expect, it } from 'vitest';
import { dcca2019FeatureCollectionSchema, errorBodySchema } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/census/dcca2019', () => {
  it('serves the 452 constituency areas of 2019 with names in three languages', async () => {
    const response = await get('/mapviewer/api/static/census/dcca2019?timestamp=1713667200000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const collection = dcca2019FeatureCollectionSchema.parse(response.json());
    expect(collection.features).toHaveLength(452);
    expect(new Set(collection.features.map((feature) => feature.id)).size).toBe(452);
    expect(collection.features[0].properties).toEqual({
      key: 'A01',
      district: 'A',
      name_EN: 'A01 Central and Western',
      name_TC: '中環',
      name_SC: '中环',
      district_EN: 'Central and Western',
      district_TC: '中西區',
      district_SC: '中西区',
    });
    expect(collection.features.find((feature) => feature.id === 'T10')?.properties).toMatchObject({ name_EN: 'T10 Islands', name_TC: '長洲', name_SC: '长洲' });
  });

  it('answers an unknown parameter with a 400 naming it', async () => {
    const response = await get('/mapviewer/api/static/census/dcca2019?year=2021');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field: 'year' });
  });
});
