import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient, HttpError } from './httpClient';

const schema = z.object({ success: z.boolean(), data: z.array(z.number()) });
const respond = (body: string, status = 200) => async () => new Response(body, { status, statusText: status === 200 ? 'OK' : 'Not Found' });

describe('createHttpClient', () => {
  it('parses JSON with the schema', async () => {
    const client = createHttpClient(respond(JSON.stringify({ success: true, data: [1.5] })));
    await expect(client.json('/mapviewer/api/getZ/dtm', schema)).resolves.toEqual({ success: true, data: [1.5] });
  });

  it('names URL and status on a non-2xx answer', async () => {
    const client = createHttpClient(respond('nope', 404));
    const error = await client.json('/x', schema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
    expect((error as HttpError).message).toBe('/x: HTTP 404: Not Found');
  });

  it('names URL and the path of a schema mismatch', async () => {
    const client = createHttpClient(respond(JSON.stringify({ success: true, data: ['a'] })));
    await expect(client.json('/y', schema)).rejects.toThrow(/^\/y: HTTP 200: unexpected response: data\.0: /);
  });

  it('reports invalid JSON and network failures', async () => {
    await expect(createHttpClient(respond('{')).json('/z', schema)).rejects.toThrow('/z: HTTP 200: response is not valid JSON');
    const offline = createHttpClient(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(offline.json('/w', schema)).rejects.toThrow('/w: network error: fetch failed');
  });

  it('sends JSON bodies with a content type', async () => {
    let seen: Headers | undefined;
    const client = createHttpClient(async (_url, init) => {
      seen = new Headers(init?.headers);
      return new Response(JSON.stringify({ success: true, data: [] }));
    });
    await client.json('/p', schema, { method: 'POST', body: JSON.stringify([[114, 22]]) });
    expect(seen?.get('content-type')).toBe('application/json');
  });
});
