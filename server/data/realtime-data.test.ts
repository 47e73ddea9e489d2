/**
 * The offline feeds built from the real snapshots in data/: station counts, names and real values checked against
 * the source files, and the seeded samples marked as such.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aeFeedSchema,
  aqhiFeedSchema,
  beachFeedSchema,
  humidityFeedSchema,
  temperatureFeedSchema,
  windFeedSchema,
} from '../../core/contracts';
import { ROOT_DIR } from '../app';
import { haDurationMinutes, haTimeToIso, loadAeFeed, parseHaWaitTimes, sampleHaWaitTimeDocument, waitText } from './ae';
import { AQHI_SAMPLE_TIME, loadAqhiFeed } from './aqhi';
import { beachGradeCode, loadBeachFeed } from './beach';
import { loadHumidityFeed, parseHkoHumidityCsv } from './humidity';
import { loadTemperatureFeed } from './temperature';
import { loadWindFeed, parseHkoWindCsv } from './wind';

const dataDir = join(ROOT_DIR, 'data');
const offline = { mode: 'offline', served: 'offline', fallback: false, snapshot: true } as const;
const readData = (path: string) => readFileSync(join(dataDir, path), 'utf8');
const byKey = <Feature extends { properties: { key: string } }>(features: Feature[]) =>
  new Map<string, Feature['properties']>(features.map((f) => [f.properties.key, f.properties]));

describe('humidity (HKO latest_1min_humidity.csv, 28 Aug 2026 18:50)', () => {
  const feed = humidityFeedSchema.parse({ ...loadHumidityFeed(dataDir), source: offline });

  it('places all 26 stations with the values of the source file', () => {
    expect(feed.features).toHaveLength(26);
    expect(feed.intervalClient).toBe(120);
    const source = readData('stations/hko_latest_1min_humidity_202608281850.csv').trim().split(/\r?\n/).slice(1);
    const properties = new Map(feed.features.map((f) => [f.properties.key_EN, f.properties]));
    for (const line of source) {
      const [, station, percent] = line.split(',');
      expect(properties.get(station)?._value_0, station).toBe(Number(percent));
    }
    const observatory = properties.get('HK Observatory')!;
    expect(observatory).toMatchObject({ key: 'hk-observatory', key_TC: '天文台', _value_0: 79, _publish_date: '2026-08-28T18:50:00+08:00' });
    expect(properties.get('Pak Tam Chung')!._value_0).toBe(94);
    expect(properties.get('Chek Lap Kok')!._value_0).toBe(76);
  });
  it('colours drier stations differently from wetter ones', () => {
    const properties = byKey(feed.features);
    expect(properties.get('chek-lap-kok')!._value_1).not.toBe(properties.get('pak-tam-chung')!._value_1);
  });
  it('skips missing and impossible readings and refuses other files', () => {
    const csv = 'Date time,Automatic Weather Station,Relative Humidity(percent)\n202608281850,Sha Tin,N/A\n202608281850,Tai Po,101\n202608281850,Tsing Yi,85\n';
    expect(parseHkoHumidityCsv(csv)).toEqual([{ observedHkt: '202608281850', station: 'Tsing Yi', percent: 85 }]);
    expect(() => parseHkoHumidityCsv(readData('weather/hko_temperature_snapshot_20240421T1040.csv'))).toThrow(/Not an HKO relative humidity CSV/);
  });
});

describe('temperature (still the 39 stations after the shared HKO code moved)', () => {
  it('keeps its answer', () => {
    const feed = temperatureFeedSchema.parse({ ...loadTemperatureFeed(dataDir), source: offline });
    expect(feed.features).toHaveLength(39);
    expect(byKey(feed.features).get('chek-lap-kok')).toMatchObject({ _value_0: 27.6, _publish_date: '2024-04-21T10:40:00+08:00' });
  });
});

describe('wind (HKO 10-minute wind, 8 Sep 2025 00:20)', () => {
  const feed = windFeedSchema.parse({ ...loadWindFeed(dataDir), source: offline });
  const properties = byKey(feed.features);

  it('places the 30 stations with names in three languages', () => {
    expect(feed.features).toHaveLength(30);
    expect(feed.intervalClient).toBe(120);
    for (const p of properties.values()) expect(p.key_TC && p.key_SC, p.key).toBeTruthy();
    expect(properties.get('cheung-chau')).toMatchObject({ key_EN: 'Cheung Chau', key_TC: '長洲', key_SC: '长洲' });
    expect(properties.get('waglan-island')).toMatchObject({ key_TC: '橫瀾島', key_SC: '横澜岛' });
  });
  it('carries the real readings with arrows for compass points only', () => {
    expect(properties.get('central-pier')).toMatchObject({
      windDirection: 'East',
      windDirection_TC: '東',
      meanSpeedKmh: 24,
      maxGustKmh: 35,
      _value_0: 24,
      windFromDegrees: 90,
      arrowBearingDegrees: 270,
      _publish_date: '2025-09-08T00:20:00+08:00',
    });
    expect(properties.get('waglan-island')).toMatchObject({ windDirection: 'Southeast', meanSpeedKmh: 57, maxGustKmh: 66, arrowBearingDegrees: 315 });
    expect(properties.get('sha-tin')).toMatchObject({ windDirection: 'Variable', windDirection_SC: '风向不定', arrowBearingDegrees: null, windFromDegrees: null });
    expect(properties.get('tates-cairn')).toMatchObject({ windDirection: null, windDirection_EN: null, arrowBearingDegrees: null, meanSpeedKmh: 40 });
    expect(properties.get('star-ferry')!._publish_date).toBe('2025-09-08T00:10:00+08:00');
  });
  it('matches the source file for every station', () => {
    const source = JSON.parse(readData('weather/hko_wind_stations_20250908T0020.geojson')) as {
      features: Array<{ properties: { station_en: string; wind_speed_kmh: number; gust_kmh: number } }>;
    };
    const byName = new Map(feed.features.map((f) => [f.properties.key_EN, f.properties]));
    for (const { properties: station } of source.features) {
      expect(byName.get(station.station_en), station.station_en).toMatchObject({ meanSpeedKmh: station.wind_speed_kmh, maxGustKmh: station.gust_kmh });
    }
  });
  it('reads HKO wind CSV rows with Calm, Variable and N/A cells', () => {
    const csv = [
      'Date time,Automatic Weather Station,10-Minute Mean Wind Direction(Compass points),10-Minute Mean Speed(km/hour),10-Minute Maximum Gust(km/hour)',
      '202609141520,Central Pier,Northwest,6,11',
      '202609141520,Green Island,N/A,8,10',
      '202609141520,Stanley,N/A,N/A,N/A',
      '202609141520,Waglan Island,Calm,0,3',
      '202609141520,Tai Po Kau,Variable,1,4',
    ].join('\r\n');
    expect(parseHkoWindCsv(csv).map((r) => [r.station, r.direction, r.meanSpeedKmh, r.maxGustKmh])).toEqual([
      ['Central Pier', 'Northwest', 6, 11],
      ['Green Island', null, 8, 10],
      ['Waglan Island', 'Calm', 0, 3],
      ['Tai Po Kau', 'Variable', 1, 4],
    ]);
  });
});

describe('AQHI (real EPD stations, seeded sample readings)', () => {
  const feed = aqhiFeedSchema.parse({ ...loadAqhiFeed(dataDir), source: offline });

  it('places the 18 stations, 15 general and 3 roadside, in three languages', () => {
    expect(feed.features).toHaveLength(18);
    expect(feed.intervalClient).toBe(3600);
    const roadside = feed.features.filter((f) => f.properties.stationType === 'roadside').map((f) => f.properties.key_EN);
    expect(roadside.sort()).toEqual(['Causeway Bay', 'Central', 'Mong Kok']);
    expect(byKey(feed.features).get('central-western')).toMatchObject({ key_EN: 'Central/Western', key_TC: '中西區', key_SC: '中西区' });
    expect(byKey(feed.features).get('tsuen-wan')).toMatchObject({ key_TC: '荃灣', key_SC: '荃湾' });
  });
  it('marks every reading as sample and grades it by the SPEC table', () => {
    expect(feed.sample).toBe(true);
    for (const { properties: p } of feed.features) {
      expect(p.sample).toBe(true);
      expect(p._publish_date).toBe(AQHI_SAMPLE_TIME);
      const expected = p._value_0 <= 3 ? 'Low' : p._value_0 <= 6 ? 'Moderate' : p._value_0 === 7 ? 'High' : 'Very High';
      expect(p._value_2, p.key).toBe(expected);
      expect(p._value_0).toBeGreaterThanOrEqual(p.stationType === 'roadside' ? 3 : 2);
      expect(p._value_0).toBeLessThanOrEqual(p.stationType === 'roadside' ? 7 : 5);
    }
  });
  it('is the same sample on every load', () => {
    expect(loadAqhiFeed(dataDir)).toEqual(loadAqhiFeed(dataDir));
  });
});

describe('beaches (EPD grades, Traditional Chinese snapshot)', () => {
  const feed = beachFeedSchema.parse({ ...loadBeachFeed(dataDir), source: offline });
  const source = JSON.parse(readData('environment/epd_beaches_graded.geojson')) as { features: Array<{ properties: { name: string; grade: string } }> };

  it('places the 39 beaches with English, Traditional and Simplified names', () => {
    expect(feed.features).toHaveLength(39);
    expect(new Set(feed.features.map((f) => f.properties.key)).size).toBe(39);
    expect(byKey(feed.features).get('repulse-bay-beach')).toMatchObject({ key_EN: 'Repulse Bay Beach', key_TC: '淺水灣泳灘', key_SC: '浅水湾泳滩' });
    for (const { properties: p } of feed.features) expect(p.key_EN, p.key_TC).toMatch(/^[A-Z][A-Za-z' .]+Beach$/);
  });
  it('converts each grade text of the source to its SPEC code', () => {
    const byChinese = new Map(feed.features.map((f) => [f.properties.key_TC, f.properties]));
    for (const { properties: beach } of source.features) {
      const expected = beach.grade === '良好(一級)' ? 1 : beach.grade === '一般(二級)' ? 2 : undefined;
      expect(byChinese.get(beach.name)?._value_0, beach.name).toBe(expected);
    }
    expect(byChinese.get('淺水灣泳灘')).toMatchObject({ _value_0: 1, _value_2: 'Good', _value_2_TC: '良好', _value_2_SC: '良好' });
    expect(byChinese.get('釣魚灣泳灘')).toMatchObject({ _value_0: 2, _value_2: 'Fair', _value_2_TC: '一般' });
  });
  it('reads grade texts in any language and rejects unknown ones', () => {
    expect(beachGradeCode('欠佳(三級)')).toBe(3);
    expect(beachGradeCode('極差（四級）')).toBe(4);
    expect(beachGradeCode('Fair(Grade 2)')).toBe(2);
    expect(beachGradeCode('Very Poor')).toBe(4);
    expect(beachGradeCode('冬季不作評級')).toBe(1001);
    expect(beachGradeCode('Closed')).toBe(1004);
    expect(() => beachGradeCode('惡劣(五級)')).toThrow(/Unknown beach grade/);
  });
});

describe('A&E (real hospitals, seeded sample waiting times in HA format)', () => {
  const feed = aeFeedSchema.parse({ ...loadAeFeed(dataDir), source: offline });

  it('places the 18 hospitals in three languages, marked sample', () => {
    expect(feed.features).toHaveLength(18);
    expect(feed.sample).toBe(true);
    expect(feed.intervalClient).toBe(900);
    expect(byKey(feed.features).get('queen-mary-hospital')).toMatchObject({ key_TC: '瑪麗醫院', key_SC: '玛丽医院', sample: true });
  });
  it('keeps HA steps: triage IV/V in half hours, percentiles above medians', () => {
    for (const { properties: p } of feed.features) {
      expect((p.triage45MedianMinutes! / 30) % 1, p.key).toBe(0);
      expect(p.triage45P95Minutes!).toBeGreaterThan(p.triage45MedianMinutes!);
      expect(p.triage3P95Minutes!).toBeGreaterThan(p.triage3MedianMinutes!);
      expect(p._value_0).toBe(p.triage45MedianMinutes);
      expect(p._publish_date).toBe('2026-08-28T18:45:00+08:00');
    }
  });
  it('is the same sample on every load and for any hospital order', () => {
    expect(sampleHaWaitTimeDocument(['B Hospital', 'A Hospital'])).toEqual(sampleHaWaitTimeDocument(['A Hospital', 'B Hospital']));
    expect(loadAeFeed(dataDir)).toEqual(loadAeFeed(dataDir));
  });
  it('reads HA durations, times and the resuscitation state', () => {
    expect(haDurationMinutes('28 minutes')).toBe(28);
    expect(haDurationMinutes('0 minute')).toBe(0);
    expect(haDurationMinutes('3.5 hours')).toBe(210);
    expect(haDurationMinutes('1 hour')).toBe(60);
    expect(haDurationMinutes('Managing multiple resuscitation cases')).toBeNull();
    expect(haTimeToIso('20/1/2026 4:30AM')).toBe('2026-01-20T04:30:00+08:00');
    expect(haTimeToIso('27/07/2025 10:45 PM')).toBe('2025-07-27T22:45:00+08:00');
    expect(haTimeToIso('1/1/2026 12:05AM')).toBe('2026-01-01T00:05:00+08:00');
    const parsed = parseHaWaitTimes({
      waitTime: [
        { hospName: 'Tuen Mun Hospital', t1wt: 'Managing multiple resuscitation cases', manageT1case: 'N/A', t2wt: 'Managing multiple resuscitation cases', manageT2case: 'N/A', t3p50: '20 minutes', t3p95: '37 minutes', t45p50: '3.5 hours', t45p95: '4.5 hours' },
      ],
      updateTime: '20/1/2026 4:30AM',
    });
    expect(parsed.hospitals[0]).toMatchObject({ resuscitationInProgress: true, triage45MedianMinutes: 210 });
    expect(() => parseHaWaitTimes({ waitTime: [] })).toThrow(/Not an HA A&E waiting-time document/);
  });
  it('writes waits as text in three languages', () => {
    expect(waitText(45)).toEqual({ 'en-US': '45 minutes', 'zh-HK': '45 分鐘', 'zh-CN': '45 分钟' });
    expect(waitText(60)['en-US']).toBe('1 hour');
    expect(waitText(210)).toEqual({ 'en-US': '3.5 hours', 'zh-HK': '3.5 小時', 'zh-CN': '3.5 小时' });
  });
});
