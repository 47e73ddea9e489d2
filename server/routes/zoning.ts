import type { FastifyInstance } from 'fastify';
import { zoningEndpoint } from '../../core/contracts/zoning';
import { loadZoning } from '../data/zoning';
import { registerEndpoint } from '../http/endpoint';

/** The zones change only with the data files; the viewer adds a fresh timestamp anyway. */
const ZONING_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /mapviewer/api/static/zoning: the outline zoning plan layer, built once at start-up from the installed OZP
 * zone file or the Kwun Tong buildings (server/data/zoning.ts). A zone file that cannot be used stops the start-up
 * with a message naming it; features it skips are logged one by one.
 */
export async function zoningRoutes(app: FastifyInstance, options: { dataDir: string; environment?: Record<string, string | undefined> }): Promise<void> {
  const zoning = loadZoning(options.dataDir, options.environment);
  for (const problem of zoning.skipped) app.log.warn(`OZP zone file ${zoning.file}: skipped ${problem}`);
  app.log.info(`Zoning layer: ${zoning.collection.features.length} features from ${zoning.file}`);
  const body = JSON.stringify(zoning.collection);
  registerEndpoint(app, zoningEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', ZONING_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(body),
  );
}
