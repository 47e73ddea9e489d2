import {
  WEATHER_INTERVAL_CLIENT_S,
  temperatureColour,
  type LocalisedText,
  type RealtimeFeature,
  type RealtimeFeatureCollection,
} from '../../core/contracts';
import { readDataJson, readDataText } from './files';

export const TEMPERATURE_FILES = {
  readings: 'weather/hko_temperature_snapshot_20240421T1040.csv',
  stations: 'weather/hko_aws_stations_with_temp_20240421.geojson',
  names: 'names/hko_station_names.json',
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
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines.shift() ?? '';
  if (!/^Date time,Automatic Weather Station,Air Temperature/i.test(header)) {
    throw new Error(`Not an HKO temperature CSV (header: ${header.slice(0, 80)})`);
  }
  const readings: TemperatureReading[] = [];
  for (const line of lines) {
    const [observedHkt, station, value] = line.split(',').map((cell) => cell.trim());
    const celsius = Number(value);
    if (!/^\d{12}$/.test(observedHkt ?? '') || !station || value === '' || !Number.isFinite(celsius)) continue;
    readings.push({ observedHkt, station, celsius });
  }
  return readings;
}

/** `202404211040` (HKT) → `2024-04-21T10:40:00+08:00`. */
export function hktToIso(observedHkt: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(observedHkt);
  if (!m) throw new Error(`Bad HKO time ${observedHkt}`);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00+08:00`;
}

/** Station id used as `key`: the English name in kebab case (HKO's CSV has no codes), e.g. `kings-park`. */
export function stationKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface StationFile {
  features: Array<{ geometry: { type: 'Point'; coordinates: [number, number] }; properties: { name: string } }>;
}

/** Builds the temperature feed from the snapshot in data/: one point per station with a reading, sorted by key. */
export function loadTemperatureFeed(dataDir: string): RealtimeFeatureCollection {
  const readings = parseHkoTemperatureCsv(readDataText(dataDir, TEMPERATURE_FILES.readings));
  const positions = new Map(
    readDataJson<StationFile>(dataDir, TEMPERATURE_FILES.stations).features.map((f) => [f.properties.name, f.geometry.coordinates]),
  );
  const names = readDataJson<{ names: Record<string, Omit<LocalisedText, 'en-US'>> }>(dataDir, TEMPERATURE_FILES.names).names;
  const features: RealtimeFeature[] = [];
  for (const reading of readings) {
    const position = positions.get(reading.station);
    if (!position) continue; // a station we cannot place is not drawn
    const key = stationKey(reading.station);
    const chinese = names[reading.station];
    features.push({
      type: 'Feature',
      id: key,
      geometry: { type: 'Point', coordinates: [position[0], position[1]] },
      properties: {
        key,
        key_EN: reading.station,
        key_TC: chinese?.['zh-HK'] ?? reading.station,
        key_SC: chinese?.['zh-CN'] ?? reading.station,
        _value_0: reading.celsius,
        _value_1: temperatureColour(reading.celsius),
        _publish_date: hktToIso(reading.observedHkt),
      },
    });
  }
  features.sort((a, b) => (a.properties.key < b.properties.key ? -1 : a.properties.key > b.properties.key ? 1 : 0));
  return { type: 'FeatureCollection', intervalClient: WEATHER_INTERVAL_CLIENT_S, sample: false, features };
}
