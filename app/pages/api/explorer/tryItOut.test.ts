import { describe, expect, it } from 'vitest';
import type { ExplorerOperation } from './openApiModel';
import { buildRequest, curlCommand, DEVELOPMENT_EXAMPLE_KEY, initialBody, initialValues, validateForm } from './tryItOut';

function operation(overrides: Partial<ExplorerOperation>): ExplorerOperation {
  return { id: 'op', method: 'GET', path: '/mapviewer/api/thing', tag: 'Things', summary: '', parameters: [], responses: [{ status: '200', description: 'OK', contentType: 'application/json' }], ...overrides };
}

const TILE = operation({
  path: '/mapviewer/api/tiles/{style}/{name}.png',
  parameters: [
    { name: 'style', in: 'path', required: true, schema: { type: 'string', enum: ['dark', 'grey'] }, example: 'dark' },
    { name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z /]+$' } },
    { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } },
    { name: 'layer', in: 'query', required: false, schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
    { name: 'q', in: 'query', required: false, schema: { type: 'string' } },
  ],
});

describe('initial values', () => {
  it('prefills from the examples and single allowed values, and the API key with the development key', () => {
    const download = operation({
      apiKeyParameter: 'key',
      parameters: [
        { name: 'service', in: 'query', required: true, schema: { const: 'WFS' } },
        { name: 'format', in: 'query', required: true, schema: { enum: ['OBJ', 'GLTF'] }, example: 'OBJ' },
        { name: 'key', in: 'query', required: false, schema: { type: 'string' } },
      ],
    });
    expect(initialValues(download)).toEqual({ service: 'WFS', format: 'OBJ', key: DEVELOPMENT_EXAMPLE_KEY });
    expect(initialBody(operation({ method: 'POST', requestBody: { contentType: 'application/json', schema: {}, example: [[114, 22]] } }))).toBe('[\n  [\n    114,\n    22\n  ]\n]');
  });
});

describe('buildRequest', () => {
  it('substitutes and encodes path parameters, repeats array values and leaves empty ones out', () => {
    const request = buildRequest(TILE, { style: 'dark', name: 'a b/c', limit: '', layer: 'a\n\n b \nb', q: 'Sha Tin & co' }, '');
    expect(request).toEqual({ method: 'GET', url: '/mapviewer/api/tiles/dark/a%20b%2Fc.png?layer=a&layer=b&layer=b&q=Sha+Tin+%26+co', headers: {} });
  });

  it('sends the body of a POST as typed, with its content type', () => {
    const post = operation({ method: 'POST', requestBody: { contentType: 'application/json', schema: {} } });
    expect(buildRequest(post, {}, '[1]')).toEqual({ method: 'POST', url: '/mapviewer/api/thing', headers: { 'content-type': 'application/json' }, body: '[1]' });
  });

  it('writes the same request as a curl command, quoting for the shell', () => {
    const post = operation({ method: 'POST', requestBody: { contentType: 'application/json', schema: {} } });
    expect(curlCommand(buildRequest(post, {}, `{"name":"it's"}`), 'http://127.0.0.1:8303')).toBe(
      `curl -X POST 'http://127.0.0.1:8303/mapviewer/api/thing' -H 'content-type: application/json' --data-raw '{"name":"it'\\''s"}'`,
    );
  });
});

describe('validateForm', () => {
  it('accepts a valid form', () => {
    expect(validateForm(TILE, { style: 'grey', name: 'abc', limit: '5', layer: 'a', q: '' }, '')).toEqual([]);
  });

  it('names the field of each problem: required, enum, pattern, number bounds, repeated values', () => {
    expect(validateForm(TILE, { style: '', name: 'ABC', limit: '0', layer: 'a\nc', q: '' }, '')).toEqual([
      { field: 'style', kind: 'required' },
      { field: 'name', kind: 'pattern', pattern: '^[a-z /]+$' },
      { field: 'limit', kind: 'minimum', limit: 1 },
      { field: 'layer', kind: 'enum', values: ['a', 'b'] },
    ]);
    expect(validateForm(TILE, { style: 'blue', name: 'a', limit: '2.5', layer: '', q: '' }, '')).toEqual([
      { field: 'style', kind: 'enum', values: ['dark', 'grey'] },
      { field: 'limit', kind: 'integer' },
    ]);
    expect(validateForm(TILE, { style: 'dark', name: 'a', limit: 'many', layer: '', q: '' }, '')).toEqual([{ field: 'limit', kind: 'number' }]);
    expect(validateForm(TILE, { style: 'dark', name: 'a', limit: '51', layer: '', q: '' }, '')).toEqual([{ field: 'limit', kind: 'maximum', limit: 50 }]);
  });

  it('checks string lengths and the JSON body', () => {
    const post = operation({
      method: 'POST',
      parameters: [{ name: 'q', in: 'query', required: false, schema: { type: 'string', minLength: 2, maxLength: 3 } }],
      requestBody: { contentType: 'application/json', schema: {} },
    });
    expect(validateForm(post, { q: 'a' }, '')).toEqual([
      { field: 'q', kind: 'minLength', limit: 2 },
      { field: 'body', kind: 'required' },
    ]);
    const [lengthIssue, bodyIssue] = validateForm(post, { q: 'abcd' }, '{"a":');
    expect(lengthIssue).toEqual({ field: 'q', kind: 'maxLength', limit: 3 });
    expect(bodyIssue).toMatchObject({ field: 'body', kind: 'json' });
  });

  it('leaves a pattern the browser cannot compile to the server', () => {
    const odd = operation({ parameters: [{ name: 'x', in: 'query', required: true, schema: { type: 'string', pattern: '(?<=' } }] });
    expect(validateForm(odd, { x: 'anything' }, '')).toEqual([]);
  });
});
