import type { FastifyInstance } from 'fastify';
import { API_ENDPOINTS, buildOpenApiDocument, openApiEndpoint } from '../../core/contracts';
import { registerEndpoint } from '../http/endpoint';

const SERVICE_DESCRIPTION =
  'The data service of the Hong Kong 3D map: layer feeds, terrain, search, geometry look-ups and analytics. ' +
  'Every answer that is not 2xx is JSON {error, field?, message}.';

/** GET /mapviewer/api/openapi.json, built once from the endpoint contracts. */
export async function openApiRoutes(app: FastifyInstance, options: { version: string }): Promise<void> {
  const body = JSON.stringify(
    buildOpenApiDocument(API_ENDPOINTS, { title: 'Hong Kong 3D map data service', version: options.version, description: SERVICE_DESCRIPTION }),
  );
  registerEndpoint(app, openApiEndpoint, (_input, _request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(body),
  );
}
