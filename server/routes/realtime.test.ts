/**
 * The realtime and environment endpoints through the server: offline answers, bad query parameters, and the live
 * mode with a fake fetch answering the recorded fixtures (never the network), including its fallbacks.
 */
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aeEndpoint,
  aqhiEndpoint,
  beachEndpoint,
  errorBodySchema,
  humidityEndpoint,
  temperatureEndpoint,
  windEndpoint,
  type EndpointContract,
} from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { EPD_AQHI_URL } from '../sources/epd-aqhi';
import { EPD_BEACH_URL } from '../sources/epd-beach';
import { HA_AE_URL } from '../sources/ha-ae';
import { createRealtimeFeeds } from '../sources/feeds';
import { HKO_HUMIDITY_URL, HKO_TEMPERATURE_URL, HKO_WIND_URL } from '../sources/hko';
import { fakeFetch, fixture } from '../sources/test-fetch';
import { buildTestServer } from '../test/server';

/** Each endpoint with the number of features its offline snapshot has. */
const FEEDS: Array<{ endpoint: EndpointContract; count: number; sample: boolean; intervalClient?: number }> = [
  { endpoint: temperatureEndpoint, count: 39, sample: false, intervalClient: 120 },
  { endpoint: humidityEndpoint, count: 26, sample: false, intervalClient: 120 },
  { endpoint: windEndpoint, count: 30, sample: false, intervalClient: 120 },
  { endpoint: aqhiEndpoint, count: 18, sample: true, intervalClient: 3600 },
  { endpoint: aeEndpoint, count: 18, sample: true, intervalClient: 900 },
  { endpoint: beachEndpoint, count: 39, sample: false },
];

const RECORDED = {
  [HKO_TEMPERATURE_URL]: fixture('hko/latest_1min_temperature.csv'),
  [HKO_HUMIDITY_URL]: fixture('hko/latest_1min_humidity.csv'),
  [HKO_WIND_URL]: fixture('hko/latest_10min_wind.csv'),
  [EPD_AQHI_URL]: fixture('epd-aqhi/aqhi_ind_rss_Eng.xml'),
  [EPD_BEACH_URL]: fixture('epd-beach/beach2.rss'),
  [HA_AE_URL]: fixture('ha-ae/aedwtdata2-en.json'),
};

async function getFeed(app: FastifyInstance, endpoint: EndpointContract) {
  const response = await app.inject({ method: 'GET', url: `${endpoint.path}?timestamp=1724842200000` });
  expect(response.statusCode, `${endpoint.path}: ${response.body.slice(0, 200)}`).toBe(200);
  return { response, feed: endpoint.response.schema!.parse(response.json()) as { features: Array<{ properties: Record<string, unknown> }>; [k: string]: unknown } };
}

const START = Date.parse('2026-08-28T10:55:00Z');

/** Two servers: offline, and live on healthy recorded sources. */
let offline: FastifyInstance;
let live: FastifyInstance;
const liveFetch = fakeFetch(RECORDED);

// Embedded databases take a while to open on a busy machine.
const SERVERS_START_MS = 120_000;

beforeAll(async () => {
  offline = await buildTestServer({ sources: { mode: 'offline' } });
  live = await buildTestServer({ sources: { mode: 'live', fetch: liveFetch, now: () => START } });
}, SERVERS_START_MS);

afterAll(async () => {
  await Promise.all([offline?.close(), live?.close()]);
});

describe('offline (SOURCES unset)', () => {
  for (const { endpoint, count, sample, intervalClient } of FEEDS) {
    it(`${endpoint.path} answers its contract with ${count} points`, async () => {
      const { response, feed } = await getFeed(offline, endpoint);
      expect(response.headers['content-type']).toContain('application/geo+json');
      expect(response.headers['cache-control']).toBe(`public, max-age=60`);
      expect(feed.features).toHaveLength(count);
      expect(feed.sample).toBe(sample);
      expect(feed.intervalClient).toBe(intervalClient);
      // The snapshot says it is one, and when its newest reading was observed (computed from the readings).
      expect(feed.source).toMatchObject({ mode: 'offline', served: 'offline', fallback: false, snapshot: true });
      const observed = feed.features.map((feature) => Date.parse(String(feature.properties._publish_date))).filter(Number.isFinite);
      if (observed.length > 0) expect(feed.source).toMatchObject({ observedAt: new Date(Math.max(...observed)).toISOString() });
      if (sample) for (const feature of feed.features) expect(feature.properties.sample).toBe(true);
    });

    it(`${endpoint.path} answers 400 naming the field for bad query parameters`, async () => {
      const unknown = await offline.inject({ method: 'GET', url: `${endpoint.path}?station=hko` });
      expect(unknown.statusCode).toBe(400);
      expect(errorBodySchema.parse(unknown.json())).toMatchObject({ error: 'Bad Request', field: 'station' });
      const tooLong = await offline.inject({ method: 'GET', url: `${endpoint.path}?timestamp=${'9'.repeat(65)}` });
      expect(tooLong.statusCode).toBe(400);
      expect(errorBodySchema.parse(tooLong.json())).toMatchObject({ error: 'Bad Request', field: 'timestamp' });
      const repeated = await offline.inject({ method: 'GET', url: `${endpoint.path}?timestamp=1&timestamp=2` });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().field).toBe('timestamp');
    });
  }
});

