import { z } from 'zod';
import { localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import { degreesParam } from './identify';
import { PLACE_QUERY_MIN_LENGTH, PLACE_QUERY_TOO_SHORT_MESSAGE } from './places';

/**
 * Land sale lots (SPEC §3 "Land sale lot"; overlay `lotgla`). No open lot boundaries exist, so the lots are
 * SAMPLE parcels generated on real land (see server/geo/lots.ts) and every answer says `sample: true`.
 *
 * The boundaries come as WMTS tiles in the GeoWebCache REST form the viewer asks for (SPEC §7), the attributes
 * from GET /mapviewer/api/lots.
 */

/** The layer name of the tile path. */
export const LOT_LAYER_NAME = 'cite:3D_LOTGLA';
/** The one style the layer is drawn in. */
export const LOT_TILE_STYLES = ['default'] as const;
/**
 * GeoWebCache's two default grid sets, by their GeoWebCache names: `EPSG:900913` is Web Mercator
 * (GoogleMapsCompatible / WebMercatorQuad: level z has 2^z x 2^z tiles) and `EPSG:4326` is geographic
 * (level z has 2^(z+1) columns x 2^z rows of 180/2^z degrees). Tiles are 256 x 256, row 0 at the north.
 */
export const LOT_TILE_MATRIX_SETS = ['EPSG:900913', 'EPSG:4326'] as const;
export type LotTileMatrixSet = (typeof LOT_TILE_MATRIX_SETS)[number];
/** Deepest tile level served (about 0.07 m per pixel in Web Mercator over Hong Kong). */
export const LOT_TILE_MAX_LEVEL = 21;
export const LOT_TILE_SIZE = 256;

/** Columns and rows of a tile matrix. */
export function lotTileMatrixSize(set: LotTileMatrixSet, level: number): { columns: number; rows: number } {
  return set === 'EPSG:900913' ? { columns: 2 ** level, rows: 2 ** level } : { columns: 2 ** (level + 1), rows: 2 ** level };
}

const tileIndex = (name: string) =>
  z
    .string()
    .regex(/^\d{1,7}$/, { error: `${name} must be a whole number` })
    .transform(Number);

/** A tile matrix of a GeoWebCache grid set is named `<grid set>:<level>`, e.g. `EPSG:900913:12`. */
export function lotTileMatrixId(set: LotTileMatrixSet, level: number): string {
  return `${set}:${level}`;
}

/** `TileMatrix` as GeoWebCache names it: a grid set, a colon and the level. */
export const LOT_TILE_MATRIX_PATTERN = new RegExp(`^(${LOT_TILE_MATRIX_SETS.join('|')}):(\\d{1,2})$`);

/**
 * Path of the tile call. SPEC §7 writes the tile matrix segment `{TileMatrixSet}:{TileMatrix}`; GeoServer's own
 * template and this contract name the whole segment `{TileMatrix}`, whose value is the matrix identifier
 * `<TileMatrixSet>:<level>` (so the OpenAPI path has one parameter per segment and repeats none). The URL the
 * viewer sends is the same either way. The prefix must be the `TileMatrixSet` segment; the parsed value is the level.
 */
export const lotTileParamsSchema = z
  .strictObject({
    style: z.enum(LOT_TILE_STYLES, { error: `style must be ${LOT_TILE_STYLES.map((s) => `'${s}'`).join(' or ')}` }),
    TileMatrixSet: z.enum(LOT_TILE_MATRIX_SETS, { error: `TileMatrixSet must be ${LOT_TILE_MATRIX_SETS.join(' or ')}` }),
    TileMatrix: z
      .string()
      .regex(LOT_TILE_MATRIX_PATTERN, { error: 'TileMatrix must be written {TileMatrixSet}:{level}, e.g. EPSG:900913:12' })
      .describe('The tile matrix identifier: the TileMatrixSet segment, a colon and the level (0 to 21), e.g. EPSG:900913:12'),
    TileRow: tileIndex('TileRow'),
    TileCol: tileIndex('TileCol'),
  })
  .transform((tile, context) => {
    const [, prefix, levelDigits] = LOT_TILE_MATRIX_PATTERN.exec(tile.TileMatrix)!;
    const level = Number(levelDigits);
    if (prefix !== tile.TileMatrixSet || level > LOT_TILE_MAX_LEVEL) {
      context.addIssue({
        code: 'custom',
        path: ['TileMatrix'],
        input: tile.TileMatrix,
        message: `TileMatrix must be ${tile.TileMatrixSet}:{level} (the TileMatrixSet segment, a colon and a level from 0 to ${LOT_TILE_MAX_LEVEL}), e.g. ${lotTileMatrixId(tile.TileMatrixSet, 12)}`,
      });
      return z.NEVER;
    }
    const { columns, rows } = lotTileMatrixSize(tile.TileMatrixSet, level);
    if (tile.TileRow >= rows) {
      context.addIssue({ code: 'custom', path: ['TileRow'], input: tile.TileRow, message: `TileRow must be 0 to ${rows - 1} at ${lotTileMatrixId(tile.TileMatrixSet, level)}` });
    }
    if (tile.TileCol >= columns) {
      context.addIssue({ code: 'custom', path: ['TileCol'], input: tile.TileCol, message: `TileCol must be 0 to ${columns - 1} at ${lotTileMatrixId(tile.TileMatrixSet, level)}` });
    }
    return { ...tile, TileMatrix: level };
  });
export type LotTileParams = z.output<typeof lotTileParamsSchema>;

export const lotTileQuerySchema = z.strictObject({
  format: z.literal('image/png', { error: "format must be 'image/png'" }),
  timestamp: timestampParamSchema,
});

/**
 * GET /geoserver/gwc/service/wmts/rest/cite:3D_LOTGLA/{style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}?format=image/png
 * (SPEC §7's `{TileMatrixSet}:{TileMatrix}` segment is this `{TileMatrix}`). Listed in the WMTS capabilities (./wmts.ts).
 */
export const lotTileEndpoint = defineEndpoint({
  id: 'getLotBoundaryTile',
  method: 'GET',
  path: `/geoserver/gwc/service/wmts/rest/${LOT_LAYER_NAME}/{style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}`,
  routePath: '/geoserver/gwc/service/wmts/rest/cite::3D_LOTGLA/:style/:TileMatrixSet/:TileMatrix/:TileRow/:TileCol',
  tag: 'Land',
  summary: 'Lot boundary tiles (sample lots): 256 x 256 transparent PNG, outlines and a light fill',
  description:
    'WMTS RESTful tile in GeoWebCache form. Grid sets EPSG:900913 (Web Mercator) and EPSG:4326 (geographic), levels 0 to 21; ' +
    'TileMatrix is the matrix identifier <TileMatrixSet>:<level>. The layer and its tile matrix sets are described by the WMTS ' +
    'capabilities at /geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities.',
  params: lotTileParamsSchema,
  query: lotTileQuerySchema,
  response: { contentType: 'image/png', description: 'The tile; fully transparent where there are no lots' },
  otherResponses: { 503: 'The lots could not be generated (DEM missing on this server)' },
  example: {
    params: { style: 'default', TileMatrixSet: 'EPSG:900913', TileMatrix: 'EPSG:900913:16', TileRow: '28585', TileCol: '53558' },
    query: { format: 'image/png' },
  },
});

/** GET /mapviewer/api/lots: every lot, or with lon and lat the lots containing that point (identify). */
export const landLotQuerySchema = z
  .strictObject({
    lon: degreesParam('lon', 180).optional(),
    lat: degreesParam('lat', 90).optional(),
    timestamp: timestampParamSchema,
  })
  .superRefine((query, context) => {
    if ((query.lon === undefined) !== (query.lat === undefined)) {
      const missing = query.lon === undefined ? 'lon' : 'lat';
      context.addIssue({ code: 'custom', path: [missing], input: undefined, message: `${missing} is required together with ${missing === 'lon' ? 'lat' : 'lon'}` });
    }
  });
export type LandLotQuery = z.output<typeof landLotQuerySchema>;

export const landLotPropertiesSchema = z.object({
  /** e.g. `STTL 612` (Sha Tin Town Lot No. 612). */
  lotNumber: z.string(),
  /** Use / user of the lot. */
  use: localisedTextSchema,
  location: localisedTextSchema,
  /** Site area in square metres, from the lot polygon. */
  siteAreaSquareMetres: z.number().positive(),
  /** Tender forecast: the quarter of the financial year (April to March) in the land sale programme. */
  tenderForecast: z.object({ financialYear: z.string().regex(/^\d{4}-\d{2}$/), quarter: z.number().int().min(1).max(4) }),
  /** HAD district letter. */
  districtCode: z.string(),
  sample: z.literal(true),
});
export type LandLotProperties = z.infer<typeof landLotPropertiesSchema>;

export const landLotFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
  properties: landLotPropertiesSchema,
});
export type LandLotFeature = z.infer<typeof landLotFeatureSchema>;

