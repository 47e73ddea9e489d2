/**
 * Issue 12 point 14: a dataset's card lists only the formats a user can download. Every format the catalogue
 * lists as downloadable answers 200 on the portal's download call; the formats served only once a production file
 * is installed are marked on request (and answer 404 while none is), and become downloadable once one is.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueListResponseSchema, catalogueRecordResponseSchema, type CatalogueSummary } from '../../core/contracts/catalogue';
import { writeSeededFile } from '../download/seededFile';
import { useTestServer } from '../test/server';

const folder = mkdtempSync(join(tmpdir(), 'catalogue-formats-'));
const storageDir = join(folder, 'storage');
const app = useTestServer({ downloadStorageDir: storageDir, cacheDir: join(folder, 'cache') });
const SHEET = '11-SW-4D';

afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function cards(): Promise<CatalogueSummary[]> {
  const response = await app().inject({ method: 'GET', url: '/mapviewer/api/catalogue' });
  expect(response.statusCode).toBe(200);
  return catalogueListResponseSchema.parse(response.json()).records;
}

async function datasetOf(id: string): Promise<'non-textured' | 'textured' | null> {
  const record = catalogueRecordResponseSchema.parse((await app().inject({ method: 'GET', url: `/mapviewer/api/catalogue/${id}` })).json());
  return record.download.kind === 'tile-grid' ? record.download.dataset : null;
}

const fileStatus = async (dataset: string, format: string, sheet = SHEET) =>
  (await app().inject({ method: 'HEAD', url: `/mapviewer/api/download/files/${dataset}/${format}/${sheet}.zip` })).statusCode;

describe('catalogue formats', () => {
  it('lists as downloadable exactly the formats whose download answers 200, and marks the rest on request', async () => {
    const tileGrid = (await cards()).filter((card) => card.downloadKind === 'tile-grid');
    expect(tileGrid.length).toBeGreaterThan(0);
    let checked = 0;
    for (const card of tileGrid) {
      const dataset = await datasetOf(card.id);
      if (!dataset) continue;
      // Marked formats are listed formats.
      expect(card.formatsOnRequest.every((format) => card.distributionFormats.includes(format)), card.id).toBe(true);
      for (const format of card.distributionFormats) {
        const status = await fileStatus(dataset, format);
        expect(status, `${card.id} ${format}`).toBe(card.formatsOnRequest.includes(format) ? 404 : 200);
        checked += 1;
      }
    }
    // The 3D visualisation map lists ten formats: seven of them exist only as production files.
    const textured = tileGrid.find((card) => card.id === '3d-visualisation-map-textured')!;
    expect(textured.formatsOnRequest.length).toBeGreaterThan(0);
    expect(textured.distributionFormats.filter((format) => !textured.formatsOnRequest.includes(format)).length).toBeGreaterThan(0);
    expect(checked).toBeGreaterThan(textured.distributionFormats.length);
  });

  it('never marks layer or indoor formats (always served), and the record answer agrees with the card', async () => {
    const all = await cards();
    for (const card of all.filter((entry) => entry.downloadKind !== 'tile-grid')) expect(card.formatsOnRequest, card.id).toEqual([]);
    const card = all.find((entry) => entry.id === '3d-visualisation-map-non-textured')!;
    const record = catalogueRecordResponseSchema.parse((await app().inject({ method: 'GET', url: `/mapviewer/api/catalogue/${card.id}` })).json());
    expect(record.formatsOnRequest).toEqual(card.formatsOnRequest);
  });

  it('a production file installed in storage makes its format downloadable', async () => {
    const before = (await cards()).find((card) => card.id === '3d-visualisation-map-non-textured')!;
    expect(before.formatsOnRequest).toContain('DAE');
    expect(await fileStatus('non-textured', 'DAE')).toBe(404);
    mkdirSync(join(storageDir, 'non-textured', 'DAE'), { recursive: true });
    await writeSeededFile(join(storageDir, 'non-textured', 'DAE', `${SHEET}.zip`), 4096, 'catalogue-formats');
    const after = (await cards()).find((card) => card.id === '3d-visualisation-map-non-textured')!;
    expect(after.formatsOnRequest).not.toContain('DAE');
    expect(await fileStatus('non-textured', 'DAE')).toBe(200);
    // The textured dataset has no DAE file: still on request there.
    expect((await cards()).find((card) => card.id === '3d-visualisation-map-textured')!.formatsOnRequest).toContain('DAE');
  });
});
