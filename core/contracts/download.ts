/**
 * Tile-grid downloads (SPEC §3 "Download request", §5, §7 download API, §9): the sheet grid, what can be
 * downloaded for a sheet and how big it is, the portal's file download, the key-gated download API in its
 * query and path forms, and the indoor venue downloads. Isomorphic.
 */
import { z } from 'zod';
import { timestampParamSchema } from './common';
import { DOWNLOAD_API_FORMATS, downloadFormatSchema, INDOOR_FORMATS } from './catalogue';
import { defineEndpoint } from './endpoint';
import { sheetIdSchema } from './mapSheets';

/** SPEC §5/§9: at most 6 grids per download. */
export const MAX_GRIDS_PER_DOWNLOAD = 6;

/** The two tile-grid datasets (3D visualisation map). */
export const TILE_DATASETS = ['non-textured', 'textured'] as const;
export const tileDatasetSchema = z.enum(TILE_DATASETS);
export type TileDataset = z.infer<typeof tileDatasetSchema>;

/** Read size of the streaming download (the brief: never buffer a whole file; 1 MiB chunks). */
export const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;

/** HK1980 bounds [minEasting, minNorthing, maxEasting, maxNorthing] in metres. */
const gridBoundsSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const sheetGridResponseSchema = z.object({
  /** `inferred-scheme`: generated from the inferred numbering (see core/contracts/mapSheets.ts); `official-index`: the LandsD sheet-index file installed on the server. */
  source: z.enum(['inferred-scheme', 'official-index']),
  sheets: z.array(z.object({ id: z.string(), bounds: gridBoundsSchema })),
});
export type SheetGridResponse = z.infer<typeof sheetGridResponseSchema>;

export const sheetGridEndpoint = defineEndpoint({
  id: 'getDownloadSheetGrid',
  method: 'GET',
  path: '/mapviewer/api/download/grid',
  tag: 'Open data',
  summary: 'The 1:1000 map sheets that can be downloaded, with their HK1980 bounds',
  description: '`source` says whether the sheets come from the LandsD sheet index installed on the server (`official-index`) or from the inferred sheet numbering (`inferred-scheme`). Bounds are HK1980 Grid metres: minimum easting, minimum northing, maximum easting, maximum northing.',
  query: z.strictObject({ timestamp: timestampParamSchema }),
  response: { contentType: 'application/json', description: 'Sheet index', schema: sheetGridResponseSchema },
});

export const sheetFileSchema = z.object({
  format: downloadFormatSchema,
  /** A file exists (or can be generated) for this sheet and format. */
  available: z.boolean(),
  /** Size in bytes of the zip the download delivers; null when not available. */
  size: z.number().int().nonnegative().nullable(),
  /** `generated`: produced by this server from the DEM and buildings; `storage`: a production file in the storage folder. */
  origin: z.enum(['generated', 'storage']).nullable(),
});
export type SheetFile = z.infer<typeof sheetFileSchema>;

export const sheetFilesResponseSchema = z.object({
  sheet: z.string(),
  dataset: tileDatasetSchema,
  bounds: gridBoundsSchema,
  files: z.array(sheetFileSchema),
});
export type SheetFilesResponse = z.infer<typeof sheetFilesResponseSchema>;

export const sheetFilesEndpoint = defineEndpoint({
  id: 'getDownloadSheetFiles',
  method: 'GET',
  path: '/mapviewer/api/download/sheets/{sheet}',
  tag: 'Open data',
  summary: 'The formats of one sheet and their real sizes (generated files are produced and cached on first request)',
  description: '`dataset` is non-textured (the default) or textured. Sizes are those of the real files: a format generated on demand is produced on the first request, which can take longer, and cached.',
  params: z.strictObject({ sheet: sheetIdSchema }),
  query: z.strictObject({ dataset: tileDatasetSchema.optional(), timestamp: timestampParamSchema }),
  example: { params: { sheet: '11-SW-4D' }, query: { dataset: 'non-textured' } },
  response: { contentType: 'application/json', description: 'Formats and sizes', schema: sheetFilesResponseSchema },
  otherResponses: { 404: 'Data grid does not exists.' },
});

/**
 * A file of a 3D Tiles package, by its name beside tileset.json: the tileset itself or a content file it names
 * (glTF binary, or the legacy tile formats a production package may hold). One name, no folders.
 */
export const tilesetFileSchema = z
  .string()
  .max(80)
  .regex(/^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(json|glb|b3dm|i3dm|pnts|cmpt|subtree)$/, 'A file of the tileset: tileset.json or a content file such as 11-SW-4D.glb');

/**
 * One file of a sheet's 3D Tiles 1.1 tileset, served unpacked from the sheet's CESIUM package, so a 3D Tiles
 * viewer (CesiumJS) loads the sheet by address: the tileset metadata popup's "tileset URL".
 */
