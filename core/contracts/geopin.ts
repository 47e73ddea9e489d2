import { z } from 'zod';
import { parseWfsRequest, UAV_ZONE_TYPENAME, urnOfCrs, WFS_CRS_CODES, WFS_GML_OUTPUT_FORMATS, WFS_JSON_OUTPUT_FORMATS, WFS_OPERATIONS, WFS_VERSIONS, type OgcException, type WfsRequest } from './wfs';
import { defineEndpoint } from './endpoint';

export * from './wfs';

/**
 * Drone (UAV) restriction zones as a WFS (SPEC §7 "GET /mapviewer/geopin/pin/wfs"; fields of SPEC §3
 * "Low-altitude flying"): GetCapabilities, DescribeFeatureType and GetFeature in WFS 2.0.0, 1.1.0 and 1.0.0, with
 * GML or GeoServer-style GeoJSON (`outputFormat=application/json`). The zones are sample data (no open feed
 * exists); every feature says so with `sample: true`. The requests are read by ./wfs.ts.
 */

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

/** A KVP parameter: a string whose allowed values, when listed, are documented as an enum. */
function kvp(description: string, values?: readonly string[]) {
  const parameter = z.string().optional().describe(description);
  return values ? parameter.meta({ enum: [...values] }) : parameter;
}

const ALL_GETFEATURE_FORMATS = [...new Set([...WFS_JSON_OUTPUT_FORMATS, ...WFS_VERSIONS.flatMap((version) => WFS_GML_OUTPUT_FORMATS[version])])];

/**
 * GET /mapviewer/geopin/pin/wfs query. OGC KVP: parameter names are matched in any case (the names below are
 * how the viewer and the documentation write them) and parameters no operation reads are ignored as vendor
 * parameters. The whole query is then read by {@link parseWfsRequest}: a request it turns away fails here with
 * one issue whose `params.ogc` is the OGC exception (code, locator, text) that the service answers with.
 */
export const uavZoneWfsQuerySchema = z
  .looseObject({
    service: kvp("Required, 'WFS'; REQUEST is required too. Every parameter name is matched in any case (SERVICE or service)", ['WFS']),
    request: kvp('The operation', WFS_OPERATIONS),
    version: kvp(`WFS version, one of ${WFS_VERSIONS.join(', ')}; default 2.0.0. GetCapabilities negotiates: the highest supported version not above the one asked for`),
    acceptVersions: kvp('GetCapabilities: versions in order of preference, comma-separated; the first supported one answers'),
    typeNames: kvp(`GetFeature (required) and DescribeFeatureType: '${UAV_ZONE_TYPENAME}' (WFS 2.0.0 name)`),
    typename: kvp(`The same as typeNames (WFS 1.x name)`),
    outputFormat: kvp('GetFeature: GeoJSON (application/json or json) or the GML of the version (the default): GML 3.2 for 2.0.0, GML 3.1.1 for 1.1.0, GML2 for 1.0.0', ALL_GETFEATURE_FORMATS),
    srsname: kvp('GetFeature: the CRS of the answer, EPSG:4326 or EPSG:2326 (HK1980 Grid; not in 1.0.0). EPSG:n is written x/y (longitude/latitude, easting/northing), urn:ogc:def:crs:EPSG::n in EPSG axis order (latitude/longitude, northing/easting); default: urn:ogc:def:crs:EPSG::4326, EPSG:4326 for 1.0.0. GeoJSON is always x/y'),
    bbox: kvp('GetFeature: zones meeting the box minx,miny,maxx,maxy[,CRS name], in the axis order of that CRS (default: that of the default CRS)'),
    count: kvp('GetFeature: most zones to return (maxFeatures before 2.0.0)'),
    maxFeatures: kvp('The same as count (WFS 1.x name)'),
    startIndex: kvp('GetFeature: zones to skip, for paging (0-based)'),
    resultType: kvp('GetFeature: results, or hits for the number of zones only (1.1.0, 2.0.0)', ['results', 'hits']),
    CQL_FILTER: kvp(
      'GetFeature: START_TIME / END_TIME comparisons (=, <>, <, <=, >, >=) with ISO 8601 date-times (quoted or bare; no zone = Hong Kong time) or epoch milliseconds, joined by AND / OR and parentheses. Without it: the zones in force at any time from now to the end of the 7th day ahead',
    ),
    timestamp: kvp('Cache-busting value, ignored'),
  })
  .transform((query, context): WfsRequest => {
    const parsed = parseWfsRequest(query);
    if (parsed.ok) return parsed.request;
    const ogc: OgcException = parsed.exception;
    context.addIssue({ code: 'custom', message: ogc.text, path: ogc.locator ? [ogc.locator] : [], params: { ogc }, input: query });
    return z.NEVER;
  });
