/**
 * The then-and-now comparison's old states (core/contracts/comparison.ts):
 *
 *   GET /mapviewer/api/terrain-srtm2000/layer.json            the terrain of 2000 (SRTM), Cesium heightmap-1.0
 *   GET /mapviewer/api/terrain-srtm2000/:z/:x/:y.terrain      one of its tiles (server/terrain/heightmap.ts)
 *   GET /mapviewer/api/static/comparison/rail2016             the MTR lines of 2016 (OSM, out of date)
 *   GET /mapviewer/api/static/comparison/rail-today           today's MTR lines, schematic
 *   GET /mapviewer/api/static/comparison/land-since-2000      land in the 2020 DTM at sea level in SRTM 2000
 *
 * Usage: app.register(comparisonRoutes, { dataDir: 'data' }). A missing SRTM grid answers 503 (the reason goes to
 * the log only: it names server paths); the rail files are read at start-up and a bad one stops the server there;
 * the grids of land-since-2000 are read on its first request.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { landSince2000Endpoint, rail2016Endpoint, railTodayEndpoint, srtm2000TerrainLayerEndpoint, srtm2000TerrainTileEndpoint } from '../../core/contracts';
import { buildRail2016, buildRailToday } from '../data/comparisonRail';
import { buildReclaimedLand } from '../data/reclaimedLand';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { availability, buildHeightmapTile, childMask, layerJson, TERRAIN_MAX_LEVEL } from '../terrain/heightmap';
import { LruCache } from '../terrain/lru';
import { getSrtm2000Sampler, type Srtm2000Sampler } from '../terrain/srtm2000';

const TILE_CACHE_CONTROL = 'public, max-age=86400';
const LAYER_CACHE_CONTROL = 'public, max-age=3600';
/** The files change only with data/; a client that refreshes still gets a fresh answer within a minute. */
const STATIC_CACHE_CONTROL = 'public, max-age=60';

function acceptsGzip(request: FastifyRequest): boolean {
  const encoding = request.headers['accept-encoding'];
  return typeof encoding === 'string' && /\bgzip\b/.test(encoding);
}

export async function comparisonRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let sampler: Srtm2000Sampler | null = null;
  try {
    sampler = getSrtm2000Sampler(options.dataDir);
  } catch (err) {
    app.log.error({ err }, 'SRTM grid of 2000 not available; its terrain routes answer 503');
  }
  const avail = sampler ? availability(sampler.dataBounds) : null;
  const layer =
    sampler && avail
      ? {
          ...layerJson(sampler.dataBounds, avail),
          name: 'Hong Kong terrain of 2000 (SRTM)',
          description: 'SRTM (February 2000) resampled to the 70 m HK1980 grid of the LandsD DTM; sea = 0',
          attribution: sampler.attribution,
        }
      : null;
  // Gzipped tiles, a few KB each.
  const tiles = new LruCache<string, Buffer>(2048);
  const unavailable = () => new HttpError(503, 'The terrain of 2000 is temporarily not available.');

  registerEndpoint(app, srtm2000TerrainLayerEndpoint, (_input, _request, reply) => {
    if (!layer) throw unavailable();
    return reply.header('cache-control', LAYER_CACHE_CONTROL).send(layer);
  });

  registerEndpoint(app, srtm2000TerrainTileEndpoint, ({ params }, request, reply) => {
    if (!sampler || !avail) throw unavailable();
    if (params.z > TERRAIN_MAX_LEVEL) throw new HttpError(404, `No terrain beyond level ${TERRAIN_MAX_LEVEL}`, 'z');
    const key = `${params.z}/${params.x}/${params.y}`;
    let tile = tiles.get(key);
    if (!tile) {
      const mask = childMask(avail, params.z, params.x, params.y);
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

  const rail2016 = JSON.stringify(buildRail2016(options.dataDir));
  const railToday = JSON.stringify(buildRailToday(options.dataDir));
  registerEndpoint(app, rail2016Endpoint, (_input, _request, reply) =>
    reply.header('cache-control', STATIC_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(rail2016),
  );
  registerEndpoint(app, railTodayEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', STATIC_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(railToday),
  );
  // Built on the first request (about a second; the comparison is its only reader).
  let landSince2000: string | null = null;
  registerEndpoint(app, landSince2000Endpoint, (_input, _request, reply) => {
    landSince2000 ??= JSON.stringify(buildReclaimedLand(options.dataDir));
    return reply.header('cache-control', STATIC_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(landSince2000);
  });
}

export default comparisonRoutes;
