import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, apiDocumentEndpoints, buildOpenApiDocument, API_KEY_QUERY_PARAMETER } from '../../../../core/contracts';
import { OpenApiDocumentError, readOpenApiDocument, resolveReferences, schemaChildren, schemaFacts, schemaTypeLabel } from './openApiModel';

const INFO = { title: 'Layers', version: '1.2.3', description: 'The layer API' };

describe('readOpenApiDocument', () => {
  const document = readOpenApiDocument(buildOpenApiDocument(apiDocumentEndpoints('mod_kcke_f2_layer_api', API_ENDPOINTS), INFO));
  const operation = (id: string) => document.tags.flatMap((tag) => tag.operations).find((candidate) => candidate.id === id)!;

  it('groups the operations by tag, in the document’s tag order', () => {
    expect(document).toMatchObject({ title: 'Layers', version: '1.2.3', description: 'The layer API' });
    expect(document.tags[0].name).toBe('Realtime feeds');
    expect(document.tags[0].operations.map((candidate) => candidate.id)).toContain('getRealtimeTemperature');
    const all = document.tags.flatMap((tag) => tag.operations);
    expect(all).toHaveLength(apiDocumentEndpoints('mod_kcke_f2_layer_api', API_ENDPOINTS).length);
    for (const tag of document.tags) for (const item of tag.operations) expect(item.tag).toBe(tag.name);
  });

  it('reads parameters with their schema and example, the body with its example, and the responses', () => {
    const utm = operation('getUtmGridSquare');
    expect(utm).toMatchObject({ method: 'GET', path: '/mapviewer/gm/rest/service/xy/utm/{zone}/{easting}/{northing}' });
    expect(utm.parameters.find((parameter) => parameter.name === 'zone')).toEqual({ name: 'zone', in: 'path', required: true, schema: { type: 'string', enum: ['49_Q', '50_Q'] }, example: '50_Q' });
    const heights = operation('getTerrainHeights');
    expect(heights.requestBody?.contentType).toBe('application/json');
    expect(heights.requestBody?.example).toBeDefined();
    const bad = utm.responses.find((response) => response.status === '400')!;
    // The shared error body's $ref is resolved for display.
    expect(bad.schema?.type).toBe('object');
    expect(Object.keys(bad.schema?.properties as object)).toEqual(expect.arrayContaining(['error', 'message']));
    expect(utm.apiKeyParameter).toBeUndefined();
  });

  it('finds the API key parameter from the operation’s apiKey security requirement', () => {
    const download = readOpenApiDocument(buildOpenApiDocument(apiDocumentEndpoints('download_api', API_ENDPOINTS), INFO, { apiKeyQueryParameter: API_KEY_QUERY_PARAMETER }));
    for (const item of download.tags.flatMap((tag) => tag.operations)) expect(item.apiKeyParameter).toBe('key');
  });

  it('refuses what is not an OpenAPI 3.1 document, saying why', () => {
    expect(() => readOpenApiDocument({ swagger: '2.0' })).toThrow(OpenApiDocumentError);
    expect(() => readOpenApiDocument({ openapi: '3.1.0' })).toThrow('no paths');
    expect(() => readOpenApiDocument({ openapi: '3.1.0', paths: { '/x': { get: { parameters: [{ in: 'header' }] } } } })).toThrow('GET /x');
  });
});

describe('resolveReferences', () => {
  it('replaces local references and leaves a recursive one as a reference', () => {
    const root = { components: { schemas: { Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' } } } } } };
    const resolved = resolveReferences({ $ref: '#/components/schemas/Node' }, root) as { type: string; properties: { child: unknown } };
    expect(resolved.type).toBe('object');
    expect(resolved.properties.child).toEqual({ $ref: '#/components/schemas/Node' });
    expect(resolveReferences({ $ref: '#/components/schemas/Missing' }, root)).toEqual({ $ref: '#/components/schemas/Missing' });
  });
});

describe('schema rendering helpers', () => {
  it('labels types, unions, arrays and tuples', () => {
    expect(schemaTypeLabel({ type: 'string' })).toBe('string');
    expect(schemaTypeLabel({ type: 'array', items: { type: 'number' } })).toBe('array<number>');
    expect(schemaTypeLabel({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] })).toBe('[number, number]');
    expect(schemaTypeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(schemaTypeLabel({ const: 'WFS' })).toBe('string');
    expect(schemaTypeLabel({ $ref: '#/components/schemas/Node' })).toBe('Node');
    expect(schemaTypeLabel({})).toBe('any');
  });

  it('lists enum, pattern, bounds and default as facts; a const is a one-value enum', () => {
    expect(schemaFacts({ type: 'integer', minimum: 1, maximum: 50, default: 10 })).toEqual([
      { kind: 'minimum', value: 1 },
      { kind: 'maximum', value: 50 },
      { kind: 'default', value: '10' },
    ]);
    expect(schemaFacts({ type: 'string', pattern: '^\\d+$', maxLength: 7 })).toEqual([
      { kind: 'pattern', value: '^\\d+$' },
      { kind: 'maxLength', value: 7 },
    ]);
    expect(schemaFacts({ const: 'WFS' })).toEqual([{ kind: 'enum', values: ['WFS'] }]);
    // zod writes unbounded integers as ±MAX_SAFE_INTEGER: no fact, it says nothing.
    expect(schemaFacts({ type: 'integer', minimum: -9007199254740991 })).toEqual([]);
  });

  it('expands object properties with their required flag, and array items that are objects', () => {
    const schema = { type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'object', properties: { c: { type: 'number' } } } } } };
    expect(schemaChildren(schema).map(({ name, required }) => [name, required])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(schemaChildren(schema.properties.b).map((child) => child.name)).toEqual(['[]']);
    expect(schemaChildren({ type: 'array', items: { type: 'string' } })).toEqual([]);
  });
});
