import type { z } from 'zod';

/**
 * One call of the data service, described once: the server registers and validates it from this, the OpenAPI
 * document is generated from it, and the property-based tests use its schemas as the oracle of what is valid.
 * Every check the server makes on input belongs in these schemas (refinements included), so that "the schema
 * accepts it" and "the server answers 2xx" mean the same thing.
 */
export interface EndpointContract {
  /** Unique operation id, camelCase (OpenAPI operationId). */
  id: string;
  method: 'GET' | 'POST';
  /** OpenAPI path template, e.g. `/mapviewer/gm/rest/service/xy/utm/{zone}/{easting}/{northing}`. */
  path: string;
  /**
   * The Fastify route when the template cannot be written with `{name}` segments alone (a literal `:` inside a
   * segment, a repeated name); default: the template with `{name}` turned into `:name`.
   */
  routePath?: string;
  /** Group in the API explorer. */
  tag: string;
  summary: string;
  description?: string;
  /** Path parameters as strings; a strict object whose keys are the template's names. */
  params?: z.ZodType;
  /** Query string (values arrive as strings); a strict object, so unknown parameters are a 400. */
  query?: z.ZodType;
  /** JSON body of a POST. */
  body?: z.ZodType;
  /** Largest accepted body in bytes, when smaller than the server's 1 MiB default. */
  bodyLimit?: number;
  response: {
    /** 200 unless stated (204 for answers without a body). */
    status?: 200 | 204;
    /** e.g. `application/json`, `application/geo+json`, `image/png`. */
    contentType: string;
    description: string;
    /** The JSON answer; absent for binary answers and 204. */
    schema?: z.ZodType;
    /** Other media types the same call answers with, chosen by its parameters (an OGC service's XML documents). */
    alternatives?: ReadonlyArray<{ contentType: string; description: string }>;
  };
  /**
   * How a request the schemas reject is answered when it is not the JSON error body (an OGC service answers an
   * exception report); the server registers the endpoint with a matching `onInvalidQuery`.
   */
  errorResponse?: { contentType: string; description: string };
  /**
   * A valid request (path params and query as the strings a client sends, body as JSON). Required when the call
   * has path params, a body or required query parameters: the API explorer shows it and the property-based
   * tests mutate it into bad requests.
   */
  example?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  /** Other documented statuses besides 400 (always possible), e.g. 404 for a tile outside the grid. */
  otherResponses?: Partial<Record<401 | 404 | 501 | 503, string>>;
}

/** Types an endpoint contract while keeping its literal schema types for the handler. */
export function defineEndpoint<const Endpoint extends EndpointContract>(endpoint: Endpoint): Endpoint {
  return endpoint;
}

/** The Fastify path of an endpoint: its own `routePath`, else the template with `{name}` as `:name`. */
export function endpointRoutePath(endpoint: EndpointContract): string {
  return endpoint.routePath ?? endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}
