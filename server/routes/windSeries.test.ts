import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../core/contracts';
import { windSeriesSchema } from '../../core/contracts/windSeries';
import { parseWindSeriesCsv } from '../data/windSeries';
import { useTestServer } from '../test/server';

const app = useTestServer();
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/weather/wind-series', () => {
  it('answers the 30 stations at each of the 14 polls of Typhoon Tapah\'s night, placed and styled like the wind layer', async () => {
    const response = await get('/mapviewer/api/weather/wind-series?timestamp=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/geo\+json/);
    const answer = windSeriesSchema.parse(response.json());
    expect(answer.series).toMatchObject({ start: '2025-09-07T22:43:09+08:00', end: '2025-09-08T00:57:26+08:00', polls: 14, stations: 30 });
    expect(answer.features).toHaveLength(420);
    expect(new Set(answer.features.map((feature) => feature.id)).size).toBe(420);
    // The first row of the file: Central Pier, East 37 km/h, gust 70, at 22:43:09; an East wind's arrow points west.
    const central = answer.features.find((feature) => feature.id === 'central-pier@2025-09-07T22:43:09+08:00')!;
    expect(central.properties).toMatchObject({
      stationId: 'central-pier',
      key_EN: 'Central Pier',
      observedAtText: '2025-09-07 22:43 HKT',
      windDirection: 'East',
      arrowBearingDegrees: 270,
      meanSpeedKmh: 37,
      maxGustKmh: 70,
    });
    expect(central.geometry.coordinates).toEqual([114.1558333, 22.2888889]);
    // The student script's signal classification is not HKO's: not passed on.
    expect(JSON.stringify(answer)).not.toMatch(/signal|TC8/);
  });

  it('refuses an unknown parameter with a 400 naming it', async () => {
    const response = await get('/mapviewer/api/weather/wind-series?station=central');
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).message).toMatch(/station/);
  });
});

describe('the wind series file', () => {
  it('reads "N/A" as no reading, and names the line of a malformed row', () => {
    const header = 'timestamp,station_id,station_name,wind_speed_kmh,wind_gust_kmh,wind_direction,signal_level';
    const [reading] = parseWindSeriesCsv(`${header}\n2025-09-07 22:43:09,23,Tate's Cairn,N/A,74.0,N/A,TC3\n`);
    expect(reading).toMatchObject({ station: "Tate's Cairn", direction: null, meanSpeedKmh: null, maxGustKmh: 74, observedAt: '2025-09-07T22:43:09+08:00' });
    expect(() => parseWindSeriesCsv(`${header}\n22:43,0,Central Pier,37.0,70.0,East,TC1\n`)).toThrow(/line 2: expected a "YYYY-MM-DD hh:mm:ss" time/);
    expect(() => parseWindSeriesCsv('time,station\n')).toThrow(/header lacks timestamp/);
  });
});
