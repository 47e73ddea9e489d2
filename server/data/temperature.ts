import { temperatureColour, type TemperatureFeed } from '../../core/contracts';
import type { FeedData } from './feed';
import { readDataText } from './files';
import { buildStationValueFeed, hkoNumber, loadHkoWeatherStations, parseHkoCsv, type Station } from './weather';

export const TEMPERATURE_FILES = {
  readings: 'weather/hko_temperature_snapshot_20240421T1040.csv',
} as const;

export interface TemperatureReading {
  /** Observation time as HKO writes it: YYYYMMDDHHmm, Hong Kong time. */
  observedHkt: string;
  station: string;
  celsius: number;
}

/**
 * Parses HKO's `latest_1min_temperature.csv` (`Date time,Automatic Weather Station,Air Temperature(degree Celsius)`).
 * Rows without a number (HKO writes "N/A" for a station that is down) are skipped.
 */
export function parseHkoTemperatureCsv(text: string): TemperatureReading[] {
  const readings: TemperatureReading[] = [];
  for (const row of parseHkoCsv(text, ['Air Temperature'], 'temperature')) {
    const celsius = hkoNumber(row.values[0]);
    if (celsius !== null) readings.push({ observedHkt: row.observedHkt, station: row.station, celsius });
  }
  return readings;
}

/** The temperature feed: one point per station with a reading that can be placed, sorted by key. */
export function buildTemperatureFeed(readings: readonly TemperatureReading[], stations: ReadonlyMap<string, Station>): FeedData<TemperatureFeed> {
  return buildStationValueFeed(readings, stations, (reading) => reading.celsius, temperatureColour);
}

/** The temperature feed from the HKO snapshot in data/. */
export function loadTemperatureFeed(dataDir: string): FeedData<TemperatureFeed> {
  return buildTemperatureFeed(parseHkoTemperatureCsv(readDataText(dataDir, TEMPERATURE_FILES.readings)), loadHkoWeatherStations(dataDir));
}
