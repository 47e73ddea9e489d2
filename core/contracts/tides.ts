/**
 * Tide gauge (SPEC §1 themed function; §3 "Tide gauge": station, date, time, height above chart datum, data
 * source): the 16 tide stations and one station's tide for one day in Hong Kong time. Isomorphic.
 *
 * What a day holds depends on what exists for the station (no answer ever pretends more):
 * - `hko-live`: HKO's astronomical tide predictions (Open Data API HHOT hourly heights, HLT high and low waters),
 *   when the server reads live sources;
 * - `hko-prediction`: HKO's predictions shipped in data/tides (Tai Po Kau, 1-10 Jan 2026 hourly, high and low
 *   waters to 16 Jan);
 * - `harmonic-fit`: a prediction computed from a least-squares harmonic fit to those HKO predictions (Tai Po Kau
 *   only, any date);
 * - none (`curve: null`): other stations without live sources; Quarry Bay then has its yearly tide levels.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** The 16 gauges of data/stations/hk_tide_stations.geojson, by their HKO-style codes. */
export const TIDE_STATION_CODES = ['CLK', 'CCH', 'KLW', 'KCT', 'MWC', 'QUB', 'SPW', 'TMW', 'TPK', 'TBT', 'WAG', 'TAO', 'CLW', 'SKT', 'CMW', 'LOP'] as const;
export const tideStationCodeSchema = z.enum(TIDE_STATION_CODES);
export type TideStationCode = z.infer<typeof tideStationCodeSchema>;

/** Stations HKO's astronomical tide open data covers (HHOT / HLT `station` values). */
export const HKO_TIDE_PREDICTION_STATIONS: readonly TideStationCode[] = ['CCH', 'CLK', 'CMW', 'KCT', 'KLW', 'LOP', 'MWC', 'QUB', 'SPW', 'TAO', 'TBT', 'TMW', 'TPK', 'WAG'];

/**
 * The department that runs a gauge (SPEC §3 data source: marine department, observatory, drainage department;
 * the airport's gauges are run by the Airport Authority); `unknown` where the station list does not say.
 */
export const TIDE_OPERATORS = ['observatory', 'marine', 'drainage', 'airport', 'unknown'] as const;
export const tideOperatorSchema = z.enum(TIDE_OPERATORS);
export type TideOperator = z.infer<typeof tideOperatorSchema>;

/** Where a day's curve or high and low waters come from (see the module comment). */
export const TIDE_CURVE_KINDS = ['hko-live', 'hko-prediction', 'harmonic-fit'] as const;
export const tideCurveKindSchema = z.enum(TIDE_CURVE_KINDS);
export type TideCurveKind = z.infer<typeof tideCurveKindSchema>;

export const tideStationPropertiesSchema = z.object({
  code: tideStationCodeSchema,
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  operator: tideOperatorSchema,
  /** Year the gauge started, when the station list gives it. */
  startYear: z.number().int().nullable(),
  /** What the server can give for this station now: a curve, from which source; null: none (yearly levels at most). */
  curve: tideCurveKindSchema.nullable(),
});
export type TideStationProperties = z.infer<typeof tideStationPropertiesSchema>;

export const tideStationsSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: tideStationPropertiesSchema,
    }),
  ),
});
export type TideStations = z.infer<typeof tideStationsSchema>;

