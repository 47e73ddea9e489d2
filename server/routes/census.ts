import type { FastifyInstance } from 'fastify';
import { dcca2019Endpoint } from '../../core/contracts';
import { loadDcca2019 } from '../data/census';
import { registerEndpoint } from '../http/endpoint';

/** The boundaries change only with the data file; the viewer adds a fresh timestamp anyway. */
const CENSUS_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /mapviewer/api/static/census/dcca2019: the census layer's constituency polygons, built once at start-up
 * (a bad data file stops the server with a message naming it).
 */
export async function censusRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const dcca2019 = JSON.stringify(loadDcca2019(options.dataDir));
  registerEndpoint(app, dcca2019Endpoint, (_input, _request, reply) =>
    reply.header('cache-control', CENSUS_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(dcca2019),
  );
}