export type UavZoneWfsRequest = z.input<typeof uavZoneWfsQuerySchema>;
export type UavZoneWfsQuery = z.output<typeof uavZoneWfsQuerySchema>;

/** The OGC exception carried by an issue of {@link uavZoneWfsQuerySchema}, if it is one. */
export function ogcExceptionOfIssue(issue: z.core.$ZodIssue): OgcException | undefined {
  const ogc = issue.code === 'custom' ? (issue.params as { ogc?: OgcException } | undefined)?.ogc : undefined;
  return ogc;
}

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
  /** The CRS of the coordinates, which GeoJSON always writes x/y (longitude/latitude, or easting/northing for 2326). */
  crs: z.object({ type: z.literal('name'), properties: z.object({ name: z.enum(WFS_CRS_CODES.map(urnOfCrs) as [string, ...string[]]) }) }),
  sample: z.literal(true),
});
export type UavZoneFeatureCollection = z.infer<typeof uavZoneFeatureCollectionSchema>;

/** GET /mapviewer/geopin/pin/wfs */
export const uavZoneWfsEndpoint = defineEndpoint({
  id: 'getUavZones',
  method: 'GET',
  path: '/mapviewer/geopin/pin/wfs',
  tag: 'Low-altitude flying',
  summary: 'Drone restriction zones: a WFS (2.0.0, 1.1.0, 1.0.0) with GetCapabilities, DescribeFeatureType and GetFeature in GML or GeoJSON',
  description:
    'Sample zones around real restricted sites (airport approach, airfield, heliport, prisons, military sites, event venues). ' +
    'Open it in a GIS with its address alone (QGIS, GDAL `ogrinfo WFS:<address>`): GetCapabilities lists the feature type geopin:uav_zone. ' +
    'Parameter names are matched in any case; a request the service cannot answer gets an OGC exception report naming the parameter (HTTP 400). ' +
    'Standing restrictions always cover the coming week; temporary ones repeat weekly. A GetFeature without CQL_FILTER returns the zones in force at any time ' +
    'from now to the end of the 7th day ahead; with CQL_FILTER (START_TIME / END_TIME comparisons joined by AND / OR, as the viewer sends) it returns ' +
    'the matching zones of the previous, current and next week.',
  query: uavZoneWfsQuerySchema,
  response: {
    contentType: 'application/json',
    description: 'With outputFormat=application/json: GeoJSON FeatureCollection, coordinates x/y (longitude/latitude in WGS84)',
    schema: uavZoneFeatureCollectionSchema,
    alternatives: [
      { contentType: 'text/xml', description: 'GetCapabilities: the WFS capabilities document of the version negotiated' },
      { contentType: 'application/gml+xml', description: 'GetFeature in GML (3.2, 3.1.1 or 2 by version) and DescribeFeatureType (XML Schema of the feature type)' },
    ],
  },
  errorResponse: { contentType: 'text/xml', description: 'OGC exception report: ows:ExceptionReport (WFS 2.0.0 and 1.1.0) or ServiceExceptionReport (1.0.0), with exceptionCode and locator' },
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
