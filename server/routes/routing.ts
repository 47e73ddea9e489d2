import type { FastifyInstance } from 'fastify';
import { mtrRouteEndpoint } from '../../core/contracts';
import { HttpError } from '../http/errors';
import { registerEndpoint } from '../http/endpoint';
import { loadMtrNetwork } from '../routing/network';
import { findMtrRoute } from '../routing/route';

/** GET /mapviewer/api/routing/mtr?from=&to=&lang=: the shortest trip over the MTR network (server/routing/). */
export async function routingRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const network = loadMtrNetwork(options.dataDir);
  registerEndpoint(app, mtrRouteEndpoint, ({ query }) => {
    const route = findMtrRoute(network, query.from, query.to, query.lang);
    if (!route) throw new HttpError(404, `No MTR route joins ${query.from} and ${query.to}`);
    return route;
  });
}
