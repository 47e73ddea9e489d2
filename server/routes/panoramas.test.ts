/**
 * The panorama calls as the streetscape viewer uses them: the index of the shipped sample sets and of a
 * PANORAMA_DIR, a bad or clashing manifest skipped with its problem named, files served byte-for-byte (depth maps
 * gzipped when accepted), a rendered file drawn once and then served from the cache, and requests for files no
 * manifest names refused. A fake renderer keeps these fast; one small real drawing checks the sample manifests'
 * camera heights against the renderer's ground.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeDepthMap, depthAlong, encodeDepthMap } from '../../core/contracts/equirectangular';
import { panoramaIndexSchema, type PanoramaIndex } from '../../core/contracts/panoramas';
import type { PanoramaSetManifest } from '../../core/manifests/schemas';
import { ROOT_DIR } from '../app';
import { createMemoryBuildingStore } from '../buildings/store';
import { installErrorHandler } from '../http/errors';
import { createPanoramaRenderer, type PanoramaRenderer } from '../panoramas/renderer';
import { panoramaRoutes } from './panoramas';

const DATA_DIR = join(ROOT_DIR, 'data');
const folder = mkdtempSync(join(tmpdir(), 'panorama-routes-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const INDEX_URL = '/mapviewer/api/panoramas';
const FILES_URL = '/mapviewer/api/panoramas/files';

/** A renderer that counts its drawings and answers recognisable bytes at once (or fails, when told to). */
function fakeRenderer(options: { fail?: boolean } = {}): PanoramaRenderer & { drawings: string[] } {
  const drawings: string[] = [];
  return {
    version: 'fake-1',
    drawings,
    async image(pose, width) {
      drawings.push(`image ${pose.longitude},${pose.latitude} ${width}`);
      if (options.fail) throw new Error('the scene could not be built at /secret/server/path');
      // A little later, so concurrent requests overlap the drawing.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return new TextEncoder().encode(`jpeg ${width} ${pose.headingDegrees}`);
    },
    async depth(pose, width) {
      drawings.push(`depth ${pose.longitude},${pose.latitude} ${width}`);
      return encodeDepthMap(new Float32Array(width * (width / 2)).fill(12.34), width, width / 2);
    },
    groundHeight: () => 5,
  };
}

async function serverFor(options: { env?: Record<string, string>; renderer?: () => PanoramaRenderer; cacheDir?: string } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('registeredEndpoints', new Set<string>());
  installErrorHandler(app);
  await app.register(panoramaRoutes, {
    dataDir: DATA_DIR,
    cacheDir: options.cacheDir ?? mkdtempSync(join(folder, 'cache-')),
    buildings: createMemoryBuildingStore([]),
    env: options.env ?? {},
    createRenderer: options.renderer ?? (() => fakeRenderer()),
  });
  return app;
}

async function indexOf(app: FastifyInstance): Promise<PanoramaIndex> {
  const response = await app.inject({ url: INDEX_URL });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return panoramaIndexSchema.parse(response.json());
}

