/**
 * The HKO tide adapter on recorded answers: tidesHko.recorded-HHOT-TAO-2026.json is the first four days of HKO's
 * answer to `dataType=HHOT&station=TAO&year=2026&rformat=json` as recorded and published with
 * github.com/Kr1xx-shaw/tai-o-tidal-ranges (data/tides-TAO-2026.json; HKO data, DATA.GOV.HK terms);
 * tidesHko.assembled-HLT-TPK-2026.json puts the first three days of the shipped HKO Tai Po Kau high/low table in the
 * same `{ fields, data }` shape (no HLT answer could be recorded here: no network).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../sources/test-fetch';
import { createHkoTideClient, hkoTideUrl, parseHkoHighLowAnswer, parseHkoHourlyAnswer } from './tidesHko';

const recorded = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')) as unknown;
const hourlyAnswer = recorded('tidesHko.recorded-HHOT-TAO-2026.json');
const highLowAnswer = recorded('tidesHko.assembled-HLT-TPK-2026.json');

describe('HKO astronomical tide answers', () => {
  it('asks for one station and year in JSON', () => {
    expect(hkoTideUrl('HHOT', 'QUB', 2026)).toBe('https://data.weather.gov.hk/weatherAPI/opendata/opendata.php?dataType=HHOT&station=QUB&year=2026&rformat=json');
  });

  it('reads the hourly heights (HHOT) of the recorded answer', () => {
    const samples = parseHkoHourlyAnswer(hourlyAnswer, 2026);
    expect(samples).toHaveLength(4 * 24);
    // 1 Jan 2026 01:00 Hong Kong time at Tai O: 0.58 m; 4 Jan 05:00: -0.05 m (below chart datum).
    expect(samples[0]).toEqual({ epochMs: Date.UTC(2025, 11, 31, 17), heightM: 0.58 });
    expect(samples.find((sample) => sample.epochMs === Date.UTC(2026, 0, 3, 21))?.heightM).toBe(-0.05);
  });

  it('reads the high and low waters (HLT)', () => {
    const events = parseHkoHighLowAnswer(highLowAnswer, 2026);
    expect(events.slice(0, 4).map((event) => [event.type, event.heightM])).toEqual([
      ['low', 0.67],
      ['high', 1.52],
      ['low', 1.3],
      ['high', 2.55],
    ]);
  });

  it('names what is wrong with an answer that is not the table', () => {
    expect(() => parseHkoHourlyAnswer({ error: 'no data' }, 2026)).toThrow(/HKO HHOT: expected HKO's \{ fields, data \} table/);
    expect(() => parseHkoHourlyAnswer(highLowAnswer, 2026)).toThrow(/expected the fields MM, DD, 01…, got MM, DD, Time/);
    expect(() => parseHkoHighLowAnswer({ fields: ['MM', 'DD', 'Time'], data: [] }, 2026)).toThrow(/the table has no rows/);
  });

  it('fetches both tables once per station and year, and asks again after a failure', async () => {
    const fetch = fakeFetch({ [hkoTideUrl('HHOT', 'TAO', 2026)]: JSON.stringify(hourlyAnswer), [hkoTideUrl('HLT', 'TAO', 2026)]: JSON.stringify(highLowAnswer) });
    const client = createHkoTideClient({ fetch, timeoutMs: 1000, now: () => 0 });
    const tables = await client.tables('TAO', 2026);
    expect(tables.kind).toBe('hko-live');
    expect(tables.hourly).toHaveLength(96);
    await client.tables('TAO', 2026);
    expect(fetch.calls).toHaveLength(2);
    await expect(client.tables('QUB', 2026)).rejects.toThrow(/answered HTTP 404/);
    await expect(client.tables('QUB', 2026)).rejects.toThrow(/answered HTTP 404/);
    expect(fetch.calls.filter((url) => url.includes('QUB'))).toHaveLength(4);
  });
});
