/**
 * The data-service calls of the tile-grid download (core/contracts/download.ts): the sheet grid, one sheet's
 * formats and sizes, and the address of one sheet's file.
 */
import {
  portalFileEndpoint,
  sheetFilesEndpoint,
  sheetFilesResponseSchema,
  sheetGridEndpoint,
  sheetGridResponseSchema,
  type SheetFilesResponse,
  type SheetGridResponse,
  type TileDataset,
} from '../../../../core/contracts/download';
import type { DownloadFormat } from '../../../../core/contracts/catalogue';
import { createHttpClient, HttpError } from '../../../../core/http';
import type { HttpClient } from '../../../../core/plugin/types';
import type { SheetGrid } from './gridGeometry';

export interface LoadedGrid {
  source: SheetGridResponse['source'];
  sheets: SheetGrid;
}

const defaultClient = createHttpClient();

export async function fetchSheetGrid(signal?: AbortSignal, http: HttpClient = defaultClient): Promise<LoadedGrid> {
  const response = await http.json(sheetGridEndpoint.path, sheetGridResponseSchema, { signal });
  return { source: response.source, sheets: new Map(response.sheets.map((sheet) => [sheet.id, sheet.bounds])) };
}

export function sheetFilesUrl(sheet: string, dataset: TileDataset): string {
  return `${sheetFilesEndpoint.path.replace('{sheet}', encodeURIComponent(sheet))}?dataset=${dataset}`;
}

/** One sheet's formats and sizes; `null` when the server does not know the sheet (404 'Data grid does not exists.'). */
export async function fetchSheetFiles(sheet: string, dataset: TileDataset, signal?: AbortSignal, http: HttpClient = defaultClient): Promise<SheetFilesResponse | null> {
  try {
    return await http.json(sheetFilesUrl(sheet, dataset), sheetFilesResponseSchema, { signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Where the browser downloads one sheet in one format (no key: the portal's download, after the terms). */
export function sheetFileUrl(dataset: TileDataset, format: DownloadFormat, sheet: string): string {
  return portalFileEndpoint.path
    .replace('{dataset}', dataset)
    .replace('{format}', format)
    .replace('{file}', `${encodeURIComponent(sheet)}.zip`);
}
