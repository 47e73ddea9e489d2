import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { zoningCollectionSchema } from '../../core/contracts/zoning';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/static/zoning', () => {
  it('serves the Kwun Tong buildings by their OZP zone when no zone file is installed, and says so', async () => {
    const response = await get('/mapviewer/api/static/zoning?timestamp=1713667200000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const collection = zoningCollectionSchema.parse(response.json());
    expect(collection.coverage).toBe('kwun-tong-buildings');
    expect(collection.features).toHaveLength(491);
    expect(collection.sourceName['en-US']).toContain('Kwun Tong');
  });

  it('answers an unknown parameter with a 400 naming it', async () => {
    const response = await get('/mapviewer/api/static/zoning?zone=OU');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field: 'zone' });
  });
});
