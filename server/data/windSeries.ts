/**
 * The recorded wind series of Typhoon Tapah's night (data/weather/hko_wind_timeseries_20250907T2243_typhoon_tapah.csv):
 * HKO's 10-minute wind at its 30 stations as a student's script polled it 14 times, 7 Sep 2025 22:43 to 8 Sep 00:57
 * Hong Kong time. The file's `signal_level` column is that script's own classification, not HKO's: it is not read.
 */
import { windSeriesSchema, type WindSeries } from '../../core/contracts/windSeries';
import { readDataText } from './files';
import { buildWindFeed, loadHkoWindStations, type WindReading } from './wind';

export const WIND_SERIES_FILE = 'weather/hko_wind_timeseries_20250907T2243_typhoon_tapah.csv';
const COLUMNS = ['timestamp', 'station_id', 'station_name', 'wind_speed_kmh', 'wind_gust_kmh', 'wind_direction'] as const;

interface PolledReading extends WindReading {
  /** The poll time, ISO 8601 Hong Kong time with seconds. */
  observedAt: string;
}

const cellNumber = (cell: string, what: string): number | null => {
  if (cell === '' || /^n\/?a$/i.test(cell)) return null;
  const value = Number(cell);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${WIND_SERIES_FILE}: ${what} "${cell}" is not a speed in km/h`);
  return value;
};

/** Parses the series' CSV; a row whose time or station is missing or malformed throws, naming the line. */
export function parseWindSeriesCsv(text: string): PolledReading[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0]?.split(',') ?? [];
  const index = Object.fromEntries(COLUMNS.map((column) => [column, header.indexOf(column)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((column) => index[column] < 0);
  if (missing.length > 0) throw new Error(`${WIND_SERIES_FILE}: the header lacks ${missing.join(', ')}`);
  return lines.slice(1).map((line, row) => {
    const cells = line.split(',').map((cell) => cell.trim());
    const time = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(cells[index.timestamp] ?? '');
    const station = cells[index.station_name];
    if (!time || !station) throw new Error(`${WIND_SERIES_FILE} line ${row + 2}: expected a "YYYY-MM-DD hh:mm:ss" time and a station name`);
    const direction = cells[index.wind_direction];
    return {
      observedHkt: time.slice(1, 6).join(''),
      observedAt: `${time[1]}-${time[2]}-${time[3]}T${time[4]}:${time[5]}:${time[6]}+08:00`,
      station,
      direction: direction === '' || /^n\/?a$/i.test(direction) ? null : direction,
      meanSpeedKmh: cellNumber(cells[index.wind_speed_kmh], 'the mean speed'),
      maxGustKmh: cellNumber(cells[index.wind_gust_kmh], 'the gust'),
    };
  });
}

/** `2025-09-07T22:43:09+08:00` → `2025-09-07 22:43 HKT`. */
const hktText = (observedAt: string) => `${observedAt.slice(0, 10)} ${observedAt.slice(11, 16)} HKT`;

/** The series as the endpoint answers it: the wind layer's station features, one per station and poll. */
export function buildWindSeries(readings: readonly PolledReading[], dataDir: string): WindSeries {
  const stations = loadHkoWindStations(dataDir);
  const polls = [...new Set(readings.map((reading) => reading.observedAt))].sort();
  const features = polls.flatMap((observedAt) =>
    buildWindFeed(readings.filter((reading) => reading.observedAt === observedAt), stations).features.map((feature) => ({
      ...feature,
      id: `${feature.id}@${observedAt}`,
      properties: { ...feature.properties, stationId: feature.id, observedAt, observedAtText: hktText(observedAt) },
    })),
  );
  return windSeriesSchema.parse({
    type: 'FeatureCollection',
    sample: false,
    features,
    series: {
      name: { 'en-US': 'Typhoon Tapah night, 7–8 Sep 2025', 'zh-HK': '颱風塔巴之夜，2025年9月7至8日', 'zh-CN': '台风塔巴之夜，2025年9月7至8日' },
      start: polls[0],
      end: polls.at(-1),
      polls: polls.length,
      stations: new Set(features.map((feature) => feature.properties.stationId)).size,
      note: 'Hong Kong Observatory 10-minute wind, recorded by a script polling HKO (tesolchina/smartLessons); times are the polls.',
    },
  });
}

let cached: { dataDir: string; series: WindSeries } | null = null;

/** The series from data/, read once. */
export function loadWindSeries(dataDir: string): WindSeries {
  if (cached?.dataDir !== dataDir) cached = { dataDir, series: buildWindSeries(parseWindSeriesCsv(readDataText(dataDir, WIND_SERIES_FILE)), dataDir) };
  return cached.series;
}
