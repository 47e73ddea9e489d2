/**
 * The open-data catalogue (SPEC §3 "Metadata (ISO 19139)", "Catalogue item"; §9 enumerations): dataset records
 * in three languages, the list/search call and the record calls (JSON and ISO 19139 XML). Records are seeded
 * from manifests/catalogue/*.json (one file per dataset: lands staff add a dataset without code) into the
 * database. Isomorphic.
 */
import { z } from 'zod';
import { localisedTextSchema, languageSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import { UAV_ZONE_TYPENAME } from './wfs';
import { WMTS_LAYERS } from './wmts';

/** Metadata status values (SPEC §4; ISO MD_ProgressCode). */
export const METADATA_STATUSES = ['completed', 'historicalArchive', 'obsolete', 'onGoing', 'planned', 'required', 'underDevelopment'] as const;
/** Metadata update frequencies (SPEC §9; ISO MD_MaintenanceFrequencyCode). */
export const UPDATE_FREQUENCIES = [
  'continual', 'daily', 'weekly', 'fortnightly', 'monthly', 'quarterly', 'biannually', 'annually', 'asNeeded', 'irregular', 'notPlanned', 'unknown',
] as const;
/** Security classification (SPEC §9; ISO MD_ClassificationCode). */
export const CLASSIFICATIONS = ['unclassified', 'restricted', 'confidential', 'secret', 'topSecret'] as const;
/** ISO 19115 MD_TopicCategoryCode values. */
export const TOPIC_CATEGORIES = [
  'farming', 'biota', 'boundaries', 'climatologyMeteorologyAtmosphere', 'economy', 'elevation', 'environment', 'geoscientificInformation',
  'health', 'imageryBaseMapsEarthCover', 'intelligenceMilitary', 'inlandWaters', 'location', 'oceans', 'planningCadastre', 'society',
  'structure', 'transportation', 'utilitiesCommunication',
] as const;
/** ISO 19115 CI_RoleCode values. */
export const CONTACT_ROLES = [
  'resourceProvider', 'custodian', 'owner', 'user', 'distributor', 'originator', 'pointOfContact', 'principalInvestigator', 'processor', 'publisher', 'author',
] as const;
/** ISO 19115 MD_ScopeCode values a catalogue record uses. */
export const SCOPE_LEVELS = ['dataset', 'series', 'service', 'tile'] as const;

/** The catalogue's own grouping (filter "category"): what the portal publishes (SPEC §1 Open Data). */
export const CATALOGUE_CATEGORIES = ['3d-visualisation', '3d-spatial-data', 'indoor', 'map-layer'] as const;

/** Download formats of the tile-grid datasets (SPEC §9), as the download API spells them (glTF is GLTF, 3D Tiles is CESIUM). */
export const DOWNLOAD_FORMATS = ['DAE', 'FBX', 'GLTF', 'KML', 'MAX', 'VRML', 'C4D', 'OSGB', 'OBJ', 'CESIUM'] as const;
/** The formats the download API serves (SPEC §9). */
export const DOWNLOAD_API_FORMATS = ['CESIUM', 'DAE', 'FBX', 'GLTF', 'MAX', 'OBJ', 'OSGB'] as const;
/** Indoor data formats (SPEC §9). */
export const INDOOR_FORMATS = ['GEOJSON', 'SHP'] as const;
/** Every format a catalogue record can list (the filter "format"). */
export const CATALOGUE_FORMATS = [...DOWNLOAD_FORMATS, ...INDOOR_FORMATS] as const;

export const metadataStatusSchema = z.enum(METADATA_STATUSES);
export const updateFrequencySchema = z.enum(UPDATE_FREQUENCIES);
export const classificationSchema = z.enum(CLASSIFICATIONS);
export const catalogueCategorySchema = z.enum(CATALOGUE_CATEGORIES);
export const downloadFormatSchema = z.enum(DOWNLOAD_FORMATS);
export const catalogueFormatSchema = z.enum(CATALOGUE_FORMATS);
export type MetadataStatus = z.infer<typeof metadataStatusSchema>;
export type UpdateFrequency = z.infer<typeof updateFrequencySchema>;
export type Classification = z.infer<typeof classificationSchema>;
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;
export type DownloadFormat = z.infer<typeof downloadFormatSchema>;
export type CatalogueFormat = z.infer<typeof catalogueFormatSchema>;

/** Metadata identifier: a lower-case slug, e.g. `3d-visualisation-map-non-textured`. */
export const metadataIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{2,63}$/, 'A metadata identifier is 3-64 lower-case letters, digits and hyphens');

const isoDateSchema = z.iso.date();
const localisedListSchema = z.object({ 'en-US': z.array(z.string().min(1)), 'zh-HK': z.array(z.string().min(1)), 'zh-CN': z.array(z.string().min(1)) });

