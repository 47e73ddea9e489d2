/**
 * "Try it out": the form values of one operation (prefilled from the contract's example), their client-side
 * check against the parameter schemas, and the request they make (URL with substituted and encoded path
 * parameters, query string, JSON body) with its curl equivalent. Pure; the form and the fetch are in
 * TryItOut.tsx.
 */
import { allowedValues, type ExplorerOperation, type ExplorerParameter, type JsonSchema } from './openApiModel';

/** Values by parameter name; an array parameter holds one value per line. */
export type FormValues = Record<string, string>;

/** The key the download API's example uses; seeded only on a development server (server/keys). */
export const DEVELOPMENT_EXAMPLE_KEY = 'hk3d_DEVELOPMENT-EXAMPLE-KEY-0000000000000000000';

/** Whether a parameter repeats (`?name=a&name=b`): an array schema. */
export function isRepeated(parameter: ExplorerParameter): boolean {
  return parameter.schema.type === 'array';
}

/** The form's first values: each parameter's example, else its single allowed value, else empty; the API key parameter gets the development key. */
export function initialValues(operation: ExplorerOperation): FormValues {
  const values: FormValues = {};
  for (const parameter of operation.parameters) {
    const only = allowedValues(parameter.schema);
    values[parameter.name] = parameter.example ?? (only?.length === 1 ? only[0] : '');
    if (parameter.name === operation.apiKeyParameter && values[parameter.name] === '') values[parameter.name] = DEVELOPMENT_EXAMPLE_KEY;
  }
  return values;
}

/** The request body's first text: the example, pretty-printed. */
export function initialBody(operation: ExplorerOperation): string {
  const example = operation.requestBody?.example;
  return example === undefined ? '' : JSON.stringify(example, null, 2);
}

export type ValidationIssue =
  | { field: string; kind: 'required' }
  | { field: string; kind: 'enum'; values: string[] }
  | { field: string; kind: 'pattern'; pattern: string }
  | { field: string; kind: 'integer' | 'number' }
  | { field: string; kind: 'minimum' | 'maximum' | 'minLength' | 'maxLength'; limit: number }
  | { field: string; kind: 'json'; detail: string };

/** The field name of the request body in validation issues. */
export const BODY_FIELD = 'body';

function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    // A pattern this browser cannot compile is left to the server, which checks it with the same schema.
    return true;
  }
}

/** The checks of one value against its schema (the server checks again; these catch the obvious before a round trip). */
function valueIssues(field: string, value: string, schema: JsonSchema): ValidationIssue[] {
  const values = allowedValues(schema);
  if (values) return values.includes(value) ? [] : [{ field, kind: 'enum', values }];
  const issues: ValidationIssue[] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return [{ field, kind: 'number' }];
    if (schema.type === 'integer' && !Number.isInteger(number)) return [{ field, kind: 'integer' }];
    if (typeof schema.minimum === 'number' && number < schema.minimum) issues.push({ field, kind: 'minimum', limit: schema.minimum });
    if (typeof schema.maximum === 'number' && number > schema.maximum) issues.push({ field, kind: 'maximum', limit: schema.maximum });
    return issues;
  }
  if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) issues.push({ field, kind: 'minLength', limit: schema.minLength });
  if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) issues.push({ field, kind: 'maxLength', limit: schema.maxLength });
  if (typeof schema.pattern === 'string' && !patternMatches(schema.pattern, value)) issues.push({ field, kind: 'pattern', pattern: schema.pattern });
  return issues;
}

/** Values of a repeated parameter: one per non-empty line. */
function repeatedValues(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Everything wrong with the form, in parameter order, then the body. Empty when it can be sent. */
export function validateForm(operation: ExplorerOperation, values: FormValues, bodyText: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const parameter of operation.parameters) {
    const text = values[parameter.name] ?? '';
    if (isRepeated(parameter)) {
      const items = repeatedValues(text);
      if (items.length === 0) {
        if (parameter.required) issues.push({ field: parameter.name, kind: 'required' });
        continue;
      }
      const itemSchema = (typeof parameter.schema.items === 'object' && parameter.schema.items !== null ? parameter.schema.items : {}) as JsonSchema;
      for (const item of items) issues.push(...valueIssues(parameter.name, item, itemSchema));
      continue;
    }
    if (text === '') {
      if (parameter.required) issues.push({ field: parameter.name, kind: 'required' });
      continue;
    }
    issues.push(...valueIssues(parameter.name, text, parameter.schema));
  }
  if (operation.requestBody) {
    if (bodyText.trim() === '') issues.push({ field: BODY_FIELD, kind: 'required' });
    else {
      try {
        JSON.parse(bodyText);
      } catch (error) {
        issues.push({ field: BODY_FIELD, kind: 'json', detail: error instanceof Error ? error.message : String(error) });
      }
    }
  }
  return issues;
}

export interface BuiltRequest {
  method: string;
  /** Path and query, same origin (the documents' server is `/`). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request the form makes: path parameters substituted and encoded, query parameters (repeated for arrays, empty ones left out), the body as sent. */
export function buildRequest(operation: ExplorerOperation, values: FormValues, bodyText: string): BuiltRequest {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_template, name: string) => encodeURIComponent(values[name] ?? ''));
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    const text = values[parameter.name] ?? '';
    const items = isRepeated(parameter) ? repeatedValues(text) : text === '' ? [] : [text];
    for (const item of items) query.append(parameter.name, item);
  }
  const search = query.toString();
  const headers: Record<string, string> = operation.requestBody ? { 'content-type': operation.requestBody.contentType } : {};
  return {
    method: operation.method,
    url: search ? `${path}?${search}` : path,
    headers,
    ...(operation.requestBody ? { body: bodyText } : {}),
  };
}

/** A POSIX shell word: single-quoted, with embedded quotes closed and escaped. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The same request as a curl command against `origin`. */
export function curlCommand(request: BuiltRequest, origin: string): string {
  const parts = ['curl', '-X', request.method, shellQuote(origin + request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
