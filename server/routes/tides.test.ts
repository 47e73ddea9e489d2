import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { tideDaySchema, tideStationsSchema } from '../../core/contracts/tides';
import { hkoTideUrl } from '../data/tidesHko';
import { fakeFetch } from '../sources/test-fetch';
import { useTestServer } from '../test/server';

describe('tide routes, offline', () => {
  const app = useTestServer({ sources: { mode: 'offline' } });
  const get = (url: string) => app().inject({ method: 'GET', url });

  it('lists the 16 stations', async () => {
    const response = await get('/mapviewer/api/tides/stations?timestamp=1');
    expect(response.statusCode).toBe(200);
    const stations = tideStationsSchema.parse(response.json());
    expect(stations.features).toHaveLength(16);
    expect(stations.features.filter((feature) => feature.properties.curve !== null).map((feature) => feature.properties.code)).toEqual(['TPK']);
  });

  it("answers a Tai Po Kau day with HKO's predictions and another with the harmonic fit", async () => {
    const hko = tideDaySchema.parse((await get('/mapviewer/api/tides/TPK?date=2026-01-03')).json());
    expect(hko).toMatchObject({ station: 'TPK', date: '2026-01-03', curve: { kind: 'hko-prediction' }, liveUnavailable: false, sample: false });
    const fit = tideDaySchema.parse((await get('/mapviewer/api/tides/TPK?date=2027-06-01')).json());
    expect(fit.curve?.kind).toBe('harmonic-fit');
  });

  it('answers Quarry Bay with its yearly levels and no curve', async () => {
    const day = tideDaySchema.parse((await get('/mapviewer/api/tides/QUB?date=2026-11-26')).json());
    expect(day).toMatchObject({ curve: null, yearlyLevels: { year: 2024 }, name: { 'en-US': 'Quarry Bay' } });
  });

  it.each([
    ['/mapviewer/api/tides/XYZ?date=2026-01-01', 'station'],
    ['/mapviewer/api/tides/TPK?date=2026-02-30', 'date'],
    ['/mapviewer/api/tides/TPK?date=26-1-1', 'date'],
    ['/mapviewer/api/tides/TPK', 'date'],
    ['/mapviewer/api/tides/TPK?date=2026-01-01&hour=3', 'hour'],
  ])('answers %s with a 400 naming %s', async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).field).toBe(field);
  });
});

describe('tide routes, live', () => {
  const recorded = (name: string) => readFileSync(join(import.meta.dirname, '../data', name), 'utf8');
  const fetch = fakeFetch({
    [hkoTideUrl('HHOT', 'TAO', 2026)]: recorded('tidesHko.recorded-HHOT-TAO-2026.json'),
    [hkoTideUrl('HLT', 'TAO', 2026)]: recorded('tidesHko.assembled-HLT-TPK-2026.json'),
  });
  const app = useTestServer({ sources: { mode: 'live', fetch } });
  const get = (url: string) => app().inject({ method: 'GET', url });

  it("serves HKO's live predictions for a station HKO publishes", async () => {
    const stations = tideStationsSchema.parse((await get('/mapviewer/api/tides/stations')).json());
    expect(stations.features.find((feature) => feature.properties.code === 'QUB')?.properties.curve).toBe('hko-live');
    expect(stations.features.find((feature) => feature.properties.code === 'SKT')?.properties.curve).toBeNull();
    const day = tideDaySchema.parse((await get('/mapviewer/api/tides/TAO?date=2026-01-02')).json());
    expect(day.curve?.kind).toBe('hko-live');
    expect(day.curve?.points[0]).toEqual({ minutes: 0, heightM: 1.27 });
    expect(day.liveUnavailable).toBe(false);
  });

  it('says the source is unavailable when HKO fails, and gives the offline answer', async () => {
    const response = await get('/mapviewer/api/tides/TPK?date=2026-01-05');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const day = tideDaySchema.parse(response.json());
    expect(day.liveUnavailable).toBe(true);
    expect(day.curve?.kind).toBe('hko-prediction');
  });
});
