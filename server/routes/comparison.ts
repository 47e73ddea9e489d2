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
import type { FastifyInstance } from 'fastify';
import { landSince2000Endpoint, rail2016Endpoint, railTodayEndpoint, srtm2000TerrainLayerEndpoint, srtm2000TerrainTileEndpoint } from '../../core/contracts';
import { buildRail2016, buildRailToday } from '../data/comparisonRail';
import { buildReclaimedLand } from '../data/reclaimedLand';
import { registerEndpoint } from '../http/endpoint';
import { registerHeightmapTerrain } from '../terrain/heightmapRoutes';
import { getSrtm2000Sampler, type Srtm2000Sampler } from '../terrain/srtm2000';

/** The files change only with data/; a client that refreshes still gets a fresh answer within a minute. */
const STATIC_CACHE_CONTROL = 'public, max-age=60';

export async function comparisonRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let sampler: Srtm2000Sampler | null = null;
  try {
    sampler = getSrtm2000Sampler(options.dataDir);
  } catch (err) {
    app.log.error({ err }, 'SRTM grid of 2000 not available; its terrain routes answer 503');
  }
  registerHeightmapTerrain(app, {
    layerEndpoint: srtm2000TerrainLayerEndpoint,
    tileEndpoint: srtm2000TerrainTileEndpoint,
    sampler,
    layerInfo: sampler && {
      name: 'Hong Kong terrain of 2000 (SRTM)',
      description: 'SRTM (February 2000) resampled to the 70 m HK1980 grid of the LandsD DTM; sea = 0',
      attribution: sampler.attribution,
    },
    // Gzipped tiles, a few KB each.
    cacheSize: 2048,
    unavailableMessage: 'The terrain of 2000 is temporarily not available.',
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
