/**
 * The realtime and environment feeds, each offline (the snapshot in data/) or live (its public source, falling back
 * to the snapshot), as SOURCES says.
 */
import type { z } from 'zod';
import {
  AE_INTERVAL_CLIENT_S,
  AQHI_INTERVAL_CLIENT_S,
  WEATHER_INTERVAL_CLIENT_S,
  aeFeedSchema,
  aqhiFeedSchema,
  beachFeedSchema,
  humidityFeedSchema,
  temperatureFeedSchema,
  windFeedSchema,
  type AeFeed,
  type AqhiFeed,
  type BeachFeed,
  type HumidityFeed,
  type TemperatureFeed,
  type WindFeed,
} from '../../core/contracts';
import { loadAeFeed, loadAeHospitals } from '../data/ae';
import { loadAqhiFeed, loadAqhiStations } from '../data/aqhi';
import { loadBeaches, loadBeachFeed } from '../data/beach';
import type { FeedData } from '../data/feed';
import { loadHumidityFeed } from '../data/humidity';
import { loadTemperatureFeed } from '../data/temperature';
import { loadHkoWeatherStations } from '../data/weather';
import { loadHkoWindStations, loadWindFeed } from '../data/wind';
import { DEFAULT_SOURCE_TIMEOUT_MS, sourcesModeFromEnvironment, type SourcesOptions } from './config';
import { fetchEpdAqhi } from './epd-aqhi';
import { fetchEpdBeaches } from './epd-beach';
import { fetchHaAe } from './ha-ae';
import { fetchHkoHumidity, fetchHkoTemperature, fetchHkoWind } from './hko';
import type { FetchFunction } from './http';
import { LiveFeed, offlineFeed, type Feed } from './live-feed';

export interface RealtimeFeeds {
  temperature: Feed<FeedData<TemperatureFeed>>;
  humidity: Feed<FeedData<HumidityFeed>>;
  wind: Feed<FeedData<WindFeed>>;
  aqhi: Feed<FeedData<AqhiFeed>>;
  ae: Feed<FeedData<AeFeed>>;
  beach: Feed<FeedData<BeachFeed>>;
}

/** EPD grades beaches once a day; asking hourly catches a new grade soon after it appears. */
export const BEACH_REFRESH_MS = 3_600_000;

/** After a failure, the fallback is served this long (at most) before the source is tried again. */
export const RETRY_AFTER_FAILURE_MS = 60_000;

/** Checks a feed's data against its contract; the error names the first field that is wrong. */
function checked<Data>(schema: z.ZodObject, data: Data, what: string): Data {
  const result = schema.omit({ source: true }).safeParse(data);
  if (result.success) return data;
  const issue = result.error.issues[0];
  throw new Error(`${what} does not match the contract (${issue.path.join('.')}: ${issue.message})`);
}

/**
 * Builds the six feeds. The offline snapshots are always loaded and checked (live feeds fall back to them), so
 * broken data files stop the start-up rather than a request.
 */
export function createRealtimeFeeds(dataDir: string, options: SourcesOptions = {}): RealtimeFeeds {
  const mode = options.mode ?? sourcesModeFromEnvironment();
  const offline = {
    temperature: checked(temperatureFeedSchema, loadTemperatureFeed(dataDir), 'offline temperature'),
    humidity: checked(humidityFeedSchema, loadHumidityFeed(dataDir), 'offline humidity'),
    wind: checked(windFeedSchema, loadWindFeed(dataDir), 'offline wind'),
    aqhi: checked(aqhiFeedSchema, loadAqhiFeed(dataDir), 'offline AQHI'),
    ae: checked(aeFeedSchema, loadAeFeed(dataDir), 'offline A&E'),
    beach: checked(beachFeedSchema, loadBeachFeed(dataDir), 'offline beach'),
  };
  if (mode === 'offline') {
    return {
      temperature: offlineFeed(offline.temperature),
      humidity: offlineFeed(offline.humidity),
      wind: offlineFeed(offline.wind),
      aqhi: offlineFeed(offline.aqhi),
      ae: offlineFeed(offline.ae),
      beach: offlineFeed(offline.beach),
    };
  }

  const fetchFunction: FetchFunction = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_SOURCE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const live = <Data extends object>(
    name: string,
    schema: z.ZodObject,
    refreshMs: number,
    offlineData: Data,
    fetchData: (fetch: FetchFunction, signal: AbortSignal) => Promise<Data>,
  ): Feed<Data> =>
    new LiveFeed({
      name,
      load: async (signal) => checked(schema, await fetchData(fetchFunction, signal), 'the answer'),
      offline: offlineData,
      refreshMs,
      timeoutMs,
      retryMs: Math.min(refreshMs, RETRY_AFTER_FAILURE_MS),
      now,
    });

  const weatherStations = loadHkoWeatherStations(dataDir);
  const windStations = loadHkoWindStations(dataDir);
  const aqhiStations = loadAqhiStations(dataDir);
  const hospitals = loadAeHospitals(dataDir);
  const beaches = loadBeaches(dataDir);
  const weatherMs = WEATHER_INTERVAL_CLIENT_S * 1000;
  return {
    temperature: live('HKO temperature', temperatureFeedSchema, weatherMs, offline.temperature, (fetch, signal) =>
      fetchHkoTemperature(fetch, signal, weatherStations),
    ),
    humidity: live('HKO humidity', humidityFeedSchema, weatherMs, offline.humidity, (fetch, signal) =>
      fetchHkoHumidity(fetch, signal, weatherStations),
    ),
    wind: live('HKO wind', windFeedSchema, weatherMs, offline.wind, (fetch, signal) => fetchHkoWind(fetch, signal, windStations)),
    aqhi: live('EPD AQHI', aqhiFeedSchema, AQHI_INTERVAL_CLIENT_S * 1000, offline.aqhi, (fetch, signal) =>
      fetchEpdAqhi(fetch, signal, aqhiStations),
    ),
    ae: live('HA A&E', aeFeedSchema, AE_INTERVAL_CLIENT_S * 1000, offline.ae, (fetch, signal) => fetchHaAe(fetch, signal, hospitals)),
    beach: live('EPD beaches', beachFeedSchema, BEACH_REFRESH_MS, offline.beach, (fetch, signal) => fetchEpdBeaches(fetch, signal, beaches)),
  };
}
