/**
 * The tide gauge's data (core/contracts/tides.ts): the 16 stations, HKO's shipped predictions at Tai Po Kau, the
 * harmonic fit to them, HKO's yearly levels at Quarry Bay, and one station's day built from whichever of those (or
 * of HKO's live answer, server/data/tidesHko.ts) covers it. Reading is strict: a malformed file stops the start
 * with a message naming it. Times: HKO's tables are in Hong Kong time (UTC+8, no daylight saving); column "01" of
 * a day is 01:00 and "24" is 24:00, the next day's 00:00.
 */
import type { LocalisedText } from '../../core/contracts/common';
import {
  TIDE_STATION_CODES,
  type TideCurveKind,
  type TideDay,
  type TideExtreme,
  type TideOperator,
  type TidePoint,
  type TideStationCode,
  type TideStations,
  type TideYearlyLevels,
} from '../../core/contracts/tides';
import { readDataJson, readDataText } from './files';
import { convertCharacters, type CharacterMap } from './searchText';
import { fitHarmonics, type HarmonicModel, type TideSample } from './tidesHarmonic';

export const TIDE_STATIONS_FILE = 'stations/hk_tide_stations.geojson';
/** The project's Traditional → Simplified character table. */
export const CHINESE_SCRIPT_FILE = 'names/chinese_script_characters.json';
export const TPK_HOURLY_FILE = 'tides/hko_tpk_predicted_tide_hourly_2026-01-01_to_01-10.csv';
export const TPK_HIGH_LOW_FILE = 'tides/hko_tpk_predicted_tide_highlow_2026-01-01_to_01-16.csv';
export const QUB_YEARLY_FILE = 'tides/hko_qub_yearly_tide_levels_1954-2024.csv';
/** The year of the shipped Tai Po Kau tables (their rows give month and day only). */
export const TPK_TABLE_YEAR = 2026;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const HONG_KONG_OFFSET_MS = 8 * HOUR_MS;

/** 00:00 Hong Kong time of a `YYYY-MM-DD` date, epoch ms. */
export function hongKongDayStart(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day) - HONG_KONG_OFFSET_MS;
}

/** 00:00 Hong Kong time of the day an instant falls in, epoch ms. */
function hongKongDayStartOf(epochMs: number): number {
  return Math.floor((epochMs + HONG_KONG_OFFSET_MS) / DAY_MS) * DAY_MS - HONG_KONG_OFFSET_MS;
}

