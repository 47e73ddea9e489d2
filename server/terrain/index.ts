/**
 * Terrain and shaded-relief routes, served from the real Hong Kong DEM under data/dem.
 *
 *   GET /mapviewer/api/terrain/layer.json            Cesium heightmap-1.0 layer description
 *   GET /mapviewer/api/terrain/:z/:x/:y.terrain      65x65 heightmap tile (geographic, TMS y)
 *   GET /mapviewer/api/tiles/relief.json             TileJSON of the relief base map
 *   GET /mapviewer/api/tiles/relief/:z/:x/:y.png     256x256 shaded relief (Web Mercator XYZ), ?style=default|
 *                                                    regular|dark|grey (the map styles, relief.ts), with roads,
 *                                                    rail and building footprints at close zoom (vectors.ts)
 *   GET /mapviewer/api/tiles/ortho.json              whether orthophoto tiles are installed (ortho.ts)
 *   GET /mapviewer/tiles/ortho/:z/:x/:y.jpg|png      an installed orthophoto tile, else 404 (ortho.ts)
 *
 * Usage: app.register(terrainRoutes, { dataDir: 'data', cacheDir: 'var/cache/tiles', orthoDir: 'var/ortho' }).
 * Each route is registered from its contract (core/contracts/terrain.ts), so bad parameters answer the standard
 * 400 {error: 'Bad Request', field, message}; a terrain tile below the last level answers 404 and a missing DEM
 * 503, both in the same shape.
 */
import type { FastifyInstance } from 'fastify';
import {
  reliefTileEndpoint,
  reliefTileJsonEndpoint,
  terrainLayerEndpoint,
  terrainTileEndpoint,
  type ReliefTileJson,
} from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { getDemSampler, type DemSampler } from './dem';
import { LAYER_CACHE_CONTROL, registerHeightmapTerrain, TILE_CACHE_CONTROL } from './heightmapRoutes';
import { orthoRoutes } from './ortho';
import { RELIEF_MAX_ZOOM, RELIEF_MIN_ZOOM, ReliefTileStore, type FootprintSource } from './relief';
import { BASE_MAP_ATTRIBUTION, getStreetVectors } from './vectors';
import type { WmtsTileSources } from '../geo/wmts';

export { createDemSampler, getDemSampler, DEM_ATTRIBUTION, HK1980_PROJ4 } from './dem';
export type { DemSampler, Bounds } from './dem';

export interface TerrainRoutesOptions {
  /** The repository's data/ folder (or data/dem). */
  dataDir: string;
  /** Where rendered relief tiles are kept between runs (default var/cache/tiles). */
  cacheDir?: string;
  /** Where installed orthophoto tiles are read from (<z>/<x>/<y>.jpg|png; default var/ortho). */
  orthoDir?: string;
  /** The building store whose footprints the relief tiles draw at close zoom (none: roads and rail only). */
  buildings?: FootprintSource | null;
  /** Where the relief tiles and their coverage are handed to the WMTS service (server/routes/wmts.ts). */
  wmtsTiles?: WmtsTileSources;
}

export async function terrainRoutes(app: FastifyInstance, options: TerrainRoutesOptions): Promise<void> {
  const cacheDir = options.cacheDir ?? 'var/cache/tiles';
  let sampler: DemSampler | null = null;
  try {
    sampler = getDemSampler(options.dataDir);
    app.log.info({ buildMs: Math.round(sampler.buildMs) }, 'DEM sampler ready');
  } catch (err) {
    app.log.error({ err }, 'DEM not available; terrain and relief routes answer 503');
  }

  // Roads and rail are read from data/roads and data/rail on the first tile that draws them (about a second).
  const relief = sampler
    ? new ReliefTileStore(sampler, cacheDir, 512, { vectors: () => getStreetVectors(options.dataDir), buildings: options.buildings })
    : null;

  if (relief && sampler && options.wmtsTiles) {
    options.wmtsTiles.relief = { coverage: sampler.dataBounds, tile: (z, x, y, style) => relief.get(z, x, y, style) };
  }

  // The reason is in the log only: it names server paths.
  const unavailableMessage = 'Terrain data is temporarily not available.';
  const unavailable = () => new HttpError(503, unavailableMessage);
  // Gzipped tiles only (0.3–5 KB each; a mixed land/sea tile is 74 KB raw): ~20 MB at most.
  registerHeightmapTerrain(app, { layerEndpoint: terrainLayerEndpoint, tileEndpoint: terrainTileEndpoint, sampler, cacheSize: 4096, unavailableMessage });

  registerEndpoint(app, reliefTileJsonEndpoint, (_input, _request, reply) => {
    if (!sampler) throw unavailable();
    const tileJson: ReliefTileJson = {
      tilejson: '2.1.0',
      name: 'Hong Kong shaded relief',
      scheme: 'xyz',
      tiles: ['/mapviewer/api/tiles/relief/{z}/{x}/{y}.png'],
      minzoom: RELIEF_MIN_ZOOM,
      maxzoom: RELIEF_MAX_ZOOM,
      bounds: sampler.dataBounds,
      attribution: BASE_MAP_ATTRIBUTION,
    };
    return reply.header('cache-control', LAYER_CACHE_CONTROL).send(tileJson);
  });

  registerEndpoint(app, reliefTileEndpoint, async ({ params, query }, _request, reply) => {
    if (!relief) throw unavailable();
    const png = await relief.get(params.z, params.x, params.y, query.style ?? 'default');
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', TILE_CACHE_CONTROL)
      .header('x-attribution', BASE_MAP_ATTRIBUTION)
      .send(png);
  });

  await orthoRoutes(app, { orthoDir: options.orthoDir ?? 'var/ortho' });
}

export default terrainRoutes;
