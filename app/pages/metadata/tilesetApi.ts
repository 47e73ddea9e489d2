/**
 * The tileset popup's call for a tile-grid sheet (core/contracts/download.ts `sheetTilesetFileEndpoint`): the
 * address of the sheet's 3D Tiles tileset.json and the little the popup reads from it.
 */
import { z } from 'zod';
import { sheetTilesetFileEndpoint, type TileDataset } from '../../../core/contracts/download';
import { createHttpClient, HttpError } from '../../../core/http';
import { ecefToGeodetic, type Geodetic } from '../../../core/contracts/ecef';

/** What the popup needs of a tileset.json; everything else in it is left alone. */
const tilesetSchema = z.object({
  asset: z.object({ version: z.string() }),
  // Column-major 4×4: elements 12, 13, 14 are the ECEF translation of the sheet's local frame, metres.
  root: z.object({ transform: z.array(z.number()).length(16) }),
});

/** Path of a sheet's tileset.json (same origin). */
export function sheetTilesetPath(dataset: TileDataset, sheet: string): string {
  return sheetTilesetFileEndpoint.path
    .replace('{dataset}', dataset)
    .replace('{sheet}', encodeURIComponent(sheet))
    .replace('{file}', 'tileset.json');
}

export interface SheetTileset {
  /** 3D Tiles version of the tileset (`1.1`). */
  version: string;
  /** Where the sheet's local frame sits on the WGS84 ellipsoid. */
  origin: Geodetic;
}

/** The sheet's tileset; `null` when the server has none for it (404 'File Not Found'); throws HttpError otherwise. */
export async function fetchSheetTileset(dataset: TileDataset, sheet: string, signal?: AbortSignal): Promise<SheetTileset | null> {
  try {
    const tileset = await createHttpClient().json(sheetTilesetPath(dataset, sheet), tilesetSchema, { signal });
    const [x, y, z] = tileset.root.transform.slice(12, 15);
    return { version: tileset.asset.version, origin: ecefToGeodetic(x, y, z) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