export const landLotCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(landLotFeatureSchema),
  sample: z.literal(true),
});
export type LandLotCollection = z.infer<typeof landLotCollectionSchema>;

export const landLotsEndpoint = defineEndpoint({
  id: 'getLandLots',
  method: 'GET',
  path: '/mapviewer/api/lots',
  tag: 'Land',
  summary: 'Land sale lots (sample) with their attributes; with lon and lat, only the lots at that point',
  description:
    'GeoJSON polygons (WGS 84 longitude/latitude) of the 60 sample lots with lot number, use, location, site area and tender ' +
    'forecast; with lon and lat, only the lots containing that point (what the lot layer identifies). The same boundaries are ' +
    'map tiles in the WMTS layer cite:3D_LOTGLA (/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities).',
  query: landLotQuerySchema,
  response: { contentType: 'application/geo+json', description: 'GeoJSON polygons with lot number, use, location, site area, tender forecast', schema: landLotCollectionSchema },
  otherResponses: { 503: 'The lots could not be generated (DEM missing on this server)' },
});

/** Shortest lot-search text: the keyword search's rule (SPEC §5 "at least 2 characters"). */
export const LOT_SEARCH_MIN_LENGTH = PLACE_QUERY_MIN_LENGTH;
export const LOT_SEARCH_MAX_LENGTH = 40;
export const LOT_SEARCH_TOO_SHORT_MESSAGE = PLACE_QUERY_TOO_SHORT_MESSAGE;
export const LOT_SEARCH_DEFAULT_LIMIT = 20;
export const LOT_SEARCH_MAX_LIMIT = 100;

