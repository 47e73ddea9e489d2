/**
 * Reads an OpenAPI 3.1 document, as the data service generates it from the endpoint contracts
 * (core/contracts/openapi.ts), into what the explorer shows: operations grouped by tag, their parameters,
 * request body and responses, with `$ref`s to the document's components resolved. Pure; no React.
 */

/** A JSON Schema object (draft 2020-12, as zod writes it). */
export type JsonSchema = Record<string, unknown>;

export type ParameterLocation = 'path' | 'query';

export interface ExplorerParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: string;
}

export interface ExplorerResponse {
  status: string;
  description: string;
  contentType?: string;
  schema?: JsonSchema;
}

export interface ExplorerOperation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  parameters: ExplorerParameter[];
  requestBody?: { contentType: string; schema: JsonSchema; example?: unknown };
  responses: ExplorerResponse[];
  /** The query parameter that carries an API key, from the operation's apiKey security requirement. */
  apiKeyParameter?: string;
}

export interface ExplorerDocument {
  title: string;
  description: string;
  version: string;
  tags: Array<{ name: string; operations: ExplorerOperation[] }>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A document the explorer cannot read (not OpenAPI 3.1, or missing what it needs). */
export class OpenApiDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiDocumentError';
  }
}

/**
 * Replaces `{"$ref": "#/…"}` by what it points to, within `root`. A reference met again inside itself (a
 * recursive schema) is left as is, so the schema view shows its name instead of recursing forever.
 */
export function resolveReferences(value: unknown, root: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveReferences(item, root, seen));
  if (!isObject(value)) return value;
  const reference = value.$ref;
  if (typeof reference === 'string' && reference.startsWith('#/') && !seen.includes(reference)) {
    const target = reference
      .slice(2)
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, segment) => (isObject(node) && Object.hasOwn(node, segment) ? node[segment] : undefined), root);
    if (target !== undefined) {
      const { $ref: _reference, ...siblings } = value;
      return resolveReferences({ ...(target as object), ...siblings }, root, [...seen, reference]);
    }
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveReferences(item, root, seen)]));
}

function readParameter(raw: unknown, where: string): ExplorerParameter {
  if (!isObject(raw) || typeof raw.name !== 'string' || (raw.in !== 'path' && raw.in !== 'query')) {
    throw new OpenApiDocumentError(`${where}: a parameter needs a name and in: path or query`);
  }
  return {
    name: raw.name,
    in: raw.in,
    required: raw.required === true,
    ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
    schema: isObject(raw.schema) ? raw.schema : {},
    ...(raw.example !== undefined ? { example: String(raw.example) } : {}),
  };
}

function readResponses(raw: unknown): ExplorerResponse[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([status, response]) => {
    const entry = isObject(response) ? response : {};
    const content = isObject(entry.content) ? Object.entries(entry.content)[0] : undefined;
    return {
      status,
      description: typeof entry.description === 'string' ? entry.description : '',
      ...(content ? { contentType: content[0] } : {}),
      ...(content && isObject(content[1]) && isObject(content[1].schema) ? { schema: content[1].schema } : {}),
    };
  });
}

function apiKeyParameterOf(operation: Record<string, unknown>, document: Record<string, unknown>): string | undefined {
  const requirements = Array.isArray(operation.security) ? operation.security : [];
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  for (const requirement of requirements) {
    for (const name of isObject(requirement) ? Object.keys(requirement) : []) {
      const scheme = schemes[name];
      if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'query' && typeof scheme.name === 'string') return scheme.name;
    }
  }
  return undefined;
}

