import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { careTeamCollectionSchema } from '../../core/contracts/careTeams';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/careteams', () => {
  it('serves one sample team per sub-district (452), each marked sample and placed in its own district', async () => {
    const response = await get('/mapviewer/api/careteams?timestamp=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/geo+json');
    const teams = careTeamCollectionSchema.parse(response.json());
    expect(teams.sample).toBe(true);
    expect(teams.features).toHaveLength(452);
    expect(teams.features.every((team) => team.properties.sample && team.properties.key_EN.includes('(sample)'))).toBe(true);
    const central = teams.features.find((team) => team.properties.subDistrictCode === 'A01')!;
    expect(central.properties).toMatchObject({ districtCode: 'A', district_EN: 'Central and Western', subDistrict_TC: '中環', telephone: '0000 0001' });
    expect(central.properties.email).toMatch(/@care-team\.example\.org$/);
  });

  it('filters by district letter and by text in any language', async () => {
    const shaTin = careTeamCollectionSchema.parse((await get('/mapviewer/api/careteams?district=R')).json());
    expect(shaTin.features.length).toBeGreaterThan(30);
    expect(shaTin.features.every((team) => team.properties.districtCode === 'R' && team.properties.district_EN === 'Sha Tin')).toBe(true);
    const byChinese = careTeamCollectionSchema.parse((await get(`/mapviewer/api/careteams?q=${encodeURIComponent('長洲')}`)).json());
    expect(byChinese.features.map((team) => team.properties.subDistrictCode)).toEqual(['T10']);
    const byCode = careTeamCollectionSchema.parse((await get('/mapviewer/api/careteams?q=t10&district=T')).json());
    expect(byCode.features.map((team) => team.properties.subDistrictCode)).toEqual(['T10']);
    const none = careTeamCollectionSchema.parse((await get('/mapviewer/api/careteams?q=zzzz')).json());
    expect(none).toMatchObject({ sample: true, features: [] });
  });

  it.each([
    ['district=I', 'district'],
    ['q=a', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['limit=5', 'limit'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const response = await get(`/mapviewer/api/careteams?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ error: 'Bad Request', field });
  });
});