/** How a dataset is downloaded; the Download tab of the metadata page shows the matching panel. */
export const datasetDownloadSchema = z.discriminatedUnion('kind', [
  /** Per 1:1000 map sheet, chosen on the grid map (at most MAX_GRIDS_PER_DOWNLOAD sheets at a time). */
  z.strictObject({ kind: z.literal('tile-grid'), dataset: z.enum(['non-textured', 'textured']), formats: z.array(downloadFormatSchema).min(1) }),
  /** Per indoor venue, chosen on the indoor download page (search by venue, district and type). */
  z.strictObject({ kind: z.literal('indoor'), formats: z.array(z.enum(INDOOR_FORMATS)).min(1) }),
  /**
   * A whole layer as the viewer shows it: one GeoJSON file from the data service path `apiPath`; for GIS software,
   * `wmtsLayer`: the layer of the WMTS (./wmts.ts) that serves it as map tiles, `wfsFeatureType`: the feature type
   * of the WFS (./wfs.ts) that serves its features.
   */
  z.strictObject({
    kind: z.literal('layer'),
    apiPath: z.string().startsWith('/mapviewer/'),
    formats: z.tuple([z.literal('GEOJSON')]),
    wmtsLayer: z.enum(WMTS_LAYERS.map((layer) => layer.identifier)).optional(),
    wfsFeatureType: z.literal(UAV_ZONE_TYPENAME).optional(),
  }),
]);
export type DatasetDownload = z.infer<typeof datasetDownloadSchema>;

/** The 3D tileset a record describes (the metadata page's "tileset metadata" popup). */
export const tilesetInfoSchema = z.strictObject({
  /** tileset.json address (a data-service path or a full URL). */
  url: z.string().min(1),
  /** XYZ origin: longitude, latitude (degrees) and height (m) of the tileset's local origin. */
  origin: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number()]),
  /** Typical package size range in bytes (SPEC §9 "tile-based (grid) about 30 MB to 12 GB"). */
  fileSize: z.strictObject({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() }),
});

/** One dataset record: the ISO 19139 fields of SPEC §3 plus what the portal needs to list and download it. */
export const catalogueRecordSchema = z.strictObject({
  id: metadataIdSchema,
  category: catalogueCategorySchema,
  title: localisedTextSchema,
  abstract: localisedTextSchema,
  purpose: localisedTextSchema,
  status: metadataStatusSchema,
  scopeLevel: z.enum(SCOPE_LEVELS),
  characterSet: z.literal('utf8'),
  /** ISO 639-2 codes of the data's languages, e.g. ['eng', 'chi']. */
  dataLanguages: z.array(z.string().regex(/^[a-z]{3}$/)).min(1),
  contact: z.strictObject({
    organisation: localisedTextSchema,
    individualName: localisedTextSchema,
    position: localisedTextSchema,
    role: z.enum(CONTACT_ROLES),
    /** The data service serves each record with the site's configured contact e-mail (server/siteSettings.ts). */
    email: z.email(),
    /** null: no telephone is published (the site's configured telephone, if any, is served instead). */
    telephone: z.string().regex(/^\+?[0-9 ()-]{6,24}$/).nullable(),
  }),
  dates: z.strictObject({ creation: isoDateSchema, revision: isoDateSchema, metadataStamp: isoDateSchema }),
  metadataStandard: z.strictObject({ name: z.string().min(1), version: z.string().min(1) }),
  /** Dataset identifier code (the ISO MD_Identifier), e.g. `LandsD-3DVM-NT`. */
  identifier: z.string().min(1),
  extent: z.strictObject({
    /** WGS84 bounding box. */
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
    begin: isoDateSchema,
    /** null: continuing. */
    end: isoDateSchema.nullable(),
  }),
  /** e.g. `EPSG:2326` (HK1980 Grid) or `EPSG:4326`. */
  referenceSystem: z.string().regex(/^EPSG:\d{4,5}$/),
  distributionFormats: z.array(catalogueFormatSchema).min(1),
  dataQuality: localisedTextSchema,
  lineage: localisedTextSchema,
  topicCategories: z.array(z.enum(TOPIC_CATEGORIES)).min(1),
  keywords: localisedListSchema,
  updateFrequency: updateFrequencySchema,
  constraints: z.strictObject({ useLimitation: localisedTextSchema, otherConstraints: localisedTextSchema }),
  classification: classificationSchema,
  download: datasetDownloadSchema,
  tileset: tilesetInfoSchema.nullable(),
  /** The overlay manifest id when the viewer shows this dataset as a layer. */
  viewerLayerId: z.string().nullable(),
  /** True when the records' data are the project's generated samples (shown as such). */
  sample: z.boolean(),
});
export type CatalogueRecord = z.infer<typeof catalogueRecordSchema>;

