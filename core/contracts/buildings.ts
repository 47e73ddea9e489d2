/**
 * The one building store (issue "The 3D city"): every real building source reduced to one record shape, from
 * which the server builds the 3D Tiles, answers identify (SPEC §3 "Feature info", §7 "Building query") and which
 * the analysis tools read. Isomorphic: no Node, no DOM, no Cesium.
 *
 * Heights: LandsD measures a building's base and roof level in metres above the Hong Kong Principal Datum
 * (HKPD); `heightMetres` is roof − base. Where a source has no measured height, the height comes from the storeys
 * (× {@link ASSUMED_STOREY_HEIGHT_METRES}) or, failing that, is {@link ASSUMED_BUILDING_HEIGHT_METRES}, and
 * `heightKind` says which; such a height is never shown as measured.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Metres per storey when only the storey count is known (issue 11: "storeys × 3 m"). */
export const ASSUMED_STOREY_HEIGHT_METRES = 3;
/** Height given to a footprint with neither a measured height nor a storey count: one storey. */
export const ASSUMED_BUILDING_HEIGHT_METRES = 3;

/** Where a record came from. The first three are LandsD measurements and win over OpenStreetMap on overlap. */
export const BUILDING_SOURCES = [
  /** LandsD "Building Footprint Public" export (the importer's territory-wide input). */
  'landsd-footprint',
  /** LandsD iB1000 building records (the transect, Kwun Tong and Wong Tai Sin files). */
  'landsd-ib1000',
  /** The Kowloon Bay LOD1 CityGML (LandsD ids and levels, UTM 50N). */
  'landsd-citygml',
  /** OpenStreetMap footprints (ODbL). */
  'osm',
] as const;
export const buildingSourceSchema = z.enum(BUILDING_SOURCES);
export type BuildingSource = z.infer<typeof buildingSourceSchema>;

/** How the height of a record was obtained. */
export const BUILDING_HEIGHT_KINDS = ['measured', 'from-storeys', 'assumed'] as const;
export const buildingHeightKindSchema = z.enum(BUILDING_HEIGHT_KINDS);
export type BuildingHeightKind = z.infer<typeof buildingHeightKindSchema>;

/**
 * Building categories, the colour classes of the textured style. LandsD CATEGORY / usage and OSM `building=*`
 * values map onto these; the source's own value is kept in `categorySourceValue`.
 */
export const BUILDING_CATEGORIES = ['residential', 'commercial', 'industrial', 'institutional', 'government', 'transport', 'religious', 'other'] as const;
export const buildingCategorySchema = z.enum(BUILDING_CATEGORIES);
export type BuildingCategory = z.infer<typeof buildingCategorySchema>;

const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** One building of the store. */
export const buildingRecordSchema = z.object({
  /**
   * Unique id: the CSUID where the source has one (e.g. `3468315577T20050430`), else `<source>:<source id>`
   * (`landsd:1108225180`, `osm:way/107139024`, `citygml:1108233171`).
   */
  id: z.string().min(1).max(64),
  /** LandsD Common Spatial Unique Identifier, when the source carries it. */
  csuid: z.string().nullable(),
  /** LandsD building id (iB1000), when the source carries it. */
  landsdBuildingId: z.string().nullable(),
  /** Footprint, WGS84 degrees: outer ring first (closed, counter-clockwise), then holes. */
  footprint: z.array(z.array(lonLat).min(4)).min(1),
  /** Base level, metres above HKPD; null when the source does not measure it. */
  baseLevelMetres: z.number().nullable(),
  /** Roof level, metres above HKPD; null when the source does not measure it. */
  roofLevelMetres: z.number().nullable(),
  /** Height of the building, metres (roof − base when measured); always > 0. */
  heightMetres: z.number().positive(),
  heightKind: buildingHeightKindSchema,
  /** Above-ground storeys, when the source has them. */
  storeys: z.number().int().positive().nullable(),
  /** Names in the languages the source has (null where it has none). */
  nameEn: z.string().nullable(),
  nameZh: z.string().nullable(),
  category: buildingCategorySchema,
  /** The source's own category / usage value, e.g. OSM `university`, LandsD structure type `T`. */
  categorySourceValue: z.string().nullable(),
  /** Street address as the source writes it. */
  address: z.string().nullable(),
  yearCompleted: z.number().int().nullable(),
  source: buildingSourceSchema,
  /** The source file or dataset name (e.g. `kwun_tong_landsd_ib1000_buildings.geojson`). */
  sourceDataset: z.string(),
});
export type BuildingRecord = z.infer<typeof buildingRecordSchema>;

/** Attribution and licence of each source, as the data-source table and the identify panel show them. */
export const BUILDING_SOURCE_ATTRIBUTION: Record<BuildingSource, { attribution: string; licence: string }> = {
  'landsd-footprint': { attribution: 'Lands Department', licence: 'DATA.GOV.HK terms of use' },
  'landsd-ib1000': { attribution: 'Lands Department (iB1000); Buildings Department (storeys)', licence: 'DATA.GOV.HK terms of use' },
  'landsd-citygml': { attribution: 'Lands Department (iB1000 LOD1 model)', licence: 'DATA.GOV.HK terms of use' },
  osm: { attribution: '© OpenStreetMap contributors', licence: 'ODbL 1.0' },
};

