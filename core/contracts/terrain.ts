import { z } from 'zod';
import { timestampOnlyQuerySchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Terrain and shaded relief from the Hong Kong DEM (server/terrain/): Cesium `heightmap-1.0` tiles on the
 * geographic TMS grid and 256 x 256 relief PNGs on the Web Mercator XYZ grid.
 *
 * The row segment carries the file suffix (`{y}.terrain`, `{y}.png`) and one route parameter captures it whole,
 * so `y` is accepted with its suffix (as it arrives) and as the bare row (as the template names it).
 */

/** Deepest level whose tile addresses are accepted; tiles below TERRAIN_TILE_MAX_LEVEL answer 404. */
export const TERRAIN_ADDRESS_MAX_LEVEL = 30;
/** Deepest terrain level served (the DEM's 1 arc-second grid is resolved by then). */
export const TERRAIN_TILE_MAX_LEVEL = 13;
export const RELIEF_TILE_MIN_ZOOM = 0;
export const RELIEF_TILE_MAX_ZOOM = 18;
/** Width and height of a relief tile in pixels. */
export const RELIEF_TILE_SIZE = 256;

/** Columns and rows of the relief's Web Mercator XYZ grid at a level: 2^z x 2^z, row 0 at the north. */
export function reliefTileMatrixSize(level: number): { columns: number; rows: number } {
  return { columns: 2 ** level, rows: 2 ** level };
}

const wholeNumber = /^\d{1,9}$/;

interface TileGrid {
  maxLevel: number;
  suffix: '.terrain' | '.png';
  columns: (level: number) => number;
  rows: (level: number) => number;
}

/** z/x/y path parameters of a tile grid, checked against the grid's size at that level. */
function tileParamsSchema(grid: TileGrid) {
  const suffixPattern = new RegExp(`^(\\d{1,9})(?:\\${grid.suffix})?$`);
  return z
    .strictObject({
      z: z.string().regex(wholeNumber, { error: `z must be an integer 0..${grid.maxLevel}` }),
      x: z.string(),
      y: z.string(),
    })
    .transform((tile, context) => {
      const level = Number(tile.z);
      if (level > grid.maxLevel) {
        context.addIssue({ code: 'custom', path: ['z'], input: tile.z, message: `z must be an integer 0..${grid.maxLevel}` });
        return z.NEVER;
      }
      const column = wholeNumber.test(tile.x) ? Number(tile.x) : null;
      if (column === null || column >= grid.columns(level)) {
        context.addIssue({ code: 'custom', path: ['x'], input: tile.x, message: `x must be an integer 0..${grid.columns(level) - 1}` });
        return z.NEVER;
      }
      const rowMatch = suffixPattern.exec(tile.y);
      const row = rowMatch ? Number(rowMatch[1]) : null;
      if (row === null || row >= grid.rows(level)) {
        context.addIssue({ code: 'custom', path: ['y'], input: tile.y, message: `y must be an integer 0..${grid.rows(level) - 1} followed by ${grid.suffix}` });
        return z.NEVER;
      }
      return { z: level, x: column, y: row };
    });
}

/** Geographic TMS grid of Cesium terrain: level 0 is 2 x 1 tiles, row 0 at the south. */
export const terrainTileParamsSchema = tileParamsSchema({
  maxLevel: TERRAIN_ADDRESS_MAX_LEVEL,
  suffix: '.terrain',
  columns: (level) => 2 ** (level + 1),
  rows: (level) => 2 ** level,
});

/** Web Mercator XYZ grid of the relief base map: level z is 2^z x 2^z tiles, row 0 at the north. */
export const reliefTileParamsSchema = tileParamsSchema({
  maxLevel: RELIEF_TILE_MAX_ZOOM,
  suffix: '.png',
  columns: (level) => reliefTileMatrixSize(level).columns,
  rows: (level) => reliefTileMatrixSize(level).rows,
});


/**
 * Styles of the relief base map (SPEC §1 map style drawer): `default` is the shaded relief, `regular` a light
 * topographic palette, `dark` and `grey` the same relief in a dark and a greyscale palette.
 */
export const RELIEF_STYLES = ['default', 'regular', 'dark', 'grey'] as const;
export type ReliefStyle = (typeof RELIEF_STYLES)[number];

/**
 * Relief tile query: the style (default `default`), the look's version `v` (the base map manifests put it in the
 * address so browsers drop tiles cached from an older look; accepted and ignored) and the ignored timestamp.
 */
export const reliefTileQuerySchema = z.strictObject({
  style: z.enum(RELIEF_STYLES, { error: `style must be one of ${RELIEF_STYLES.join(', ')}` }).optional(),
  v: z.string().max(32, { error: 'v must be at most 32 characters' }).optional(),
  timestamp: timestampParamSchema,
});

/** Cesium asks for tiles with `?v={version}` (the layer's version); accepted and ignored like the timestamp. */
export const terrainTileQuerySchema = z.strictObject({
  v: z.string().max(32, { error: 'v must be at most 32 characters' }).optional(),
  timestamp: timestampParamSchema,
});

const tileRangeSchema = z.object({ startX: z.number().int(), startY: z.number().int(), endX: z.number().int(), endY: z.number().int() });
const boundsSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** The terrain's layer.json (Cesium heightmap-1.0). */
export const terrainLayerSchema = z.object({
  tilejson: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  format: z.literal('heightmap-1.0'),
  scheme: z.literal('tms'),
  tiles: z.array(z.string()),
  projection: z.literal('EPSG:4326'),
  bounds: boundsSchema,
  minzoom: z.number().int(),
  maxzoom: z.number().int(),
  available: z.array(z.array(tileRangeSchema)),
  attribution: z.string(),
});
export type TerrainLayer = z.infer<typeof terrainLayerSchema>;

/** TileJSON of the shaded-relief base map. */
export const reliefTileJsonSchema = z.object({
  tilejson: z.string(),
  name: z.string(),
  scheme: z.literal('xyz'),
  tiles: z.array(z.string()),
  minzoom: z.number().int(),
  maxzoom: z.number().int(),
  bounds: boundsSchema,
  attribution: z.string(),
});
export type ReliefTileJson = z.infer<typeof reliefTileJsonSchema>;

const DEM_MISSING = 'The DEM files are missing on this server';

export const terrainLayerEndpoint = defineEndpoint({
  id: 'getTerrainLayer',
  method: 'GET',
  path: '/mapviewer/api/terrain/layer.json',
  tag: 'Terrain',
  summary: 'Cesium heightmap-1.0 layer description of the Hong Kong terrain',
  description: 'Give /mapviewer/api/terrain/ to CesiumTerrainProvider or another Cesium heightmap-1.0 client: layer.json names the tile template, the levels and the tile ranges that exist, built from the DEM.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'layer.json with the tile template and availability', schema: terrainLayerSchema },
  otherResponses: { 503: DEM_MISSING },
});

export const terrainTileEndpoint = defineEndpoint({
  id: 'getTerrainTile',
  method: 'GET',
  path: '/mapviewer/api/terrain/{z}/{x}/{y}.terrain',
  routePath: '/mapviewer/api/terrain/:z/:x/:y',
  tag: 'Terrain',
  summary: 'One 65 x 65 heightmap terrain tile (geographic TMS), gzipped when the client accepts it',
  description: 'Heights from the DEM on a 65 x 65 grid over the tile (geographic TMS). `v`, the layer version Cesium appends, is accepted and ignored.',
  params: terrainTileParamsSchema,
  query: terrainTileQuerySchema,
  response: { contentType: 'application/octet-stream', description: 'Heights, child mask and water mask (Cesium heightmap-1.0)' },
  otherResponses: { 404: `No terrain beyond level ${TERRAIN_TILE_MAX_LEVEL}`, 503: DEM_MISSING },
  example: { params: { z: '12', x: '6692', y: '2557' }, query: { v: '1.0.0' } },
});

export const reliefTileJsonEndpoint = defineEndpoint({
  id: 'getReliefTileJson',
  method: 'GET',
  path: '/mapviewer/api/tiles/relief.json',
  tag: 'Terrain',
  summary: 'TileJSON of the shaded-relief base map',
  description: 'For any XYZ tile client (Leaflet, OpenLayers, a QGIS XYZ connection): the template of GET /mapviewer/api/tiles/relief/{z}/{x}/{y}.png, its levels and bounds.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'TileJSON 2.1', schema: reliefTileJsonSchema },
  otherResponses: { 503: DEM_MISSING },
});

export const reliefTileEndpoint = defineEndpoint({
  id: 'getReliefTile',
  method: 'GET',
  path: '/mapviewer/api/tiles/relief/{z}/{x}/{y}.png',
  routePath: '/mapviewer/api/tiles/relief/:z/:x/:y',
  tag: 'Terrain',
  summary: 'One 256 x 256 shaded-relief tile (Web Mercator XYZ) in one of the map styles',
  description: 'Also published as the WMTS layer `relief` (one style per map style) in the capabilities at /geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities.',
  params: reliefTileParamsSchema,
  query: reliefTileQuerySchema,
  response: { contentType: 'image/png', description: "Shaded relief in the style's palette; sea where the DEM says sea, a plain no-data tone where no DEM source reaches" },
  otherResponses: { 503: DEM_MISSING },
  example: { params: { z: '12', x: '3346', y: '1786' }, query: { style: 'dark' } },
});

/**
 * Whether orthophoto tiles are installed on this server. No open orthophoto ships with the portal: tiles are
 * dropped into the server's orthophoto folder (see server/terrain/ortho.ts) and served as local files from
 * `tiles[0]`; without them the map style drawer offers the ortho style disabled.
 */
export const orthoTileSetSchema = z.object({
  available: z.boolean(),
  tiles: z.array(z.string()),
  /** Shallowest and deepest level folders present; null when none. */
  minzoom: z.number().int().nullable(),
  maxzoom: z.number().int().nullable(),
});
export type OrthoTileSet = z.infer<typeof orthoTileSetSchema>;

export const orthoTileSetEndpoint = defineEndpoint({
  id: 'getOrthoTileSet',
  method: 'GET',
  path: '/mapviewer/api/tiles/ortho.json',
  tag: 'Terrain',
  summary: 'Whether orthophoto tiles are installed, their tile template and levels',
  description: "No open orthophoto ships with the portal: tiles put in the server's orthophoto folder are served from `tiles[0]`; without them `available` is false and the map offers the ortho style disabled.",
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'Availability of the locally installed orthophoto tiles', schema: orthoTileSetSchema },
});
