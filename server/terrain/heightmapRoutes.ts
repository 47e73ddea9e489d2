/**
 * The two routes of one Cesium heightmap-1.0 terrain: its layer.json and its gzipped 65x65 tiles. The map's DEM
 * (server/terrain/index.ts) and the comparison's terrain of 2000 (server/routes/comparison.ts) serve theirs here,
 * so both answer with the same headers, cache and errors.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointContract } from '../../core/contracts/endpoint';
import type { terrainTileParamsSchema, terrainTileQuerySchema } from '../../core/contracts/terrain';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import type { DemSampler } from './dem';
import { availability, buildHeightmapTile, childMask, layerJson, TERRAIN_MAX_LEVEL } from './heightmap';
import { LruCache } from './lru';

export const TILE_CACHE_CONTROL = 'public, max-age=86400';
export const LAYER_CACHE_CONTROL = 'public, max-age=3600';

/** A tile contract: the z/x/y params and the `v` query every heightmap tile route shares. */
export type HeightmapTileEndpoint = EndpointContract & {
  params: typeof terrainTileParamsSchema;
  query: typeof terrainTileQuerySchema;
};

export interface HeightmapTerrainOptions {
  layerEndpoint: EndpointContract;
  tileEndpoint: HeightmapTileEndpoint;
  /** The heights; null when the source could not be read: both routes then answer 503 `unavailableMessage`. */
  sampler: Pick<DemSampler, 'heightAt' | 'dataBounds'> | null;
  /** Fields added to layer.json (name, description, attribution), when the terrain needs them. */
  layerInfo?: Record<string, string> | null;
  /** How many gzipped tiles are kept in memory. */
  cacheSize: number;
  /** The 503 message; it must not name server paths (the reason goes to the log). */
  unavailableMessage: string;
}

function acceptsGzip(request: FastifyRequest): boolean {
  const encoding = request.headers['accept-encoding'];
  return typeof encoding === 'string' && /\bgzip\b/.test(encoding);
}

/** Registers the layer and tile routes of one heightmap terrain. */
export function registerHeightmapTerrain(app: FastifyInstance, options: HeightmapTerrainOptions): void {
  const { sampler } = options;
  const avail = sampler ? availability(sampler.dataBounds) : null;
  const layer = sampler && avail ? { ...layerJson(sampler.dataBounds, avail), ...options.layerInfo } : null;
  const tiles = new LruCache<string, Buffer>(options.cacheSize);
  const unavailable = () => new HttpError(503, options.unavailableMessage);

  registerEndpoint(app, options.layerEndpoint, (_input, _request, reply) => {
    if (!layer) throw unavailable();
    return reply.header('cache-control', LAYER_CACHE_CONTROL).send(layer);
  });

  registerEndpoint(app, options.tileEndpoint, ({ params }, request, reply) => {
    if (!sampler || !avail) throw unavailable();
    if (params.z > TERRAIN_MAX_LEVEL) throw new HttpError(404, `No terrain beyond level ${TERRAIN_MAX_LEVEL}`, 'z');
    const key = `${params.z}/${params.x}/${params.y}`;
    let tile = tiles.get(key);
    if (!tile) {
      const mask = childMask(avail, params.z, params.x, params.y);
      // Outside `available` Cesium never asks; anyone else gets flat sea rather than a 404.
      tile = gzipSync(buildHeightmapTile(sampler, params.z, params.x, params.y, mask), { level: 6 });
      tiles.set(key, tile);
    }
    const gz = acceptsGzip(request);
    reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', TILE_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding');
    if (gz) reply.header('content-encoding', 'gzip');
    return reply.send(gz ? tile : gunzipSync(tile));
  });
}
