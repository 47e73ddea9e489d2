import type { FastifyInstance } from 'fastify';
import { buildAnnotation, loadMonumentDetails } from '../data/annotation';
import { loadPlaces } from '../data/places';
import { heritageEndpoint, type MonumentCollection } from '../../core/contracts/heritage';
import { registerEndpoint } from '../http/endpoint';

const HERITAGE_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The declared monuments from the landmark labels' own reading (server/data/annotation.ts: names with the list's
 * slips corrected, district, address with its Simplified form, AMO page), with the AMO number from the place id
 * `monument:<number>`.
 */
export function buildMonumentCollection(annotation: ReturnType<typeof buildAnnotation>): MonumentCollection {
  const features = annotation.features
    .filter((feature) => feature.properties.kind === 'monument')
    .map((feature) => ({ ...feature, properties: { ...feature.properties, amo_number: feature.id.slice('monument:'.length) } }))
    .sort((a, b) => Number(a.properties.amo_number) - Number(b.properties.amo_number));
  return { type: 'FeatureCollection', list: 'AMO declared monuments, 2014/15', features };
}

/** GET /mapviewer/api/static/heritage: read on the first request, as the annotation labels are, and kept. */
export async function heritageRoutes(app: FastifyInstance, options: { dataDir: string }): Promise<void> {
  let body: string | null = null;
  registerEndpoint(app, heritageEndpoint, (_input, _request, reply) => {
    body ??= JSON.stringify(buildMonumentCollection(buildAnnotation(loadPlaces(options.dataDir), 'landmark', loadMonumentDetails(options.dataDir))));
    return reply.header('cache-control', HERITAGE_CACHE_CONTROL).type('application/geo+json; charset=utf-8').send(body);
  });
}
