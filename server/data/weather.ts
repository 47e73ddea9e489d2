/**
 * Shared parts of the HKO station feeds (temperature, humidity, wind): HKO's regional-weather CSV format, its
 * times, station ids and names, and the point features every station feed is made of.
 */
import { WEATHER_INTERVAL_CLIENT_S, rgbText, type LocalisedText, type Rgb } from '../../core/contracts';
import { readDataJson } from './files';

/** A station a feed can place: its names in the three languages and its position. */
export interface Station {
  name: LocalisedText;
  /** Longitude, latitude (WGS84). */
  position: [number, number];
}

/** One data row of an HKO regional-weather CSV. */
export interface HkoCsvRow {
  /** Observation time as HKO writes it: YYYYMMDDHHmm, Hong Kong time. */
  observedHkt: string;
  /** The station's English name, as HKO writes it. */
  station: string;
  /** The value cells after the station column, trimmed. */
  values: string[];
}

/**
 * Parses an HKO regional-weather CSV (`latest_1min_temperature.csv`, `latest_1min_humidity.csv`,
 * `latest_10min_wind.csv`): the header must be `Date time,Automatic Weather Station,` followed by columns starting
 * with `valueColumns` (case ignored), else the text is not that file (`what` names it in the error). Rows without
 * a 12-digit time or a station are skipped; a byte-order mark, CRLF and quoted cells are accepted.
 */
export function parseHkoCsv(text: string, valueColumns: readonly string[], what: string): HkoCsvRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines.shift() ?? '';
  const headerCells = splitCsvLine(header).map((cell) => cell.toLowerCase());
  const expected = ['date time', 'automatic weather station', ...valueColumns.map((column) => column.toLowerCase())];
  if (headerCells.length < expected.length || !expected.every((column, i) => headerCells[i].startsWith(column))) {
    throw new Error(`Not an HKO ${what} CSV (header: ${header.slice(0, 120)})`);
  }
  const rows: HkoCsvRow[] = [];
  for (const line of lines) {
    const [observedHkt, station, ...values] = splitCsvLine(line);
    if (!/^\d{12}$/.test(observedHkt ?? '') || !station) continue;
    rows.push({ observedHkt, station, values });
  }
  return rows;
}

function splitCsvLine(line: string): string[] {
  return line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
}

/** A numeric HKO cell, or null for HKO's "no data" marks ("N/A", "M", "////", empty) and anything else. */
export function hkoNumber(cell: string | undefined): number | null {
  if (cell === undefined || !/^-?\d+(\.\d+)?$/.test(cell)) return null;
  return Number(cell);
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

/** A point feature of a station feed: `key` and the three names, then the feed's own properties. */
function stationFeature<Properties extends Record<string, unknown>>(station: Station, properties: Properties) {
  const key = stationKey(station.name['en-US']);
  return {
    type: 'Feature' as const,
    id: key,
    geometry: { type: 'Point' as const, coordinates: [station.position[0], station.position[1]] as [number, number] },
    properties: {
      key,
      key_EN: station.name['en-US'],
      key_TC: station.name['zh-HK'],
      key_SC: station.name['zh-CN'],
      ...properties,
    },
  };
}

/** Features in `key` order, so every answer lists the stations the same way. */
function sortByKey<Feature extends { properties: { key: string } }>(features: Feature[]): Feature[] {
  return features.sort((a, b) => (a.properties.key < b.properties.key ? -1 : a.properties.key > b.properties.key ? 1 : 0));
}

/**
 * A reading with a colour and a text in the layer's properties: the value as `_value_0`, the colour (of its grade
 * or band) as `_value_1` and the text in each language as `_value_2`, `_value_2_TC` and `_value_2_SC`.
 */
export function labelledValueProperties<Value>(value: Value, rgb: Rgb, text: LocalisedText) {
  return { _value_0: value, _value_1: rgbText(rgb), _value_2: text['en-US'], _value_2_TC: text['zh-HK'], _value_2_SC: text['zh-CN'] };
}

/**
 * The points of a station feed, in key order: one per reading whose station can be placed (a station we cannot
 * place is not drawn), each with the station's key and names, then the properties made from the reading.
 */
export function placedStationFeatures<Reading, Place extends Station, Properties extends Record<string, unknown>>(
  readings: readonly Reading[],
  stations: ReadonlyMap<string, Place>,
  stationOf: (reading: Reading) => string,
  propertiesOf: (reading: Reading, station: Place) => Properties,
) {
  const features = [];
  for (const reading of readings) {
    const station = stations.get(stationOf(reading));
    if (station) features.push(stationFeature(station, propertiesOf(reading, station)));
  }
  return sortByKey(features);
}

/**
 * A feed of one value per station (air temperature, relative humidity): the value as `_value_0`, its ramp colour
 * as `_value_1` and the observation time.
 */
export function buildStationValueFeed<Reading extends { observedHkt: string; station: string }>(
  readings: readonly Reading[],
  stations: ReadonlyMap<string, Station>,
  valueOf: (reading: Reading) => number,
  colourOf: (value: number) => string,
) {
  const features = placedStationFeatures(readings, stations, (reading) => reading.station, (reading) => {
    const value = valueOf(reading);
    return { _value_0: value, _value_1: colourOf(value), _publish_date: hktToIso(reading.observedHkt) };
  });
  return { type: 'FeatureCollection' as const, intervalClient: WEATHER_INTERVAL_CLIENT_S, sample: false, features };
}

export const HKO_STATION_FILES = {
  /** The 39 automatic weather stations; only the positions are read. */
  positions: 'weather/hko_aws_stations_with_temp_20240421.geojson',
  /** Their Chinese names (our translation), keyed by the English name. */
  names: 'names/hko_station_names.json',
} as const;

interface PositionFile {
  features: Array<{ geometry: { type: 'Point'; coordinates: [number, number] }; properties: { name: string } }>;
}

/**
 * The HKO automatic weather stations of the temperature and humidity feeds, keyed by the English name HKO's CSVs
 * use. A station without a Chinese name falls back to the English one.
 */
export function loadHkoWeatherStations(dataDir: string): Map<string, Station> {
  const names = readDataJson<{ names: Record<string, Omit<LocalisedText, 'en-US'>> }>(dataDir, HKO_STATION_FILES.names).names;
  const stations = new Map<string, Station>();
  for (const feature of readDataJson<PositionFile>(dataDir, HKO_STATION_FILES.positions).features) {
    const english = feature.properties.name;
    const chinese = names[english];
    stations.set(english, {
      name: { 'en-US': english, 'zh-HK': chinese?.['zh-HK'] ?? english, 'zh-CN': chinese?.['zh-CN'] ?? english },
      position: [feature.geometry.coordinates[0], feature.geometry.coordinates[1]],
    });
  }
  return stations;
}