/** Largest side of the building query's bbox, degrees (about 5 km): a neighbourhood, never the territory. */
export const BUILDING_QUERY_MAX_SPAN_DEGREES = 0.05;
export const BUILDING_QUERY_DEFAULT_LIMIT = 1000;
export const BUILDING_QUERY_MAX_LIMIT = 5000;

const decimal = /^-?\d{1,3}(\.\d{1,15})?$/;

/** GET /mapviewer/api/buildings?bbox=west,south,east,north&limit= */
export const buildingQuerySchema = z.strictObject({
  bbox: z
    .string()
    .max(200)
    .transform((text, context) => {
      const parts = text.split(',');
      if (parts.length !== 4 || !parts.every((part) => decimal.test(part))) {
        context.addIssue({ code: 'custom', message: 'bbox must be four numbers of degrees: west,south,east,north, e.g. 114.155,22.275,114.165,22.285' });
        return z.NEVER;
      }
      const [west, south, east, north] = parts.map(Number);
      if (Math.abs(west) > 180 || Math.abs(east) > 180 || Math.abs(south) > 90 || Math.abs(north) > 90) {
        context.addIssue({ code: 'custom', message: 'bbox longitudes must be within ±180 and latitudes within ±90 degrees' });
        return z.NEVER;
      }
      if (!(west < east && south < north)) {
        context.addIssue({ code: 'custom', message: 'bbox must have west < east and south < north' });
        return z.NEVER;
      }
      if (east - west > BUILDING_QUERY_MAX_SPAN_DEGREES || north - south > BUILDING_QUERY_MAX_SPAN_DEGREES) {
        context.addIssue({ code: 'custom', message: `bbox sides must be at most ${BUILDING_QUERY_MAX_SPAN_DEGREES} degrees` });
        return z.NEVER;
      }
      return [west, south, east, north] as [number, number, number, number];
    }),
  limit: z
    .string()
    .regex(/^\d{1,5}$/, { error: `limit must be a whole number from 1 to ${BUILDING_QUERY_MAX_LIMIT}` })
    .transform(Number)
    .refine((value) => value >= 1 && value <= BUILDING_QUERY_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${BUILDING_QUERY_MAX_LIMIT}` })
    .optional(),
  timestamp: timestampParamSchema,
});
export type BuildingQuery = z.output<typeof buildingQuerySchema>;

export const buildingQueryResponseSchema = z.object({
  /** Records whose footprint bounds meet the bbox, in id order, at most `limit`. */
  records: z.array(buildingRecordSchema),
  /** True when more records meet the bbox than `limit`. */
  truncated: z.boolean(),
});
export type BuildingQueryResponse = z.infer<typeof buildingQueryResponseSchema>;

export const buildingQueryEndpoint = defineEndpoint({
  id: 'buildingQuery',
  method: 'GET',
  path: '/mapviewer/api/buildings',
  tag: 'Identify',
  summary: 'The buildings in an area, with footprints, levels and heights, for the analysis tools',
  description: `Records of the building store whose footprint bounds meet the bbox (sides at most ${BUILDING_QUERY_MAX_SPAN_DEGREES}°), in id order; at most limit (default ${BUILDING_QUERY_DEFAULT_LIMIT}, at most ${BUILDING_QUERY_MAX_LIMIT}), truncated saying whether more exist.`,
  query: buildingQuerySchema,
  response: { contentType: 'application/json', description: 'Building records', schema: buildingQueryResponseSchema },
  example: { query: { bbox: '114.160,22.278,114.163,22.281', limit: '50' } },
});

/** One covered area of the building data: where one source dataset has buildings. */
export const buildingCoverageFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
  properties: z.object({
    dataset: z.string(),
    source: buildingSourceSchema,
    name: localisedTextSchema,
    /** Buildings of the dataset in the store (after the merge). */
    count: z.number().int().nonnegative(),
  }),
});
export const buildingCoverageResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(buildingCoverageFeatureSchema),
});
export type BuildingCoverageResponse = z.infer<typeof buildingCoverageResponseSchema>;

export const buildingCoverageEndpoint = defineEndpoint({
  id: 'buildingCoverage',
  method: 'GET',
  path: '/mapviewer/api/buildings/coverage',
  tag: 'Identify',
  summary: 'Where the building data cover the territory, one outline per source dataset',
  description:
    'Building data cover parts of Hong Kong only. Each feature outlines where one dataset has buildings: the union of the 200 m grid cells its footprints (grown by 30 m) touch, so a street outside every outline is not taken for empty land.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/geo+json', description: 'Covered areas, one MultiPolygon per dataset', schema: buildingCoverageResponseSchema },
});
