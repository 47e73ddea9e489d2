import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, API_DOCUMENT_IDS, API_DOCUMENTS, API_ENDPOINTS, apiDocumentEndpoints, openApiDocumentSchema } from '../../core/contracts';
import { useTestServer } from '../test/server';

const CONTACT = { email: 'gis-enquiries@example.org', keyRequestEmail: 'keys@example.org', telephone: null };
const app = useTestServer({ siteSettings: { contact: CONTACT } });

type Operation = { operationId: string; parameters: Array<{ name: string; in: string; required: boolean }>; security?: unknown };

async function fetchDocument(query: string) {
  const response = await app().inject({ method: 'GET', url: `${API_BASE_PATH}/openapi.json${query}` });
  return response;
}

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.values(item).map((operation) => [path, operation as Operation] as [string, Operation]));
}

describe(`GET ${API_BASE_PATH}/openapi.json?api=…`, () => {
  it.each(API_DOCUMENT_IDS)('%s is an OpenAPI 3.1 document with exactly its operations, served same-origin', async (api) => {
    const response = await fetchDocument(`?api=${api}`);
    expect(response.statusCode).toBe(200);
    const document = openApiDocumentSchema.parse(response.json());
    expect(document.info.title).toBe(API_DOCUMENTS[api].title['en-US']);
    expect(document.info.description).toContain(API_DOCUMENTS[api].description['en-US']);
    expect(document.servers).toEqual([{ url: '/' }]);
    const operations = operationsOf(document);
    expect(operations.map(([, operation]) => operation.operationId).sort()).toEqual(
      apiDocumentEndpoints(api, API_ENDPOINTS)
        .map((endpoint) => endpoint.id)
        .sort(),
    );
    // Structurally valid: every template name is a required path parameter, every $ref resolves.
    for (const [path, operation] of operations) {
      for (const [, name] of path.matchAll(/\{([A-Za-z0-9_]+)\}/g)) {
        expect(operation.parameters.find((parameter) => parameter.name === name && parameter.in === 'path')?.required, `${path} ${name}`).toBe(true);
      }
    }
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]);
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    for (const name of references) expect(schemas[name], name).toBeDefined();
  });

  it('declares the download API key as an apiKey scheme in the query, and only there', async () => {
    const download = openApiDocumentSchema.parse((await fetchDocument('?api=download_api')).json());
    expect((download.components as Record<string, unknown>).securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'key' }),
    });
    for (const [, operation] of operationsOf(download)) {
      expect(operation.security).toEqual([{ apiKey: [] }]);
      expect(operation.parameters.some((parameter) => parameter.name === 'key' && parameter.in === 'query')).toBe(true);
    }
    const layers = openApiDocumentSchema.parse((await fetchDocument('?api=mod_kcke_f2_layer_api')).json());
    expect((layers.components as Record<string, unknown>).securitySchemes).toBeUndefined();
  });

  it('accepts `download api`, written with a space as the issue does', async () => {
    const response = await fetchDocument('?api=download%20api');
    expect(response.statusCode).toBe(200);
    expect(response.json().info.title).toBe(API_DOCUMENTS.download_api.title['en-US']);
  });

  it('names the configured enquiry e-mail (site settings, as GET /mapviewer/api/config) as the contact of every document', async () => {
    for (const query of ['', ...API_DOCUMENT_IDS.map((id) => `?api=${id}`)]) {
      expect((await fetchDocument(query)).json().info.contact, query || 'whole').toEqual({ email: CONTACT.email });
    }
  });

  it('without `api` describes the whole service', async () => {
    const document = openApiDocumentSchema.parse((await fetchDocument('')).json());
    expect(operationsOf(document)).toHaveLength(API_ENDPOINTS.length);
  });

  it('answers an unknown api with a 400 naming `api`', async () => {
    const response = await fetchDocument('?api=f3_api');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', field: 'api' });
  });
});
