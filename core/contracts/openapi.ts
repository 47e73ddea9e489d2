import { z } from 'zod';
import { apiDocumentParamSchema } from './apiDocuments';
import { timestampParamSchema } from './common';
import { defineEndpoint, type EndpointContract } from './endpoint';
import { errorBodySchema } from './errors';

/** A JSON Schema object as zod writes it (draft 2020-12, which OpenAPI 3.1 uses as is). */
type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  /** Who answers questions about the service: the site's configured contact (server/siteSettings.ts). */
  contact?: { name?: string; email?: string; url?: string };
}

export interface OpenApiOptions {
  /**
   * Where the calls are sent. Default `/`: the paths already start with the service prefix, so a client
   * (the API explorer's "try it out") calls the server that served the document, same origin.
   */
  servers?: ReadonlyArray<{ url: string; description?: string }>;
  /**
   * The query parameter that carries an API key: operations that take it get an `apiKey` security
   * requirement (components.securitySchemes.apiKey, in: query). The parameter stays listed as well, as the
   * server reads it from the query like any other.
   */
  apiKeyQueryParameter?: string;
}

const API_KEY_SCHEME = 'apiKey';

/**
 * Transforms and refinements cannot be written in JSON Schema; the document then shows the input type (for
 * requests) or the output type (for answers) and the description says what else is checked.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: requiredWhenPrefaultRejected }) as JsonSchema;
  return withTupleItems(rest) as JsonSchema;
}

/**
 * A prefault its own field rejects (place search's `q` prefaults to '' so that a missing q gets the same "at least
 * 2 characters" answer as a short one) is no default a client could rely on: the call fails without the field.
 * zod writes it as `default`, which then breaks its own schema; the document says instead that the field is required.
 */
function requiredWhenPrefaultRejected({ zodSchema, jsonSchema: json }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  if (isRejectedPrefault(zodSchema)) delete json.default;
  if (!(zodSchema instanceof z.core.$ZodObject)) return;
  const { shape } = zodSchema._zod.def;
  const alwaysNeeded = Object.keys(shape).filter((name) => isRejectedPrefault(shape[name]));
  if (alwaysNeeded.length > 0) json.required = [...new Set([...((json.required as string[] | undefined) ?? []), ...alwaysNeeded])];
}

function isRejectedPrefault(schema: z.core.$ZodType): boolean {
  if (!(schema instanceof z.core.$ZodPrefault)) return false;
  const { innerType, defaultValue } = schema._zod.def;
  return !z.safeParse(innerType, defaultValue).success;
}

/** Keywords whose values are data, not subschemas: a tuple rule must not rewrite an example that looks like one. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'example', 'examples']);
/** Keywords whose values map names to subschemas, so a property called `default` is still a schema. */
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * Tuples (z.tuple) come out of zod as `prefixItems` with `items: false` (no element past the last position).
 * OpenAPI linters (Spectral's array-items) and tools that read only `items` need `items` to describe the
 * elements, so a closed tuple gets `items` = the types its positions allow, with `maxItems` = its length keeping
 * it closed: the same set of arrays, readable by both kinds of tool. A tuple open at the end without `items`
 * (any extra element allowed) gets `items: {}`, which says the same.
 */
function withTupleItems(node: unknown, isSchemaMap = false): unknown {
  if (Array.isArray(node)) return node.map((element) => withTupleItems(element));
  if (typeof node !== 'object' || node === null) return node;
  const rewritten: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    rewritten[key] = !isSchemaMap && DATA_KEYWORDS.has(key) ? value : withTupleItems(value, !isSchemaMap && SCHEMA_MAP_KEYWORDS.has(key));
  }
  if (isSchemaMap) return rewritten;
  const positions = rewritten.prefixItems;
  if (!Array.isArray(positions) || (rewritten.items !== undefined && rewritten.items !== false)) return rewritten;
  if (rewritten.items === undefined) return { ...rewritten, items: {} };
  const elementTypes = [...new Map(positions.map((position) => [JSON.stringify(position), position as JsonSchema])).values()];
  return {
    ...rewritten,
    items: elementTypes.length === 1 ? elementTypes[0] : { anyOf: elementTypes },
    maxItems: Math.min(typeof rewritten.maxItems === 'number' ? rewritten.maxItems : positions.length, positions.length),
  };
}

/**
 * A parameter's example as the value its schema describes: the contracts give the text a client sends (`limit=5`),
 * OpenAPI wants the value that text serializes (the integer 5), so numbers and booleans are read back from it.
 */
