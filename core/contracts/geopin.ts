import { z } from 'zod';
import { timestampParamSchema } from './common';
import { CQL_FILTER_MAX_LENGTH, parseCqlTimeFilter, type CqlTimeFilter } from './cql';
import { defineEndpoint } from './endpoint';

/**
 * Drone (UAV) restriction zones, served the way GeoServer answers a WFS GetFeature with
 * `outputFormat=application/json` (SPEC §7 "GET /mapviewer/geopin/pin/wfs"; fields of SPEC §3 "Low-altitude
 * flying"). The zones are sample data (no open feed exists); every feature says so with `sample: true`.
 */

/** The one feature type of the service. */
export const UAV_ZONE_TYPENAME = 'geopin:uav_zone';
/** WFS versions GeoServer answers GetFeature for. */
export const WFS_VERSIONS = ['1.0.0', '1.1.0', '2.0.0'] as const;
/** GeoServer's two names for GeoJSON output. */
export const WFS_JSON_OUTPUT_FORMATS = ['application/json', 'json'] as const;
/** The drone window: from now to the end of the 7th day ahead (SPEC §9). */
export const UAV_WINDOW_DAYS = 7;

/** Upper limits (ft) of the drone height bands of SPEC §9, with their colours; above the last: the default red. */
export const UAV_HEIGHT_BANDS = [
  { maxFeet: 300, colour: 'yellow' },
  { maxFeet: 600, colour: 'amber' },
  { maxFeet: 900, colour: 'orange' },
  { maxFeet: 1200, colour: 'red' },
] as const;

const HONG_KONG_UTC_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/**
 * The window the viewer asks for at `nowMs`: from now to the last millisecond of the 7th day ahead, days counted
 * in Hong Kong time (UTC+8, no daylight saving).
 */
export function droneWindow(nowMs: number): { fromMs: number; toMs: number } {
  const startOfTodayHk = Math.floor((nowMs + HONG_KONG_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - HONG_KONG_UTC_OFFSET_MS;
  return { fromMs: nowMs, toMs: startOfTodayHk + (UAV_WINDOW_DAYS + 1) * DAY_MS - 1 };
}

/**
 * `CQL_FILTER`: parsed here, so the schema alone decides what is valid; the handler receives the parsed tree.
 * Anything outside the START_TIME / END_TIME comparison family (see ./cql.ts) is rejected with the reason and
 * the character where parsing stopped.
 */
export const cqlFilterParamSchema = z
  .string()
  .max(CQL_FILTER_MAX_LENGTH, { error: `CQL_FILTER must be at most ${CQL_FILTER_MAX_LENGTH} characters` })
  .transform((text, context): CqlTimeFilter => {
    const result = parseCqlTimeFilter(text);
    if (result.ok) return result.filter;
    context.addIssue({ code: 'custom', message: `CQL_FILTER: ${result.message}`, input: text });
    return z.NEVER;
  })
  .describe(
    'START_TIME / END_TIME comparisons (=, <>, <, <=, >, >=) with ISO 8601 date-times (quoted or bare; no zone = Hong Kong time) or epoch milliseconds, joined by AND / OR and parentheses',
  );

/** GET /mapviewer/geopin/pin/wfs query. Names are matched as the viewer writes them (SPEC §7). */
export const uavZoneWfsQuerySchema = z.strictObject({
  service: z.literal('WFS', { error: "service must be 'WFS'" }),
  version: z.enum(WFS_VERSIONS, { error: `version must be one of ${WFS_VERSIONS.join(', ')}` }).default('2.0.0'),
  request: z.literal('GetFeature', { error: "request must be 'GetFeature' (the only operation of this service)" }),
  typename: z.literal(UAV_ZONE_TYPENAME, { error: `typename must be '${UAV_ZONE_TYPENAME}'` }),
  outputFormat: z.enum(WFS_JSON_OUTPUT_FORMATS, { error: "outputFormat must be 'application/json' (GeoJSON)" }),
  srsname: z.literal('EPSG:4326', { error: "srsname must be 'EPSG:4326' (WGS84 longitude/latitude)" }).default('EPSG:4326'),
  CQL_FILTER: cqlFilterParamSchema.optional(),
  timestamp: timestampParamSchema,
});
export type UavZoneWfsRequest = z.input<typeof uavZoneWfsQuerySchema>;
export type UavZoneWfsQuery = z.output<typeof uavZoneWfsQuerySchema>;

/** Properties of one zone (SPEC §3), named like the feed's columns. */
export const uavZonePropertiesSchema = z.object({
  ZONE_ID: z.string(),
  CAPTION_EN: z.string(),
  CAPTION_TC: z.string(),
  CAPTION_SC: z.string(),
  ACTION_TYPE_EN: z.string(),
  ACTION_TYPE_TC: z.string(),
  ACTION_TYPE_SC: z.string(),
  /** Buffer around the restricted site, metres (the viewer shows km). */
  BUFFER_DISTANCE: z.number().nonnegative(),
  /** Highest permitted flying height, feet (0 = no flying). */
  HIGHEST_FLYING_HEIGHT: z.number().nonnegative(),
  /** Epoch milliseconds. */
  START_TIME: z.number().int(),
  END_TIME: z.number().int(),
  CREATED: z.number().int(),
  /** Always true: generated stand-ins, not a real restriction. */
  sample: z.literal(true),
});
export type UavZoneProperties = z.infer<typeof uavZonePropertiesSchema>;

const ringSchema = z.array(z.tuple([z.number(), z.number()])).min(4);

export const uavZoneFeatureSchema = z.object({
  type: z.literal('Feature'),
  /** `uav_zone.<ZONE_ID>`, as GeoServer names features. */
  id: z.string(),
  geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(ringSchema).min(1) }),
  geometry_name: z.literal('the_geom'),
  properties: uavZonePropertiesSchema,
});
export type UavZoneFeature = z.infer<typeof uavZoneFeatureSchema>;