/** Reads a document; throws {@link OpenApiDocumentError} naming what is missing. */
export function readOpenApiDocument(raw: unknown): ExplorerDocument {
  if (!isObject(raw) || typeof raw.openapi !== 'string' || !raw.openapi.startsWith('3.1')) {
    throw new OpenApiDocumentError('not an OpenAPI 3.1 document');
  }
  const document = resolveReferences(raw, raw) as Record<string, unknown>;
  const info = isObject(document.info) ? document.info : {};
  if (!isObject(document.paths)) throw new OpenApiDocumentError('the document has no paths');

  const operations: ExplorerOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? Object.entries(operation.requestBody.content)[0] : undefined;
      const bodyMedia = body && isObject(body[1]) ? body[1] : undefined;
      operations.push({
        id: typeof operation.operationId === 'string' ? operation.operationId : where,
        method: method.toUpperCase(),
        path,
        tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : '',
        summary: typeof operation.summary === 'string' ? operation.summary : '',
        ...(typeof operation.description === 'string' ? { description: operation.description } : {}),
        parameters: (Array.isArray(operation.parameters) ? operation.parameters : []).map((parameter) => readParameter(parameter, where)),
        ...(body && bodyMedia
          ? { requestBody: { contentType: body[0], schema: isObject(bodyMedia.schema) ? bodyMedia.schema : {}, ...(bodyMedia.example !== undefined ? { example: bodyMedia.example } : {}) } }
          : {}),
        responses: readResponses(operation.responses),
        ...(apiKeyParameterOf(operation, raw) ? { apiKeyParameter: apiKeyParameterOf(operation, raw) } : {}),
      });
    }
  }

  // Tags in the document's order, then any an operation names that the list lacks.
  const declared = Array.isArray(document.tags) ? document.tags.flatMap((tag) => (isObject(tag) && typeof tag.name === 'string' ? [tag.name] : [])) : [];
  const names = [...new Set([...declared, ...operations.map((operation) => operation.tag)])];
  return {
    title: typeof info.title === 'string' ? info.title : '',
    description: typeof info.description === 'string' ? info.description : '',
    version: typeof info.version === 'string' ? info.version : '',
    tags: names.map((name) => ({ name, operations: operations.filter((operation) => operation.tag === name) })).filter((tag) => tag.operations.length > 0),
  };
}

/** One fact about a schema the schema view shows beside its type. */
export type SchemaFact =
  | { kind: 'enum'; values: string[] }
  | { kind: 'pattern'; value: string }
  | { kind: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems'; value: number }
  | { kind: 'default' | 'format'; value: string };

const NUMERIC_FACTS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** The allowed values of a schema (`enum`, or a `const` as its only value), or undefined. */
export function allowedValues(schema: JsonSchema): string[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (schema.const !== undefined) return [String(schema.const)];
  return undefined;
}

/** Constraints of a schema, in a fixed order, for display. */
export function schemaFacts(schema: JsonSchema): SchemaFact[] {
  const facts: SchemaFact[] = [];
  const values = allowedValues(schema);
  if (values) facts.push({ kind: 'enum', values });
  if (typeof schema.format === 'string') facts.push({ kind: 'format', value: schema.format });
  if (typeof schema.pattern === 'string') facts.push({ kind: 'pattern', value: schema.pattern });
  for (const kind of NUMERIC_FACTS) {
    const value = schema[kind];
    if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER) facts.push({ kind, value });
  }
  if (schema.default !== undefined) facts.push({ kind: 'default', value: JSON.stringify(schema.default) });
  return facts;
}

/**
 * A short type name: `string`, `integer`, `array<number>`, `object`, `string | null`, `A | B` for unions,
 * `[number, number]` for tuples, the referenced name for an unresolved recursive `$ref`.
 */
export function schemaTypeLabel(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? schema.$ref;
  const alternatives = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.map((alternative) => schemaTypeLabel(alternative)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') {
    if (Array.isArray(schema.prefixItems)) return `[${(schema.prefixItems as JsonSchema[]).map((item) => schemaTypeLabel(item)).join(', ')}]`;
    return isObject(schema.items) ? `array<${schemaTypeLabel(schema.items)}>` : 'array';
  }
  if (typeof schema.type === 'string') return schema.type;
  if (schema.const !== undefined) return typeof schema.const;
  if (Array.isArray(schema.enum)) return 'enum';
  return 'any';
}

/** Named children of a schema the view expands: object properties, array items, union members. */
export function schemaChildren(schema: JsonSchema): Array<{ name: string; schema: JsonSchema; required: boolean }> {
  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    return Object.entries(schema.properties).flatMap(([name, property]) => (isObject(property) ? [{ name, schema: property, required: required.has(name) }] : []));
  }
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (alternatives) return alternatives.flatMap((alternative, index) => (isObject(alternative) && expandable(alternative) ? [{ name: `#${index + 1}`, schema: alternative, required: false }] : []));
  if (schema.type === 'array') {
    if (Array.isArray(schema.prefixItems)) return schema.prefixItems.flatMap((item, index) => (isObject(item) && expandable(item) ? [{ name: `[${index}]`, schema: item, required: true }] : []));
    if (isObject(schema.items) && expandable(schema.items)) return [{ name: '[]', schema: schema.items, required: false }];
  }
  if (isObject(schema.additionalProperties) && expandable(schema.additionalProperties)) return [{ name: '*', schema: schema.additionalProperties, required: false }];
  return [];
}

function expandable(schema: JsonSchema): boolean {
  return schemaChildren(schema).length > 0;
}
