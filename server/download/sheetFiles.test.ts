import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../core/contracts/catalogue';
import { ROOT_DIR } from '../app';
import { loadDefaultBuildingRecords } from '../buildings/defaultSources';
import { createMemoryBuildingStore, type BuildingStore } from '../buildings/store';
import { SheetPackageGenerator } from './generate/package';
import { createSheetFileStore, sheetCacheKey } from './sheetFiles';
import { readZip } from './zip';

const DATA_DIR = join(ROOT_DIR, 'data');
const workDir = mkdtempSync(join(tmpdir(), 'sheet-files-'));
const storageDir = join(workDir, 'storage');
const cacheDir = join(workDir, 'cache');
mkdirSync(storageDir);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const records = loadDefaultBuildingRecords(DATA_DIR).records;
/** The building store the files are made from; a test swaps it for another version. */
let current: BuildingStore = createMemoryBuildingStore(records);
const buildings: BuildingStore = {
  version: () => current.version(),
  count: () => current.count(),
  bounds: () => current.bounds(),
  records: (bounds) => current.records(bounds),
  at: (longitude, latitude, tolerance) => current.at(longitude, latitude, tolerance),
};
const store = createSheetFileStore({ dataDir: DATA_DIR, storageDir, cacheDir, buildings });
const key = sheetCacheKey(await buildings.version());
const generate = vi.spyOn(SheetPackageGenerator.prototype, 'generate');

function putInStorage(dataset: string, format: string, file: string, data: Buffer | string): string {
  mkdirSync(join(storageDir, dataset, format), { recursive: true });
  writeFileSync(join(storageDir, dataset, format, file), data);
  return join(storageDir, dataset, format, file);
}

describe('generated files', () => {
  it('are produced on the first request into <cache>/<key>/<dataset>/<FORMAT>/<sheet>.zip and reused after', async () => {
    generate.mockClear();
    const first = await store.resolve({ dataset: 'non-textured', format: 'GLTF', sheet: '11-SW-4D' });
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(first).toMatchObject({
      path: join(cacheDir, key, 'non-textured', 'GLTF', '11-SW-4D.zip'),
      origin: 'generated',
      root: 'cache',
      relativePath: `${key}/non-textured/GLTF/11-SW-4D.zip`,
    });
    expect(first!.size).toBe(statSync(first!.path).size);
    expect(readZip(readFileSync(first!.path)).map((entry) => entry.name)).toEqual(['11-SW-4D/11-SW-4D.glb', '11-SW-4D/README.txt']);
    const inode = statSync(first!.path).ino;
    const again = await store.resolve({ dataset: 'non-textured', format: 'GLTF', sheet: '11-SW-4D' });
    expect(again).toEqual(first);
    expect(statSync(again!.path).ino).toBe(inode);
    expect(generate).toHaveBeenCalledTimes(1);
  }, 30_000);

  it('are generated once for concurrent requests, leaving no temporary file', async () => {
    generate.mockClear();
    const request = { dataset: 'textured', format: 'OBJ', sheet: '11-SW-9A' } as const;
    const answers = await Promise.all([store.resolve(request), store.resolve(request), store.resolve(request)]);
    expect(generate).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(readdirSync(join(cacheDir, key, 'textured', 'OBJ'))).toEqual(['11-SW-9A.zip']);
  }, 30_000);

  it('are listed with their real sizes; the formats this server cannot produce are unavailable', async () => {
    const files = await store.list('11-NW-19D', 'non-textured');
    expect(files.map((file) => file.format)).toEqual([...DOWNLOAD_FORMATS]);
    for (const file of files) {
      if (file.format === 'GLTF' || file.format === 'OBJ' || file.format === 'CESIUM') {
        const path = join(cacheDir, key, 'non-textured', file.format, '11-NW-19D.zip');
        expect(file).toEqual({ format: file.format, available: true, size: statSync(path).size, origin: 'generated' });
      } else {
        expect(file).toEqual({ format: file.format, available: false, size: null, origin: null });
      }
    }
  }, 30_000);
});

