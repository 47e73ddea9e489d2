/**
 * Terrain and shaded-relief routes, served from the real Hong Kong DEM under data/dem.
 *
 *   GET /mapviewer/api/terrain/layer.json            Cesium heightmap-1.0 layer description
 *   GET /mapviewer/api/terrain/:z/:x/:y.terrain      65x65 heightmap tile (geographic, TMS y)
 *   GET /mapviewer/api/tiles/relief.json             TileJSON of the relief base map
 *   GET /mapviewer/api/tiles/relief/:z/:x/:y.png     256x256 shaded relief (Web Mercator XYZ)
 *
 * Usage: app.register(terrainRoutes, { dataDir: 'data', cacheDir: 'var/cache/tiles' }).
 * Bad parameters answer 400 {error, field}; a missing DEM answers 503 {error}.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEM_ATTRIBUTION, getDemSampler, type DemSampler } from './dem';
import {
  availability,
  buildHeightmapTile,
  childMask,
  layerJson,
  TERRAIN_MAX_LEVEL,
  tilesX,
  tilesY,
  type TileRange,
} from './heightmap';
import { LruCache } from './lru';
import { RELIEF_MAX_ZOOM, RELIEF_MIN_ZOOM, ReliefTileStore } from './relief';

export { createDemSampler, getDemSampler, DEM_ATTRIBUTION, HK1980_PROJ4 } from './dem';
export type { DemSampler, Bounds } from './dem';

export interface TerrainRoutesOptions {
  /** The repository's data/ folder (or data/dem). */
  dataDir: string;
  /** Where rendered relief tiles are kept between runs (default var/cache/tiles). */
  cacheDir?: string;
}

const TILE_CACHE_CONTROL = 'public, max-age=86400';
const LAYER_CACHE_CONTROL = 'public, max-age=3600';

interface TileParams {
  z: string;
  x: string;
  y: string;
}

type Parsed = { ok: true; z: number; x: number; y: number } | { ok: false; field: string; error: string };

function parseInt10(s: string): number | null {
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/** Parses z/x/y (y with its required suffix) against the tile counts of the scheme. */
function parseTile(
  p: TileParams,
  suffix: string,
  maxZ: number,
  countX: (z: number) => number,
  countY: (z: number) => number,
): Parsed {
  const z = parseInt10(p.z);
  if (z === null || z > maxZ) return { ok: false, field: 'z', error: `z must be an integer 0..${maxZ}` };
  const x = parseInt10(p.x);
  if (x === null || x >= countX(z)) return { ok: false, field: 'x', error: `x must be an integer 0..${countX(z) - 1}` };
  const m = new RegExp(`^(\\d{1,9})\\${suffix}$`).exec(p.y);
  const y = m ? Number(m[1]) : null;
  if (y === null || y >= countY(z)) {
    return { ok: false, field: 'y', error: `y must be an integer 0..${countY(z) - 1} followed by ${suffix}` };
  }
  return { ok: true, z, x, y };
}

function acceptsGzip(req: FastifyRequest): boolean {
  const ae = req.headers['accept-encoding'];
  return typeof ae === 'string' && /\bgzip\b/.test(ae);
}

export async function terrainRoutes(app: FastifyInstance, options: TerrainRoutesOptions): Promise<void> {
  const cacheDir = options.cacheDir ?? 'var/cache/tiles';
  let sampler: DemSampler | null = null;
  let loadError: string | null = null;
  try {
    sampler = getDemSampler(options.dataDir);
    app.log.info({ buildMs: Math.round(sampler.buildMs) }, 'DEM sampler ready');
  } catch (err) {
    loadError = err instanceof Error ? err.message : String(err);
    app.log.error({ err }, 'DEM not available; terrain and relief routes answer 503');
  }

  const avail: TileRange[][] | null = sampler ? availability(sampler.dataBounds) : null;
  const layer = sampler && avail ? layerJson(sampler.dataBounds, avail) : null;
  // Gzipped tiles only (0.3–5 KB each; a mixed land/sea tile is 74 KB raw): ~20 MB at most.
  const terrainCache = new LruCache<string, Buffer>(4096);
  const relief = sampler ? new ReliefTileStore(sampler, cacheDir, 512) : null;

  const unavailable = (reply: FastifyReply) =>
    reply.code(503).send({ error: `DEM not available: ${loadError ?? 'unknown'}` });

  app.get('/mapviewer/api/terrain/layer.json', async (_req, reply) => {
    if (!layer) return unavailable(reply);
    return reply.header('cache-control', LAYER_CACHE_CONTROL).send(layer);
  });

  app.get<{ Params: TileParams }>('/mapviewer/api/terrain/:z/:x/:y', async (req, reply) => {
    const p = parseTile(req.params, '.terrain', 30, tilesX, tilesY);
    if (!p.ok) return reply.code(400).send({ error: p.error, field: p.field });
    if (!sampler || !avail) return unavailable(reply);
    if (p.z > TERRAIN_MAX_LEVEL) {
      return reply.code(404).send({ error: `no terrain beyond level ${TERRAIN_MAX_LEVEL}`, field: 'z' });
    }
    const key = `${p.z}/${p.x}/${p.y}`;
    let tile = terrainCache.get(key);
    if (!tile) {
      const mask = childMask(avail, p.z, p.x, p.y);
      // Outside `available` Cesium never asks; anyone else gets flat sea rather than a 404.
      tile = gzipSync(buildHeightmapTile(sampler, p.z, p.x, p.y, mask), { level: 6 });
      terrainCache.set(key, tile);
    }
    const gz = acceptsGzip(req);
    reply
      .header('content-type', 'application/octet-stream')
      .header('cache-control', TILE_CACHE_CONTROL)
      .header('vary', 'Accept-Encoding');
    if (gz) reply.header('content-encoding', 'gzip');
    return reply.send(gz ? tile : gunzipSync(tile));
  });

  app.get('/mapviewer/api/tiles/relief.json', async (_req, reply) => {
    if (!sampler) return unavailable(reply);
    return reply.header('cache-control', LAYER_CACHE_CONTROL).send({
      tilejson: '2.1.0',
      name: 'Hong Kong shaded relief',
      scheme: 'xyz',
      tiles: ['/mapviewer/api/tiles/relief/{z}/{x}/{y}.png'],
      minzoom: RELIEF_MIN_ZOOM,
      maxzoom: RELIEF_MAX_ZOOM,
      bounds: sampler.dataBounds,
      attribution: DEM_ATTRIBUTION,
    });
  });

  app.get<{ Params: TileParams }>('/mapviewer/api/tiles/relief/:z/:x/:y', async (req, reply) => {
    const count = (z: number) => 2 ** z;
    const p = parseTile(req.params, '.png', RELIEF_MAX_ZOOM, count, count);
    if (!p.ok) return reply.code(400).send({ error: p.error, field: p.field });
    if (!relief) return unavailable(reply);
    const png = await relief.get(p.z, p.x, p.y);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', TILE_CACHE_CONTROL)
      .header('x-attribution', DEM_ATTRIBUTION)
      .send(png);
  });
}

export default terrainRoutes;
