/**
 * The API pages describe calls from the endpoint contracts themselves (core/contracts): path, method,
 * parameters (read from the zod schemas with z.toJSONSchema, as the OpenAPI document does), the example
 * request and the documented answers. A page lists contracts, never copies of them, so the documentation
 * cannot drift from what the server validates.
 */
import { z } from 'zod';
import { API_DOCUMENT_IDS, API_DOCUMENTS, belongsToApiDocument, type ApiDocumentId } from '../../../core/contracts/apiDocuments';
import { API_ENDPOINTS } from '../../../core/contracts/endpoints';
import { API_BASE_PATH } from '../../../core/contracts/common';
import type { EndpointContract } from '../../../core/contracts/endpoint';
import { downloadApiPathEndpoint, downloadApiQueryEndpoint } from '../../../core/contracts/download';
import type { ApiDocPage } from '../../routes/routeTable';

/** Pages of the API area that document calls: the per-API pages and the download API page. */
export type DocumentedApi = ApiDocPage | 'download-api';

/** Which calls each page documents: by operation id, or by tag for groups that grow (routing). */
const PAGE_ENDPOINTS: Record<DocumentedApi, { ids?: readonly string[]; tags?: readonly string[] }> = {
  '3d-map-tile': { ids: ['getTerrainLayer', 'getTerrainTile', 'getReliefTileJson', 'getReliefTile', 'getOrthoTileSet'] },
  'tile-source-download': { ids: ['getDownloadSheetGrid', 'getDownloadSheetFiles', 'downloadSheetFile'] },
  routing: { tags: ['Routing'] },
  identify: { tags: ['Identify'] },
  annotation: { ids: ['getStaticAnnotation'] },
  'download-api': { ids: [downloadApiQueryEndpoint.id, downloadApiPathEndpoint.id] },
};

/** The API explorer document each page links to first (the other documents holding its calls follow). */
const PREFERRED_DOCUMENT: Record<DocumentedApi, ApiDocumentId> = {
  '3d-map-tile': 'f2_api',
  'tile-source-download': 'f2_api',
  routing: 'mod_kcke_f2_layer_api',
  identify: 'mod_kcke_f2_layer_api',
  annotation: 'mod_kcke_f2_layer_api',
  'download-api': 'download_api',
};

/** The contracts a page documents, in the order of API_ENDPOINTS. */
export function pageEndpoints(page: DocumentedApi, endpoints: readonly EndpointContract[] = API_ENDPOINTS): EndpointContract[] {
  const { ids = [], tags = [] } = PAGE_ENDPOINTS[page];
  return endpoints.filter((endpoint) => ids.includes(endpoint.id) || tags.includes(endpoint.tag));
}

/**
 * The API explorer documents that hold every call of a page, preferred one first, so "try it" opens a
 * document in which each call described on the page can be tried.
 */
export function explorerDocuments(page: DocumentedApi, endpoints: readonly EndpointContract[] = API_ENDPOINTS): ApiDocumentId[] {
  const calls = pageEndpoints(page, endpoints);
  if (calls.length === 0) return [];
  const holding = API_DOCUMENT_IDS.filter((id) => calls.every((endpoint) => belongsToApiDocument(API_DOCUMENTS[id], endpoint)));
  const preferred = PREFERRED_DOCUMENT[page];
  return holding.includes(preferred) ? [preferred, ...holding.filter((id) => id !== preferred)] : holding;
}

/** One parameter as the page shows it. */
export interface ParameterDoc {
  name: string;
  location: 'path' | 'query';
  required: boolean;
  /** JSON Schema type, e.g. `string`, `integer`. */
  type: string;
  /** The accepted values of an enumeration. */
  values?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  description?: string;
  /** The value the contract's example uses. */
  example?: string;
}

/** One documented answer (every call can also answer 400 for a request its contract refuses; the page says so once). */
export interface ResponseDoc {
  status: number;
  description: string;
  /** Content type of a successful answer. */
  contentType?: string;
}

export interface EndpointDoc {
  id: string;
  method: EndpointContract['method'];
  path: string;
  tag: string;
  summary: string;
  description?: string;
  parameters: ParameterDoc[];
  /** Path and query of the contract's example, relative to the origin; null when the call has no example and needs parameters. */
  exampleRequest: string | null;
  /** JSON body of the example (POST). */
  exampleBody?: unknown;
  responses: ResponseDoc[];
}

