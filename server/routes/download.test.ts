/**
 * The download routes over a temporary storage folder holding one seeded file (a format this server never
 * generates, so only the storage folder can answer): keys, statuses, both API forms and the portal form, a real
 * interrupted and resumed download, and traversal attempts.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_EXAMPLE_KEY, issueApiKey, revokeApiKey } from '../keys/apiKeys';
import { writeSeededFile } from '../download/seededFile';
import { useTestServer } from '../test/server';

const FILE_BYTES = 4 * 1024 * 1024 + 777;
const SHEET = '11-SW-4D';
const folder = mkdtempSync(join(tmpdir(), 'download-routes-'));
const storageDir = join(folder, 'storage');
/** A file beside the storage folder that no request may ever read. */
const SECRET = 'secret bytes outside the storage folder';

const app = useTestServer({ downloadStorageDir: storageDir, cacheDir: join(folder, 'cache') });

let content: Buffer;
const keys = { valid: '', production: '', revoked: '', expired: '' };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const ACCESS_DENIED = { error: 'Access Denied', message: 'Access Denied' };

beforeAll(async () => {
  mkdirSync(join(storageDir, 'non-textured', 'OSGB'), { recursive: true });
  await writeSeededFile(join(storageDir, 'non-textured', 'OSGB', `${SHEET}.zip`), FILE_BYTES, 'download-routes');
  content = readFileSync(join(storageDir, 'non-textured', 'OSGB', `${SHEET}.zip`));
  writeFileSync(join(folder, 'secret.zip'), SECRET);
  writeFileSync(join(storageDir, 'secret.zip'), SECRET);

  const db = app().db;
  keys.valid = (await issueApiKey(db, { environment: 'development', period: '2026Q4', holder: 'Valid', expiresAt: new Date('2099-01-01T00:00:00Z') })).key;
  keys.production = (await issueApiKey(db, { environment: 'production', period: '2026Q4', holder: 'Prod', expiresAt: new Date('2099-01-01T00:00:00Z') })).key;
  const revoked = await issueApiKey(db, { environment: 'development', period: '2026Q4', holder: 'Revoked', expiresAt: new Date('2099-01-01T00:00:00Z') });
  await revokeApiKey(db, revoked.record.id);
  keys.revoked = revoked.key;
  keys.expired = (await issueApiKey(db, { environment: 'development', period: '2022Q4', holder: 'Expired', now: new Date('2022-11-01T00:00:00Z') })).key;
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const queryUrl = (key?: string, format = 'OSGB', sheet = SHEET) =>
  `/mapviewer/api/3d-zip?format=${format}&tile_sheet_num=${sheet}${key === undefined ? '' : `&key=${encodeURIComponent(key)}`}`;
const pathUrl = (key?: string, format = 'OSGB', file = `${SHEET}.zip`) =>
  `/mapviewer/api/3d-zip/${format}/${file}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;
const portalUrl = (format = 'OSGB', file = `${SHEET}.zip`) => `/mapviewer/api/download/files/non-textured/${format}/${file}`;

describe('download API keys', () => {
  const refused: Array<[string, () => string | undefined]> = [
    ['missing', () => undefined],
    ['empty', () => ''],
    ['malformed', () => 'abc'],
    ['unknown', () => 'hk3d_' + 'A'.repeat(43)],
    ['expired', () => keys.expired],
    ['revoked', () => keys.revoked],
    ['of another environment', () => keys.production],
  ];

  for (const [reason, key] of refused) {
    it(`refuses a ${reason} key with 401 Access Denied in both forms`, async () => {
      for (const url of [queryUrl(key()), pathUrl(key())]) {
        const response = await app().inject({ url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual(ACCESS_DENIED);
      }
    });
  }

  it('checks the key before looking for the file', async () => {
    const response = await app().inject({ url: queryUrl('hk3d_' + 'B'.repeat(43), 'MAX') });
    expect(response.statusCode).toBe(401);
  });

  it('accepts the documented example key on a development server', async () => {
    const response = await app().inject({ method: 'HEAD', url: pathUrl(DEVELOPMENT_EXAMPLE_KEY) });
    expect(response.statusCode).toBe(200);
  });
});

describe('download API and portal files', () => {
  it('streams the whole file (checksum equal) in the query, path and portal forms', async () => {
    for (const url of [queryUrl(keys.valid), pathUrl(keys.valid), portalUrl()]) {
      const response = await app().inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${SHEET}_OSGB_non-textured.zip"`);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['content-length']).toBe(String(FILE_BYTES));
      expect(sha256(response.rawPayload)).toBe(sha256(content));
    }
  });

  it('answers a range with 206 and the exact slice', async () => {
    const response = await app().inject({ url: pathUrl(keys.valid), headers: { range: 'bytes=1000-2999999' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 1000-2999999/${FILE_BYTES}`);
    expect(response.headers['content-length']).toBe(String(2999000));
    expect(response.rawPayload.equals(content.subarray(1000, 3000000))).toBe(true);
  });

  it('answers 304 for the current ETag and 416 past the end', async () => {
    const { headers } = await app().inject({ method: 'HEAD', url: portalUrl() });
    const notModified = await app().inject({ url: queryUrl(keys.valid), headers: { 'if-none-match': String(headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    const past = await app().inject({ url: queryUrl(keys.valid), headers: { range: `bytes=${FILE_BYTES + 1}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${FILE_BYTES}`);
  });

  it('answers 404 File Not Found for a format without a file, in every form', async () => {
    for (const url of [queryUrl(keys.valid, 'MAX'), pathUrl(keys.valid, 'FBX'), portalUrl('C4D')]) {
      const response = await app().inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'File Not Found', message: 'File Not Found' });
    }
  });

  it('answers 400 naming the field for a malformed format or sheet', async () => {
    const cases: Array<[string, string]> = [
      [queryUrl(keys.valid, 'ZIP'), 'format'],
      [queryUrl(keys.valid, 'OSGB', '11-XX-4D'), 'tile_sheet_num'],
      [pathUrl(keys.valid, 'obj'), 'format'],
      [pathUrl(keys.valid, 'OSGB', '11-SW-4D.tar'), 'file'],
      [portalUrl('OSGB', 'abc.zip'), 'file'],
      [`/mapviewer/api/download/files/coloured/OSGB/${SHEET}.zip`, 'dataset'],
    ];
    for (const [url, field] of cases) {
      const response = await app().inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().field, url).toBe(field);
    }
  });

  it('refuses traversal attempts with 400 or 404 and never reads outside the storage folder', async () => {
    const attempts = [
      pathUrl(keys.valid, 'OSGB', '..%2F..%2Fsecret.zip'),
      pathUrl(keys.valid, 'OSGB', '%2e%2e%2f%2e%2e%2fsecret.zip'),
      pathUrl(keys.valid, 'OSGB', '..%5C..%5Csecret.zip'),
      pathUrl(keys.valid, 'OSGB', '%2Fetc%2Fpasswd.zip'),
      pathUrl(keys.valid, 'OSGB', `${SHEET}%00.zip`),
      pathUrl(keys.valid, 'OSGB', '..%2F..%2F..%2F..%2Fetc%2Fpasswd.zip'),
      `/mapviewer/api/3d-zip/OSGB/../../secret.zip?key=${keys.valid}`,
      `/mapviewer/api/3d-zip?format=OSGB&tile_sheet_num=..%2F..%2Fetc%2Fpasswd.zip&key=${keys.valid}`,
      `/mapviewer/api/3d-zip?format=..%2F..%2Fsecret&tile_sheet_num=${SHEET}&key=${keys.valid}`,
      `/mapviewer/api/3d-zip?format=OSGB&tile_sheet_num=%2Fetc%2Fpasswd&key=${keys.valid}`,
      portalUrl('OSGB', '..%2F..%2F..%2Fsecret.zip'),
      `/mapviewer/api/download/files/..%2F..%2F/OSGB/${SHEET}.zip`,
      `/mapviewer/api/download/files/non-textured/..%2F/secret.zip`,
      `/mapviewer/api/download/files/non-textured/OSGB/C:%5Csecret.zip`,
    ];
    for (const url of attempts) {
      const response = await app().inject({ url });
      expect([400, 404], `${url} -> ${response.statusCode}`).toContain(response.statusCode);
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain('root:');
    }
  });
});

describe('a real interrupted download', () => {
  function get(port: number, path: string, headers: Record<string, string>, stopAfter?: number) {
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; complete: boolean }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (stopAfter !== undefined && received >= stopAfter) request.destroy();
        });
        const finish = (complete: boolean) => () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), complete });
        response.on('end', finish(true));
        response.on('close', finish(false));
      });
      request.on('error', (error) => (stopAfter === undefined ? reject(error) : undefined));
      request.end();
    });
  }

  it('resumes with Range and If-Range to a byte-identical file', async () => {
    await app().listen({ host: '127.0.0.1', port: 0 });
    const { port } = app().server.address() as AddressInfo;
    const path = pathUrl(keys.valid);

    const first = await get(port, path, {}, 2 * 1024 * 1024);
    expect(first.status).toBe(200);
    expect(first.complete).toBe(false);
    expect(first.body.length).toBeGreaterThanOrEqual(2 * 1024 * 1024);
    expect(first.body.length).toBeLessThan(FILE_BYTES);

    const rest = await get(port, path, { range: `bytes=${first.body.length}-`, 'if-range': String(first.headers.etag) });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${first.body.length}-${FILE_BYTES - 1}/${FILE_BYTES}`);
    expect(sha256(Buffer.concat([first.body, rest.body]))).toBe(sha256(content));
  });
});