export const uavZoneFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(uavZoneFeatureSchema),
  totalFeatures: z.number().int().nonnegative(),
  numberMatched: z.number().int().nonnegative(),
  numberReturned: z.number().int().nonnegative(),
  /** When the answer was made, ISO 8601. */
  timeStamp: z.string(),
  crs: z.object({ type: z.literal('name'), properties: z.object({ name: z.literal('urn:ogc:def:crs:EPSG::4326') }) }),
  sample: z.literal(true),
});
export type UavZoneFeatureCollection = z.infer<typeof uavZoneFeatureCollectionSchema>;

/** GET /mapviewer/geopin/pin/wfs */
export const uavZoneWfsEndpoint = defineEndpoint({
  id: 'getUavZones',
  method: 'GET',
  path: '/mapviewer/geopin/pin/wfs',
  tag: 'Low-altitude flying',
  summary: 'Drone restriction zones (WFS GetFeature, GeoJSON), optionally filtered by a START_TIME / END_TIME CQL filter',
  description:
    'Sample zones around real restricted sites (airport approach, airfield, heliport, prisons, military sites, event venues). ' +
    'Standing restrictions always cover the coming week; temporary ones repeat weekly, so the window from now to the end of ' +
    'the 7th day ahead always holds zones. CQL_FILTER accepts only START_TIME / END_TIME comparisons joined by AND / OR.',
  query: uavZoneWfsQuerySchema,
  response: { contentType: 'application/json', description: 'GeoJSON FeatureCollection in WGS84 longitude/latitude', schema: uavZoneFeatureCollectionSchema },
  example: {
    query: {
      service: 'WFS',
      version: '2.0.0',
      request: 'GetFeature',
      typename: UAV_ZONE_TYPENAME,
      outputFormat: 'application/json',
      srsname: 'EPSG:4326',
      CQL_FILTER:
        "(START_TIME >= '2026-11-21T00:00:00Z' AND START_TIME <= '2026-11-28T15:59:59Z') OR (END_TIME >= '2026-11-21T00:00:00Z' AND END_TIME <= '2026-11-28T15:59:59Z') OR (START_TIME <= '2026-11-21T00:00:00Z' AND END_TIME >= '2026-11-28T15:59:59Z')",
    },
  },
});
