import {
  AQHI_INTERVAL_CLIENT_S,
  AQHI_MAX,
  aqhiDisplay,
  aqhiHealthRisk,
  type AqhiFeed,
  type LocalisedText,
} from '../../core/contracts';
import type { FeedData } from './feed';
import { readDataJson } from './files';
import { mulberry32, randomInteger } from './seededRandom';
import { labelledValueProperties, placedStationFeatures, type Station } from './weather';

export const AQHI_FILES = {
  /** The 18 EPD air quality monitoring stations (CSDI), with Traditional Chinese and English names. */
  stations: 'environment/epd_aqhi_stations.geojson',
  /** Simplified Chinese names (our conversion), keyed by the English name EPD's AQHI feed uses. */
  names: 'names/epd_aqhi_station_names.json',
} as const;

export interface AqhiStation extends Station {
  type: 'general' | 'roadside';
}

export interface AqhiReading {
  /** The station's English name as EPD's AQHI feed writes it, e.g. "Central/Western". */
  station: string;
  /** 1..11; 11 is what EPD shows as "10+". */
  aqhi: number;
  /** Hour of the reading, ISO 8601 with offset. */
  observedAt: string;
}

interface AqhiStationFile {
  features: Array<{
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: { Name_tc: string; Name_en: string; Type_en: string };
  }>;
}

/**
 * The monitoring stations keyed by the English name EPD's AQHI feed uses: the station file's `Name_en` without
 * "Air Quality Monitoring Station" ("Central/Western"); likewise for the Chinese name.
 */
export function loadAqhiStations(dataDir: string): Map<string, AqhiStation> {
  const simplified = readDataJson<{ names: Record<string, { 'zh-CN': string }> }>(dataDir, AQHI_FILES.names).names;
  const stations = new Map<string, AqhiStation>();
  for (const feature of readDataJson<AqhiStationFile>(dataDir, AQHI_FILES.stations).features) {
    const { Name_en, Name_tc, Type_en } = feature.properties;
    const english = Name_en.replace(/\s*Air Quality Monitoring Station\s*$/i, '');
    const traditional = Name_tc.replace(/空氣質素監測站$/, '');
    const name: LocalisedText = { 'en-US': english, 'zh-HK': traditional, 'zh-CN': simplified[english]?.['zh-CN'] ?? traditional };
    const type = /roadside/i.test(Type_en) ? 'roadside' : 'general';
    stations.set(english, { name, type, position: [feature.geometry.coordinates[0], feature.geometry.coordinates[1]] });
  }
  return stations;
}

/** The AQHI feed: one point per station with a reading that can be placed, sorted by key. */
export function buildAqhiFeed(readings: readonly AqhiReading[], stations: ReadonlyMap<string, AqhiStation>, sample: boolean): FeedData<AqhiFeed> {
  const features = placedStationFeatures(readings, stations, (reading) => reading.station, (reading, station) => {
    const risk = aqhiHealthRisk(reading.aqhi);
    return {
      ...labelledValueProperties(reading.aqhi, risk.rgb, risk.name),
      _publish_date: reading.observedAt,
      aqhiDisplay: aqhiDisplay(reading.aqhi),
      healthRisk: risk.id,
      stationType: station.type,
      sample,
    };
  });
  return { type: 'FeatureCollection', intervalClient: AQHI_INTERVAL_CLIENT_S, sample, features };
}

/** Seed of the AQHI sample ("AQHI" in ASCII). */
export const AQHI_SAMPLE_SEED = 0x41514849;
/** The hour the sample readings claim; a fixed time, so the sample is the same on every start. */
export const AQHI_SAMPLE_TIME = '2026-08-28T18:00:00+08:00';

/**
 * Sample AQHI readings: no real AQHI snapshot is in our data, so each station gets a seeded value — general
 * stations 2..5, roadside stations 3..7 (traffic keeps roadside readings higher) — in station-name order.
 */
export function sampleAqhiReadings(stations: ReadonlyMap<string, AqhiStation>): AqhiReading[] {
  const random = mulberry32(AQHI_SAMPLE_SEED);
  return [...stations.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([english, station]) => ({
      station: english,
      aqhi: Math.min(AQHI_MAX, station.type === 'roadside' ? randomInteger(random, 3, 7) : randomInteger(random, 2, 5)),
      observedAt: AQHI_SAMPLE_TIME,
    }));
}

/** The offline AQHI feed: the real stations with sample readings, marked sample. */
export function loadAqhiFeed(dataDir: string): FeedData<AqhiFeed> {
  const stations = loadAqhiStations(dataDir);
  return buildAqhiFeed(sampleAqhiReadings(stations), stations, true);
}