describe('a changed building store', () => {
  it('gives new files under a new key, from the new buildings, keeping only the two newest keys', async () => {
    const request = { dataset: 'non-textured', format: 'GLTF', sheet: '11-SW-4D' } as const;
    const before = await store.resolve(request);
    expect(before!.relativePath.startsWith(`${key}/`)).toBe(true);
    const beforeBytes = readFileSync(before!.path);
    current = createMemoryBuildingStore(records.slice(0, 1));
    const fewerKey = sheetCacheKey(await buildings.version());
    expect(fewerKey).not.toBe(key);
    generate.mockClear();
    const after = await store.resolve(request);
    expect(generate).toHaveBeenCalledTimes(1);
    expect(after).toMatchObject({ path: join(cacheDir, fewerKey, 'non-textured', 'GLTF', '11-SW-4D.zip'), relativePath: `${fewerKey}/non-textured/GLTF/11-SW-4D.zip` });
    expect(readFileSync(after!.path).equals(beforeBytes)).toBe(false);
    expect(readZip(readFileSync(after!.path)).find((entry) => entry.name.endsWith('README.txt'))!.data.toString()).toContain('Buildings: none');
    // The previous key stays (a download of it may have just started); older ones go.
    expect(readdirSync(cacheDir).sort()).toEqual([key, fewerKey].sort());
    current = createMemoryBuildingStore([]);
    const emptyKey = sheetCacheKey(await buildings.version());
    await store.resolve(request);
    expect(readdirSync(cacheDir).sort()).toEqual([fewerKey, emptyKey].sort());
    // Back to the shipped buildings: the same bytes as the first time (deterministic per store version).
    current = createMemoryBuildingStore(records);
    expect(readFileSync((await store.resolve(request))!.path).equals(beforeBytes)).toBe(true);
  }, 60_000);
});

describe('storage files', () => {
  it('serve the formats this server cannot produce, and only when present', async () => {
    expect(await store.resolve({ dataset: 'non-textured', format: 'FBX', sheet: '11-SW-4D' })).toBeNull();
    putInStorage('non-textured', 'FBX', '11-SW-4D.zip', 'production fbx zip');
    expect(await store.resolve({ dataset: 'non-textured', format: 'FBX', sheet: '11-SW-4D' })).toMatchObject({
      path: join(storageDir, 'non-textured', 'FBX', '11-SW-4D.zip'),
      size: 18,
      origin: 'storage',
      root: 'storage',
      relativePath: 'non-textured/FBX/11-SW-4D.zip',
    });
    // The other dataset has no file.
    expect(await store.resolve({ dataset: 'textured', format: 'FBX', sheet: '11-SW-4D' })).toBeNull();
  });

  it('win over generation', async () => {
    generate.mockClear();
    putInStorage('textured', 'CESIUM', '11-NW-19D.zip', 'production 3d tiles');
    expect(await store.resolve({ dataset: 'textured', format: 'CESIUM', sheet: '11-NW-19D' })).toMatchObject({ origin: 'storage', size: 19 });
    expect(generate).not.toHaveBeenCalled();
  });

  it('are not served for a sheet outside the index', async () => {
    putInStorage('non-textured', 'DAE', '1-NW-1A.zip', 'a sheet outside Hong Kong');
    expect(store.index.get('1-NW-1A')).toBeUndefined();
    expect(await store.resolve({ dataset: 'non-textured', format: 'DAE', sheet: '1-NW-1A' })).toBeNull();
  });

  it('are refused when they are links leading out of the storage folder', async () => {
    const outside = join(workDir, 'outside.zip');
    writeFileSync(outside, 'secret');
    mkdirSync(join(storageDir, 'non-textured', 'KML'), { recursive: true });
    symlinkSync(outside, join(storageDir, 'non-textured', 'KML', '11-SW-4D.zip'));
    expect(await store.resolve({ dataset: 'non-textured', format: 'KML', sheet: '11-SW-4D' })).toBeNull();
  });
});

describe('requests that name no file', () => {
  it('answer null for anything but the canonical sheet id and the known formats and datasets', async () => {
    putInStorage('non-textured', 'OSGB', '11-SW-4D.zip', 'osgb');
    for (const request of [
      { dataset: 'non-textured', format: 'OSGB', sheet: 'T11-SW-4D' },
      { dataset: 'non-textured', format: 'OSGB', sheet: '11-sw-4d' },
      { dataset: 'non-textured', format: 'OSGB', sheet: '../non-textured/OSGB/11-SW-4D' },
      { dataset: 'non-textured', format: '../non-textured/OSGB' as DownloadFormat, sheet: '11-SW-4D' },
      { dataset: '..' as 'textured', format: 'OSGB', sheet: '11-SW-4D' },
    ] as const) {
      expect(await store.resolve(request)).toBeNull();
    }
    expect(await store.resolve({ dataset: 'non-textured', format: 'OSGB', sheet: '11-SW-4D' })).toMatchObject({ origin: 'storage' });
  });

  it('answer null for a sheet of the scheme that is not in the index (north-west corner of the scheme, outside Hong Kong)', async () => {
    generate.mockClear();
    expect(await store.resolve({ dataset: 'non-textured', format: 'GLTF', sheet: '1-NW-1A' })).toBeNull();
    expect(generate).not.toHaveBeenCalled();
  });
});
