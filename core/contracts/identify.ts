import { z } from 'zod';
import { localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Identify (SPEC §3 "Feature info", §7 "Building query"): the building at a clicked point. The open building
 * data shipped is the OpenStreetMap extract around Sha Tin / CUHK, so only what OSM carries is answered; the
 * LandsD-only fields (CSUID, base and roof level, land parcel, licences, ...) are absent rather than invented.
 * An empty `results` list means nothing is there; the viewer shows 'Information not found. Please try to click
 * another location.'.
 */

/** How far outside a footprint a click still identifies it, metres (a click on an edge drawn a pixel off). */
export const IDENTIFY_TOLERANCE_METRES = 3;

const decimalDegrees = /^-?\d{1,3}(\.\d{1,15})?$/;

/** A WGS84 coordinate query parameter in decimal degrees; `name` is the parameter, for the messages. */
export function degreesParam(name: string, limit: 90 | 180) {
  return z
    .string()
    .regex(decimalDegrees, { error: `${name} must be a number of degrees, e.g. ${limit === 180 ? '114.2063' : '22.4187'}` })
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, { error: `${name} must be between -${limit} and ${limit} degrees` });
}

/** GET /mapviewer/api/identify/buildings?lon=&lat= */
export const buildingIdentifyQuerySchema = z.strictObject({
  lon: degreesParam('lon', 180),
  lat: degreesParam('lat', 90),
  timestamp: timestampParamSchema,
});
export type BuildingIdentifyQuery = z.output<typeof buildingIdentifyQuerySchema>;

export const buildingInfoSchema = z.object({
  /** OpenStreetMap element, e.g. `way/185253514`. */
  osmId: z.string(),
  /** The OSM `name` (often both scripts), and its English and Chinese parts when tagged. */
  name: z.string().nullable(),
  nameEn: z.string().nullable(),
  nameZh: z.string().nullable(),
  /** Building category: the OSM `building` value (`hotel`, `residential`, `university`, `yes` = unspecified). */
  category: z.string(),
  /** Number of above-ground storeys (`building:levels`); null when not tagged. */
  storeys: z.number().int().nonnegative().nullable(),
  /** Height in metres (`height` tag); null when not tagged. Never estimated from storeys. */
  heightMetres: z.number().nonnegative().nullable(),
  /** Centroid of the footprint: WGS84 and HK1980 Grid (EPSG:2326, metres). */
  centroid: z.object({ longitude: z.number(), latitude: z.number(), easting: z.number(), northing: z.number() }),
  /** 1 km UTM grid reference of the centroid, as the UTM lookup names it, e.g. `50Q KK 20 79`. */
  utmGridReference: z.string(),
  /**
   * The 1:1000 map sheet containing the centroid (SPEC §3 "map sheet number of the downloadable tile"), e.g.
   * `7-NE-22A`: its files are on the download page /download/3d-visualisation-map-non-textured?sheets=<id>.
   */
  mapSheet: z.string().nullable(),
  /** The district containing the centroid; null outside the 18 districts. */
  district: z.object({ code: z.string(), name: localisedTextSchema }).nullable(),
  /** 0 when the point is inside the footprint, else its distance to the outline (at most the tolerance). */
  distanceMetres: z.number().nonnegative(),
  geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
});
export type BuildingInfo = z.infer<typeof buildingInfoSchema>;

export const buildingIdentifyResponseSchema = z.object({
  /** Containing footprints first (smallest first), then ones within the tolerance (nearest first). */
  results: z.array(buildingInfoSchema),
  /** To show with the answer (ODbL). */
  attribution: z.literal('© OpenStreetMap contributors'),
});
export type BuildingIdentifyResponse = z.infer<typeof buildingIdentifyResponseSchema>;

export const buildingIdentifyEndpoint = defineEndpoint({
  id: 'identifyBuildings',
  method: 'GET',
  path: '/mapviewer/api/identify/buildings',
  tag: 'Identify',
  summary: 'The building footprint at a point, with the feature-info fields OpenStreetMap can give',
  description: `Point-in-polygon over the OpenStreetMap buildings around Sha Tin / CUHK, with a ${IDENTIFY_TOLERANCE_METRES} m tolerance. Nothing there: an empty list.`,
  query: buildingIdentifyQuerySchema,
  response: { contentType: 'application/json', description: 'Buildings at the point (possibly none)', schema: buildingIdentifyResponseSchema },
  example: { query: { lon: '114.2063', lat: '22.4187' } },
});
