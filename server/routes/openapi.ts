import type { FastifyInstance } from 'fastify';
import {
  API_DOCUMENT_IDS,
  API_DOCUMENTS,
  API_ENDPOINTS,
  API_KEY_QUERY_PARAMETER,
  apiDocumentEndpoints,
  buildOpenApiDocument,
  openApiEndpoint,
  type ApiDocumentId,
} from '../../core/contracts';
import type { SiteContact } from '../../core/contracts/siteConfig';
import { registerEndpoint } from '../http/endpoint';

const SERVICE_DESCRIPTION =
  'The data service of the Hong Kong 3D map: layer feeds, terrain, search, geometry look-ups and analytics. ' +
  'Every answer that is not 2xx is JSON {error, field?, message}.';

const ERROR_NOTE = ' Every answer that is not 2xx is JSON {error, field?, message}.';

/**
 * GET /mapviewer/api/openapi.json: the whole service, or with `api` one API document of the explorer
 * (core/contracts/apiDocuments.ts). Every document is built once, from the endpoint contracts, at start-up; each
 * names the site's configured enquiry e-mail (server/siteSettings.ts, the same as GET /mapviewer/api/config) as
 * its contact.
 */
export async function openApiRoutes(app: FastifyInstance, options: { version: string; contact: SiteContact }): Promise<void> {
  const contact = { email: options.contact.email };
  const whole = JSON.stringify(
    buildOpenApiDocument(API_ENDPOINTS, { title: 'Hong Kong 3D map data service', version: options.version, description: SERVICE_DESCRIPTION, contact }),
  );
  const byApi = new Map<ApiDocumentId, string>(
    API_DOCUMENT_IDS.map((id) => {
      const definition = API_DOCUMENTS[id];
      const document = buildOpenApiDocument(
        apiDocumentEndpoints(id, API_ENDPOINTS),
        { title: definition.title['en-US'], version: options.version, description: definition.description['en-US'] + ERROR_NOTE, contact },
        definition.apiKey ? { apiKeyQueryParameter: API_KEY_QUERY_PARAMETER } : {},
      );
      return [id, JSON.stringify(document)];
    }),
  );
  registerEndpoint(app, openApiEndpoint, ({ query }, _request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(query.api ? byApi.get(query.api) : whole),
  );
}