/** The cache-busting `timestamp` every call accepts and ignores (SPEC §7); stated once on the get-started page instead. */
export const IGNORED_PARAMETERS = ['timestamp'];

type JsonSchemaProperty = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  description?: string;
  anyOf?: JsonSchemaProperty[];
};

function parameterDocs(schema: z.ZodType | undefined, location: 'path' | 'query', examples: Record<string, string> = {}): ParameterDoc[] {
  if (!schema) return [];
  const object = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonSchemaProperty>; required?: string[] };
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {})
    .filter(([name]) => !IGNORED_PARAMETERS.includes(name))
    .map(([name, property]) => {
      const values = property.enum?.map(String);
      return {
        name,
        location,
        required: location === 'path' || required.has(name),
        type: property.type ?? property.anyOf?.map((option) => option.type).filter(Boolean).join(' | ') ?? 'string',
        ...(values ? { values } : {}),
        ...(property.pattern ? { pattern: property.pattern } : {}),
        ...(property.minLength !== undefined ? { minLength: property.minLength } : {}),
        ...(property.maxLength !== undefined ? { maxLength: property.maxLength } : {}),
        ...(property.description ? { description: property.description } : {}),
        ...(name in examples ? { example: examples[name] } : {}),
      };
    });
}

/** The example request of a contract: its path with the example's path values and its query, or null. */
export function exampleRequest(endpoint: EndpointContract): string | null {
  const params = endpoint.example?.params ?? {};
  let missing = false;
  const path = endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_whole, name: string) => {
    if (!(name in params)) missing = true;
    return encodeURIComponent(params[name] ?? '');
  });
  if (missing) return null;
  const query = new URLSearchParams(endpoint.example?.query ?? {});
  for (const name of IGNORED_PARAMETERS) query.delete(name);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Everything the page shows of one call, read from its contract. */
export function describeEndpoint(endpoint: EndpointContract): EndpointDoc {
  const success = endpoint.response.status ?? 200;
  const responses: ResponseDoc[] = [
    { status: success, description: endpoint.response.description, ...(success === 204 ? {} : { contentType: endpoint.response.contentType }) },
    ...Object.entries(endpoint.otherResponses ?? {}).map(([status, description]) => ({ status: Number(status), description: description as string })),
  ];
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    tag: endpoint.tag,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    parameters: [...parameterDocs(endpoint.params, 'path', endpoint.example?.params), ...parameterDocs(endpoint.query, 'query', endpoint.example?.query)],
    exampleRequest: exampleRequest(endpoint),
    ...(endpoint.example?.body !== undefined ? { exampleBody: endpoint.example.body } : {}),
    responses,
  };
}

/** The data-service base address for this page's origin, e.g. `https://example.org/mapviewer/api`. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/$/, '')}${API_BASE_PATH}`;
}

/** A shell-safe curl command for a GET (single quotes, so `&` and `?` need no escaping). */
export function curlCommand(url: string, options: { resume?: boolean; output?: string } = {}): string {
  const quoted = `'${url.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl', '--fail'];
  if (options.output) parts.push('-o', options.output);
  if (options.resume) parts.push('-C', '-');
  parts.push(quoted);
  return parts.join(' ');
}

/** The calls that take an API key (a `key` query parameter in their contract), in API_ENDPOINTS order. */
export function keyedEndpoints(endpoints: readonly EndpointContract[] = API_ENDPOINTS): EndpointContract[] {
  return endpoints.filter((endpoint) => parameterDocs(endpoint.query, 'query').some((parameter) => parameter.name === 'key'));
}

/** The example request of a call with its key replaced by `key` (the contracts' examples carry the development key). */
export function exampleRequestWithKey(endpoint: EndpointContract, key: string): string | null {
  const request = exampleRequest(endpoint);
  if (request === null) return null;
  const url = new URL(request, 'http://origin.invalid');
  if (url.searchParams.has('key')) url.searchParams.set('key', key);
  return `${url.pathname}${url.search}`;
}

/**
 * Service limits (SPEC §9): bandwidth in gigabytes per second and concurrent users. `download` is the
 * download API; `map` the map APIs (tiles, routing, identify, annotation).
 */
export const API_SERVICE_LIMITS = [
  { service: 'download', bandwidthGigabytesPerSecond: 1, concurrentUsers: 1000 },
  { service: 'map', bandwidthGigabytesPerSecond: 5, concurrentUsers: 100 },
] as const;
