/**
 * The MTR heavy-rail lines as the railway identify tool of the development variants reads them (SPEC §1 "dynamic
 * railway identify with refresh"): each line with its names and its stations in order along each of its routes
 * (branches such as East Rail to Lo Wu and to Lok Ma Chau), from the MTR's line and station list. The geometry is
 * schematic — straight between consecutive stations, as the routing API's — not the track alignment. Isomorphic.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { railwayLineCodeSchema } from './indoor';
import { mtrStationCodeSchema } from './routing';

const positionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const railwayStationSchema = z.object({
  code: mtrStationCodeSchema,
  name: localisedTextSchema,
  /** Longitude, latitude (WGS84 degrees). */
  position: positionSchema,
});
export type RailwayStation = z.infer<typeof railwayStationSchema>;

export const railwayLineSchema = z.object({
  /** SPEC §9 railway line code, e.g. `TWL`. */
  line: railwayLineCodeSchema,
  name: localisedTextSchema,
  /** Every station of the line once: the first branch's in order, then those only the other branches reach. */
  stations: z.array(railwayStationSchema).min(2),
  /** Each route of the line as station codes in order, one direction only (the reverse runs the same track). */
  branches: z.array(z.array(mtrStationCodeSchema).min(2)).min(1),
});
export type RailwayLine = z.infer<typeof railwayLineSchema>;

export const railwayLinesResponseSchema = z.object({
  /** In the order of SPEC §9's line codes. */
  lines: z.array(railwayLineSchema),
  attribution: z.string(),
  sample: z.literal(false),
});
export type RailwayLinesResponse = z.infer<typeof railwayLinesResponseSchema>;

/** GET /mapviewer/api/static/railways */
export const railwayLinesEndpoint = defineEndpoint({
  id: 'getRailwayLines',
  method: 'GET',
  path: '/mapviewer/api/static/railways',
  tag: 'Static layers',
  summary: 'The MTR heavy-rail lines: names, and stations in order along each route',
  description:
    'The real MTR line and station list: per line its names in three languages, every station with its names and ' +
    'position, and each route (branch) as station codes in travel order. Straight lines between consecutive stations ' +
    'are a schematic of the line, not the track alignment.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/json', description: 'The lines in the order of the line codes', schema: railwayLinesResponseSchema },
});