/**
 * A lot number reduced to what identifies it: capitals, no spaces, dots or "No." (`STTL No. 612`, `sttl612` and
 * `S.T.T.L. 612` are the same lot).
 */
export function normaliseLotNumber(text: string): string {
  return text
    .toUpperCase()
    .replace(/\bNO\.?(?=\s*\d)/g, '')
    .replace(/[\s.]+/g, '');
}

/** GET /mapviewer/api/lots/search?q=&limit= (land parcel search, SPEC §1 and §5). */
export const landLotSearchQuerySchema = z.strictObject({
  // A missing q is an empty search: the same "at least 2 characters" answer.
  q: z
    .string({ error: LOT_SEARCH_TOO_SHORT_MESSAGE })
    .trim()
    .min(LOT_SEARCH_MIN_LENGTH, { error: LOT_SEARCH_TOO_SHORT_MESSAGE })
    .max(LOT_SEARCH_MAX_LENGTH, { error: `Lot number must be at most ${LOT_SEARCH_MAX_LENGTH} characters` })
    .prefault(''),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(LOT_SEARCH_MAX_LIMIT, { error: `limit must be at most ${LOT_SEARCH_MAX_LIMIT}` })
    .default(LOT_SEARCH_DEFAULT_LIMIT),
  timestamp: timestampParamSchema,
});
export type LandLotSearchQuery = z.output<typeof landLotSearchQuerySchema>;

export const landLotSearchResponseSchema = landLotCollectionSchema.extend({
  /** How many lots match in all; `features` holds the first `limit` of them. */
  matched: z.number().int().min(0),
});
export type LandLotSearchResponse = z.infer<typeof landLotSearchResponseSchema>;

export const landLotSearchEndpoint = defineEndpoint({
  id: 'searchLandLots',
  method: 'GET',
  path: '/mapviewer/api/lots/search',
  tag: 'Land',
  summary: 'Land parcel search: the lots (sample) whose lot number contains the text',
  description:
    'Matches the text against the lot numbers, ignoring case, spaces, dots and "No." (sttl612 finds STTL 612): exact ' +
    'matches first, then lot numbers starting with it, then lots whose number it is (612 finds STTL 612), then the others, each in lot-number order. An empty answer means ' +
    'no lot has such a number (the viewer says "No record found").',
  query: landLotSearchQuerySchema,
  example: { query: { q: 'STTL', limit: '5' } },
  response: { contentType: 'application/geo+json', description: 'The matching lots as GeoJSON polygons, best match first', schema: landLotSearchResponseSchema },
  otherResponses: { 503: 'The lots could not be generated (DEM missing on this server)' },
});

/**
 * The items whose lot number contains `query` (compared by {@link normaliseLotNumber}), best first: exact, then
 * starting with it, then those whose number it is (`612` finds STTL 612 before STTL 6120), then containing it; ties
 * in lot-number order (prefix, then number by value).
 */
export function matchLotNumbers<T>(items: readonly T[], lotNumberOf: (item: T) => string, query: string): T[] {
  const wanted = normaliseLotNumber(query);
  if (wanted === '') return [];
  // A number typed alone (`612`) that is a lot's whole number ranks above lots whose numbers merely contain it.
  const wholeNumber = (lotNumber: string) => /^\d/.test(wanted) && lotNumber.endsWith(wanted) && !/\d/.test(lotNumber.charAt(lotNumber.length - wanted.length - 1));
  const rank = (lotNumber: string) =>
    lotNumber === wanted ? 0 : lotNumber.startsWith(wanted) ? 1 : wholeNumber(lotNumber) ? 2 : lotNumber.includes(wanted) ? 3 : -1;
  const collator = new Intl.Collator('en', { numeric: true });
  return items
    .map((item) => ({ item, lotNumber: lotNumberOf(item), rank: rank(normaliseLotNumber(lotNumberOf(item))) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || collator.compare(a.lotNumber, b.lotNumber))
    .map((entry) => entry.item);
}
