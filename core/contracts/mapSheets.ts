/**
 * The 1:1000 basic-map sheet scheme that names download tiles (SPEC §3 "tile_sheet_num").
 *
 * INFERRED, not from an official document (../shared/data/hk/SOURCES.md "1:1000 basic-map sheet numbering"):
 * 1:20000 sheets are 15 km E x 12 km N, numbered 1-16 row by row from the north-west in a 4 x 4 grid whose
 * south-west corner is HK1980 800000 E 800000 N; each splits into quadrants NW/NE/SW/SE (7.5 km x 6 km), each
 * quadrant into 25 blocks of 1.5 km x 1.2 km numbered row by row from the north-west, and each block into the
 * quarters A = NW, B = NE, C = SW, D = SE: one 1:1000 sheet of 750 m x 600 m. It reproduces the three sheet
 * ids found in public material (11-SW-4D at the Tsim Sha Tsui clock tower, 11-SW-9A at Central Pier 7,
 * 11-NW-19D in Mong Kok). Which sheets exist is the server's sheet index (server/download), built from this
 * scheme unless the official LandsD sheet-index file is installed; this module only does the arithmetic.
 * Isomorphic.
 */
import { z } from 'zod';

export const SHEET_SCHEME_ORIGIN = { easting: 800000, northing: 800000 } as const;
export const SHEET_WIDTH_METRES = 750;
export const SHEET_HEIGHT_METRES = 600;
const SERIES_WIDTH = 15000;
const SERIES_HEIGHT = 12000;
const SERIES_COLUMNS = 4;
const SERIES_ROWS = 4;
const QUADRANTS = ['NW', 'NE', 'SW', 'SE'] as const;
const QUARTERS = ['A', 'B', 'C', 'D'] as const;

export type Quadrant = (typeof QUADRANTS)[number];
export type Quarter = (typeof QUARTERS)[number];

/** HK1980 Grid bounds in metres: [minEasting, minNorthing, maxEasting, maxNorthing]. */
export type GridBounds = [number, number, number, number];

/**
 * A sheet id as users and the LandsD files write it: `11-SW-4D`, or with the `T` prefix of the 3D
 * visualisation map zips (`T11-SW-4D`). Letters are accepted in either case.
 */
export const SHEET_ID_PATTERN = /^T?(\d{1,2})-(NW|NE|SW|SE)-(\d{1,2})([A-D])$/i;

export interface SheetParts {
  series: number;
  quadrant: Quadrant;
  block: number;
  quarter: Quarter;
}

/** The parts of a sheet id, or null when it is not a sheet of the scheme (series 1-16, block 1-25). */
export function parseSheetId(text: string): SheetParts | null {
  const match = SHEET_ID_PATTERN.exec(text);
  if (!match) return null;
  const series = Number(match[1]);
  const block = Number(match[3]);
  if (series < 1 || series > SERIES_COLUMNS * SERIES_ROWS || block < 1 || block > 25) return null;
  return { series, quadrant: match[2].toUpperCase() as Quadrant, block, quarter: match[4].toUpperCase() as Quarter };
}

/** The canonical id (`11-SW-4D`: no prefix, upper case). */
export function formatSheetId(parts: SheetParts): string {
  return `${parts.series}-${parts.quadrant}-${parts.block}${parts.quarter}`;
}

/** The canonical id of any accepted spelling, or null. */
export function normaliseSheetId(text: string): string | null {
  const parts = parseSheetId(text);
  return parts ? formatSheetId(parts) : null;
}

/** A sheet id parameter: accepts the spellings above and outputs the canonical id. */
export const sheetIdSchema = z
  .string()
  .max(16)
  .refine((text) => parseSheetId(text) !== null, { message: 'Not a 1:1000 map sheet number such as 11-SW-4D' })
  .transform((text) => normaliseSheetId(text) as string);

