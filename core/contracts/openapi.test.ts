import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_DOCUMENT_IDS, API_DOCUMENTS, API_KEY_QUERY_PARAMETER, apiDocumentEndpoints } from './apiDocuments';
import { defineEndpoint } from './endpoint';
import { API_ENDPOINTS } from './endpoints';
import { buildOpenApiDocument, type OpenApiInfo } from './openapi';

type Json = Record<string, unknown>;

const INFO: OpenApiInfo = { title: 'service', version: 'test', description: 'service' };

/** The whole service and each API document of the explorer, as the server builds them. */
const DOCUMENTS: Array<[string, Json]> = [
  ['whole service', buildOpenApiDocument(API_ENDPOINTS, INFO)],
  ...API_DOCUMENT_IDS.map((id): [string, Json] => [
    id,
    buildOpenApiDocument(apiDocumentEndpoints(id, API_ENDPOINTS), INFO, API_DOCUMENTS[id].apiKey ? { apiKeyQueryParameter: API_KEY_QUERY_PARAMETER } : {}),
  ]),
];

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A validator for a schema of the document, as the linters read it: zod's own reading of the JSON Schema
 * (z.fromJSONSchema), with the document's components as `$defs` so that `#/components/schemas/…` resolves.
 */
function documentSchemaValidator(document: Json, schema: unknown): z.ZodType {
  const toDefs = (value: unknown): Json => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as Json;
  const components = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  return z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(components) } as z.core.JSONSchema.JSONSchema);
}

const SUBSCHEMA_KEYWORDS = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
const SUBSCHEMA_LIST_KEYWORDS = ['prefixItems', 'anyOf', 'oneOf', 'allOf'];
const SUBSCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/** Every schema inside `schema`, itself included, with its JSON pointer (keyword positions only, never data). */
function* subschemas(schema: unknown, pointer: string): Generator<[Json, string]> {
  if (!isObject(schema)) return;
  yield [schema, pointer];
  for (const keyword of SUBSCHEMA_KEYWORDS) yield* subschemas(schema[keyword], `${pointer}/${keyword}`);
  for (const keyword of SUBSCHEMA_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const [index, child] of list.entries()) yield* subschemas(child, `${pointer}/${keyword}/${index}`);
  }
  for (const keyword of SUBSCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isObject(map)) for (const [name, child] of Object.entries(map)) yield* subschemas(child, `${pointer}/${keyword}/${name}`);
  }
}

interface SchemaUse {
  /** JSON pointer of the object that holds the schema (a parameter, a media type, a component). */
  pointer: string;
  schema: Json;
  /** The examples given beside the schema: `example`, and the values of `examples`. */
  examples: Array<[string, unknown]>;
}

/** Where the document puts schemas: parameters, request bodies and responses of every operation, and components. */
function schemaUses(document: Json): SchemaUse[] {
  const uses: SchemaUse[] = [];
  const add = (holder: unknown, pointer: string): void => {
    if (!isObject(holder) || !isObject(holder.schema)) return;
    const examples: Array<[string, unknown]> = 'example' in holder ? [['example', holder.example]] : [];
    if (isObject(holder.examples)) {
      for (const [name, example] of Object.entries(holder.examples)) examples.push([`examples/${name}`, isObject(example) ? example.value : example]);
    }
    uses.push({ pointer, schema: holder.schema, examples });
  };
  const addContent = (content: unknown, pointer: string): void => {
    if (isObject(content)) for (const [mediaType, media] of Object.entries(content)) add(media, `${pointer}/content/${mediaType}`);
  };
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (!isObject(operation)) continue;
      const at = `#/paths/${path}/${method}`;
      for (const [index, parameter] of ((operation.parameters ?? []) as unknown[]).entries()) add(parameter, `${at}/parameters/${index}`);
      if (isObject(operation.requestBody)) addContent(operation.requestBody.content, `${at}/requestBody`);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
        if (isObject(response)) addContent(response.content, `${at}/responses/${status}`);
      }
    }
  }
  const components = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  for (const [name, schema] of Object.entries(components)) uses.push({ pointer: `#/components/schemas/${name}`, schema: schema as Json, examples: [] });
  return uses;
}

