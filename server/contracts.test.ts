import { describe, expect, it } from 'vitest';
import { API_BASE_PATH, API_ENDPOINTS, endpointRoutePath, openApiDocumentSchema } from '../core/contracts';
import { useTestServer } from './test/server';

const app = useTestServer();

/** Paths of the data service as SPEC §7 names them; the app's static files and redirects are not API calls. */
const API_PATH = /^\/(mapviewer\/(api|geopin|gm)|geoserver)\//;

describe('endpoint contracts', () => {
  it('ids and method + path pairs are unique', () => {
    const ids = API_ENDPOINTS.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = API_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('the server registers every contract, and every API route it serves has a contract', () => {
    expect([...app().registeredEndpoints].sort()).toEqual(API_ENDPOINTS.map((endpoint) => endpoint.id).sort());
    const contracted = new Set(API_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpointRoutePath(endpoint)}`));
    const uncontracted = app().routeTable.filter((route) => {
      const [method, url] = route.split(' ');
      return method !== 'HEAD' && API_PATH.test(url) && !contracted.has(route);
    });
    expect(uncontracted).toEqual([]);
  });

  it('every path parameter of a template is declared, and calls with params, a body or required query carry an example', () => {
    for (const endpoint of API_ENDPOINTS) {
      const names = [...endpoint.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1]);
      if (names.length > 0) {
        expect(endpoint.params, endpoint.id).toBeDefined();
        expect(Object.keys(endpoint.example?.params ?? {}).sort(), endpoint.id).toEqual([...new Set(names)].sort());
      }
      if (endpoint.body) expect(endpoint.example?.body, endpoint.id).toBeDefined();
    }
  });
});

describe(`GET ${API_BASE_PATH}/openapi.json`, () => {
  it('is an OpenAPI 3.1 document with one operation per contract, its schemas and the shared error body', async () => {
    const response = await app().inject({ method: 'GET', url: `${API_BASE_PATH}/openapi.json?timestamp=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = openApiDocumentSchema.parse(response.json());
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(operations.sort()).toEqual(API_ENDPOINTS.map((endpoint) => endpoint.id).sort());

    const search = document.paths[`${API_BASE_PATH}/search/places`].get as Record<string, unknown>;
    const parameters = search.parameters as Array<{ name: string; in: string; schema: Record<string, unknown>; example?: string }>;
    expect(parameters.map((parameter) => parameter.name)).toEqual(['q', 'lang', 'limit', 'timestamp']);
    expect(parameters.find((parameter) => parameter.name === 'lang')?.schema.enum).toEqual(['en-US', 'zh-HK', 'zh-CN']);
    expect(parameters.find((parameter) => parameter.name === 'q')?.example).toBe('Sha Tin');
    const responses = search.responses as Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
    expect(responses['200'].content['application/json'].schema.type).toBe('object');
    expect(responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });

    const analytics = document.paths[`${API_BASE_PATH}/analytics`].post as Record<string, unknown>;
    expect(analytics.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { type: 'object' } } } });
    expect(Object.keys(analytics.responses as object)).toContain('204');
  });

  it('rejects unknown query parameters like every other call', async () => {
    const response = await app().inject({ method: 'GET', url: `${API_BASE_PATH}/openapi.json?format=yaml` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', field: 'format' });
  });
});
