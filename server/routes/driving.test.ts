import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { aeDrivingResponseSchema, emergencyFacilitiesSchema } from '../../core/contracts/driving';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (query: string) => app().inject({ method: 'GET', url: `/mapviewer/api/routing/ae${query}` });

describe('GET /mapviewer/api/routing/ae', () => {
  it('from a pin in Kowloon (Mong Kok) lists the hospitals by driving time with plausible figures and the route to the soonest', async () => {
    const response = await get('?lon=114.1694&lat=22.3193');
    expect(response.statusCode, response.body).toBe(200);
    const answer = aeDrivingResponseSchema.parse(response.json());
    expect(answer.status).toBe('ok');
    expect(answer.hospitals).toHaveLength(18);
    // Kwong Wah is about 0.7 km away: a few minutes' drive; Queen Elizabeth next, within ten minutes.
    expect(answer.hospitals.slice(0, 2).map((h) => h.key)).toEqual(['kwong-wah-hospital', 'queen-elizabeth-hospital']);
    expect(answer.hospitals[0].drivingSeconds!).toBeGreaterThan(30);
    expect(answer.hospitals[0].drivingSeconds!).toBeLessThan(300);
    expect(answer.hospitals[1].drivingSeconds!).toBeLessThan(600);
    // The farthest reached (on Lantau or in the north-west New Territories) is 25–70 minutes away at the limits.
    const last = answer.hospitals.filter((h) => h.reach === 'reached').at(-1)!;
    expect(last.drivingSeconds!).toBeGreaterThan(25 * 60);
    expect(last.drivingSeconds!).toBeLessThan(70 * 60);
    expect(answer.route).toMatchObject({ hospital: 'kwong-wah-hospital' });
    expect(answer.route!.accessLegs.map((leg) => [leg.end, leg.accessLeg])).toEqual([
      ['origin', true],
      ['hospital', true],
    ]);
  });

  it('gives the route to the hospital asked for', async () => {
    const answer = aeDrivingResponseSchema.parse((await get('?lon=114.1694&lat=22.3193&hospital=queen-mary-hospital')).json());
    expect(answer.route!.hospital).toBe('queen-mary-hospital');
    // Mong Kok to Pok Fu Lam crosses the harbour: more than 8 km of road.
    expect(answer.route!.drivingMetres).toBeGreaterThan(8000);
    expect(answer.route!.road.coordinates.length).toBeGreaterThan(10);
  });

  it('says a point in Victoria Harbour is in the water, with no hospitals and no route', async () => {
    const response = await get('?lon=114.17&lat=22.29');
    expect(response.statusCode).toBe(200);
    const answer = aeDrivingResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ status: 'origin-in-water', hospitals: [], route: null });
    expect(answer.origin.groundHeightMetres).toBe(0);
  });

  it('answers 400 naming the parameter for a missing or bad coordinate or an unknown hospital', async () => {
    for (const [query, field] of [
      ['?lat=22.3', 'lon'],
      ['?lon=east&lat=22.3', 'lon'],
      ['?lon=114.17&lat=95', 'lat'],
      ['?lon=114.17&lat=22.3&hospital=st-elsewhere', 'hospital'],
      ['?lon=114.17&lat=22.3&speed=fast', 'speed'],
    ]) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(errorBodySchema.parse(response.json()).field, query).toBe(field);
    }
  });
});

describe('GET /mapviewer/api/static/emergency-facilities', () => {
  it('serves the 36 ambulance depots with their AED location, in Traditional and Simplified Chinese, and no invented telephone', async () => {
    const response = await app().inject({ method: 'GET', url: '/mapviewer/api/static/emergency-facilities?timestamp=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/geo\+json/);
    const layer = emergencyFacilitiesSchema.parse(response.json());
    expect(layer.features).toHaveLength(36);
    const braemarHill = layer.features.find((f) => f.properties.name_TC === '寶馬山救護站')!;
    expect(braemarHill.properties).toMatchObject({ name_SC: '宝马山救护站', address_TC: '北角天后廟道170號', address_SC: '北角天后庙道170号', aedLocation_TC: '正門入口外' });
    // Full-width digits become plain ones.
    expect(layer.features.find((f) => f.properties.name_TC === '藍田救護站')!.properties.address_TC).toBe('九龍鯉魚門道30號');
    expect(Object.keys(braemarHill.properties).some((name) => /tel|phone/i.test(name))).toBe(false);
  });
});