export const sheetTilesetFileEndpoint = defineEndpoint({
  id: 'getSheetTilesetFile',
  method: 'GET',
  path: '/mapviewer/api/download/tilesets/{dataset}/{sheet}/{file}',
  tag: 'Open data',
  summary: "One file of a sheet's 3D Tiles 1.1 tileset (tileset.json and the content it names), unpacked from the sheet's CESIUM package",
  description: 'Load `tileset.json` in CesiumJS or any 3D Tiles viewer: its root `transform` places the sheet on the WGS84 globe, and its content is fetched from beside it.',
  params: z.strictObject({ dataset: tileDatasetSchema, sheet: sheetIdSchema, file: tilesetFileSchema }),
  query: z.strictObject({ timestamp: timestampParamSchema }),
  example: { params: { dataset: 'non-textured', sheet: '11-SW-4D', file: 'tileset.json' } },
  response: { contentType: 'application/json', description: 'tileset.json (application/json), or a content file (model/gltf-binary for .glb, application/octet-stream otherwise)' },
  otherResponses: { 404: 'File Not Found' },
});

/** `11-SW-4D.zip` (the sheet id, either spelling, plus `.zip`). */
const sheetZipFileSchema = z
  .string()
  .max(24)
  .regex(/\.zip$/i, 'The file name is a sheet number followed by .zip, e.g. 11-SW-4D.zip')
  .transform((name) => name.slice(0, -4))
  .pipe(sheetIdSchema);

export const portalFileEndpoint = defineEndpoint({
  id: 'downloadSheetFile',
  method: 'GET',
  path: '/mapviewer/api/download/files/{dataset}/{format}/{file}',
  tag: 'Open data',
  summary: "The portal's download of one sheet in one format (after the user accepts the terms); streams with Range and ETag",
  description: "The file behind the portal's download button, streamed; answers Range requests with 206 and a matching If-None-Match with 304. The download API (/mapviewer/api/3d-zip) serves the same files with a key.",
  params: z.strictObject({ dataset: tileDatasetSchema, format: downloadFormatSchema, file: sheetZipFileSchema }),
  query: z.strictObject({ timestamp: timestampParamSchema }),
  example: { params: { dataset: 'non-textured', format: 'OBJ', file: '11-SW-4D.zip' } },
  response: { contentType: 'application/zip', description: 'The zip; 206 for a satisfiable Range, 304 for a matching If-None-Match' },
  otherResponses: { 404: 'File Not Found' },
});

export const downloadApiFormatSchema = z.enum(DOWNLOAD_API_FORMATS);
/** An API key as issued: `hk3d_` and 43 base64url characters (256 random bits). */
export const API_KEY_PATTERN = /^hk3d_[A-Za-z0-9_-]{43}$/;
/** Any string up to 128 characters: an ill-formed key is answered like an unknown one (401), not 400, so probing learns nothing. */
const apiKeyParamSchema = z.string().max(128);

export const downloadApiQueryEndpoint = defineEndpoint({
  id: 'downloadApiByQuery',
  method: 'GET',
  path: '/mapviewer/api/3d-zip',
  tag: 'Download API',
  summary: 'Download one 1:1000 sheet of the 3D visualisation map (query form)',
  description:
    'Needs an API key (free on request; see the API pages). Streams the zip with HTTP Range (206), ETag and If-Range, so an interrupted download can be resumed.',
  query: z.strictObject({
    format: downloadApiFormatSchema,
    tile_sheet_num: sheetIdSchema,
    key: apiKeyParamSchema.optional(),
    dataset: tileDatasetSchema.optional(),
    timestamp: timestampParamSchema,
  }),
  example: { query: { format: 'OBJ', tile_sheet_num: '11-SW-4D', key: 'hk3d_DEVELOPMENT-EXAMPLE-KEY-0000000000000000000' } },
  response: { contentType: 'application/zip', description: 'OK: the zip (206 Partial Content for a Range request)' },
  otherResponses: { 401: 'Access Denied: the key is missing, unknown, expired, revoked or for another environment', 404: 'File Not Found' },
});

export const downloadApiPathEndpoint = defineEndpoint({
  id: 'downloadApiByPath',
  method: 'GET',
  path: '/mapviewer/api/3d-zip/{format}/{file}',
  tag: 'Download API',
  summary: 'Download one 1:1000 sheet of the 3D visualisation map (path form: /3d-zip/{format}/{sheet}.zip?key=)',
  description: 'The same files as GET /mapviewer/api/3d-zip?format=&tile_sheet_num=&key=, with the format and sheet in the path. `key` is the API key (apply on the API pages).',
  params: z.strictObject({ format: downloadApiFormatSchema, file: sheetZipFileSchema }),
  query: z.strictObject({ key: apiKeyParamSchema.optional(), dataset: tileDatasetSchema.optional(), timestamp: timestampParamSchema }),
  example: { params: { format: 'OBJ', file: '11-SW-4D.zip' }, query: { key: 'hk3d_DEVELOPMENT-EXAMPLE-KEY-0000000000000000000' } },
  response: { contentType: 'application/zip', description: 'OK: the zip (206 Partial Content for a Range request)' },
  otherResponses: { 401: 'Access Denied', 404: 'File Not Found' },
});

