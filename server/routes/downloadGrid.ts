import type { FastifyInstance } from 'fastify';
import { sheetFilesEndpoint, sheetGridEndpoint, type SheetFilesResponse, type SheetGridResponse } from '../../core/contracts';
import type { SheetFileStore } from '../download/sheetFiles';
import { registerEndpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';

/** SPEC §8: the answer for a sheet number that is not in the grid. */
export const SHEET_NOT_IN_GRID_MESSAGE = 'Data grid does not exists.';

/**
 * The tile-grid download's index and per-sheet formats: GET /mapviewer/api/download/grid (every sheet with its
 * HK1980 bounds and where the index comes from) and GET /mapviewer/api/download/sheets/{sheet} (each format's
 * availability and real size; generated files are produced and cached on this first request).
 */
export async function downloadGridRoutes(app: FastifyInstance, options: { sheetFiles: SheetFileStore }): Promise<void> {
  const { sheetFiles } = options;

  registerEndpoint(app, sheetGridEndpoint, () => {
    const answer: SheetGridResponse = {
      source: sheetFiles.index.source,
      sheets: sheetFiles.index.sheets().map(({ id, bounds }) => ({ id, bounds })),
    };
    return answer;
  });

  registerEndpoint(app, sheetFilesEndpoint, async ({ params, query }) => {
    const sheet = sheetFiles.index.get(params.sheet);
    if (!sheet) throw new HttpError(404, SHEET_NOT_IN_GRID_MESSAGE);
    const dataset = query.dataset ?? 'non-textured';
    const answer: SheetFilesResponse = { sheet: sheet.id, dataset, bounds: sheet.bounds, files: await sheetFiles.list(sheet.id, dataset) };
    return answer;
  });
}
