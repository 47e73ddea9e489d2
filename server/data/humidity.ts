import { humidityColour, type HumidityFeed } from '../../core/contracts';
import type { FeedData } from './feed';
import { readDataText } from './files';
import { buildStationValueFeed, hkoNumber, loadHkoWeatherStations, parseHkoCsv, type Station } from './weather';

export const HUMIDITY_FILES = {
  /** Unchanged copy of HKO's latest_1min_humidity.csv, 28 August 2026 18:50 HKT (26 stations). */
  readings: 'stations/hko_latest_1min_humidity_202608281850.csv',
} as const;

export interface HumidityReading {
  /** Observation time as HKO writes it: YYYYMMDDHHmm, Hong Kong time. */
  observedHkt: string;
  station: string;
  /** Relative humidity, %. */
  percent: number;
}

/**
 * Parses HKO's `latest_1min_humidity.csv` (`Date time,Automatic Weather Station,Relative Humidity(percent)`).
 * Rows without a number are skipped, and so are numbers outside 0..100, which cannot be a relative humidity.
 */
export function parseHkoHumidityCsv(text: string): HumidityReading[] {
  const readings: HumidityReading[] = [];
  for (const row of parseHkoCsv(text, ['Relative Humidity'], 'relative humidity')) {
    const percent = hkoNumber(row.values[0]);
    if (percent !== null && percent >= 0 && percent <= 100) readings.push({ observedHkt: row.observedHkt, station: row.station, percent });
  }
  return readings;
}

/** The humidity feed: one point per station with a reading that can be placed, sorted by key. */
export function buildHumidityFeed(readings: readonly HumidityReading[], stations: ReadonlyMap<string, Station>): FeedData<HumidityFeed> {
  return buildStationValueFeed(readings, stations, (reading) => reading.percent, humidityColour);
}

/** The humidity feed from the HKO snapshot in data/. */
export function loadHumidityFeed(dataDir: string): FeedData<HumidityFeed> {
  return buildHumidityFeed(parseHkoHumidityCsv(readDataText(dataDir, HUMIDITY_FILES.readings)), loadHkoWeatherStations(dataDir));
}
