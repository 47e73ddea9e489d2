import { z } from 'zod';
import { localisedTextSchema, timestampParamSchema } from './common';
import { buildingCategorySchema, buildingHeightKindSchema, buildingSourceSchema } from './buildings';
import { defineEndpoint } from './endpoint';

/**
 * Identify (SPEC §3 "Feature info", §7 "Building query"): the building at a clicked point, read from the one
 * building store (core/contracts/buildings.ts: LandsD iB1000 and CityGML records, OpenStreetMap elsewhere). Every
 * SPEC §3 field the open data holds is answered; the fields no shipped source carries are listed in
 * `notInOpenData` instead of being invented. An empty `results` list means nothing is there; the viewer shows
 * 'Information not found. Please try to click another location.'.
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

/** SPEC §3 feature-info fields that none of the shipped building sources carries: named, never invented. */
export const FEATURE_INFO_FIELDS_NOT_IN_OPEN_DATA = [
  'landParcel',
  'buildingLicenceNumber',
  'governmentLandLicence',
  'villageEnvirons',
  'publicOpenSpace',
  'gradedHistoricBuildings',
] as const;
export type FeatureInfoFieldNotInOpenData = (typeof FEATURE_INFO_FIELDS_NOT_IN_OPEN_DATA)[number];

/** A declared monument whose point lies inside the footprint (data/heritage, AMO list). */
export const identifiedMonumentSchema = z.object({
  id: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  addressEn: z.string(),
  addressZh: z.string(),
  /** The monument's page at the Antiquities and Monuments Office. */
  link: z.string(),
});

/** A place in every coordinate system SPEC §3 names. */
export const identifiedPlaceSchema = z.object({
  longitude: z.number(),
  latitude: z.number(),
  /** HK 1980 Grid (EPSG:2326), metres. */
  easting: z.number(),
  northing: z.number(),
  /** 1 km UTM grid reference, as the UTM lookup names it, e.g. `50Q KK 20 79`. */
  utmGridReference: z.string(),
});

export const buildingInfoSchema = z.object({
  /** Store id (the CSUID where the source has one). */
  id: z.string(),
  csuid: z.string().nullable(),
  landsdBuildingId: z.string().nullable(),
  nameEn: z.string().nullable(),
  nameZh: z.string().nullable(),
  category: buildingCategorySchema,
  /** The source's own category value (OSM `building`, LandsD structure or usage type). */
  categorySourceValue: z.string().nullable(),
  /** Base and roof level, metres above HKPD; null when the source does not measure them. */
  baseLevelMetres: z.number().nullable(),
  roofLevelMetres: z.number().nullable(),
  /** Height of the building, metres, and how it was obtained (measured, storeys × 3 m, or assumed). */
  heightMetres: z.number(),
  heightKind: buildingHeightKindSchema,
  /** Height above HKPD (approx.): the roof level where measured, else null. */
  heightAboveHkpdMetres: z.number().nullable(),
  storeys: z.number().int().nullable(),
  address: z.string().nullable(),
  yearCompleted: z.number().int().nullable(),
  /** The clicked point (SPEC §3: northing/easting, latitude/longitude, UTM grid reference). */
  point: identifiedPlaceSchema,
  /** Centroid of the footprint. */
  centroid: identifiedPlaceSchema,
  /** The district containing the centroid; null outside the 18 districts. */
  district: z.object({ code: z.string(), name: localisedTextSchema }).nullable(),
  /**
   * The 1:1000 map sheet containing the centroid and the revision date of its downloadable tiles (the 3D
   * visualisation map's catalogue record; null when that record is not installed); the files are on /download/3d-visualisation-map-non-textured?sheets=<id>.
   */
  mapSheet: z.object({ id: z.string(), revisionDate: z.string().nullable() }).nullable(),
  monuments: z.array(identifiedMonumentSchema),
  notInOpenData: z.array(z.enum(FEATURE_INFO_FIELDS_NOT_IN_OPEN_DATA)),
  source: buildingSourceSchema,
  sourceDataset: z.string(),
  /** Who to credit and under what terms (ODbL for OpenStreetMap, DATA.GOV.HK for LandsD). */
  attribution: z.string(),
  licence: z.string(),
  /** 0 when the point is inside the footprint, else its distance to the outline (at most the tolerance). */
  distanceMetres: z.number().nonnegative(),
  geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
});
export type BuildingInfo = z.infer<typeof buildingInfoSchema>;

export const buildingIdentifyResponseSchema = z.object({
  /** Containing footprints first (smallest first), then ones within the tolerance (nearest first). */
  results: z.array(buildingInfoSchema),
});
export type BuildingIdentifyResponse = z.infer<typeof buildingIdentifyResponseSchema>;

export const buildingIdentifyEndpoint = defineEndpoint({
  id: 'identifyBuildings',
  method: 'GET',
  path: '/mapviewer/api/identify/buildings',
  tag: 'Identify',
  summary: 'The building at a point, with every feature-info field the open building data holds',
  description: `Point-in-polygon over the building store (LandsD iB1000 and CityGML records, OpenStreetMap footprints elsewhere), with a ${IDENTIFY_TOLERANCE_METRES} m tolerance. Nothing there: an empty list.`,
  query: buildingIdentifyQuerySchema,
  response: { contentType: 'application/json', description: 'Buildings at the point (possibly none)', schema: buildingIdentifyResponseSchema },
  example: { query: { lon: '114.16157', lat: '22.27928' } },
});
