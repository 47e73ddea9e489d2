/**
 * GET /mapviewer/api/download/tilesets/{dataset}/{sheet}/{file}: a sheet's 3D Tiles files served unpacked from
 * its CESIUM package, generated (non-textured 11-SW-4D) or a production package in a temporary storage folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createZip } from '../download/zip';
import { useTestServer } from '../test/server';

const SHEET = '11-SW-4D';
const folder = mkdtempSync(join(tmpdir(), 'sheet-tileset-'));
const storageDir = join(folder, 'storage');
const cacheDir = join(folder, 'cache');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A production-style package: tileset.json at the zip root beside a legacy b3dm tile (stored: it does not compress). */
const PRODUCTION_TILESET = { asset: { version: '1.0' }, geometricError: 100, root: { geometricError: 0, boundingVolume: { sphere: [0, 0, 0, 500] }, content: { uri: 'tile.b3dm' } } };
const PRODUCTION_TILE = Buffer.concat(Array.from({ length: 128 * 1024 }, (_, index) => createHash('sha256').update(`tile ${index}`).digest()));
const productionPath = join(storageDir, 'textured', 'CESIUM', `${SHEET}.zip`);
mkdirSync(join(storageDir, 'textured', 'CESIUM'), { recursive: true });
writeFileSync(
  productionPath,
  createZip(
    [
      { name: 'tileset.json', data: Buffer.from(JSON.stringify(PRODUCTION_TILESET)) },
      { name: 'tile.b3dm', data: PRODUCTION_TILE },
    ],
    new Date(2020, 0, 1),
  ),
);
/** A package that is not a zip at all: served as nothing, like a missing one. */
writeFileSync(join(storageDir, 'textured', 'CESIUM', '11-SW-4C.zip'), 'not a zip');

const app = useTestServer({ downloadStorageDir: storageDir, cacheDir });
const tilesetUrl = (file: string, sheet = SHEET, dataset = 'non-textured') => `/mapviewer/api/download/tilesets/${dataset}/${sheet}/${file}`;
const FILE_NOT_FOUND = { error: 'File Not Found', message: 'File Not Found' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('the tileset files of a generated CESIUM package', () => {
  it('serves tileset.json (3D Tiles 1.1) and the .glb it names, each with its uncompressed length', async () => {
    const tileset = await app().inject({ url: tilesetUrl('tileset.json') });
    expect(tileset.statusCode, tileset.body.slice(0, 200)).toBe(200);
    expect(tileset.headers['content-type']).toBe('application/json');
    expect(tileset.headers['content-length']).toBe(String(tileset.rawPayload.length));
    expect(tileset.headers['cache-control']).toBe('no-cache');
    const document = tileset.json() as { asset: { version: string }; root: { content: { uri: string } } };
    expect(document.asset.version).toBe('1.1');
    expect(document.root.content.uri).toMatch(/^[^/]+\.glb$/);

    const glb = await app().inject({ url: tilesetUrl(document.root.content.uri) });
    expect(glb.statusCode).toBe(200);
    expect(glb.headers['content-type']).toBe('model/gltf-binary');
    expect(glb.rawPayload.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(String(glb.rawPayload.readUInt32LE(8))).toBe(glb.headers['content-length']);
    expect(glb.rawPayload.length).toBe(glb.rawPayload.readUInt32LE(8));
  }, 60_000);

  it('answers HEAD with the GET headers and no body', async () => {
    const get = await app().inject({ url: tilesetUrl(`${SHEET}.glb`) });
    const head = await app().inject({ method: 'HEAD', url: tilesetUrl(`${SHEET}.glb`) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.rawPayload.length).toBe(0);
  });

  it('gives each file a strong ETag and answers 304 when it still matches', async () => {
    const tileset = await app().inject({ url: tilesetUrl('tileset.json') });
    const glb = await app().inject({ url: tilesetUrl(`${SHEET}.glb`) });
    const etag = String(tileset.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(glb.headers.etag).not.toBe(etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const notModified = await app().inject({ url: tilesetUrl('tileset.json'), headers: { 'if-none-match': ifNoneMatch } });
      expect(notModified.statusCode, ifNoneMatch).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
    }
    const changed = await app().inject({ url: tilesetUrl('tileset.json'), headers: { 'if-none-match': String(glb.headers.etag) } });
    expect(changed.statusCode).toBe(200);
  });

  it("answers 404 'File Not Found' for a file not in the package and for a sheet outside the grid", async () => {
    for (const url of [tilesetUrl('missing.glb'), tilesetUrl('README.json'), tilesetUrl('tileset.json', '1-NW-1A')]) {
      const response = await app().inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual(FILE_NOT_FOUND);
    }
  });

  it('answers 400 naming `file` for a path, another folder or an extension a tileset does not hold', async () => {
    for (const file of ['..%2Ftileset.json', 'a%2Fb.json', 'tileset.txt', '..%5Ctileset.json', '%2Fetc%2Fpasswd.json']) {
      const response = await app().inject({ url: tilesetUrl(file) });
      expect(response.statusCode, file).toBe(400);
      expect(response.json().field, file).toBe('file');
    }
  });
});

describe('a production CESIUM package in the storage folder', () => {
  it('is served instead of a generated one, from the zip root', async () => {
    const tileset = await app().inject({ url: tilesetUrl('tileset.json', SHEET, 'textured') });
    expect(tileset.statusCode).toBe(200);
    expect(tileset.json()).toEqual(PRODUCTION_TILESET);
    const tile = await app().inject({ url: tilesetUrl('tile.b3dm', SHEET, 'textured') });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/octet-stream');
    expect(tile.headers['content-length']).toBe(String(PRODUCTION_TILE.length));
    expect(sha256(tile.rawPayload)).toBe(sha256(PRODUCTION_TILE));
    expect(existsSync(join(cacheDir, 'downloads', 'textured', 'CESIUM', `${SHEET}.zip`))).toBe(false);
  });

  it("answers 404 'File Not Found' for a package that is not a readable zip", async () => {
    const response = await app().inject({ url: tilesetUrl('tileset.json', '11-SW-4C', 'textured') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(FILE_NOT_FOUND);
  });

  it('closes the package when the client goes away mid-file', async () => {
    const descriptorsOfPackage = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === productionPath;
        } catch {
          return false;
        }
      }).length;
    await app().listen({ host: '127.0.0.1', port: 0 });
    const { port } = app().server.address() as AddressInfo;
    let received = 0;
    await new Promise<void>((resolve) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: tilesetUrl('tile.b3dm', SHEET, 'textured') }, (response) => {
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 64 * 1024) request.destroy();
        });
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.end();
    });
    expect(received).toBeLessThan(PRODUCTION_TILE.length);
    for (let attempt = 0; attempt < 50 && descriptorsOfPackage() > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(descriptorsOfPackage()).toBe(0);
    const after = await app().inject({ method: 'HEAD', url: tilesetUrl('tile.b3dm', SHEET, 'textured') });
    expect(after.statusCode).toBe(200);
  });
});
