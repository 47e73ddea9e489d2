/**
 * The tile-grid selection (SPEC §5 "at most 6 grids per download"): pure rules shared by this plugin and the
 * app's tile-grid download page (app/pages/metadata/download). Sheet ids are canonical (`11-SW-4D`); only
 * sheets of the server's grid can be selected.
 */
import { MAX_GRIDS_PER_DOWNLOAD } from '../../core/contracts/download';
import { normaliseSheetId, SHEET_ID_PATTERN } from '../../core/contracts/mapSheets';

/** The address parameter holding the selection: `?sheets=11-SW-4D,11-SW-9A`. */
export const SHEETS_PARAM = 'sheets';

/** Why a sheet could not be added. */
export type SelectionRefusal =
  /** Not written like a sheet number (message download.error.pattern). */
  | 'pattern'
  /** A sheet number, but not one of the grid (SPEC §8 'Data grid does not exists.'). */
  | 'not-in-grid'
  /** Already six selected (SPEC §8 'Up to {num} grid(s) can be selected'). */
  | 'limit';

export type AddResult = { selection: string[]; added: string } | { selection: string[]; refused: SelectionRefusal };

/** Message id of each refusal (locales/<lang>/download.json). */
export const REFUSAL_MESSAGES: Record<SelectionRefusal, string> = {
  pattern: 'download.error.pattern',
  'not-in-grid': 'download.error.gridMissing',
  limit: 'download.error.limit',
};

/**
 * Adds a sheet typed or picked in any accepted spelling (`11-sw-4d`, `T11-SW-4D`). Adding a sheet already
 * selected keeps the selection as it is (and reports it as added).
 */
export function addSheet(selection: readonly string[], text: string, grid: ReadonlySet<string>): AddResult {
  const trimmed = text.trim();
  const id = normaliseSheetId(trimmed);
  if (!id) return { selection: [...selection], refused: SHEET_ID_PATTERN.test(trimmed) ? 'not-in-grid' : 'pattern' };
  if (!grid.has(id)) return { selection: [...selection], refused: 'not-in-grid' };
  if (selection.includes(id)) return { selection: [...selection], added: id };
  if (selection.length >= MAX_GRIDS_PER_DOWNLOAD) return { selection: [...selection], refused: 'limit' };
  return { selection: [...selection, id], added: id };
}

/** A click on a sheet: deselects it when selected, else adds it (refused past the limit). */
export function toggleSheet(selection: readonly string[], id: string, grid: ReadonlySet<string>): AddResult | { selection: string[]; removed: string } {
  if (selection.includes(id)) return { selection: selection.filter((selected) => selected !== id), removed: id };
  return addSheet(selection, id, grid);
}

/** The selection read from the address: kept in order without duplicates; what cannot be selected is listed in `rejected`. */
export function parseSheetsParam(value: string | null, grid: ReadonlySet<string>): { selection: string[]; rejected: string[] } {
  let selection: string[] = [];
  const rejected: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const text = part.trim();
    if (!text) continue;
    const result = addSheet(selection, text, grid);
    if ('refused' in result) rejected.push(text);
    else selection = result.selection;
  }
  return { selection, rejected };
}

/** The address value of a selection, or null for none (the parameter is then dropped). */
export function formatSheetsParam(selection: readonly string[]): string | null {
  return selection.length > 0 ? selection.join(',') : null;
}