/** API key environments and periods (SPEC §6). */
export const API_KEY_ENVIRONMENTS = ['production', 'test', 'development'] as const;
export const apiKeyEnvironmentSchema = z.enum(API_KEY_ENVIRONMENTS);
export type ApiKeyEnvironment = z.infer<typeof apiKeyEnvironmentSchema>;
/** Quarterly key periods from 2022Q4 onwards (SPEC §6, §9: 2022Q4 to 2023Q4, and onwards). */
export const FIRST_KEY_PERIOD = '2022Q4';
export const apiKeyPeriodSchema = z
  .string()
  .regex(/^(20\d\d)Q([1-4])$/, 'A key period is a year and quarter such as 2023Q1')
  .refine((period) => period >= FIRST_KEY_PERIOD, { message: `Key periods start at ${FIRST_KEY_PERIOD}` });

/** Indoor venues (SPEC §3 "Indoor venue / project"; the indoor download page). */
export const INDOOR_VENUE_TYPES = ['metro-station', 'building'] as const;
export const indoorVenueTypeSchema = z.enum(INDOOR_VENUE_TYPES);
/** `MTR-ADM` for a metro station; `BLDG-` and a number for a building. */
export const indoorVenueIdSchema = z.string().regex(/^(MTR-[A-Z]{3}|BLDG-\d{1,12})$/);
export const indoorFormatSchema = z.enum(INDOOR_FORMATS);
/**
 * What a building is used for, as its data say (SPEC §1 splits the indoor buildings into commercial or industrial
 * and government or school): from the OSM `building`/`amenity` tags or the Outline Zoning Plan zone. Null where
 * the data say nothing, and for metro stations.
 */
export const BUILDING_USES = ['commercial-industrial', 'government-school', 'residential'] as const;
export const buildingUseSchema = z.enum(BUILDING_USES);
export type BuildingUse = z.infer<typeof buildingUseSchema>;

export const indoorVenueSummarySchema = z.object({
  id: z.string(),
  type: indoorVenueTypeSchema,
  name: z.object({ 'en-US': z.string(), 'zh-HK': z.string(), 'zh-CN': z.string() }),
  /** District letter (A..T) and name; null outside every district. */
  districtCode: z.string().nullable(),
  district: z.object({ 'en-US': z.string(), 'zh-HK': z.string(), 'zh-CN': z.string() }).nullable(),
  floors: z.array(z.string()),
  position: z.tuple([z.number(), z.number()]),
  /** Links of the two downloads (data-service paths). */
  links: z.object({ GEOJSON: z.string(), SHP: z.string() }),
  /** A building's use from its data; null where the data say nothing and for metro stations. */
  buildingUse: buildingUseSchema.nullable(),
  /** True: the floor plans are generated samples (positions, footprints, storeys and names are real). */
  sample: z.boolean(),
});
export type IndoorVenueSummary = z.infer<typeof indoorVenueSummarySchema>;

export const indoorVenueListResponseSchema = z.object({ total: z.number().int().nonnegative(), venues: z.array(indoorVenueSummarySchema) });

export const indoorVenueListEndpoint = defineEndpoint({
  id: 'listIndoorVenues',
  method: 'GET',
  path: '/mapviewer/api/indoor/venues',
  tag: 'Open data',
  summary: 'Indoor map venues: search by venue name (English or Chinese, partial), district and type',
  description: "The MTR stations and buildings with sample floor plans: the OpenStreetMap buildings around Sha Tin that record their storeys and the named LandsD buildings of the Central to Tsim Sha Tsui transect and of Kwun Tong. `q` matches part of the English or Chinese name or a station code, `district` is a district letter (A to T) and `type` is metro-station or building; each venue's id is what the indoor download takes.",
  query: z.strictObject({
    q: z.string().trim().max(100).optional(),
    district: z.string().regex(/^[A-HJ-NP-T]$/, 'A district letter A to T (no I or O)').optional(),
    type: indoorVenueTypeSchema.optional(),
    timestamp: timestampParamSchema,
  }),
  response: { contentType: 'application/json', description: 'Matching venues, by name', schema: indoorVenueListResponseSchema },
});

export const indoorVenueDownloadEndpoint = defineEndpoint({
  id: 'downloadIndoorVenue',
  method: 'GET',
  path: '/mapviewer/api/indoor/download/{format}/{venueId}',
  tag: 'Open data',
  summary: "One venue's indoor map: GeoJSON (floors and walls) or a zipped Shapefile (.shp, .shx, .dbf, .prj)",
  description: "GEOJSON gives the floors and walls in one GeoJSON file, SHP a zip of Shapefiles. Floors and walls are samples (no real indoor plans are shipped), laid out on a station's real position or a building's real footprint.",
  params: z.strictObject({ format: indoorFormatSchema, venueId: indoorVenueIdSchema }),
  query: z.strictObject({ timestamp: timestampParamSchema }),
  example: { params: { format: 'GEOJSON', venueId: 'MTR-ADM' } },
  response: { contentType: 'application/octet-stream', description: 'application/geo+json or application/zip, as an attachment' },
  otherResponses: { 404: '3D indoor map is not found' },
});