/** A photographed set of one panorama with a real (tiny) PNG and a depth map, written into `directory`. */
function writePhotographedSet(directory: string): { png: Buffer; depth: Uint8Array } {
  const png = new PNG({ width: 256, height: 128 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([index % 251, 90, 160, 255], index);
  const pngBytes = PNG.sync.write(png);
  const depth = encodeDepthMap(Array.from({ length: 32 * 16 }, (_, index) => 3 + index / 10), 32, 16);
  mkdirSync(join(directory, 'harbour-walk', 'p1'), { recursive: true });
  writeFileSync(join(directory, 'harbour-walk', 'p1', 'full.png'), pngBytes);
  writeFileSync(join(directory, 'harbour-walk', 'p1', 'depth.bin'), depth);
  const manifest: PanoramaSetManifest = {
    $schema: '../manifests/manifest.schema.json#/definitions/panorama-set',
    id: 'harbour-walk',
    name: { 'en-US': 'Harbour walk', 'zh-HK': '海濱長廊', 'zh-CN': '海滨长廊' },
    source: 'photographed',
    attribution: { 'en-US': 'Photo: a tester', 'zh-HK': '相片：測試者', 'zh-CN': '相片：测试者' },
    panoramas: [
      {
        id: 'p1',
        longitude: 114.17,
        latitude: 22.29,
        heightMeters: 6,
        headingDegrees: 90,
        capturedAt: '2026-11-01',
        images: [{ width: 256, file: 'p1/full.png' }],
        depth: { file: 'p1/depth.bin', width: 32, height: 16, encoding: 'uint16-centimetres' },
      },
    ],
  };
  writeFileSync(join(directory, 'harbour-walk.json'), JSON.stringify(manifest));
  return { png: pngBytes, depth };
}

describe('GET /mapviewer/api/panoramas', () => {
  it('lists both shipped sample sets: rendered samples along streets of Kwun Tong and Wong Tai Sin, stepped in order', async () => {
    const app = await serverFor();
    const index = await indexOf(app);
    expect(index.skipped).toEqual([]);
    expect(index.sets.map((set) => [set.id, set.source, set.sample])).toEqual([
      ['kwun-tong-rendered', 'rendered', true],
      ['wong-tai-sin-rendered', 'rendered', true],
    ]);
    for (const set of index.sets) {
      const panoramas = index.panoramas.filter((panorama) => panorama.setId === set.id);
      expect(panoramas.length).toBe(set.panoramaCount);
      expect(panoramas.every((panorama) => panorama.sample && panorama.source === 'rendered' && panorama.street !== null)).toBe(true);
      const streets = new Map<string, typeof panoramas>();
      for (const panorama of panoramas) streets.set(panorama.street!.id, [...(streets.get(panorama.street!.id) ?? []), panorama]);
      for (const [street, along] of streets) {
        expect(along.length, street).toBeGreaterThanOrEqual(8);
        along.sort((a, b) => a.street!.order - b.street!.order);
        // One chain from the first to the last: each one's next is the following one, whose previous points back.
        expect(along[0].previousId, street).toBeNull();
        expect(along.at(-1)!.nextId, street).toBeNull();
        for (let step = 1; step < along.length; step += 1) {
          expect(along[step - 1].nextId).toBe(along[step].id);
          expect(along[step].previousId).toBe(along[step - 1].id);
        }
      }
    }
    const first = index.panoramas.find((panorama) => panorama.id === 'kwun-tong-rendered/hung-to-road-01')!;
    expect(first.street?.name).toEqual({ 'en-US': 'Hung To Road', 'zh-HK': '鴻圖道', 'zh-CN': '鸿图道' });
    expect(first.images).toEqual([1024, 2048, 4096].map((width) => ({ width, height: width / 2, url: `${FILES_URL}/kwun-tong-rendered/hung-to-road-01/${width}.jpg` })));
    expect(first.depth).toEqual({ url: `${FILES_URL}/kwun-tong-rendered/hung-to-road-01/depth.bin`, width: 1024, height: 512, encoding: 'uint16-centimetres' });
    await app.close();
  });

  it('adds the sets of PANORAMA_DIR and skips a bad manifest, a clashing set id and a photographed set missing a file, naming each problem', async () => {
    const directory = mkdtempSync(join(folder, 'extra-'));
    writePhotographedSet(directory);
    writeFileSync(join(directory, 'broken.json'), JSON.stringify({ id: 'broken', name: { 'en-US': 'B', 'zh-HK': 'B', 'zh-CN': 'B' }, source: 'filmed', attribution: {}, panoramas: [] }));
    writeFileSync(join(directory, 'not-json.json'), '{ "id": ');
    const clash = JSON.parse(readFileSync(join(DATA_DIR, 'panoramas', 'kwun-tong-rendered.json'), 'utf8')) as PanoramaSetManifest;
    writeFileSync(join(directory, 'kwun-tong-copy.json'), JSON.stringify(clash));
    const missing = JSON.parse(readFileSync(join(directory, 'harbour-walk.json'), 'utf8')) as PanoramaSetManifest;
    writeFileSync(join(directory, 'missing-file.json'), JSON.stringify({ ...missing, id: 'missing-file' }));

    const app = await serverFor({ env: { PANORAMA_DIR: directory } });
    const index = await indexOf(app);
    expect(index.sets.map((set) => set.id)).toEqual(['kwun-tong-rendered', 'wong-tai-sin-rendered', 'harbour-walk']);
    const harbour = index.panoramas.find((panorama) => panorama.setId === 'harbour-walk')!;
    expect(harbour).toMatchObject({ id: 'harbour-walk/p1', sample: false, source: 'photographed', street: null, previousId: null, nextId: null });
    expect(harbour.images).toEqual([{ width: 256, height: 128, url: `${FILES_URL}/harbour-walk/p1/full.png` }]);

    const skipped = Object.fromEntries(index.skipped.map((entry) => [entry.file, entry.problem]));
    expect(Object.keys(skipped).sort()).toEqual(['broken.json', 'kwun-tong-copy.json', 'missing-file.json', 'not-json.json']);
    expect(skipped['broken.json']).toMatch(/source: .*photographed.*rendered/);
    expect(skipped['broken.json']).toMatch(/panoramas: expected at least one panorama/);
    expect(skipped['not-json.json']).toMatch(/^not valid JSON/);
    expect(skipped['kwun-tong-copy.json']).toBe('set id "kwun-tong-rendered" is already used by kwun-tong-rendered.json');
    expect(skipped['missing-file.json']).toBe('panoramas[0].images[0].file: "p1/full.png" is not in the set\'s folder missing-file/; panoramas[0].depth.file: "p1/depth.bin" is not in the set\'s folder missing-file/');
    // File names only: no server path reaches a visitor.
    expect(JSON.stringify(index.skipped)).not.toContain(directory);

    // A PANORAMA_DIR that names no folder is said, not ignored.
    const nowhere = await serverFor({ env: { PANORAMA_DIR: join(directory, 'nowhere') } });
    expect((await indexOf(nowhere)).skipped).toEqual([{ file: 'PANORAMA_DIR', problem: 'the folder PANORAMA_DIR names does not exist' }]);
    await Promise.all([app.close(), nowhere.close()]);
  });

  it('reads a set dropped in while the server runs', async () => {
    const directory = mkdtempSync(join(folder, 'later-'));
    const app = await serverFor({ env: { PANORAMA_DIR: directory } });
    expect((await indexOf(app)).sets.map((set) => set.id)).not.toContain('harbour-walk');
    writePhotographedSet(directory);
    expect((await indexOf(app)).sets.map((set) => set.id)).toContain('harbour-walk');
    await app.close();
  });
});

describe('GET /mapviewer/api/panoramas/files/{setId}/{file}', () => {
  it('serves a photographed set\'s files byte-for-byte, the depth map gzipped when accepted, with validators and a long cache life', async () => {
    const directory = mkdtempSync(join(folder, 'photos-'));
    const { png, depth } = writePhotographedSet(directory);
    const renderer = fakeRenderer();
    const app = await serverFor({ env: { PANORAMA_DIR: directory }, renderer: () => renderer });

    const image = await app.inject({ url: `${FILES_URL}/harbour-walk/p1/full.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=604800');
    expect(image.rawPayload.equals(png)).toBe(true);
    const again = await app.inject({ url: `${FILES_URL}/harbour-walk/p1/full.png`, headers: { 'if-none-match': String(image.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const plain = await app.inject({ url: `${FILES_URL}/harbour-walk/p1/depth.bin` });
    expect(plain.headers['content-type']).toBe('application/octet-stream');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(Buffer.from(depth))).toBe(true);
    const gzipped = await app.inject({ url: `${FILES_URL}/harbour-walk/p1/depth.bin`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).equals(Buffer.from(depth))).toBe(true);
    // A photographed file deleted after its manifest was read is gone, not drawn: a photographed set is never drawn.
    rmSync(join(directory, 'harbour-walk', 'p1', 'full.png'));
    const gone = await app.inject({ url: `${FILES_URL}/harbour-walk/p1/full.png` });
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'No such set or file']);
    expect(renderer.drawings).toEqual([]);
    await app.close();
  });

  it('draws a rendered set\'s missing file once, for concurrent requests too, then serves it from the cache', async () => {
    const cacheDir = mkdtempSync(join(folder, 'cache-'));
    const renderer = fakeRenderer();
    let made = 0;
    const app = await serverFor({ cacheDir, renderer: () => ((made += 1), renderer) });
    const url = `${FILES_URL}/kwun-tong-rendered/hung-to-road-01/1024.jpg`;
    const [first, second] = await Promise.all([app.inject({ url }), app.inject({ url })]);
    const third = await app.inject({ url });
    for (const response of [first, second, third]) {
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe('public, max-age=604800');
    }
    const manifest = JSON.parse(readFileSync(join(DATA_DIR, 'panoramas', 'kwun-tong-rendered.json'), 'utf8')) as PanoramaSetManifest;
    const pose = manifest.panoramas.find((panorama) => panorama.id === 'hung-to-road-01')!;
    expect(renderer.drawings).toEqual([`image ${pose.longitude},${pose.latitude} 1024`]);
    expect(made).toBe(1);
    expect(third.body).toBe(`jpeg 1024 ${pose.headingDegrees}`);
    const poseFolders = readdirSync(join(cacheDir, 'panoramas', 'fake-1', 'kwun-tong-rendered'));
    expect(poseFolders).toHaveLength(1);
    expect(existsSync(join(cacheDir, 'panoramas', 'fake-1', 'kwun-tong-rendered', poseFolders[0], 'hung-to-road-01', '1024.jpg'))).toBe(true);

    const depth = await app.inject({ url: `${FILES_URL}/kwun-tong-rendered/hung-to-road-01/depth.bin`, headers: { 'accept-encoding': 'gzip' } });
    expect(depth.statusCode).toBe(200);
    expect(depth.headers['content-encoding']).toBe('gzip');
    const decoded = decodeDepthMap(gunzipSync(depth.rawPayload), 1024, 512);
    expect(decoded.metres[1000]).toBeCloseTo(12.34, 2);
    expect(renderer.drawings).toHaveLength(2);
    await app.close();
  });

  it('draws a rendered panorama again when its manifest moves it, not the cached file of its old place', async () => {
    const directory = mkdtempSync(join(folder, 'moved-'));
    const sample = JSON.parse(readFileSync(join(DATA_DIR, 'panoramas', 'kwun-tong-rendered.json'), 'utf8')) as PanoramaSetManifest;
    const write = (longitude: number) =>
      writeFileSync(join(directory, 'moving.json'), JSON.stringify({ ...sample, id: 'moving', panoramas: [{ ...sample.panoramas[0], longitude }] }));
    write(114.2198);
    const renderer = fakeRenderer();
    const app = await serverFor({ env: { PANORAMA_DIR: directory }, renderer: () => renderer });
    const url = `${FILES_URL}/moving/hung-to-road-01/2048.jpg`;
    expect((await app.inject({ url })).statusCode).toBe(200);
    write(114.2199);
    // Another mtime and size: the catalogue reads the manifest again.
    writeFileSync(join(directory, 'moving.json'), `${readFileSync(join(directory, 'moving.json'), 'utf8')}\n`);
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect(renderer.drawings).toEqual(['image 114.2198,' + sample.panoramas[0].latitude + ' 2048', 'image 114.2199,' + sample.panoramas[0].latitude + ' 2048']);
    await app.close();
  });

  it('answers 503 with a clear message when drawing fails, without the server\'s paths, and draws again on the next request', async () => {
    const renderer = fakeRenderer({ fail: true });
    const app = await serverFor({ renderer: () => renderer });
    const url = `${FILES_URL}/wong-tai-sin-rendered/hong-keung-street-01/2048.jpg`;
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'Service Unavailable',
      message: 'Panorama wong-tai-sin-rendered/hong-keung-street-01/2048.jpg could not be drawn from the 3D scene; please retry later',
    });
    expect((await app.inject({ url })).statusCode).toBe(503);
    expect(renderer.drawings).toHaveLength(2);

    const broken = await serverFor({
      renderer: () => {
        throw new Error('no DEM');
      },
    });
    const unstarted = await broken.inject({ url });
    expect(unstarted.statusCode).toBe(503);
    expect(unstarted.json().message).toBe('The panorama renderer could not be started; please retry later');
    await Promise.all([app.close(), broken.close()]);
  });

  it('serves only the files a manifest names: 404 for another file or set, 400 for a path out of the set folder', async () => {
    const renderer = fakeRenderer();
    const app = await serverFor({ renderer: () => renderer });
    for (const path of ['kwun-tong-rendered/hung-to-road-01/512.jpg', 'kwun-tong-rendered/hung-to-road-99/1024.jpg', 'no-such-set/hung-to-road-01/1024.jpg', 'kwun-tong-rendered/hung-to-road-01']) {
      const response = await app.inject({ url: `${FILES_URL}/${path}` });
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual({ error: 'Not Found', message: 'No such set or file' });
    }
    for (const path of ['kwun-tong-rendered/..%2F..%2F..%2Fetc%2Fpasswd', 'kwun-tong-rendered/hung-to-road-01%2F..%2F..%2Fwong-tai-sin-rendered.json', 'kwun-tong-rendered/%2Fetc%2Fpasswd', 'Kwun_Tong/x.jpg']) {
      const response = await app.inject({ url: `${FILES_URL}/${path}` });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().field, path).toMatch(/^(file|setId)$/);
    }
    expect(renderer.drawings).toEqual([]);
    await app.close();
  });
});

describe('a real drawing of a sample panorama', () => {
  it('stands the camera 2.5 m above the renderer\'s ground: the depth straight down is 2.5 m', async () => {
    // The shipped sample's pose, at the smallest width the renderer draws, in a set of its own.
    const directory = mkdtempSync(join(folder, 'real-'));
    const sample = JSON.parse(readFileSync(join(DATA_DIR, 'panoramas', 'kwun-tong-rendered.json'), 'utf8')) as PanoramaSetManifest;
    const panorama = sample.panoramas[0];
    const small: PanoramaSetManifest = { ...sample, id: 'small-check', panoramas: [{ ...panorama, images: [{ width: 256, file: 'p/256.jpg' }], depth: { file: 'p/depth.bin', width: 256, height: 128, encoding: 'uint16-centimetres' } }] };
    writeFileSync(join(directory, 'small-check.json'), JSON.stringify(small));
    const app = await serverFor({ env: { PANORAMA_DIR: directory }, renderer: () => createPanoramaRenderer({ dataDir: DATA_DIR, buildings: createMemoryBuildingStore([]) }) });
    const response = await app.inject({ url: `${FILES_URL}/small-check/p/depth.bin` });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const depth = decodeDepthMap(response.rawPayload, 256, 128);
    expect(depthAlong(depth, { azimuthDegrees: panorama.headingDegrees, elevationDegrees: -89.9 }, panorama.headingDegrees)).toBeCloseTo(2.5, 1);
    await app.close();
  }, 30_000);
});
