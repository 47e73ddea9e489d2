import type { FastifyInstance } from 'fastify';
import { annotationEndpoint, type AnnotationTier } from '../../core/contracts';
import { buildAnnotationTiers, loadMonumentDetails } from '../data/annotation';
import { loadPlaces } from '../data/places';
import { registerEndpoint } from '../http/endpoint';

/** Labels change only with the data files; the viewer adds a fresh timestamp anyway. */
const ANNOTATION_CACHE_CONTROL = 'public, max-age=3600';

/**
 * GET /mapviewer/api/static/annotation?tier=: place-name labels. The places are read on the first request (the
 * same loader seeds the search; reading them again at start-up would slow every server start for a layer that
 * may never be shown) and kept.
 */
export async function annotationRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let tiers: Record<AnnotationTier, string> | null = null;
  registerEndpoint(app, annotationEndpoint, ({ query }, _request, reply) => {
    tiers ??= buildAnnotationTiers(loadPlaces(options.dataDir), loadMonumentDetails(options.dataDir));
    return reply.header('cache-control', ANNOTATION_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(tiers[query.tier]);
  });
}
