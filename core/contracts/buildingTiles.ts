/**
 * The buildings of the building store as 3D Tiles 1.1 (server/buildings/tiles): tileset.json and the GLB tiles
 * it names. Each content URI carries the tileset's version (a digest of the store's contents), so a tile's URL
 * always names the same bytes and a changed store gets new URLs.
 */
import { z } from 'zod';
import { timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** The version segment that names whatever version is current (for trying a tile by hand; not cacheable). */
export const LATEST_BUILDING_TILESET = 'latest';

/** A tileset version as tileset.json names it (16 hex digits), or `latest`. */
export const buildingTilesetVersionSchema = z
  .string()
  .max(16)
  .regex(/^(?:[0-9a-f]{16}|latest)$/, 'A tileset version: the 16 hex digits tileset.json names, or latest');

/** A tile: `t`, then one digit 0-3 per level of the quadtree, then `.glb`. */
export const buildingTileFileSchema = z
  .string()
  .max(40)
  .regex(/^t[0-3]{0,32}\.glb$/, 'A tile of the building tileset: t, one digit 0-3 per level, .glb (e.g. t.glb, t03.glb)');

/**
 * `v` is the tileset's `asset.tilesetVersion`, which CesiumJS appends to every request it makes for the tileset's
 * content; the version is already in the path, so it is accepted and not read.
 */
const buildingTileQuerySchema = z.strictObject({ timestamp: timestampParamSchema, v: z.string().max(64).optional() });

export const buildingTilesetEndpoint = defineEndpoint({
  id: 'getBuildingTileset',
  method: 'GET',
  path: '/mapviewer/api/3dtiles/buildings/tileset.json',
  tag: 'Static layers',
  summary: 'The buildings as a 3D Tiles 1.1 tileset: tileset.json',
  description:
    'Generated from the building store (LandsD and OpenStreetMap footprints, parts of the territory only) and cached until the store changes. Each tile is a glTF binary: walls and roofs standing on the portal terrain (heights above HKPD), one feature per building with its id, CSUID, names, height, levels, storeys, category and source (EXT_mesh_features, EXT_structural_metadata). Load it in CesiumJS with Cesium3DTileset.fromUrl.',
  query: buildingTileQuerySchema,
  response: { contentType: 'application/json', description: 'tileset.json; its content URIs name the tileset version' },
  otherResponses: { 404: 'No buildings in the store' },
});

export const buildingTileEndpoint = defineEndpoint({
  id: 'getBuildingTile',
  method: 'GET',
  path: '/mapviewer/api/3dtiles/buildings/{version}/{tile}',
  tag: 'Static layers',
  summary: 'One tile of the buildings tileset (glTF binary)',
  description: 'The URI comes from tileset.json. Tiles of a named version never change and may be cached for good; `latest` names the current version and is not cacheable.',
  params: z.strictObject({ version: buildingTilesetVersionSchema, tile: buildingTileFileSchema }),
  query: buildingTileQuerySchema,
  example: { params: { version: LATEST_BUILDING_TILESET, tile: 't.glb' } },
  response: { contentType: 'model/gltf-binary', description: 'The tile' },
  otherResponses: { 404: 'File Not Found' },
});
