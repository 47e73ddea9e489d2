import type { FastifyInstance } from 'fastify';
import { utmLookupEndpoint } from '../../core/contracts';
import { utmGridSquare } from '../geo/utm';
import { registerEndpoint } from '../http/endpoint';

/** GET /mapviewer/gm/rest/service/xy/utm/{zone}/{easting}/{northing}: the 1 km UTM square on the HK1980 Grid. */
export async function utmRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, utmLookupEndpoint, ({ params }, _request, reply) => {
    // The answer depends only on the path, so it can be cached for long.
    return reply.header('cache-control', 'public, max-age=86400').send(utmGridSquare(params.zone, params.easting, params.northing));
  });
}
