/** Each live adapter on its recorded answer (tests/fixtures/live/), through a fake fetch. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aeFeedSchema, aqhiFeedSchema, beachFeedSchema, humidityFeedSchema, temperatureFeedSchema, windFeedSchema } from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { loadAeHospitals } from '../data/ae';
import { loadAqhiStations } from '../data/aqhi';
import { loadBeaches } from '../data/beach';
import { loadHkoWeatherStations } from '../data/weather';
import { loadHkoWindStations } from '../data/wind';
import { EPD_AQHI_URL, fetchEpdAqhi, parseEpdAqhiRss } from './epd-aqhi';
import { EPD_BEACH_URL, fetchEpdBeaches, parseEpdBeachRss } from './epd-beach';
import { HA_AE_URL, fetchHaAe } from './ha-ae';
import { HKO_HUMIDITY_URL, HKO_TEMPERATURE_URL, HKO_WIND_URL, fetchHkoHumidity, fetchHkoTemperature, fetchHkoWind } from './hko';
import { fetchJson, fetchText } from './http';
import { readRssItems, rssDateToIso } from './rss';
import { fakeFetch, fixture } from './test-fetch';

const dataDir = join(ROOT_DIR, 'data');
const signal = new AbortController().signal;
const live = { mode: 'live', served: 'live', fallback: false, snapshot: false } as const;
const byKey = <Feature extends { properties: { key: string } }>(features: Feature[]) =>
  new Map<string, Feature['properties']>(features.map((f) => [f.properties.key, f.properties]));

describe('HKO regional-weather CSVs', () => {
  const stations = loadHkoWeatherStations(dataDir);

  it('temperature: 39 stations from latest_1min_temperature.csv', async () => {
    const fetch = fakeFetch({ [HKO_TEMPERATURE_URL]: fixture('hko/latest_1min_temperature.csv') });
    const feed = temperatureFeedSchema.parse({ ...(await fetchHkoTemperature(fetch, signal, stations)), source: live });
    expect(fetch.calls).toEqual([HKO_TEMPERATURE_URL]);
    expect(feed.features).toHaveLength(39);
    expect(byKey(feed.features).get('hk-observatory')).toMatchObject({ key_TC: '天文台' });
  });
  it('temperature: a station that is down ("N/A") is left out', async () => {
    const csv = fixture('hko/latest_1min_temperature.csv').replace('Chek Lap Kok,27.6', 'Chek Lap Kok,N/A');
    const feed = await fetchHkoTemperature(fakeFetch({ [HKO_TEMPERATURE_URL]: csv }), signal, stations);
    expect(feed.features).toHaveLength(38);
    expect(byKey(feed.features).has('chek-lap-kok')).toBe(false);
  });
  it('humidity: 26 stations from latest_1min_humidity.csv', async () => {
    const feed = humidityFeedSchema.parse({
      ...(await fetchHkoHumidity(fakeFetch({ [HKO_HUMIDITY_URL]: fixture('hko/latest_1min_humidity.csv') }), signal, stations)),
      source: live,
    });
    expect(feed.features).toHaveLength(26);
    expect(byKey(feed.features).get('hk-observatory')).toMatchObject({ _value_0: 79, _publish_date: '2026-08-28T18:50:00+08:00' });
  });
  it('wind: 30 stations from latest_10min_wind.csv with per-row times', async () => {
    const feed = windFeedSchema.parse({
      ...(await fetchHkoWind(fakeFetch({ [HKO_WIND_URL]: fixture('hko/latest_10min_wind.csv') }), signal, loadHkoWindStations(dataDir))),
      source: live,
    });
    expect(feed.features).toHaveLength(30);
    const properties = byKey(feed.features);
    expect(properties.get('ngong-ping')).toMatchObject({ windDirection: 'East', meanSpeedKmh: 68, maxGustKmh: 82, arrowBearingDegrees: 270 });
    expect(properties.get('tuen-mun')).toMatchObject({ windDirection: 'Variable', arrowBearingDegrees: null, _publish_date: '2025-09-08T00:10:00+08:00' });
    expect(properties.get('tates-cairn')).toMatchObject({ windDirection: null, arrowBearingDegrees: null });
  });
  it('refuses an answer that is not the file asked for', async () => {
    const fetch = fakeFetch({ [HKO_HUMIDITY_URL]: fixture('hko/latest_1min_temperature.csv') });
    await expect(fetchHkoHumidity(fetch, signal, stations)).rejects.toThrow(/Not an HKO relative humidity CSV/);
  });
  it('refuses a file none of whose stations we know', async () => {
    const csv = 'Date time,Automatic Weather Station,Air Temperature(degree Celsius)\n202608281850,Atlantis,30.1\n';
    await expect(fetchHkoTemperature(fakeFetch({ [HKO_TEMPERATURE_URL]: csv }), signal, stations)).rejects.toThrow(/no reading in the answer matches a known station/);
  });
});

describe('EPD AQHI RSS', () => {
  const stations = loadAqhiStations(dataDir);

  it('reads the 18 stations, not marked sample', async () => {
    const fetch = fakeFetch({ [EPD_AQHI_URL]: fixture('epd-aqhi/aqhi_ind_rss_Eng.xml') });
    const feed = aqhiFeedSchema.parse({ ...(await fetchEpdAqhi(fetch, signal, stations)), source: live });
    expect(feed.features).toHaveLength(18);
    expect(feed.sample).toBe(false);
    const properties = byKey(feed.features);
    expect(properties.get('mong-kok')).toMatchObject({ _value_0: 6, _value_2: 'Moderate', stationType: 'roadside', sample: false, _publish_date: '2026-08-28T18:30:00+08:00' });
    expect(properties.get('central-western')).toMatchObject({ _value_0: 3, _value_2: 'Low', _value_2_TC: '低' });
  });
  it('reads 10+ as 11 (Serious) and skips a station that is not reporting', () => {
    const xml = fixture('epd-aqhi/aqhi_ind_rss_Eng.xml')
      .replace('Mong Kok : 6 : Moderate', 'Mong Kok : 10+ : Serious')
      .replace('Tap Mun : 2 : Low', 'Tap Mun : - : -');
    const readings = parseEpdAqhiRss(xml);
    expect(readings).toHaveLength(17);
    expect(readings.find((r) => r.station === 'Mong Kok')?.aqhi).toBe(11);
  });
  it('refuses an answer that is not RSS', () => {
    expect(() => parseEpdAqhiRss('<html><body>Invalid Access !!!</body></html>')).toThrow(/not an RSS document/);
  });
});

describe('EPD beach RSS (Traditional Chinese)', () => {
  const beaches = loadBeaches(dataDir);

  it('reads the 39 beaches with their grades and publication time', async () => {
    const feed = beachFeedSchema.parse({
      ...(await fetchEpdBeaches(fakeFetch({ [EPD_BEACH_URL]: fixture('epd-beach/beach2.rss') }), signal, beaches)),
      source: live,
    });
    expect(feed.features).toHaveLength(39);
    const properties = byKey(feed.features);
    expect(properties.get('repulse-bay-beach')).toMatchObject({ _value_0: 2, _value_2: 'Fair', _publish_date: '2026-08-28T11:00:00+08:00' });
    expect(properties.get('turtle-cove-beach')).toMatchObject({ _value_0: 3, _value_2: 'Poor', _value_2_TC: '欠佳' });
    expect(properties.get('golden-beach')).toMatchObject({ _value_0: 2 });
  });
  it('refuses a grade it does not know, so the map never shows a wrong one', () => {
    const xml = fixture('epd-beach/beach2.rss').replace('淺水灣泳灘的水質被評為一般(二級)', '淺水灣泳灘的水質被評為未知');
    expect(() => parseEpdBeachRss(xml)).toThrow(/Unknown beach grade "未知"/);
  });
});

describe('HA A&E waiting-time JSON', () => {
  const hospitals = loadAeHospitals(dataDir);

  it('reads the 18 hospitals of the recorded answer, not marked sample', async () => {
    const feed = aeFeedSchema.parse({
      ...(await fetchHaAe(fakeFetch({ [HA_AE_URL]: fixture('ha-ae/aedwtdata2-en.json') }), signal, hospitals)),
      source: live,
    });
    expect(feed.features).toHaveLength(18);
    expect(feed.sample).toBe(false);
    const properties = byKey(feed.features);
    expect(properties.get('alice-ho-miu-ling-nethersole-hospital')).toMatchObject({
      triage3MedianMinutes: 28,
      triage3P95Minutes: 77,
      triage45MedianMinutes: 180,
      triage45P95Minutes: 240,
      _value_0: 180,
      _value_2: '3 hours',
      _publish_date: '2026-01-20T04:30:00+08:00',
      resuscitationInProgress: false,
      sample: false,
    });
    expect(properties.get('st-john-hospital')).toMatchObject({ triage45MedianMinutes: 0, _value_2: '0 minutes' });
  });
  it('refuses a body that is not JSON or not HA format', async () => {
    await expect(fetchHaAe(fakeFetch({ [HA_AE_URL]: '<html>maintenance</html>' }), signal, hospitals)).rejects.toThrow(/did not answer JSON/);
    await expect(fetchHaAe(fakeFetch({ [HA_AE_URL]: '{"waitTime":"soon"}' }), signal, hospitals)).rejects.toThrow(/Not an HA A&E waiting-time document/);
  });
});

describe('fetching', () => {
  it('names the URL on HTTP errors and network errors', async () => {
    await expect(fetchText(fakeFetch({}), 'https://example.invalid/a.csv', signal)).rejects.toThrow('https://example.invalid/a.csv answered HTTP 404');
    const unreachable = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(fetchJson(unreachable, 'https://example.invalid/b.json', signal)).rejects.toThrow('cannot reach https://example.invalid/b.json: fetch failed');
  });
});

describe('RSS reading', () => {
  it('decodes CDATA and entities and falls back to the channel date', () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><pubDate>Fri, 28 Aug 2026 11:00:00 +0800</pubDate>
      <item><title>A &amp; B</title><description><![CDATA[<b>x</b>]]></description></item></channel></rss>`;
    expect(readRssItems(xml)).toEqual([{ title: 'A & B', description: '<b>x</b>', pubDate: 'Fri, 28 Aug 2026 11:00:00 +0800' }]);
  });
  it('turns RSS dates into ISO times with their offset', () => {
    expect(rssDateToIso('Tue, 17 Jun 2025 19:30:00 +0800')).toBe('2025-06-17T19:30:00+08:00');
    expect(rssDateToIso('17 Jun 2025 19:30 GMT')).toBe('2025-06-17T19:30:00+00:00');
    expect(rssDateToIso('yesterday')).toBeUndefined();
  });
});
