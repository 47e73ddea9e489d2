import { describe, expect, it } from 'vitest';
import { monumentCollectionSchema } from '../../core/contracts/heritage';
import { useTestServer } from '../test/server';

const app = useTestServer();

describe('GET /mapviewer/api/static/heritage', () => {
  it('gives the 105 declared monuments of the 2014/15 list with names, address, AMO number and page', async () => {
    const response = await app().inject({ method: 'GET', url: '/mapviewer/api/static/heritage?timestamp=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const collection = monumentCollectionSchema.parse(response.json());
    expect(collection.features).toHaveLength(105);
    const numbers = collection.features.map((feature) => Number(feature.properties.amo_number));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(collection.features.find((feature) => feature.properties.amo_number === '54')?.properties).toMatchObject({
      name_EN: 'Former Central Magistracy',
      name_TC: '前中央裁判司署',
      district_EN: 'Central and Western',
      address_EN: '1 Arbuthnot Road, Central',
      link_EN: 'https://www.amo.gov.hk/en/monuments_54.php',
      link_TC: 'https://www.amo.gov.hk/b5/monuments_54.php',
    });
    expect(collection.features.every((feature) => feature.properties.kind === 'monument' && feature.properties.name_SC.length > 0)).toBe(true);
  });
});
