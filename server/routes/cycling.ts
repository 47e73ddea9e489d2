import type { FastifyInstance } from 'fastify';
import { cyclingFacilitiesEndpoint } from '../../core/contracts/cycling';
import { loadCyclingLayers } from '../data/cycling';
import { registerEndpoint } from '../http/endpoint';

/** The layers change only when a file is installed, which takes a restart. */
const CYCLING_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /mapviewer/api/static/cycling/{layer}: cycle parking or cycle tracks, read once at start-up from installed
 * Transport Department files, else the sample parking (server/data/cycling.ts).
 */
export async function cyclingRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  const layers = loadCyclingLayers(options.dataDir);
  const bodies = { parking: JSON.stringify(layers.parking), tracks: JSON.stringify(layers.tracks) };
  registerEndpoint(app, cyclingFacilitiesEndpoint, ({ params }, _request, reply) =>
    reply.header('cache-control', CYCLING_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(bodies[params.layer]),
  );
}
