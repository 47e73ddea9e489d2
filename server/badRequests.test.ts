/**
 * Property-based test of the whole API surface: for every endpoint contract, at least BAD_REQUESTS_PER_ENDPOINT
 * generated bad requests (mutations of the contract's valid example: junk values, unknown or repeated query
 * parameters, junk path segments, junk or malformed bodies). The contract's own schemas are the oracle: what they
 * reject must be a 400 naming the field (an OGC service: its exception report), what they accept must succeed;
 * nothing may be a 5xx or leak a stack.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, errorBodySchema, type EndpointContract } from '../core/contracts';
import { useTestServer } from './test/server';

const BAD_REQUESTS_PER_ENDPOINT = 1000;

const app = useTestServer();

type QueryValue = string | string[];

interface GeneratedRequest {
  params: Record<string, string>;
  query: Record<string, QueryValue>;
  /** JSON body (POST); `rawBody` wins when set. */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  paramsMutated: boolean;
}

type Mutation = (request: GeneratedRequest) => void;

/** Strings that break naive parsers: empty, numeric edge cases, injection and traversal attempts, control characters. */
const junkString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ minLength: 65, maxLength: 3000 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '1e309',
    '0x1f',
    '1,2',
    '99999999999999999999',
    "'; DROP TABLE places; --",
    "1' OR '1'='1",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '\u0000',
    'ab\u0000cd',
    '%',
    '%_\\',
    'null',
    'undefined',
    '[]',
    '{}',
    'true',
    '__proto__',
  ),
);

/** Parameter names that no contract declares (lower-case letters, so they are never a declared name by accident). */
const unknownName = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/).map((name) => `x_${name}`);

const jsonJunk: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

interface DeclaredParameter {
  name: string;
  /** Values the schema names (enum members, consts) as strings: mixing these in reaches valid neighbours too. */
  known: string[];
}

function declaredParameters(schema: z.ZodType | undefined): DeclaredParameter[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    known: [...((property.enum as unknown[]) ?? []), ...('const' in property ? [property.const] : [])].map(String),
  }));
}

/** Replaces the value at a random path inside a JSON value (or the whole value). */
function replaceAt(value: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  if (entries.length === 0) return replacement;
  const [key, child] = entries[path[0] % entries.length];
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as object) };
  (copy as Record<string | number, unknown>)[key] = replaceAt(child, path.slice(1), replacement);
  return copy;
}

function mutationsFor(endpoint: EndpointContract): fc.Arbitrary<Mutation> {
  const declared = declaredParameters(endpoint.query);
  const queryNames = declared.map((parameter) => parameter.name);
  // Known values of any declared parameter, and the example's values, so mutations also reach valid requests.
  const knownValues = [...new Set([...declared.flatMap((parameter) => parameter.known), ...Object.values(endpoint.example?.query ?? {})])];
  const queryValue = knownValues.length > 0 ? fc.oneof(junkString, fc.constantFrom(...knownValues)) : junkString;
  const paramNames = Object.keys(endpoint.example?.params ?? {});
  const options: fc.Arbitrary<Mutation>[] = [
    fc.tuple(unknownName, junkString).map(([name, value]) => (request) => {
      request.query[name] = value;
    }),
  ];
  if (queryNames.length > 0) {
    const name = fc.constantFrom(...queryNames);
    options.push(
      fc.tuple(name, queryValue).map(([key, value]) => (request) => {
        request.query[key] = value;
      }),
      fc.tuple(name, queryValue, junkString).map(([key, first, second]) => (request) => {
        request.query[key] = [first, second];
      }),
      name.map((key) => (request) => {
        delete request.query[key];
      }),
    );
  }
  if (paramNames.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...paramNames), junkString).map(([key, value]) => (request) => {
        request.params[key] = value;
        request.paramsMutated = true;
      }),
    );
  }
  if (endpoint.body) {
    options.push(
      jsonJunk.map((value) => (request) => {
        request.body = value;
      }),
      fc.tuple(fc.array(fc.nat(), { maxLength: 4 }), jsonJunk).map(([path, value]) => (request) => {
        request.body = replaceAt(request.body, path, value);
      }),
      fc.constantFrom('{', '[1,2', '{"a":}', 'null', '', 'not json', '\u0000').map((raw) => (request) => {
        request.rawBody = raw;
      }),
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded').map((contentType) => (request) => {
        request.contentType = contentType;
      }),
    );
  }
  return fc.oneof(...options);
}

function baseRequest(endpoint: EndpointContract): GeneratedRequest {
  return {
    params: { ...(endpoint.example?.params ?? {}) },
    query: { ...(endpoint.example?.query ?? {}) },
    body: structuredClone(endpoint.example?.body),
    paramsMutated: false,
  };
}

