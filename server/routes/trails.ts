import type { FastifyInstance } from 'fastify';
import { trailListEndpoint, trailProfileEndpoint } from '../../core/contracts/trails';
import { loadTrailCatalogue, type TrailCatalogue } from '../data/trails';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { getDemSampler } from '../terrain/dem';

/**
 * GET /mapviewer/api/trails and /mapviewer/api/trails/{trail}/profile: the long trails measured on the DTM
 * (server/data/trails.ts), built once at start-up (about 0.7 s). Without the DTM or the trail files the server still
 * starts and both calls answer 503, like the terrain routes.
 */
export async function trailRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let catalogue: TrailCatalogue | null = null;
  try {
    catalogue = loadTrailCatalogue(options.dataDir, getDemSampler(options.dataDir));
  } catch (error) {
    app.log.error({ err: error }, 'Hiking trails not available; the trail calls answer 503');
  }
  const unavailable = () => new HttpError(503, 'Hiking trail data is temporarily not available. Please try again later.');
  registerEndpoint(app, trailListEndpoint, () => {
    if (!catalogue) throw unavailable();
    return catalogue.list();
  });
  registerEndpoint(app, trailProfileEndpoint, ({ params, query }) => {
    if (!catalogue) throw unavailable();
    const profile = catalogue.profile(params.trail, query.stage);
    if (!profile) throw new HttpError(404, `The ${params.trail} trail has no stage ${query.stage}`);
    return profile;
  });
}