/** HK1980 bounds of a sheet. */
export function sheetBounds(parts: SheetParts): GridBounds {
  const seriesColumn = (parts.series - 1) % SERIES_COLUMNS;
  const seriesRow = Math.floor((parts.series - 1) / SERIES_COLUMNS);
  const quadrant = QUADRANTS.indexOf(parts.quadrant);
  const quarter = QUARTERS.indexOf(parts.quarter);
  const blockColumn = (parts.block - 1) % 5;
  const blockRow = Math.floor((parts.block - 1) / 5);
  const west =
    SHEET_SCHEME_ORIGIN.easting + seriesColumn * SERIES_WIDTH + (quadrant % 2) * (SERIES_WIDTH / 2) + blockColumn * 1500 + (quarter % 2) * SHEET_WIDTH_METRES;
  const top = SHEET_SCHEME_ORIGIN.northing + SERIES_ROWS * SERIES_HEIGHT;
  const north =
    top - seriesRow * SERIES_HEIGHT - Math.floor(quadrant / 2) * (SERIES_HEIGHT / 2) - blockRow * 1200 - Math.floor(quarter / 2) * SHEET_HEIGHT_METRES;
  return [west, north - SHEET_HEIGHT_METRES, west + SHEET_WIDTH_METRES, north];
}

/** The sheet containing an HK1980 point (west and south edges inclusive), or null outside the scheme. */
export function sheetAt(easting: number, northing: number): SheetParts | null {
  const x = easting - SHEET_SCHEME_ORIGIN.easting;
  const yFromTop = SHEET_SCHEME_ORIGIN.northing + SERIES_ROWS * SERIES_HEIGHT - northing;
  if (!(x >= 0 && x < SERIES_COLUMNS * SERIES_WIDTH && yFromTop > 0 && yFromTop <= SERIES_ROWS * SERIES_HEIGHT)) return null;
  // Rows count down from the north edge; a point on a sheet's south edge belongs to that sheet.
  const row = Math.ceil(yFromTop / SHEET_HEIGHT_METRES) - 1;
  const column = Math.floor(x / SHEET_WIDTH_METRES);
  const sheetsPerSeriesRow = SERIES_HEIGHT / SHEET_HEIGHT_METRES;
  const sheetsPerSeriesColumn = SERIES_WIDTH / SHEET_WIDTH_METRES;
  const series = Math.floor(row / sheetsPerSeriesRow) * SERIES_COLUMNS + Math.floor(column / sheetsPerSeriesColumn) + 1;
  const rowInSeries = row % sheetsPerSeriesRow;
  const columnInSeries = column % sheetsPerSeriesColumn;
  const quadrant = QUADRANTS[Math.floor(rowInSeries / 10) * 2 + Math.floor(columnInSeries / 10)];
  const rowInQuadrant = rowInSeries % 10;
  const columnInQuadrant = columnInSeries % 10;
  const block = Math.floor(rowInQuadrant / 2) * 5 + Math.floor(columnInQuadrant / 2) + 1;
  const quarter = QUARTERS[(rowInQuadrant % 2) * 2 + (columnInQuadrant % 2)];
  return { series, quadrant, block, quarter };
}

/** Every sheet of the scheme (6,400), north-west first; the server's index keeps those over land. */
export function allSchemeSheets(): SheetParts[] {
  const sheets: SheetParts[] = [];
  const [west, south] = [SHEET_SCHEME_ORIGIN.easting, SHEET_SCHEME_ORIGIN.northing];
  for (let northing = south + SERIES_ROWS * SERIES_HEIGHT - SHEET_HEIGHT_METRES / 2; northing > south; northing -= SHEET_HEIGHT_METRES) {
    for (let easting = west + SHEET_WIDTH_METRES / 2; easting < west + SERIES_COLUMNS * SERIES_WIDTH; easting += SHEET_WIDTH_METRES) {
      sheets.push(sheetAt(easting, northing) as SheetParts);
    }
  }
  return sheets;
}