/**
 * Listed formats that are served only once a production file is installed in the portal's storage, and none is
 * (a tile-grid record's DAE, FBX, KML, MAX, VRML, C4D, OSGB; GLTF, OBJ and CESIUM are generated for every sheet).
 * The data service works it out per answer; the app shows them as "on request", never as downloadable.
 */
export const formatsOnRequestSchema = z.array(catalogueFormatSchema).default([]);

/** A record as the data service answers it: the record plus its formats on request. */
export const catalogueRecordResponseSchema = catalogueRecordSchema.extend({ formatsOnRequest: formatsOnRequestSchema });
export type CatalogueRecordResponse = z.infer<typeof catalogueRecordResponseSchema>;

/** What the catalogue list shows of a record. */
export const catalogueSummarySchema = catalogueRecordSchema.pick({
  id: true,
  category: true,
  title: true,
  abstract: true,
  status: true,
  updateFrequency: true,
  distributionFormats: true,
  classification: true,
  sample: true,
}).extend({ revisionDate: isoDateSchema, downloadKind: z.enum(['tile-grid', 'indoor', 'layer']), formatsOnRequest: formatsOnRequestSchema });
export type CatalogueSummary = z.infer<typeof catalogueSummarySchema>;

export const CATALOGUE_SORTS = ['relevance', 'title', 'revision-newest', 'revision-oldest'] as const;
export const MAX_CATALOGUE_QUERY_LENGTH = 100;

/**
 * Search and filters. `q` matches partial words in any of the three languages (title, abstract, keywords);
 * `lang` orders titles alphabetically in that language. Filters combine with AND.
 */
export const catalogueListQuerySchema = z.strictObject({
  q: z.string().trim().max(MAX_CATALOGUE_QUERY_LENGTH).optional(),
  category: catalogueCategorySchema.optional(),
  format: catalogueFormatSchema.optional(),
  status: metadataStatusSchema.optional(),
  updateFrequency: updateFrequencySchema.optional(),
  sort: z.enum(CATALOGUE_SORTS).optional(),
  lang: languageSchema.optional(),
  timestamp: timestampParamSchema,
});
export type CatalogueListQuery = z.output<typeof catalogueListQuerySchema>;

export const catalogueListResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  records: z.array(catalogueSummarySchema),
});
export type CatalogueListResponse = z.infer<typeof catalogueListResponseSchema>;

const recordParamsSchema = z.strictObject({ metadataId: metadataIdSchema });

export const catalogueListEndpoint = defineEndpoint({
  id: 'listCatalogue',
  method: 'GET',
  path: '/mapviewer/api/catalogue',
  tag: 'Open data',
  summary: 'Catalogue of downloadable datasets: search (English and Chinese, partial words), filter and sort',
  description: '`q` matches partial words of titles, abstracts and keywords in any of the three languages; filters combine with AND; `lang` sets the language of the alphabetical sort.',
  query: catalogueListQuerySchema,
  example: { query: { q: '3d', sort: 'title', lang: 'en-US' } },
  response: { contentType: 'application/json', description: 'Matching records', schema: catalogueListResponseSchema },
});

export const catalogueRecordEndpoint = defineEndpoint({
  id: 'getCatalogueRecord',
  method: 'GET',
  path: '/mapviewer/api/catalogue/{metadataId}',
  tag: 'Open data',
  summary: 'One dataset record (every ISO 19139 field, in three languages)',
  description: "The record's metadata as JSON, with the site's configured contact and each distribution format marked downloadable or available on request.",
  params: recordParamsSchema,
  query: z.strictObject({ timestamp: timestampParamSchema }),
  example: { params: { metadataId: '3d-visualisation-map-non-textured' } },
  response: { contentType: 'application/json', description: 'The record', schema: catalogueRecordResponseSchema },
  otherResponses: { 404: 'No record has this metadata identifier' },
});

export const catalogueIsoEndpoint = defineEndpoint({
  id: 'getCatalogueRecordIso19139',
  method: 'GET',
  path: '/mapviewer/api/catalogue/{metadataId}/iso19139.xml',
  routePath: '/mapviewer/api/catalogue/:metadataId/iso19139.xml',
  tag: 'Open data',
  summary: 'One dataset record as ISO 19139 XML (gmd:MD_Metadata; Chinese texts as PT_FreeText)',
  description: 'The record of GET /mapviewer/api/catalogue/{metadataId} for metadata tools; `download=true` serves it as a file to save.',
  params: recordParamsSchema,
  query: z.strictObject({ download: z.enum(['true', 'false']).optional(), timestamp: timestampParamSchema }),
  example: { params: { metadataId: '3d-visualisation-map-non-textured' } },
  response: { contentType: 'application/xml', description: 'ISO 19139 XML; `download=true` adds Content-Disposition: attachment' },
  otherResponses: { 404: 'No record has this metadata identifier' },
});
