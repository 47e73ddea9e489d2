import { describe, expect, it } from 'vitest';
import { downloadFileName, readResponse } from './responseBody';

describe('readResponse', () => {
  it('pretty-prints JSON and picks the message of an error body', async () => {
    const ok = await readResponse(new Response('{"a":[1,2]}', { headers: { 'content-type': 'application/geo+json; charset=utf-8' } }), '/x');
    expect(ok).toMatchObject({ status: 200, ok: true, contentType: 'application/geo+json; charset=utf-8', body: { kind: 'json', text: '{\n  "a": [\n    1,\n    2\n  ]\n}' } });
    const denied = await readResponse(
      new Response('{"error":"Unauthorized","message":"Access Denied"}', { status: 401, headers: { 'content-type': 'application/json' } }),
      '/x',
    );
    expect(denied).toMatchObject({ status: 401, ok: false, errorMessage: 'Access Denied', body: { kind: 'json' } });
  });

  it('shows XML and text as text, a broken JSON body as text', async () => {
    expect((await readResponse(new Response('<a/>', { headers: { 'content-type': 'application/xml' } }), '/x')).body).toEqual({ kind: 'text', text: '<a/>' });
    expect((await readResponse(new Response('{oops', { headers: { 'content-type': 'application/json' } }), '/x')).body).toEqual({ kind: 'text', text: '{oops' });
  });

  it('keeps images and binaries as blobs, naming the download', async () => {
    const image = await readResponse(new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } }), '/t.png');
    expect(image.body.kind).toBe('image');
    const zip = await readResponse(new Response(new Uint8Array(10), { headers: { 'content-type': 'application/zip', 'content-length': '10' } }), '/mapviewer/api/3d-zip/OBJ/11-SW-4D.zip?key=k');
    expect(zip).toMatchObject({ contentLength: '10', body: { kind: 'binary', fileName: '11-SW-4D.zip' } });
    expect(zip.body.kind === 'binary' && zip.body.blob.size).toBe(10);
  });

  it('has no body for 204 or an empty answer', async () => {
    expect((await readResponse(new Response(null, { status: 204 }), '/x')).body).toEqual({ kind: 'empty' });
    expect((await readResponse(new Response('', { headers: { 'content-type': 'application/octet-stream' } }), '/x')).body).toEqual({ kind: 'empty' });
  });
});

describe('downloadFileName', () => {
  it('prefers Content-Disposition, else the last path segment', () => {
    expect(downloadFileName('attachment; filename="MTR-ADM.geojson"', '/a/b')).toBe('MTR-ADM.geojson');
    expect(downloadFileName(`attachment; filename*=UTF-8''%E6%B8%AF.zip`, '/a/b')).toBe('港.zip');
    expect(downloadFileName(null, '/mapviewer/api/3d-zip?format=OBJ')).toBe('3d-zip');
  });
});
