import { describe, expect, it } from 'vitest';
import { errorBodySchema, localeMessageBundlesSchema } from '../../core/contracts';
import { useTestServer } from '../test/server';

const app = useTestServer();

describe('GET /mapviewer/api/domain/gm', () => {
  it('serves the care team messages keyed by locale, the same ids in each', async () => {
    const response = await app().inject({ method: 'GET', url: '/mapviewer/api/domain/gm?timestamp=1713667200000' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const bundles = localeMessageBundlesSchema.parse(response.json());
    expect(Object.keys(bundles)).toEqual(['en-US', 'zh-HK', 'zh-CN']);
    expect(Object.keys(bundles['zh-CN']).sort()).toEqual(Object.keys(bundles['en-US']).sort());
    expect(bundles['en-US']['careTeam.organisation']).toBe('Operating organisation');
  });

  it('answers an unknown query parameter with a 400 naming it', async () => {
    const response = await app().inject({ method: 'GET', url: '/mapviewer/api/domain/gm?lang=en-US' });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field: 'lang' });
  });
});