function urlOf(endpoint: EndpointContract, request: GeneratedRequest): string {
  const path = endpoint.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => encodeURIComponent(request.params[name] ?? ''));
  const pairs = Object.entries(request.query).flatMap(([key, value]) =>
    [value].flat().map((item) => `${encodeURIComponent(key)}=${encodeURIComponent(item)}`),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** What the contract says of the request: valid, or the reason it is not. */
function oracle(endpoint: EndpointContract, request: GeneratedRequest): { valid: boolean; badContent: boolean } {
  const paramsValid = !endpoint.params || endpoint.params.safeParse(request.params).success;
  const queryValid = !endpoint.query || endpoint.query.safeParse(request.query).success;
  let bodyValid = true;
  let badContent = false;
  if (endpoint.method === 'POST') {
    if (request.contentType) badContent = true;
    if (request.rawBody !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.rawBody);
      } catch {
        badContent = true;
      }
      bodyValid = !badContent && (!endpoint.body || endpoint.body.safeParse(parsed ?? undefined).success);
    } else {
      bodyValid = !endpoint.body || endpoint.body.safeParse(request.body ?? undefined).success;
    }
  }
  return { valid: paramsValid && queryValid && bodyValid && !badContent, badContent };
}

async function send(endpoint: EndpointContract, request: GeneratedRequest) {
  const url = urlOf(endpoint, request);
  const payload = request.rawBody ?? JSON.stringify(request.body ?? null);
  const response =
    endpoint.method === 'GET'
      ? await app().inject({ method: 'GET', url })
      : await app().inject({ method: 'POST', url, payload, headers: { 'content-type': request.contentType ?? 'application/json' } });
  // Let the event loop turn once: an injected response's body stays reachable until then, and a thousand
  // back-to-back requests for a multi-megabyte feed (the indoor overview is ~3.6 MB) ran the worker out of heap.
  await new Promise((resolve) => setImmediate(resolve));
  return response;
}

const STACK_TRACE = /\n\s+at |\.ts:\d+|node_modules/;

describe.each(API_ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))('%s: bad requests', (_id, endpoint) => {
  it('its example is valid and succeeds', async () => {
    const request = baseRequest(endpoint);
    expect(oracle(endpoint, request).valid).toBe(true);
    const response = await send(endpoint, request);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(endpoint.response.status ?? 200);
  });

  it(`answers ${BAD_REQUESTS_PER_ENDPOINT} generated bad requests with a 4xx naming the problem, never a 5xx`, async () => {
    const documented = new Set([endpoint.response.status ?? 200, ...Object.keys(endpoint.otherResponses ?? {}).map(Number)]);
    let badRequests = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(mutationsFor(endpoint), { minLength: 1, maxLength: 3 }), async (mutations) => {
        const request = baseRequest(endpoint);
        for (const mutate of mutations) mutate(request);
        const { valid, badContent } = oracle(endpoint, request);
        const response = await send(endpoint, request);
        const status = response.statusCode;
        const summary = `${endpoint.method} ${urlOf(endpoint, request).slice(0, 200)} -> ${status} ${response.body.slice(0, 200)}`;
        // WMTS 1.0.0 answers an operation it does not have with OperationNotSupported and HTTP 501 (its table of
        // exception codes); every other bad request is a 4xx.
        const notImplemented = status === 501 && endpoint.otherResponses?.[501] !== undefined && /exceptionCode="OperationNotSupported"/.test(response.body);
        expect(status < 500 || notImplemented, summary).toBe(true);
        if (valid) {
          // A junk path segment may stop the route matching at all (an empty segment); then 404 is right.
          expect(documented.has(status) || (request.paramsMutated && status === 404), summary).toBe(true);
        } else {
          const allowed = [400, ...(badContent ? [415] : []), ...(request.paramsMutated ? [404] : []), ...(notImplemented ? [501] : [])];
          expect(allowed, summary).toContain(status);
          if (endpoint.errorResponse) {
            // An OGC service answers with its exception report (XML), whose text says what was wrong.
            expect(response.headers['content-type'], summary).toContain(endpoint.errorResponse.contentType);
            expect(response.body, summary).toMatch(/<(ows:ExceptionText|ServiceException)\b[^>]*>[^<]+</);
          } else {
            const body = errorBodySchema.parse(response.json());
            expect(body.message.length, summary).toBeGreaterThan(0);
            if (status === 400) expect(body.field, summary).toBeTruthy();
          }
          expect(response.body, summary).not.toMatch(STACK_TRACE);
          badRequests += 1;
        }
        // Only bad requests count towards the runs; good ones were checked above and are skipped.
        fc.pre(!valid);
      }),
      { numRuns: BAD_REQUESTS_PER_ENDPOINT, maxSkipsPerRun: 10 },
    );
    expect(badRequests).toBeGreaterThanOrEqual(BAD_REQUESTS_PER_ENDPOINT);
  }, 120_000);
});
