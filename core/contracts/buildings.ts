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