/** Every example, default and schema-level `examples` value of the document that its own schema rejects. */
function invalidExamples(document: Json): string[] {
  const problems: string[] = [];
  const check = (schema: Json, value: unknown, where: string): void => {
    const result = documentSchemaValidator(document, schema).safeParse(value);
    if (!result.success) problems.push(`${where}: ${JSON.stringify(value)}: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  };
  for (const { pointer, schema, examples } of schemaUses(document)) {
    for (const [name, value] of examples) check(schema, value, `${pointer}/${name}`);
    for (const [subschema, at] of subschemas(schema, `${pointer}/schema`)) {
      if ('default' in subschema) check(subschema, subschema.default, `${at}/default`);
      if (Array.isArray(subschema.examples)) for (const [index, value] of subschema.examples.entries()) check(subschema, value, `${at}/examples/${index}`);
    }
  }
  return problems;
}

function countExamples(document: Json): number {
  return schemaUses(document).reduce((count, use) => count + use.examples.length, 0);
}

const tupleEndpoint = defineEndpoint({
  id: 'tupleCall',
  method: 'POST',
  path: '/tuples',
  tag: 'Test',
  summary: 'A call with tuples',
  description: 'Takes a position and a labelled count.',
  query: z.strictObject({
    limit: z.coerce.number().int().min(1),
    exact: z.enum(['true', 'false']).optional(),
    // A missing q is checked like an empty one, so it gets the "at least 2 characters" message.
    q: z.string().min(2, { error: 'at least 2 characters' }).prefault(''),
  }),
  body: z.strictObject({
    position: z.tuple([z.number(), z.number()]),
    labelled: z.tuple([z.string(), z.number().int()]),
    open: z.tuple([z.string()]).rest(z.number()),
  }),
  example: { query: { limit: '5', q: 'Sha Tin' }, body: { position: [114.17, 22.32], labelled: ['count', 3], open: ['x', 1, 2] } },
  response: { contentType: 'application/json', description: 'The same', schema: z.strictObject({ bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]) }) },
});

function tupleDocument(): Json {
  return buildOpenApiDocument([tupleEndpoint], INFO);
}

function operationOf(document: Json): Json {
  return ((document.paths as Json)['/tuples'] as Json).post as Json;
}

function bodySchema(document: Json): Json {
  return ((((operationOf(document).requestBody as Json).content as Json)['application/json'] as Json).schema as Json).properties as Json;
}

describe('buildOpenApiDocument', () => {
  it('gives a closed tuple `items` (the types its positions allow) and keeps it closed with maxItems', () => {
    const document = tupleDocument();
    const { position, labelled, open } = bodySchema(document) as Record<string, Json>;
    expect(position).toEqual({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: { type: 'number' }, minItems: 2, maxItems: 2 });
    expect(labelled.items).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) }] });
    expect(labelled).toMatchObject({ minItems: 2, maxItems: 2 });
    // A tuple with a rest element keeps zod's `items` (the rest) and no upper bound.
    expect(open.items).toEqual({ type: 'number' });
    expect(open.maxItems).toBeUndefined();
    // The same arrays as the contract: right length and types pass, a longer, shorter or reordered one does not.
    const labelledCheck = documentSchemaValidator(document, labelled);
    expect(labelledCheck.safeParse(['count', 3]).success).toBe(true);
    for (const wrong of [['count', 3, 4], ['count'], [3, 'count']]) expect(labelledCheck.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    expect(documentSchemaValidator(document, open).safeParse(['x', 1, 2, 3]).success).toBe(true);
  });

  it('writes parameter examples as the values their schemas describe (the contract gives the text a client sends)', () => {
    const parameters = operationOf(tupleDocument()).parameters as Json[];
    expect(parameters.find((parameter) => parameter.name === 'limit')?.example).toBe(5);
    expect(parameters.find((parameter) => parameter.name === 'q')?.example).toBe('Sha Tin');
  });

  it('shows a field whose prefault its own checks reject as required, without that default', () => {
    const parameters = operationOf(tupleDocument()).parameters as Json[];
    const q = parameters.find((parameter) => parameter.name === 'q')!;
    expect(q.required).toBe(true);
    expect(q.schema).not.toHaveProperty('default');
    expect(parameters.find((parameter) => parameter.name === 'exact')?.required).toBe(false);
  });

  it('names the contact it is given and says calls are open unless an operation asks for a key', () => {
    const document = buildOpenApiDocument([tupleEndpoint], { ...INFO, contact: { email: 'maps@example.org' } });
    expect((document.info as Json).contact).toEqual({ email: 'maps@example.org' });
    expect(document.security).toEqual([]);
  });

  it('the example check itself rejects what the linters reject: a number given as text, a default its schema refuses', () => {
    const document = tupleDocument();
    const broken = structuredClone(document);
    const parameters = operationOf(broken).parameters as Json[];
    parameters.find((parameter) => parameter.name === 'limit')!.example = '5';
    ((parameters.find((parameter) => parameter.name === 'q')!.schema as Json).default = '');
    const problems = invalidExamples(broken);
    expect(problems.some((problem) => problem.includes('/parameters/0/example'))).toBe(true);
    expect(problems.some((problem) => problem.includes('/parameters/2/schema/default'))).toBe(true);
    expect(invalidExamples(document)).toEqual([]);
  });

  describe.each(DOCUMENTS)('%s', (_name, document) => {
    it('every example, default and schema example validates against its own schema', () => {
      expect(invalidExamples(document)).toEqual([]);
    });

    it('every array schema says what its elements are (`items`), tuples included', () => {
      const untyped: string[] = [];
      for (const { pointer, schema } of schemaUses(document)) {
        for (const [subschema, at] of subschemas(schema, `${pointer}/schema`)) {
          const types = [subschema.type].flat();
          if (types.includes('array') && !isObject(subschema.items)) untyped.push(at);
        }
      }
      expect(untyped).toEqual([]);
    });
  });

  it('has examples to check: every call with parameters or a body shows one', () => {
    expect(countExamples(DOCUMENTS[0][1])).toBeGreaterThan(API_ENDPOINTS.filter((endpoint) => endpoint.example).length);
  });
});
