import type { FastifyInstance } from 'fastify';
import { railwayLinesEndpoint } from '../../core/contracts';
import { buildRailwayLines } from '../data/railwayLines';
import { registerEndpoint } from '../http/endpoint';

/** The lines change only with data/; a client that refreshes still gets a fresh answer within a minute. */
const RAILWAY_CACHE_CONTROL = 'public, max-age=60';

/** GET /mapviewer/api/static/railways: built once at start-up from the MTR line and station list (real data). */
export async function railwayRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const body = JSON.stringify(buildRailwayLines(options.dataDir));
  registerEndpoint(app, railwayLinesEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', RAILWAY_CACHE_CONTROL).type('application/json; charset=utf-8').send(body),
  );
}