/** `HH:mm` of a minute of the day. */
function clockOf(minutes: number): string {
  const rounded = Math.round(minutes);
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${String(rounded % 60).padStart(2, '0')}`;
}

/** The station list's department codes: H observatory, M marine, D drainage, A / AT airport; blank: not stated. */
const OPERATOR_BY_DEPARTMENT_CODE: Record<string, TideOperator> = { H: 'observatory', M: 'marine', D: 'drainage', A: 'airport', AT: 'airport', '': 'unknown' };

export interface TideStation {
  code: TideStationCode;
  name: LocalisedText;
  operator: TideOperator;
  startYear: number | null;
  longitude: number;
  latitude: number;
}

interface StationFileFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: { code?: unknown; name_en?: unknown; name_zh?: unknown; dept_code?: unknown; start_year?: unknown };
}

/**
 * Reads the station file; every one of the 16 codes must be there exactly once. The file names the stations in
 * English and Traditional Chinese; the Simplified names come from the project's character table.
 */
export function parseTideStations(json: unknown, file: string, toSimplified: CharacterMap): TideStation[] {
  const features = (json as { features?: StationFileFeature[] })?.features;
  if (!Array.isArray(features)) throw new Error(`${file}: expected a GeoJSON FeatureCollection`);
  const stations = features.map((feature, index): TideStation => {
    const where = `${file}: feature ${index}`;
    const properties = feature.properties ?? {};
    const code = properties.code;
    if (!(TIDE_STATION_CODES as readonly unknown[]).includes(code)) throw new Error(`${where}: unknown station code ${JSON.stringify(code)}`);
    const coordinates = feature.geometry?.coordinates;
    if (feature.geometry?.type !== 'Point' || !Array.isArray(coordinates) || !coordinates.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      throw new Error(`${where}: expected a Point with numeric coordinates`);
    }
    const department = String(properties.dept_code ?? '');
    const operator = OPERATOR_BY_DEPARTMENT_CODE[department];
    if (!operator) throw new Error(`${where}: unknown department code ${JSON.stringify(department)}`);
    const stationCode = code as TideStationCode;
    return {
      code: stationCode,
      name: { 'en-US': String(properties.name_en ?? stationCode), 'zh-HK': String(properties.name_zh ?? stationCode), 'zh-CN': convertCharacters(String(properties.name_zh ?? stationCode), toSimplified) },
      operator,
      startYear: typeof properties.start_year === 'number' ? properties.start_year : null,
      longitude: coordinates[0] as number,
      latitude: coordinates[1] as number,
    };
  });
  for (const code of TIDE_STATION_CODES) {
    const count = stations.filter((station) => station.code === code).length;
    if (count !== 1) throw new Error(`${file}: station ${code} appears ${count} times, expected once`);
  }
  return stations;
}

function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

function heightOf(cell: unknown, where: string): number {
  const value = typeof cell === 'number' ? cell : typeof cell === 'string' && cell.trim() !== '' ? Number(cell) : Number.NaN;
  if (!Number.isFinite(value) || value < -5 || value > 10) throw new Error(`${where}: ${JSON.stringify(cell)} is not a tide height in metres`);
  return value;
}

function monthDay(row: readonly unknown[], where: string): { month: number; day: number } {
  const month = Number(row[0]);
  const day = Number(row[1]);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(day) || day < 1 || day > 31) throw new Error(`${where}: ${JSON.stringify(row.slice(0, 2))} is not a month and day`);
  return { month, day };
}

/**
 * HKO's hourly table (HHOT; the shipped CSV has the same columns): rows `MM, DD, h01 … h24`, heights in metres
 * above chart datum. Returns the samples in time order.
 */
export function parseHkoHourlyRows(rows: ReadonlyArray<readonly unknown[]>, year: number, source: string): TideSample[] {
  const samples: TideSample[] = [];
  rows.forEach((row, index) => {
    const where = `${source}: row ${index + 1}`;
    if (row.length !== 26) throw new Error(`${where}: expected month, day and 24 hourly heights, got ${row.length} columns`);
    const { month, day } = monthDay(row, where);
    const dayStart = Date.UTC(year, month - 1, day) - HONG_KONG_OFFSET_MS;
    for (let hour = 1; hour <= 24; hour += 1) samples.push({ epochMs: dayStart + hour * HOUR_MS, heightM: heightOf(row[hour + 1], `${where}, hour ${hour}`) });
  });
  return samples.sort((a, b) => a.epochMs - b.epochMs);
}

export interface TideEvent {
  epochMs: number;
  heightM: number;
  type: 'high' | 'low';
}

/**
 * HKO's high and low water table (HLT; the shipped CSV has the same columns): rows `MM, DD` then up to four
 * `HHmm, height` pairs, blank when fewer. The table does not say which is high and which is low, so each is
 * classed against its neighbours in time: higher than the next (or previous) one is a high water.
 */
export function parseHkoHighLowRows(rows: ReadonlyArray<readonly unknown[]>, year: number, source: string): TideEvent[] {
  const events: Array<{ epochMs: number; heightM: number }> = [];
  rows.forEach((row, index) => {
    const where = `${source}: row ${index + 1}`;
    const { month, day } = monthDay(row, where);
    const dayStart = Date.UTC(year, month - 1, day) - HONG_KONG_OFFSET_MS;
    for (let column = 2; column < row.length; column += 2) {
      const clock = String(row[column] ?? '').trim();
      if (clock === '') continue;
      const match = /^(\d{2})(\d{2})$/.exec(clock);
      if (!match || Number(match[1]) > 24 || Number(match[2]) > 59) throw new Error(`${where}: ${JSON.stringify(clock)} is not a time written HHmm`);
      events.push({ epochMs: dayStart + Number(match[1]) * HOUR_MS + Number(match[2]) * MINUTE_MS, heightM: heightOf(row[column + 1], `${where}, ${clock}`) });
    }
  });
  events.sort((a, b) => a.epochMs - b.epochMs);
  return events.map((event, i) => {
    const neighbour = events[i + 1] ?? events[i - 1];
    return { ...event, type: !neighbour || event.heightM >= neighbour.heightM ? 'high' : 'low' };
  });
}

/** The high and low waters of a curve between two times: its local extremes, found minute by minute. */
export function extremesOf(heightAt: (epochMs: number) => number, fromMs: number, toMs: number): TideEvent[] {
  const events: TideEvent[] = [];
  let before = heightAt(fromMs - MINUTE_MS);
  let current = heightAt(fromMs);
  for (let t = fromMs; t < toMs; t += MINUTE_MS) {
    const after = heightAt(t + MINUTE_MS);
    if (current > before && current >= after) events.push({ epochMs: t, heightM: current, type: 'high' });
    else if (current < before && current <= after) events.push({ epochMs: t, heightM: current, type: 'low' });
    before = current;
    current = after;
  }
  return events;
}

/** HKO's yearly levels at Quarry Bay: the latest row with a mean sea level. */
export function parseQuarryBayYearly(text: string, file: string): TideYearlyLevels {
  const [header, ...rows] = csvRows(text);
  const expected = ['Year', 'Mean_Sea_Level_m', 'Mean_Higher_High_Water_m', 'Mean_Lower_High_Water_m', 'Mean_Higher_Low_Water_m', 'Mean_Lower_Low_Water_m'];
  if (header?.join(',') !== expected.join(',')) throw new Error(`${file}: expected the header ${expected.join(',')}`);
  const level = (cell: string | undefined, where: string) => (cell === undefined || cell === '' ? null : heightOf(cell, where));
  const years = rows.map((row, index) => {
    const where = `${file}: row ${index + 2}`;
    const year = Number(row[0]);
    if (!Number.isInteger(year)) throw new Error(`${where}: ${JSON.stringify(row[0])} is not a year`);
    return {
      year,
      meanSeaLevelM: level(row[1], where),
      meanHigherHighWaterM: level(row[2], where),
      meanLowerHighWaterM: level(row[3], where),
      meanHigherLowWaterM: level(row[4], where),
      meanLowerLowWaterM: level(row[5], where),
    };
  });
  const latest = years.filter((year) => year.meanSeaLevelM !== null).sort((a, b) => b.year - a.year)[0];
  if (!latest) throw new Error(`${file}: no year with a mean sea level`);
  return latest;
}

/** What the server holds offline. */
export interface TideData {
  stations: TideStation[];
  /** HKO's hourly predictions at Tai Po Kau (1-10 Jan 2026). */
  taiPoKauHourly: TideSample[];
  /** HKO's high and low waters at Tai Po Kau (1-16 Jan 2026). */
  taiPoKauHighLow: TideEvent[];
  /** The harmonic fit to all of `taiPoKauHourly`. */
  taiPoKauFit: HarmonicModel;
  quarryBayYearly: TideYearlyLevels;
}

export function loadTideData(dataDir: string): TideData {
  const toSimplified = readDataJson<{ toSimplified: CharacterMap }>(dataDir, CHINESE_SCRIPT_FILE).toSimplified;
  const stations = parseTideStations(readDataJson<unknown>(dataDir, TIDE_STATIONS_FILE), `data/${TIDE_STATIONS_FILE}`, toSimplified);
  const hourlyRows = csvRows(readDataText(dataDir, TPK_HOURLY_FILE));
  if (hourlyRows[0]?.[0] !== 'MM') throw new Error(`data/${TPK_HOURLY_FILE}: expected the header MM,DD,01…24`);
  const taiPoKauHourly = parseHkoHourlyRows(hourlyRows.slice(1), TPK_TABLE_YEAR, `data/${TPK_HOURLY_FILE}`);
  const highLowRows = csvRows(readDataText(dataDir, TPK_HIGH_LOW_FILE));
  if (highLowRows[0]?.[0] !== 'Month') throw new Error(`data/${TPK_HIGH_LOW_FILE}: expected the header Month,Date,Time,Height(m)…`);
  const taiPoKauHighLow = parseHkoHighLowRows(highLowRows.slice(1), TPK_TABLE_YEAR, `data/${TPK_HIGH_LOW_FILE}`);
  const quarryBayYearly = parseQuarryBayYearly(readDataText(dataDir, QUB_YEARLY_FILE), `data/${QUB_YEARLY_FILE}`);
  return { stations, taiPoKauHourly, taiPoKauHighLow, taiPoKauFit: fitHarmonics(taiPoKauHourly), quarryBayYearly };
}

/** What the server can give a station offline: Tai Po Kau has HKO's days and the fit for the others. */
export function offlineCurveKind(code: TideStationCode): TideCurveKind | null {
  return code === 'TPK' ? 'harmonic-fit' : null;
}

export function tideStationsCollection(data: TideData, curveOf: (code: TideStationCode) => TideCurveKind | null): TideStations {
  return {
    type: 'FeatureCollection',
    features: data.stations.map((station) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] },
      properties: {
        code: station.code,
        key_EN: station.name['en-US'],
        key_TC: station.name['zh-HK'],
        key_SC: station.name['zh-CN'],
        operator: station.operator,
        startYear: station.startYear,
        curve: curveOf(station.code),
      },
    })),
  };
}

/** Tables of one station (HKO's, shipped or live) covering some days. */
export interface TideTables {
  kind: TideCurveKind;
  hourly: readonly TideSample[];
  highLow: readonly TideEvent[];
}

const dayOf = (minutesFromStart: number) => Math.min(1440, Math.max(0, minutesFromStart));

function toExtremes(events: readonly TideEvent[], dayStart: number): TideExtreme[] {
  return events
    .filter((event) => event.epochMs >= dayStart && event.epochMs < dayStart + DAY_MS)
    .map((event) => {
      const minutes = dayOf((event.epochMs - dayStart) / MINUTE_MS);
      return { type: event.type, time: clockOf(minutes), minutes, heightM: Math.round(event.heightM * 100) / 100 };
    });
}

/** The minutes between points of a computed curve. */
export const COMPUTED_CURVE_STEP_MINUTES = 10;

/**
 * One station's day from HKO tables when they cover it (the curve: at least the 24 hours of the day), else from
 * the harmonic fit for Tai Po Kau, else no curve; Quarry Bay always carries its yearly levels.
 */
export function buildTideDay(data: TideData, code: TideStationCode, date: string, tables: TideTables | null, liveUnavailable: boolean): TideDay {
  const station = data.stations.find((candidate) => candidate.code === code);
  if (!station) throw new Error(`no tide station ${code}`);
  const dayStart = hongKongDayStart(date);
  const dayEnd = dayStart + DAY_MS;
  let curve: TideDay['curve'] = null;
  let extremes: TideDay['extremes'] = null;
  const tableHours = tables?.hourly.filter((sample) => sample.epochMs >= dayStart && sample.epochMs <= dayEnd) ?? [];
  if (tables && tableHours.filter((sample) => sample.epochMs > dayStart).length >= 24) {
    curve = { kind: tables.kind, points: tableHours.map((sample) => ({ minutes: (sample.epochMs - dayStart) / MINUTE_MS, heightM: sample.heightM })) };
  }
  // HKO's high/low list is complete for the days it covers (from its first event's day to its last event's day).
  if (tables && tables.highLow.length > 0) {
    const first = hongKongDayStartOf(tables.highLow[0].epochMs);
    const last = hongKongDayStartOf(tables.highLow[tables.highLow.length - 1].epochMs);
    if (dayStart >= first && dayStart <= last) extremes = { kind: tables.kind, items: toExtremes(tables.highLow, dayStart) };
  }
  if (code === 'TPK' && (!curve || !extremes)) {
    const fit = data.taiPoKauFit;
    if (!curve) {
      const points: TidePoint[] = [];
      for (let minutes = 0; minutes <= 1440; minutes += COMPUTED_CURVE_STEP_MINUTES) {
        points.push({ minutes, heightM: Math.round(fit.heightAt(dayStart + minutes * MINUTE_MS) * 1000) / 1000 });
      }
      curve = { kind: 'harmonic-fit', points };
    }
    if (!extremes) extremes = { kind: 'harmonic-fit', items: toExtremes(extremesOf(fit.heightAt, dayStart, dayEnd), dayStart) };
  }
  return {
    station: code,
    name: station.name,
    operator: station.operator,
    date,
    curve,
    extremes,
    yearlyLevels: code === 'QUB' ? data.quarryBayYearly : null,
    liveUnavailable,
    sample: false,
  };
}

/** HKO's shipped Tai Po Kau tables, as tables of kind `hko-prediction`. */
export function shippedTables(data: TideData, code: TideStationCode): TideTables | null {
  return code === 'TPK' ? { kind: 'hko-prediction', hourly: data.taiPoKauHourly, highLow: data.taiPoKauHighLow } : null;
}
