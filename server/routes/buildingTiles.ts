/**
 * GET /mapviewer/api/3dtiles/buildings/tileset.json and /mapviewer/api/3dtiles/buildings/{version}/{tile}: the
 * building store as 3D Tiles 1.1, generated on the first request after the store changes and then served from
 * the disk cache (server/buildings/tiles/CONTEXT.md).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildingTileEndpoint, buildingTilesetEndpoint, LATEST_BUILDING_TILESET } from '../../core/contracts/buildingTiles';
import type { ErrorBody } from '../../core/contracts';
import type { BuildingStore } from '../buildings/store';
import { BuildingTileCache } from '../buildings/tiles/cache';
import { noneMatch } from '../download/stream';
import { registerEndpoint } from '../http/endpoint';
import { getDemSampler } from '../terrain/dem';

export interface BuildingTileRoutesOptions {
  store: BuildingStore;
  /** Where the DEM is read from (the buildings stand on the viewer's terrain). */
  dataDir: string;
  /** The server's cache folder; the tiles go to `<cacheDir>/3dtiles/buildings`. */
  cacheDir: string;
}

const FILE_NOT_FOUND: ErrorBody = { error: 'File Not Found', message: 'File Not Found' };
const NO_BUILDINGS: ErrorBody = { error: 'Not Found', message: 'No buildings in the store' };
/** A versioned tile never changes: browsers and proxies may keep it for good. */
const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

async function sendCachedFile(request: FastifyRequest, reply: FastifyReply, path: string, contentType: string, etag: string, cacheControl: string): Promise<FastifyReply> {
  reply.header('ETag', etag).header('Cache-Control', cacheControl).header('X-Content-Type-Options', 'nosniff');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && noneMatch(ifNoneMatch, etag)) return reply.status(304).send();
  return reply.type(contentType).send(await readFile(path));
}

export async function buildingTileRoutes(app: FastifyInstance, options: BuildingTileRoutesOptions): Promise<void> {
  const cache = new BuildingTileCache(options.store, () => getDemSampler(options.dataDir), options.cacheDir);

  registerEndpoint(app, buildingTilesetEndpoint, async (_input, request, reply) => {
    const current = await cache.current();
    if (!current.tilesetPath) return reply.status(404).send(NO_BUILDINGS);
    // The bytes of a version's tileset.json never change; which version is current does, hence no-cache.
    return sendCachedFile(request, reply, current.tilesetPath, 'application/json', `"${current.key}"`, 'no-cache');
  });

  registerEndpoint(app, buildingTileEndpoint, async ({ params }, request, reply) => {
    const latest = params.version === LATEST_BUILDING_TILESET;
    const key = latest ? (await cache.current()).key : params.version;
    const path = await cache.contentPath(key, params.tile);
    if (!path) return reply.status(404).send(FILE_NOT_FOUND);
    return sendCachedFile(request, reply, path, 'model/gltf-binary', `"${key}-${params.tile}"`, latest ? 'no-cache' : VERSIONED_CACHE_CONTROL);
  });
}