describe('the temperature snapshot (issue 12 point 9)', () => {
  it('is the HKO reading of 21 Apr 2024 10:40 Hong Kong time, marked as a snapshot', async () => {
    const { feed } = await getFeed(offline, temperatureEndpoint);
    expect(feed.source).toMatchObject({ snapshot: true, observedAt: '2024-04-21T02:40:00.000Z' });
  });
});

describe('live (SOURCES=live) with the recorded answers', () => {
  for (const { endpoint } of FEEDS) {
    it(`${endpoint.path} serves the live answer`, async () => {
      const { feed } = await getFeed(live, endpoint);
      expect(feed.source).toMatchObject({ mode: 'live', served: 'live', fallback: false, fetchedAt: '2026-08-28T10:55:00.000Z', snapshot: false });
      expect(feed.sample).toBe(false);
    });
  }

  it('asks each source once while its answer is fresh', async () => {
    await getFeed(live, windEndpoint);
    await getFeed(live, windEndpoint);
    expect(liveFetch.calls.filter((url) => url === HKO_WIND_URL)).toHaveLength(1);
  });

  it('keeps station keys the same as offline', async () => {
    const keys = async (server: FastifyInstance) => (await getFeed(server, windEndpoint)).feed.features.map((f) => f.properties.key);
    expect(await keys(live)).toEqual(await keys(offline));
  });
});

/** The feeds the server builds, on sources that fail in different ways (no server needed: same feeds, faster). */
describe('live sources that fail', () => {
  const clock = { now: START };
  const humidity = { healthy: true };
  const feeds = createRealtimeFeeds(join(ROOT_DIR, 'data'), {
    mode: 'live',
    now: () => clock.now,
    fetch: fakeFetch({
      ...RECORDED,
      [EPD_AQHI_URL]: { ok: false, status: 503, text: async () => 'Service Unavailable' },
      [HKO_HUMIDITY_URL]: async () => ({ ok: true, status: 200, text: async () => (humidity.healthy ? RECORDED[HKO_HUMIDITY_URL] : 'garbage') }),
      [HKO_WIND_URL]: RECORDED[HKO_WIND_URL].replace('Central Pier,East,24,35', 'Central Pier,East,-24,35'),
    }),
  });
  const answer = async (feed: { current(): Promise<{ body: string }> }, endpoint: EndpointContract) => {
    const { body } = await feed.current();
    return endpoint.response.schema!.parse(JSON.parse(body)) as { features: unknown[]; sample?: boolean; source: Record<string, unknown> };
  };

  it('falls back to the offline snapshot (sample AQHI) when the source never answered', async () => {
    const feed = await answer(feeds.aqhi, aqhiEndpoint);
    expect(feed.source).toMatchObject({ mode: 'live', served: 'offline', fallback: true, reason: `EPD AQHI: ${EPD_AQHI_URL} answered HTTP 503`, snapshot: true });
    expect(feed.sample).toBe(true);
    expect(feed.features).toHaveLength(18);
  });

  it('falls back to the last good answer once the source has answered', async () => {
    const first = await answer(feeds.humidity, humidityEndpoint);
    expect(first.source).toMatchObject({ served: 'live', fallback: false });
    humidity.healthy = false;
    clock.now += 121_000;
    const second = await answer(feeds.humidity, humidityEndpoint);
    expect(second.source).toMatchObject({ mode: 'live', served: 'last-good', fallback: true, fetchedAt: '2026-08-28T10:55:00.000Z' });
    expect(String(second.source.reason)).toMatch(/^HKO humidity: Not an HKO relative humidity CSV/);
    expect(second.features).toEqual(first.features);
  });

  it('treats an answer that breaks the contract as a failure', async () => {
    const feed = await answer(feeds.wind, windEndpoint);
    expect(feed.source).toMatchObject({ served: 'offline', fallback: true });
    expect(String(feed.source.reason)).toMatch(/^HKO wind: the answer does not match the contract \(features\.\d+\.properties\._value_0/);
  });

  it('stops the start-up on an invalid SOURCES value', () => {
    const previous = process.env.SOURCES;
    process.env.SOURCES = 'sometimes';
    try {
      expect(() => createRealtimeFeeds(join(ROOT_DIR, 'data'))).toThrow('SOURCES must be "offline" or "live", not "sometimes"');
    } finally {
      if (previous === undefined) delete process.env.SOURCES;
      else process.env.SOURCES = previous;
    }
  });
});
