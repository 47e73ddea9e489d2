/**
 * The sheet index: which 1:1000 map sheets can be downloaded, with their HK1980 bounds.
 *
 * Two sources, the official one winning when installed:
 *  - `official-index`: a LandsD sheet-index file at <dataDir>/download/sheet-index.json, either a JSON array of
 *    records or a GeoJSON FeatureCollection whose features carry them as properties; each record has
 *    `Sheet_No` (e.g. `11-SW-4D` or `T11-SW-4D`) and `Min_x`, `Min_y`, `Max_x`, `Max_y` (HK1980 Grid metres).
 *    Read and checked when the store is created, so a broken file stops the server with a message naming the
 *    record instead of failing the first download.
 *  - `inferred-scheme`: every sheet of the inferred numbering (core/contracts/mapSheets.ts) that covers land
 *    of Hong Kong: the DEM is sampled on a 25 m sub-grid inside the sheet and the sheet is kept when a sample
 *    inside the HKSAR boundary stands above sea level. Computed on first use (the DEM takes about a second to
 *    load) and kept in memory: a few thousand ids and bounds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromHk1980 } from '../../core/contracts/hk1980';
import { allSchemeSheets, formatSheetId, normaliseSheetId, sheetBounds, type GridBounds } from '../../core/contracts/mapSheets';
import type { SheetGridResponse } from '../../core/contracts/download';
import { getDemSampler, type DemSampler } from '../terrain/dem';
import { SEA_LEVEL_THRESHOLD_M } from '../terrain/relief';

/** Where an official sheet index is installed, relative to the data folder. */
export const OFFICIAL_SHEET_INDEX_FILE = 'download/sheet-index.json';

/** Distance between DEM samples when deciding whether a sheet covers land (the DEM itself is 31 m to 70 m). */
export const LAND_SAMPLE_SPACING_METRES = 25;

export type SheetIndexSource = SheetGridResponse['source'];

export interface IndexedSheet {
  /** Canonical id, e.g. `11-SW-4D`. */
  id: string;
  /** HK1980 Grid [minEasting, minNorthing, maxEasting, maxNorthing]. */
  bounds: GridBounds;
}

export interface SheetIndex {
  readonly source: SheetIndexSource;
  /** Every sheet, in the scheme's order (north-west first) or the official file's order. */
  sheets(): readonly IndexedSheet[];
  /** The sheet with this canonical id, or undefined when it is not in the index. */
  get(id: string): IndexedSheet | undefined;
}

interface OfficialRecord {
  Sheet_No?: unknown;
  Min_x?: unknown;
  Min_y?: unknown;
  Max_x?: unknown;
  Max_y?: unknown;
}

/** Reads and checks an official index file; the error names the file and the record that is wrong. */
export function readOfficialSheetIndex(path: string): IndexedSheet[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the sheet index ${path}: ${(error as Error).message}`, { cause: error });
  }
  const records: unknown[] | null = Array.isArray(parsed)
    ? parsed
    : parsed !== null && typeof parsed === 'object' && Array.isArray((parsed as { features?: unknown }).features)
      ? (parsed as { features: Array<{ properties?: unknown }> }).features.map((feature) => feature?.properties)
      : null;
  if (!records) throw new Error(`The sheet index ${path} is neither a JSON array nor a GeoJSON FeatureCollection`);
  const seen = new Set<string>();
  return records.map((value, position) => {
    const record = (value ?? {}) as OfficialRecord;
    const id = typeof record.Sheet_No === 'string' ? normaliseSheetId(record.Sheet_No.trim()) : null;
    if (!id) throw new Error(`The sheet index ${path}, record ${position}: Sheet_No ${JSON.stringify(record.Sheet_No)} is not a sheet number such as 11-SW-4D`);
    if (seen.has(id)) throw new Error(`The sheet index ${path}, record ${position}: sheet ${id} is listed twice`);
    seen.add(id);
    const bounds = [record.Min_x, record.Min_y, record.Max_x, record.Max_y].map(Number) as GridBounds;
    if (!bounds.every(Number.isFinite) || bounds[0] >= bounds[2] || bounds[1] >= bounds[3]) {
      throw new Error(`The sheet index ${path}, record ${position} (${id}): Min_x, Min_y, Max_x, Max_y must be numbers with Min below Max`);
    }
    return { id, bounds };
  });
}

/** Whether any DEM sample inside the HKSAR boundary within the bounds stands above sea level. */
function coversLand(dem: DemSampler, [minE, minN, maxE, maxN]: GridBounds): boolean {
  // Over one sheet the projection is affine to well under a millimetre: convert the corners only.
  const [swLon, swLat] = fromHk1980([minE, minN]);
  const [seLon, seLat] = fromHk1980([maxE, minN]);
  const [nwLon, nwLat] = fromHk1980([minE, maxN]);
  const [neLon, neLat] = fromHk1980([maxE, maxN]);
  const columns = Math.round((maxE - minE) / LAND_SAMPLE_SPACING_METRES);
  const rows = Math.round((maxN - minN) / LAND_SAMPLE_SPACING_METRES);
  for (let row = 0; row < rows; row++) {
    const v = (row + 0.5) / rows;
    for (let column = 0; column < columns; column++) {
      const u = (column + 0.5) / columns;
      const lon = (swLon * (1 - u) + seLon * u) * (1 - v) + (nwLon * (1 - u) + neLon * u) * v;
      const lat = (swLat * (1 - u) + seLat * u) * (1 - v) + (nwLat * (1 - u) + neLat * u) * v;
      if (!dem.insideHk(lon, lat)) continue;
      const height = dem.heightAt(lon, lat);
      if (height !== null && height > SEA_LEVEL_THRESHOLD_M) return true;
    }
  }
  return false;
}

/** The scheme's sheets that cover Hong Kong land, from the DEM. */
export function inferSheetsFromDem(dem: DemSampler): IndexedSheet[] {
  return allSchemeSheets()
    .map((parts) => ({ id: formatSheetId(parts), bounds: sheetBounds(parts) }))
    .filter((sheet) => coversLand(dem, sheet.bounds));
}

function indexOf(sheets: IndexedSheet[]): Map<string, IndexedSheet> {
  return new Map(sheets.map((sheet) => [sheet.id, sheet]));
}

/**
 * The sheet index for a data folder: the official file when <dataDir>/download/sheet-index.json exists (read
 * now), else the inferred grid (computed on first use).
 */
export function createSheetIndex(dataDir: string): SheetIndex {
  const officialPath = join(dataDir, OFFICIAL_SHEET_INDEX_FILE);
  if (existsSync(officialPath)) {
    const sheets = readOfficialSheetIndex(officialPath);
    const byId = indexOf(sheets);
    return { source: 'official-index', sheets: () => sheets, get: (id) => byId.get(id) };
  }
  let inferred: { sheets: IndexedSheet[]; byId: Map<string, IndexedSheet> } | null = null;
  const load = () => {
    if (!inferred) {
      const sheets = inferSheetsFromDem(getDemSampler(dataDir));
      inferred = { sheets, byId: indexOf(sheets) };
    }
    return inferred;
  };
  return { source: 'inferred-scheme', sheets: () => load().sheets, get: (id) => load().byId.get(id) };
}
