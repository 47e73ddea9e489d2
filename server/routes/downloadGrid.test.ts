import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorBodySchema, sheetFilesResponseSchema, sheetGridResponseSchema } from '../../core/contracts';
import { parseSheetId, sheetBounds } from '../../core/contracts/mapSheets';
import { sheetCacheKey } from '../download/sheetFiles';
import { useTestServer } from '../test/server';

const workDir = mkdtempSync(join(tmpdir(), 'download-grid-'));
const storageDir = join(workDir, 'storage');
const cacheDir = join(workDir, 'cache');
mkdirSync(join(storageDir, 'non-textured', 'OSGB'), { recursive: true });
writeFileSync(join(storageDir, 'non-textured', 'OSGB', '11-SW-4D.zip'), 'production OSGB package');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const app = useTestServer({ cacheDir, downloadStorageDir: storageDir });
const get = (url: string) => app().inject({ method: 'GET', url });

describe('GET /mapviewer/api/download/grid', () => {
  it('lists the inferred sheets over Hong Kong land with their HK1980 bounds', async () => {
    const response = await get('/mapviewer/api/download/grid');
    expect(response.statusCode).toBe(200);
    const grid = sheetGridResponseSchema.parse(response.json());
    expect(grid.source).toBe('inferred-scheme');
    expect(grid.sheets.length).toBeGreaterThan(3000);
    expect(grid.sheets.find((sheet) => sheet.id === '11-SW-4D')).toEqual({ id: '11-SW-4D', bounds: sheetBounds(parseSheetId('11-SW-4D')!) });
  }, 30_000);
});

describe('GET /mapviewer/api/download/sheets/{sheet}', () => {
  it('lists every format with its real size: generated files in the cache, production files from storage', async () => {
    const response = await get('/mapviewer/api/download/sheets/T11-sw-4d?dataset=non-textured');
    expect(response.statusCode).toBe(200);
    const answer = sheetFilesResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ sheet: '11-SW-4D', dataset: 'non-textured', bounds: sheetBounds(parseSheetId('11-SW-4D')!) });
    const byFormat = new Map(answer.files.map((file) => [file.format, file]));
    // Generated from the server's building store, under the key of its version.
    const key = sheetCacheKey(await app().buildings.version());
    for (const format of ['GLTF', 'OBJ', 'CESIUM'] as const) {
      expect(byFormat.get(format)).toEqual({ format, available: true, size: statSync(join(cacheDir, 'downloads', key, 'non-textured', format, '11-SW-4D.zip')).size, origin: 'generated' });
    }
    expect(byFormat.get('OSGB')).toEqual({ format: 'OSGB', available: true, size: 23, origin: 'storage' });
    expect(byFormat.get('MAX')).toEqual({ format: 'MAX', available: false, size: null, origin: null });
  }, 60_000);

  it('uses the non-textured dataset by default', async () => {
    const response = await get('/mapviewer/api/download/sheets/11-SW-4D');
    expect(response.statusCode).toBe(200);
    expect(response.json().dataset).toBe('non-textured');
  }, 60_000);

  it("answers 404 'Data grid does not exists.' for a sheet of the scheme outside the grid", async () => {
    const response = await get('/mapviewer/api/download/sheets/1-NW-1A');
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).message).toBe('Data grid does not exists.');
  });

  it('answers 400 naming the field for a malformed sheet number or dataset', async () => {
    for (const [url, field] of [
      ['/mapviewer/api/download/sheets/11-XX-4D', 'sheet'],
      ['/mapviewer/api/download/sheets/17-SW-4D', 'sheet'],
      ['/mapviewer/api/download/sheets/..%2F..%2Fetc%2Fpasswd', 'sheet'],
      ['/mapviewer/api/download/sheets/11-SW-4D?dataset=photo', 'dataset'],
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(errorBodySchema.parse(response.json()), url).toMatchObject({ error: 'Bad Request', field });
    }
  });
});