function parameterExample(text: string, schema: JsonSchema): unknown {
  const number = Number(text);
  if ((schema.type === 'integer' || schema.type === 'number') && text.trim() !== '' && Number.isFinite(number)) return number;
  if (schema.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Query or path parameters: one OpenAPI parameter per property of the object schema. */
function parameters(schema: z.ZodType | undefined, location: 'query' | 'path', examples: Record<string, string> = {}): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
      ...(name in examples ? { example: parameterExample(examples[name], propertySchema) } : {}),
    };
  });
}

const ERROR_RESPONSE_REF = { $ref: '#/components/schemas/ErrorBody' };

function errorResponse(description: string): JsonSchema {
  return { description, content: { 'application/json': { schema: ERROR_RESPONSE_REF } } };
}

function operation(endpoint: EndpointContract, apiKeyQueryParameter: string | undefined): JsonSchema {
  const { response } = endpoint;
  const success: JsonSchema = { description: response.description };
  if (response.status !== 204) {
    success.content = { [response.contentType]: { schema: response.schema ? jsonSchema(response.schema, 'output') : { type: 'string', format: 'binary' } } };
    for (const alternative of response.alternatives ?? []) {
      (success.content as Record<string, JsonSchema>)[alternative.contentType] = { schema: { type: 'string', description: alternative.description } };
    }
  }
  const responses: Record<string, JsonSchema> = {
    [String(response.status ?? 200)]: success,
    '400': endpoint.errorResponse
      ? { description: endpoint.errorResponse.description, content: { [endpoint.errorResponse.contentType]: { schema: { type: 'string' } } } }
      : errorResponse('The request is not valid; `field` names the offending input and `message` says what is wrong.'),
  };
  for (const [status, description] of Object.entries(endpoint.otherResponses ?? {})) {
    // An OGC service reports its other errors in the same form as its bad requests.
    responses[status] = endpoint.errorResponse
      ? { description, content: { [endpoint.errorResponse.contentType]: { schema: { type: 'string' } } } }
      : errorResponse(description);
  }
  const operationParameters = [...parameters(endpoint.params, 'path', endpoint.example?.params), ...parameters(endpoint.query, 'query', endpoint.example?.query)];
  const takesApiKey = operationParameters.some((parameter) => parameter.in === 'query' && parameter.name === apiKeyQueryParameter);
  return {
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    ...(takesApiKey ? { security: [{ [API_KEY_SCHEME]: [] }] } : {}),
    parameters: operationParameters,
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(endpoint.body, 'input'),
                ...(endpoint.example?.body !== undefined ? { example: endpoint.example.body } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the data service, generated from the endpoint contracts, so the explorer can
 * never describe a call differently from how the server validates it.
 */
export function buildOpenApiDocument(endpoints: readonly EndpointContract[], info: OpenApiInfo, options: OpenApiOptions = {}): JsonSchema {
  const { servers = [{ url: '/' }], apiKeyQueryParameter } = options;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {});
    const method = endpoint.method.toLowerCase();
    if (item[method]) throw new Error(`Two endpoints describe ${endpoint.method} ${endpoint.path}`);
    item[method] = operation(endpoint, apiKeyQueryParameter);
  }
  const tags = [...new Set(endpoints.map((endpoint) => endpoint.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info,
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers,
    // Calls are open unless an operation says otherwise (the download API's key); Redocly's security-defined
    // rule wants that said rather than left out.
    security: [],
    tags,
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
      ...(apiKeyQueryParameter
        ? { securitySchemes: { [API_KEY_SCHEME]: { type: 'apiKey', in: 'query', name: apiKeyQueryParameter, description: 'API key, free on request (see the API pages)' } } }
        : {}),
    },
  };
}

export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ operationId: z.string() }))),
});

export const openApiEndpoint = defineEndpoint({
  id: 'getOpenApiDocument',
  method: 'GET',
  path: '/mapviewer/api/openapi.json',
  tag: 'Service',
  summary: 'This document: every call of the data service, generated from its contracts, or one API of the explorer',
  description: 'Without `api`, the whole service; with `api`, the calls of that API as the explorer (/api/swaggerui?api=…) shows them.',
  query: z.strictObject({
    api: apiDocumentParamSchema.optional().describe('One API document: f2_api, f1_non_texture_api, mod_kcke_f2_layer_api or download_api (also written `download api`)'),
    timestamp: timestampParamSchema,
  }),
  example: { query: { api: 'download_api' } },
  response: { contentType: 'application/json', description: 'OpenAPI 3.1', schema: openApiDocumentSchema },
});
