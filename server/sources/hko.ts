/**
 * Hong Kong Observatory regional-weather CSVs (DATA.GOV.HK "Regional weather in Hong Kong"): the latest 1-minute
 * air temperature and relative humidity and the latest 10-minute wind, one row per automatic weather station.
 */
import type { HumidityFeed, TemperatureFeed, WindFeed } from '../../core/contracts';
import type { FeedData } from '../data/feed';
import { buildHumidityFeed, parseHkoHumidityCsv } from '../data/humidity';
import { buildTemperatureFeed, parseHkoTemperatureCsv } from '../data/temperature';
import type { Station } from '../data/weather';
import { buildWindFeed, parseHkoWindCsv } from '../data/wind';
import { fetchText, type FetchFunction } from './http';
import { requireFeatures } from './live-feed';

const REGIONAL_WEATHER = 'https://data.weather.gov.hk/weatherAPI/hko_data/regional-weather';
export const HKO_TEMPERATURE_URL = `${REGIONAL_WEATHER}/latest_1min_temperature.csv`;
export const HKO_HUMIDITY_URL = `${REGIONAL_WEATHER}/latest_1min_humidity.csv`;
export const HKO_WIND_URL = `${REGIONAL_WEATHER}/latest_10min_wind.csv`;

export async function fetchHkoTemperature(fetch: FetchFunction, signal: AbortSignal, stations: ReadonlyMap<string, Station>): Promise<FeedData<TemperatureFeed>> {
  const text = await fetchText(fetch, HKO_TEMPERATURE_URL, signal);
  return requireFeatures(buildTemperatureFeed(parseHkoTemperatureCsv(text), stations), 'temperature CSV');
}

export async function fetchHkoHumidity(fetch: FetchFunction, signal: AbortSignal, stations: ReadonlyMap<string, Station>): Promise<FeedData<HumidityFeed>> {
  const text = await fetchText(fetch, HKO_HUMIDITY_URL, signal);
  return requireFeatures(buildHumidityFeed(parseHkoHumidityCsv(text), stations), 'humidity CSV');
}

export async function fetchHkoWind(fetch: FetchFunction, signal: AbortSignal, stations: ReadonlyMap<string, Station>): Promise<FeedData<WindFeed>> {
  const text = await fetchText(fetch, HKO_WIND_URL, signal);
  return requireFeatures(buildWindFeed(parseHkoWindCsv(text), stations), 'wind CSV');
}
