/**
 * Live adapter for HKO's astronomical tide open data (Open Data API `opendata.php`): `dataType=HHOT` (hourly
 * heights of astronomical tides) and `dataType=HLT` (times and heights of astronomical high and low tides), one
 * station and one year per call, `rformat=json`. The answer is `{ "fields": [...], "data": [[...], ...] }` with
 * the rows of the CSV tables as strings: HHOT `MM, DD, 01 … 24` (heights at 01:00 … 24:00 Hong Kong time), HLT
 * `MM, DD` then `Time, Height(m)` pairs (HHmm, up to four a day). Heights are metres above chart datum.
 * Off unless the server reads live sources (SOURCES=live, server/sources/config.ts); the fetch is injected, so
 * tests read recorded answers (tests/fixtures/hko-tides) and never the network.
 */
import { z } from 'zod';
import type { TideStationCode } from '../../core/contracts/tides';
import { fetchJson, type FetchFunction } from '../sources/http';
import { parseHkoHighLowRows, parseHkoHourlyRows, type TideTables } from './tides';

export const HKO_OPEN_DATA_URL = 'https://data.weather.gov.hk/weatherAPI/opendata/opendata.php';

export type HkoTideDataType = 'HHOT' | 'HLT';

/** The call for one station's year of a table. */
export function hkoTideUrl(dataType: HkoTideDataType, station: TideStationCode, year: number): string {
  const query = new URLSearchParams({ dataType, station, year: String(year), rformat: 'json' });
  return `${HKO_OPEN_DATA_URL}?${query.toString()}`;
}

const hkoTableSchema = z.object({
  fields: z.array(z.string()),
  data: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});

function readTable(json: unknown, dataType: HkoTideDataType, source: string): z.infer<typeof hkoTableSchema> {
  const parsed = hkoTableSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${source}: expected HKO's { fields, data } table, ${parsed.error.issues[0]?.message ?? 'not one'}`);
  const [month, day, third] = parsed.data.fields;
  const expectedThird = dataType === 'HHOT' ? '01' : 'Time';
  if (month !== 'MM' || day !== 'DD' || third !== expectedThird) {
    throw new Error(`${source}: expected the fields MM, DD, ${expectedThird}…, got ${parsed.data.fields.slice(0, 3).join(', ')}`);
  }
  if (parsed.data.data.length === 0) throw new Error(`${source}: the table has no rows`);
  return parsed.data;
}

/** Reads an HHOT answer: the hourly heights of the year. */
export function parseHkoHourlyAnswer(json: unknown, year: number, source = 'HKO HHOT') {
  return parseHkoHourlyRows(readTable(json, 'HHOT', source).data, year, source);
}

/** Reads an HLT answer: the high and low waters of the year. */
export function parseHkoHighLowAnswer(json: unknown, year: number, source = 'HKO HLT') {
  return parseHkoHighLowRows(readTable(json, 'HLT', source).data, year, source);
}

/** Predictions do not change: a year's tables are kept for half a day, then asked for again. */
const CACHE_MS = 12 * 3_600_000;

export interface HkoTideClient {
  /** The station's HKO tables for a year; rejects with a message naming the call when HKO does not answer well. */
  tables(station: TideStationCode, year: number): Promise<TideTables>;
}

export function createHkoTideClient(options: { fetch: FetchFunction; timeoutMs: number; now: () => number }): HkoTideClient {
  const cache = new Map<string, { at: number; tables: Promise<TideTables> }>();
  return {
    tables(station, year) {
      const key = `${station}/${year}`;
      const cached = cache.get(key);
      if (cached && options.now() - cached.at < CACHE_MS) return cached.tables;
      const load = async (): Promise<TideTables> => {
        const signal = AbortSignal.timeout(options.timeoutMs);
        const [hourly, highLow] = await Promise.all([
          fetchJson(options.fetch, hkoTideUrl('HHOT', station, year), signal).then((json) => parseHkoHourlyAnswer(json, year, hkoTideUrl('HHOT', station, year))),
          fetchJson(options.fetch, hkoTideUrl('HLT', station, year), signal).then((json) => parseHkoHighLowAnswer(json, year, hkoTideUrl('HLT', station, year))),
        ]);
        return { kind: 'hko-live', hourly, highLow };
      };
      const tables = load();
      cache.set(key, { at: options.now(), tables });
      // A failed call is not kept: the next request asks again.
      tables.catch(() => cache.delete(key));
      return tables;
    },
  };
}
