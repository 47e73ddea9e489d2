import {
  WEATHER_INTERVAL_CLIENT_S,
  rgbText,
  windArrowBearingDegrees,
  windDirection,
  windForceClass,
  type LocalisedText,
  type WindFeed,
} from '../../core/contracts';
import type { FeedData } from './feed';
import { readDataJson } from './files';
import { hkoNumber, hktToIso, parseHkoCsv, placedStationFeatures, type Station } from './weather';

export const WIND_FILES = {
  /**
   * The 30 HKO 10-minute wind stations with names in three languages and the readings of 8 September 2025
   * 00:20 HKT (HKO's CSDI wind layer, converted to GeoJSON).
   */
  stations: 'weather/hko_wind_stations_20250908T0020.geojson',
} as const;

export interface WindReading {
  /** Observation time as HKO writes it: YYYYMMDDHHmm, Hong Kong time. */
  observedHkt: string;
  /** The station's English name, as HKO writes it. */
  station: string;
  /** HKO's 10-minute mean wind direction text ('East', 'Variable', 'Calm', ...), null when HKO gives none. */
  direction: string | null;
  meanSpeedKmh: number | null;
  maxGustKmh: number | null;
}

/**
 * Parses HKO's `latest_10min_wind.csv` (`Date time,Automatic Weather Station,10-Minute Mean Wind
 * Direction(Compass points),10-Minute Mean Speed(km/hour),10-Minute Maximum Gust(km/hour)`). "N/A" cells become
 * null; a row with no direction, speed or gust at all is skipped.
 */
export function parseHkoWindCsv(text: string): WindReading[] {
  const readings: WindReading[] = [];
  const columns = ['10-Minute Mean Wind Direction', '10-Minute Mean Speed', '10-Minute Maximum Gust'];
  for (const row of parseHkoCsv(text, columns, '10-minute wind')) {
    const reading = {
      observedHkt: row.observedHkt,
      station: row.station,
      direction: directionText(row.values[0]),
      meanSpeedKmh: hkoNumber(row.values[1]),
      maxGustKmh: hkoNumber(row.values[2]),
    };
    if (reading.direction !== null || reading.meanSpeedKmh !== null || reading.maxGustKmh !== null) readings.push(reading);
  }
  return readings;
}

function directionText(cell: string | undefined): string | null {
  return cell === undefined || cell === '' || /^n\/?a$/i.test(cell) ? null : cell;
}

interface WindStationFile {
  features: Array<{
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: {
      station_en: string;
      station_tc: string;
      station_sc: string;
      obs_time_hkt: string;
      wind_dir: string;
      wind_speed_kmh: number | null;
      gust_kmh: number | null;
    };
  }>;
}

/**
 * HKO pads two-character Chinese station names with a space to line them up in its tables ("長 洲"); a map label
 * does not want it.
 */
function withoutAlignmentSpaces(name: string): string {
  return name.replace(/(\p{Script=Han})\s+(?=\p{Script=Han})/gu, '$1');
}

/** The 30 HKO wind stations, keyed by the English name HKO's wind CSV uses. */
export function loadHkoWindStations(dataDir: string): Map<string, Station> {
  const stations = new Map<string, Station>();
  for (const feature of readDataJson<WindStationFile>(dataDir, WIND_FILES.stations).features) {
    const { station_en, station_tc, station_sc } = feature.properties;
    const name: LocalisedText = { 'en-US': station_en, 'zh-HK': withoutAlignmentSpaces(station_tc), 'zh-CN': withoutAlignmentSpaces(station_sc) };
    stations.set(station_en, { name, position: [feature.geometry.coordinates[0], feature.geometry.coordinates[1]] });
  }
  return stations;
}

/** The readings stored in the wind station file (`obs_time_hkt` like `2025-09-08T00:20+08:00`). */
export function loadSnapshotWindReadings(dataDir: string): WindReading[] {
  return readDataJson<WindStationFile>(dataDir, WIND_FILES.stations).features.map(({ properties }) => {
    const time = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(properties.obs_time_hkt);
    if (!time) throw new Error(`Bad observation time ${properties.obs_time_hkt} for ${properties.station_en} in ${WIND_FILES.stations}`);
    return {
      observedHkt: time.slice(1).join(''),
      station: properties.station_en,
      direction: directionText(properties.wind_dir),
      meanSpeedKmh: properties.wind_speed_kmh,
      maxGustKmh: properties.gust_kmh,
    };
  });
}

/** The wind feed: one point per station with a reading that can be placed, sorted by key. */
export function buildWindFeed(readings: readonly WindReading[], stations: ReadonlyMap<string, Station>): FeedData<WindFeed> {
  const features = placedStationFeatures(readings, stations, (reading) => reading.station, (reading) => {
    const direction = reading.direction === null ? undefined : windDirection(reading.direction);
    const localised = (language: keyof LocalisedText) => (reading.direction === null ? null : (direction?.name[language] ?? reading.direction));
    return {
      ...(reading.meanSpeedKmh === null
        ? {}
        : { _value_0: reading.meanSpeedKmh, _value_1: rgbText(windForceClass(reading.meanSpeedKmh).rgb) }),
      _publish_date: hktToIso(reading.observedHkt),
      windDirection: reading.direction,
      windDirection_EN: localised('en-US'),
      windDirection_TC: localised('zh-HK'),
      windDirection_SC: localised('zh-CN'),
      windFromDegrees: direction?.fromDegrees ?? null,
      arrowBearingDegrees: reading.direction === null ? null : windArrowBearingDegrees(reading.direction),
      meanSpeedKmh: reading.meanSpeedKmh,
      maxGustKmh: reading.maxGustKmh,
    };
  });
  return { type: 'FeatureCollection', intervalClient: WEATHER_INTERVAL_CLIENT_S, sample: false, features };
}

/** The wind feed from the HKO snapshot in data/. */
export function loadWindFeed(dataDir: string): FeedData<WindFeed> {
  return buildWindFeed(loadSnapshotWindReadings(dataDir), loadHkoWindStations(dataDir));
}
