import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * The UTM grid lookup of SPEC §7: the 1 km square of the WGS84 UTM grid containing a point, as its 4 corners on
 * the HK1980 Grid and its MGRS-style reference. Hong Kong lies in latitude band Q and straddles zones 49 (west
 * of 114°E: most of Lantau, Chek Lap Kok, Tuen Mun) and 50 (the rest), so only those two are accepted.
 */

/**
 * Where each zone's coordinates cover Hong Kong: the extent of the Hong Kong box (113.81–114.51°E,
 * 22.13–22.58°N) in that zone's metres, rounded outward to 10 km (zone 49 reaches past its 114°E edge because
 * eastern Hong Kong can be written in it too). Points outside are "far outside Hong Kong". A unit test re-derives
 * the extents with proj4.
 */
export const UTM_ZONE_EXTENTS = {
  '49_Q': { zone: 49, minEasting: 780_000, maxEasting: 870_000, minNorthing: 2_440_000, maxNorthing: 2_510_000 },
  '50_Q': { zone: 50, minEasting: 170_000, maxEasting: 250_000, minNorthing: 2_440_000, maxNorthing: 2_510_000 },
} as const;
export type UtmZoneName = keyof typeof UTM_ZONE_EXTENTS;
const UTM_ZONE_NAMES = Object.keys(UTM_ZONE_EXTENTS) as UtmZoneName[];

/** Side of the grid square, metres (the 1 km grid printed on Hong Kong's topographic maps). */
export const UTM_GRID_SQUARE_METRES = 1000;

const metresPattern = /^-?\d{1,9}(\.\d{1,6})?$/;

function metresParam(name: 'easting' | 'northing') {
  return z
    .string()
    .regex(metresPattern, { error: `${name} must be a number in metres, e.g. 205494 or 205494.5` })
    .transform(Number);
}

/**
 * Path of GET /mapviewer/gm/rest/service/xy/utm/{zone}/{easting}/{northing}. The zone is written as the viewer
 * sends it: number and band joined by an underscore (`50_Q`; the viewer replaces the dash of `50-Q`).
 */
export const utmLookupParamsSchema = z
  .strictObject({
    zone: z.enum(UTM_ZONE_NAMES, {
      error: `zone must be ${UTM_ZONE_NAMES.join(' or ')}: the UTM zone and latitude band over Hong Kong, joined by an underscore`,
    }),
    easting: metresParam('easting'),
    northing: metresParam('northing'),
  })
  .superRefine((point, context) => {
    const extent = UTM_ZONE_EXTENTS[point.zone];
    const where = `zone ${extent.zone}Q covers Hong Kong`;
    if (point.easting < extent.minEasting || point.easting > extent.maxEasting) {
      context.addIssue({
        code: 'custom',
        path: ['easting'],
        input: point.easting,
        message: `easting ${point.easting} is far outside Hong Kong (${where} between eastings ${extent.minEasting} and ${extent.maxEasting} m)`,
      });
    } else if (point.northing < extent.minNorthing || point.northing > extent.maxNorthing) {
      context.addIssue({
        code: 'custom',
        path: ['northing'],
        input: point.northing,
        message: `northing ${point.northing} is far outside Hong Kong (${where} between northings ${extent.minNorthing} and ${extent.maxNorthing} m)`,
      });
    }
  });
export type UtmLookupParams = z.output<typeof utmLookupParamsSchema>;

/** Eight numbers: the square's corners SW, SE, NE, NW as HK1980 Grid easting,northing pairs (metres, to the mm). */
export const VERTICES_SEQ_PATTERN = /^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){7}$/;

export const utmLookupResponseSchema = z.object({
  VERTICES_SEQ: z.string().regex(VERTICES_SEQ_PATTERN),
  /** MGRS-style reference of the 1 km square: zone and band, 100 km square letters, km easting and northing, e.g. `50Q KK 05 71`. */
  NAME: z.string(),
});
export type UtmLookupResponse = z.infer<typeof utmLookupResponseSchema>;

export const utmLookupEndpoint = defineEndpoint({
  id: 'getUtmGridSquare',
  method: 'GET',
  path: '/mapviewer/gm/rest/service/xy/utm/{zone}/{easting}/{northing}',
  tag: 'Coordinates',
  summary: 'The 1 km UTM grid square containing a UTM point, with its corners on the HK1980 Grid',
  description: "Hong Kong straddles UTM zones 49 and 50 in latitude band Q, so `zone` is 49_Q or 50_Q. The answer gives the square's four corners on the HK1980 Grid (`VERTICES_SEQ`) and its MGRS-style reference (`NAME`, e.g. 50Q KK 05 71).",
  params: utmLookupParamsSchema,
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'Corners (HK1980 Grid) and the grid reference', schema: utmLookupResponseSchema },
  example: { params: { zone: '50_Q', easting: '205494', northing: '2471279' } },
});
