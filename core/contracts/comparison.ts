/**
 * The then-and-now comparison (plugins/comparison, SPEC §1 "then-and-now comparison"): the old states of Hong Kong
 * it shows beside today's.
 *
 *  - The terrain of 2000 (SRTM, flown February 2000) as Cesium heightmap-1.0 tiles, the same tile grid and format as
 *    the map's own terrain (terrain.ts), so a view can take either. Land reclaimed since 2000 is sea in it.
 *  - The MTR lines of 2016 (an OpenStreetMap export of 16 February 2016: track alignments, out of date) and today's
 *    lines from the MTR's line and station list (schematic: straight between stations), as GeoJSON of the same
 *    shape so the two views draw them alike.
 *
 * Isomorphic.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { terrainLayerSchema, terrainTileParamsSchema, terrainTileQuerySchema, TERRAIN_TILE_MAX_LEVEL } from './terrain';

/** Where a Cesium terrain provider for the terrain of 2000 is pointed (it appends layer.json and the tile paths). */
export const SRTM2000_TERRAIN_URL = '/mapviewer/api/terrain-srtm2000/';

const SRTM_MISSING = 'The SRTM grid of 2000 is missing on this server';

export const srtm2000TerrainLayerEndpoint = defineEndpoint({
  id: 'getSrtm2000TerrainLayer',
  method: 'GET',
  path: '/mapviewer/api/terrain-srtm2000/layer.json',
  tag: 'Terrain',
  summary: 'Cesium heightmap-1.0 layer description of the terrain of 2000 (SRTM)',
  description:
    'The terrain of Hong Kong as SRTM measured it in February 2000, on the 70 m grid of the LandsD DTM: give ' +
    '/mapviewer/api/terrain-srtm2000/ to CesiumTerrainProvider. Land reclaimed since 2000 is sea here. Tiles exist ' +
    'only over the grid; beyond it there is no data.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'layer.json with the tile template and availability', schema: terrainLayerSchema },
  otherResponses: { 503: SRTM_MISSING },
});

export const srtm2000TerrainTileEndpoint = defineEndpoint({
  id: 'getSrtm2000TerrainTile',
  method: 'GET',
  path: '/mapviewer/api/terrain-srtm2000/{z}/{x}/{y}.terrain',
  routePath: '/mapviewer/api/terrain-srtm2000/:z/:x/:y',
  tag: 'Terrain',
  summary: 'One 65 x 65 heightmap tile of the terrain of 2000 (SRTM), gzipped when the client accepts it',
  description:
    'Heights of the SRTM grid of 2000 on a 65 x 65 grid over the tile (geographic TMS), with a water mask where the ' +
    'grid has sea. `v`, the layer version Cesium appends, is accepted and ignored.',
  params: terrainTileParamsSchema,
  query: terrainTileQuerySchema,
  response: { contentType: 'application/octet-stream', description: 'Heights, child mask and water mask (Cesium heightmap-1.0)' },
  otherResponses: { 404: `No terrain beyond level ${TERRAIN_TILE_MAX_LEVEL}`, 503: SRTM_MISSING },
  example: { params: { z: '12', x: '6692', y: '2557' }, query: { v: '1.0.0' } },
});

const lonLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const comparisonRailPropertiesSchema = z.object({
  /** The line's code in that network, e.g. `WRL` (West Rail Line, 2016) or `TML` (today). */
  line: z.string().min(2).max(8),
  name: localisedTextSchema,
  /** The line's colour, `#rrggbb`. */
  colour: z.string().regex(/^#[0-9A-F]{6}$/),
});

export const comparisonRailNetworkSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(lonLatSchema).min(2)).min(1) }),
      properties: comparisonRailPropertiesSchema,
    }),
  ),
  /** The date the network was captured (YYYY-MM-DD), or null for today's. */
  snapshotDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
  /** True for a network that no longer matches today's (lines opened, merged or extended since). */
  outOfDate: z.boolean(),
  /** True when the lines are straight between stations rather than the track alignment. */
  schematic: z.boolean(),
  attribution: z.string(),
  sample: z.literal(false),
});
export type ComparisonRailNetwork = z.infer<typeof comparisonRailNetworkSchema>;

/** GET /mapviewer/api/static/comparison/rail2016 */
export const rail2016Endpoint = defineEndpoint({
  id: 'getComparisonRail2016',
  method: 'GET',
  path: '/mapviewer/api/static/comparison/rail2016',
  tag: 'Static layers',
  summary: 'The MTR lines of 2016 (OpenStreetMap, out of date), one track alignment per line',
  description:
    'The MTR track alignments as OpenStreetMap had them on 16 February 2016, one MultiLineString per line with its ' +
    'code, names and colour. Out of date: it has no Tuen Ma Line, no South Island Line, no Kwun Tong Line extension ' +
    'and no East Rail cross-harbour section. © OpenStreetMap contributors, ODbL.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON lines, one per 2016 line, with outOfDate true', schema: comparisonRailNetworkSchema },
});

/** GET /mapviewer/api/static/comparison/rail-today */
export const railTodayEndpoint = defineEndpoint({
  id: 'getComparisonRailToday',
  method: 'GET',
  path: '/mapviewer/api/static/comparison/rail-today',
  tag: 'Static layers',
  summary: "Today's MTR lines as GeoJSON, schematic (straight between stations)",
  description:
    "The MTR heavy-rail lines of GET /mapviewer/api/static/railways (the MTR's line and station list) as GeoJSON: " +
    'one MultiLineString per line, each route a line through its stations in order. Straight between stations, not ' +
    'the track alignment.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON lines, one per line, schematic', schema: comparisonRailNetworkSchema },
});

export const reclaimedLandSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      /** One run of 70 m grid cells along a grid row, as a rectangle. */
      geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(lonLatSchema).length(5)).length(1) }),
      /** How many grid cells the run holds. */
      properties: z.object({ cells: z.number().int().min(1) }),
    }),
  ),
  /** Grid cells that are land in the LandsD 2020 DTM and sea level in SRTM 2000, all runs together. */
  cells: z.number().int().min(0),
  /** Area of one grid cell, square metres (70 m x 70 m). */
  cellAreaSquareMetres: z.number().positive(),
  attribution: z.string(),
  sample: z.literal(false),
});
export type ReclaimedLand = z.infer<typeof reclaimedLandSchema>;

/** GET /mapviewer/api/static/comparison/land-since-2000 */
export const landSince2000Endpoint = defineEndpoint({
  id: 'getComparisonLandSince2000',
  method: 'GET',
  path: '/mapviewer/api/static/comparison/land-since-2000',
  tag: 'Static layers',
  summary: 'Land in the LandsD 2020 DTM that was at sea level in SRTM 2000 (mostly reclamation)',
  description:
    'The 70 m grid cells that are at least 1 m high in the LandsD 2020 DTM and at most 0.5 m in SRTM (February 2000), ' +
    'both on the same HK1980 grid, merged along each grid row into rectangles. Mostly land reclaimed since 2000 ' +
    "(Penny's Bay, the Central waterfront, Kai Tak); SRTM also flattened fish ponds and inland water, which show too.",
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON rectangles, with the number of cells and the area of one', schema: reclaimedLandSchema },
});
