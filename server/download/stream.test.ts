import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileEtag, parseRange, sendDownload, type DownloadFile, type SendDownloadOptions } from './stream';
import { writeSeededFile } from './seededFile';

const FILE_BYTES = 3 * 1024 * 1024 + 12_345;
const folder = mkdtempSync(join(tmpdir(), 'download-stream-'));
const filePath = join(folder, 'non-textured', 'OBJ', '11-SW-4D.zip');
let content: Buffer;
let file: DownloadFile;
let app: FastifyInstance;
let accelApp: FastifyInstance;

function serverFor(options: Partial<SendDownloadOptions>): FastifyInstance {
  const server = Fastify();
  server.get('/file', (request, reply) => sendDownload(request, reply, file, { filename: '11-SW-4D_OBJ_non-textured.zip', ...options }));
  return server;
}

beforeAll(async () => {
  mkdirSync(join(folder, 'non-textured', 'OBJ'), { recursive: true });
  await writeSeededFile(filePath, FILE_BYTES, 'stream-test');
  // A whole second, so Last-Modified (seconds) and the file's time agree exactly.
  utimesSync(filePath, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
  content = readFileSync(filePath);
  const info = statSync(filePath);
  file = { path: filePath, size: info.size, mtimeMs: info.mtimeMs, relativePath: 'non-textured/OBJ/11-SW-4D.zip', root: 'storage' };
  app = serverFor({});
  accelApp = serverFor({ accel: { storagePrefix: '/_protected/storage/', cachePrefix: '/_protected/cache/' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await accelApp.close();
  rmSync(folder, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('parseRange', () => {
  it('reads the three single-range forms and clamps the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
  });

  it('is unsatisfiable past the end or for an empty suffix', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores several ranges, other units and ill-formed headers (whole file)', () => {
    for (const header of ['bytes=0-1,5-9', 'items=0-1', 'bytes=9-1', 'bytes=-', 'bytes=a-b', 'bytes=99999999999999999999-']) {
      expect(parseRange(header, 100), header).toEqual({ kind: 'whole' });
    }
  });
});

describe('sendDownload', () => {
  const etag = () => fileEtag(file.size, file.mtimeMs);

  it('sends the whole file with its validators and attachment headers', async () => {
    const response = await app.inject({ url: '/file' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="11-SW-4D_OBJ_non-textured.zip"');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(FILE_BYTES));
    // nginx's format: hex seconds of the modification time, hex size.
    expect(response.headers.etag).toBe(`"${(Date.parse('2026-11-01T00:00:00Z') / 1000).toString(16)}-${FILE_BYTES.toString(16)}"`);
    expect(response.headers['last-modified']).toBe('Sun, 01 Nov 2026 00:00:00 GMT');
    expect(sha256(response.rawPayload)).toBe(sha256(content));
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const response = await app.inject({ url: '/file', headers: { range: 'bytes=1048570-2097160' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 1048570-2097160/${FILE_BYTES}`);
    expect(response.headers['content-length']).toBe(String(2097160 - 1048570 + 1));
    expect(response.rawPayload.equals(content.subarray(1048570, 2097161))).toBe(true);

    const suffix = await app.inject({ url: '/file', headers: { range: 'bytes=-100' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(content.subarray(FILE_BYTES - 100))).toBe(true);
  });

  it('answers 304 for a matching If-None-Match or an If-Modified-Since not before the file', async () => {
    const byTag = await app.inject({ url: '/file', headers: { 'if-none-match': `"other", ${etag()}` } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag());
    const byDate = await app.inject({ url: '/file', headers: { 'if-modified-since': 'Sun, 01 Nov 2026 00:00:00 GMT' } });
    expect(byDate.statusCode).toBe(304);
    const older = await app.inject({ url: '/file', headers: { 'if-modified-since': 'Sat, 31 Oct 2026 23:59:59 GMT' } });
    expect(older.statusCode).toBe(200);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await app.inject({ url: '/file', headers: { range: `bytes=${FILE_BYTES}-` } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${FILE_BYTES}`);
  });

  it('honours If-Range only when the tag or date still matches', async () => {
    const current = await app.inject({ url: '/file', headers: { range: 'bytes=10-19', 'if-range': etag() } });
    expect(current.statusCode).toBe(206);
    const byDate = await app.inject({ url: '/file', headers: { range: 'bytes=10-19', 'if-range': 'Sun, 01 Nov 2026 00:00:00 GMT' } });
    expect(byDate.statusCode).toBe(206);
    const changed = await app.inject({ url: '/file', headers: { range: 'bytes=10-19', 'if-range': '"0-0"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(FILE_BYTES);
    const weak = await app.inject({ url: '/file', headers: { range: 'bytes=10-19', 'if-range': `W/${etag()}` } });
    expect(weak.statusCode).toBe(200);
  });

  it('answers several ranges with the whole file (documented choice)', async () => {
    const response = await app.inject({ url: '/file', headers: { range: 'bytes=0-9,20-29' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBe(FILE_BYTES);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const whole = await app.inject({ method: 'HEAD', url: '/file' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(FILE_BYTES));
    expect(whole.rawPayload.length).toBe(0);
    const part = await app.inject({ method: 'HEAD', url: '/file', headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-length']).toBe('100');
  });

  it('in X-Accel mode answers only headers and the internal location (URI-encoded)', async () => {
    const response = await accelApp.inject({ url: '/file', headers: { range: 'bytes=0-9' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe('/_protected/storage/non-textured/OBJ/11-SW-4D.zip');
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="11-SW-4D_OBJ_non-textured.zip"');
    expect(response.headers.etag).toBe(etag());
    expect(response.rawPayload.length).toBe(0);
  });

  it('closes the file when the client goes away mid-download, and keeps serving', async () => {
    const descriptorsOfFile = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === filePath;
        } catch {
          return false;
        }
      }).length;
    const { port } = app.server.address() as AddressInfo;
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/file' }, (response) => {
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1024 * 1024) request.destroy();
        });
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.on('timeout', () => reject(new Error('no answer')));
      request.end();
    });
    expect(received).toBeLessThan(FILE_BYTES);
    // The server notices the closed socket within a few event-loop turns.
    for (let attempt = 0; attempt < 50 && descriptorsOfFile() > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(descriptorsOfFile()).toBe(0);
    const after = await app.inject({ url: '/file', headers: { range: 'bytes=0-0' } });
    expect(after.statusCode).toBe(206);
  });
});