/** A day in the Gregorian calendar, `YYYY-MM-DD`, years 1900 to 2100. */
export const tideDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date written YYYY-MM-DD')
  .refine((text) => {
    const [year, month, day] = text.split('-').map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'expected a real calendar date from 1900-01-01 to 2100-12-31');

/** A height at a time of the day: minutes after 00:00 Hong Kong time (0 to 1440), metres above chart datum. */
export const tidePointSchema = z.object({ minutes: z.number().min(0).max(1440), heightM: z.number() });
export type TidePoint = z.infer<typeof tidePointSchema>;

export const tideExtremeSchema = z.object({
  type: z.enum(['high', 'low']),
  /** `HH:mm`, Hong Kong time. */
  time: z.string().regex(/^\d{2}:\d{2}$/),
  minutes: z.number().min(0).max(1440),
  heightM: z.number(),
});
export type TideExtreme = z.infer<typeof tideExtremeSchema>;

/** HKO's yearly tide levels at Quarry Bay (metres above chart datum), for the latest year the file has. */
export const tideYearlyLevelsSchema = z.object({
  year: z.number().int(),
  meanSeaLevelM: z.number().nullable(),
  meanHigherHighWaterM: z.number().nullable(),
  meanLowerHighWaterM: z.number().nullable(),
  meanHigherLowWaterM: z.number().nullable(),
  meanLowerLowWaterM: z.number().nullable(),
});
export type TideYearlyLevels = z.infer<typeof tideYearlyLevelsSchema>;

export const tideDaySchema = z.object({
  station: tideStationCodeSchema,
  name: localisedTextSchema,
  operator: tideOperatorSchema,
  date: z.string(),
  /** The tide over the day, or null when no prediction exists for this station and date. */
  curve: z.object({ kind: tideCurveKindSchema, points: z.array(tidePointSchema) }).nullable(),
  /** High and low waters of the day in time order, with their own source (HKO's list may cover days the curve's data does not). */
  extremes: z.object({ kind: tideCurveKindSchema, items: z.array(tideExtremeSchema) }).nullable(),
  /** Quarry Bay only: HKO's yearly tide levels. */
  yearlyLevels: tideYearlyLevelsSchema.nullable(),
  /**
   * True when live sources are on and HKO did not answer (SPEC §8 tide gauge: "data source currently
   * unavailable"); what the server has offline is given instead.
   */
  liveUnavailable: z.boolean(),
  /** Always false: every height here is HKO's or computed from HKO's predictions. */
  sample: z.literal(false),
});
export type TideDay = z.infer<typeof tideDaySchema>;

/** GET /mapviewer/api/tides/stations */
export const tideStationsEndpoint = defineEndpoint({
  id: 'getTideStations',
  method: 'GET',
  path: '/mapviewer/api/tides/stations',
  tag: 'Static layers',
  summary: 'The 16 tide gauges with the department running each and what tide data the server has for it',
  description:
    "Per gauge: its code, names in three languages, the department that runs it (`unknown` where the station list does not say) and which tide data this server holds for it (HKO predictions, the harmonic fit, HKO yearly levels, or none). The positions come from the public station list; with live sources on, the 14 gauges HKO publishes predictions for answer from HKO.",
  query: z.strictObject({ timestamp: timestampParamSchema }),
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per gauge', schema: tideStationsSchema },
});

/** GET /mapviewer/api/tides/{station}?date= */
export const tideDayEndpoint = defineEndpoint({
  id: 'getTideDay',
  method: 'GET',
  path: '/mapviewer/api/tides/{station}',
  tag: 'Static layers',
  summary: "One station's tide for one day (Hong Kong time): the curve and the high and low waters, heights above chart datum",
  description:
    'Offline: HKO predictions at Tai Po Kau for 1-10 January 2026 (high and low waters to 16 January), a harmonic fit to them for any other date ' +
    '(`harmonic-fit`), and no curve for the other stations (Quarry Bay: HKO yearly tide levels). With live sources on: HKO astronomical tide ' +
    'predictions for the 14 stations HKO publishes; when HKO does not answer, `liveUnavailable` is true and the offline answer is given.',
  params: z.strictObject({ station: tideStationCodeSchema }),
  query: z.strictObject({ date: tideDateSchema, timestamp: timestampParamSchema }),
  response: { contentType: 'application/json', description: 'The day; `curve` null when no prediction exists', schema: tideDaySchema },
  example: { params: { station: 'TPK' }, query: { date: '2026-01-05' } },
});
