/**
 * The routing API (SPEC §7 names a "routing" API; its path and payload are ours): the shortest trip between two
 * MTR heavy-rail stations over the real line network (the stations in order along each line, from the MTR's
 * line and station list). Isomorphic.
 */
import { z } from 'zod';
import { languageSchema, localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import { railwayLineCodeSchema } from './indoor';

/**
 * The codes of the 97 heavy-rail stations, as in data/mtr/stopList.mtr.json (server/routing/network.test.ts checks
 * that the two lists agree). Listed here so that the contract itself tells a code it knows from one it does not.
 */
export const MTR_STATION_CODES = [
  'ADM', 'AIR', 'AUS', 'AWE', 'CAB', 'CEN', 'CHH', 'CHW', 'CIO', 'CKT', 'CSW', 'DIH', 'DIS', 'ETS', 'EXC', 'FAN',
  'FOH', 'FOT', 'HAH', 'HEO', 'HFC', 'HIK', 'HKU', 'HOK', 'HOM', 'HUH', 'JOR', 'KAT', 'KET', 'KOB', 'KOT', 'KOW',
  'KSR', 'KWF', 'KWH', 'KWT', 'LAK', 'LAT', 'LCK', 'LET', 'LHP', 'LMC', 'LOF', 'LOP', 'LOW', 'MEF', 'MKK', 'MOK',
  'MOS', 'NAC', 'NOP', 'NTK', 'OCP', 'OLY', 'POA', 'PRE', 'QUB', 'SHM', 'SHS', 'SHT', 'SHW', 'SIH', 'SKM', 'SKW',
  'SOH', 'SSP', 'STW', 'SUN', 'SUW', 'SWH', 'SYP', 'TAK', 'TAP', 'TAW', 'TIH', 'TIK', 'TIS', 'TKO', 'TKW', 'TSH',
  'TST', 'TSW', 'TSY', 'TUC', 'TUM', 'TWH', 'TWO', 'TWW', 'UNI', 'WAC', 'WCH', 'WHA', 'WKS', 'WTS', 'YAT', 'YMT',
  'YUL',
] as const;

const stationCodeParam = (name: 'from' | 'to') =>
  z.enum(MTR_STATION_CODES, { error: `${name} must be the three-letter code of an MTR heavy-rail station, such as ADM (Admiralty)` });

export const mtrStationCodeSchema = z.enum(MTR_STATION_CODES);
export type MtrStationCode = z.infer<typeof mtrStationCodeSchema>;

/**
 * A line change costs as much as this many metres of riding when routes are compared: the walk between
 * platforms and the wait for the next train (about three minutes, which an MTR train covers in about 2 km).
 */
export const INTERCHANGE_PENALTY_METRES = 2000;

export const mtrRouteQuerySchema = z
  .strictObject({
    from: stationCodeParam('from'),
    to: stationCodeParam('to'),
    /** Language of the `summary` and the legs' `instruction`; names are always given in all three. */
    lang: languageSchema.optional(),
    timestamp: timestampParamSchema,
  })
  .refine((query) => query.from !== query.to, { error: 'to must be a different station from from', path: ['to'] });

const positionSchema = z.tuple([z.number(), z.number()]);

export const mtrRouteResponseSchema = z.object({
  from: mtrStationCodeSchema,
  to: mtrStationCodeSchema,
  lang: languageSchema,
  /** Length of the trip along the line schematics (straight lines between consecutive stations), metres. */
  distanceMetres: z.number().nonnegative(),
  /** The interchange penalty the route was chosen with (not included in `distanceMetres`). */
  interchangePenaltyMetres: z.number().nonnegative(),
  /** Every station passed, in order; `line` is the line ridden from it (at the last station, the one arrived on). */
  stations: z.array(z.object({ code: mtrStationCodeSchema, name: localisedTextSchema, line: railwayLineCodeSchema, position: positionSchema })).min(2),
  /** One leg per line ridden: where it is boarded and left, the stops travelled and its length. */
  legs: z
    .array(
      z.object({
        line: railwayLineCodeSchema,
        lineName: localisedTextSchema,
        from: mtrStationCodeSchema,
        to: mtrStationCodeSchema,
        stops: z.number().int().positive(),
        distanceMetres: z.number().nonnegative(),
        /** e.g. "Tsuen Wan Line from Admiralty to Tsim Sha Tsui (1 stop)", in `lang`. */
        instruction: z.string(),
      }),
    )
    .min(1),
  /** The stations where the trip changes line, in order. */
  interchanges: z.array(z.object({ station: mtrStationCodeSchema, name: localisedTextSchema, fromLine: railwayLineCodeSchema, toLine: railwayLineCodeSchema })),
  /** The trip as a line through the station positions (schematic, not the track alignment). */
  geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema).min(2) }),
  /** One sentence describing the trip, in `lang`. */
  summary: z.string(),
  attribution: z.string(),
});
export type MtrRouteResponse = z.infer<typeof mtrRouteResponseSchema>;

/** GET /mapviewer/api/routing/mtr?from=&to=&lang= */
export const mtrRouteEndpoint = defineEndpoint({
  id: 'getMtrRoute',
  method: 'GET',
  path: '/mapviewer/api/routing/mtr',
  tag: 'Routing',
  summary: 'The shortest MTR trip between two heavy-rail stations, with its legs, interchanges and geometry',
  description:
    'Dijkstra over the real MTR line network (stations in order along each line): a ride between consecutive ' +
    `stations costs its straight-line length in metres and each change of line costs ${INTERCHANGE_PENALTY_METRES} m more, ` +
    'so a slightly longer trip with fewer changes wins. Walking links between stations (e.g. Hong Kong–Central) are ' +
    'not part of the network. Station codes are the MTR three-letter codes (ADM, TST, ...).',
  query: mtrRouteQuerySchema,
  example: { query: { from: 'ADM', to: 'TST', lang: 'en-US' } },
  response: { contentType: 'application/json', description: 'The route', schema: mtrRouteResponseSchema },
  otherResponses: { 404: 'No route joins the two stations' },
});
