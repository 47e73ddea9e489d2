import { describe, expect, it } from 'vitest';
import { toHk1980 } from './hk1980';
import { allSchemeSheets, formatSheetId, normaliseSheetId, parseSheetId, sheetAt, sheetBounds, sheetIdSchema } from './mapSheets';

function sheetOf(longitude: number, latitude: number): string | null {
  const [easting, northing] = toHk1980([longitude, latitude]);
  const parts = sheetAt(easting, northing);
  return parts ? formatSheetId(parts) : null;
}

describe('1:1000 sheet scheme (inferred)', () => {
  it('reproduces the sheet ids found in public material', () => {
    expect(sheetOf(114.16945, 22.29356)).toBe('11-SW-4D'); // Tsim Sha Tsui clock tower
    expect(sheetOf(114.16085, 22.2868)).toBe('11-SW-9A'); // Central Pier 7
    expect(sheetOf(114.17, 22.3162)).toBe('11-NW-19D'); // Mong Kok Road at Nathan Road
  });

  it('bounds and point lookup agree for every sheet, and sheets tile without gaps', () => {
    const sheets = allSchemeSheets();
    expect(sheets).toHaveLength(6400);
    expect(new Set(sheets.map(formatSheetId)).size).toBe(6400);
    for (const parts of sheets) {
      const [west, south, east, north] = sheetBounds(parts);
      expect([east - west, north - south]).toEqual([750, 600]);
      expect(formatSheetId(sheetAt(west, south) as never)).toBe(formatSheetId(parts));
      expect(formatSheetId(sheetAt(east - 0.01, north - 0.01) as never)).toBe(formatSheetId(parts));
    }
    expect(sheetAt(799999, 820000)).toBeNull();
    expect(sheetAt(830000, 848001)).toBeNull();
  });

  it('parses the T prefix and either case, and refuses what is not a sheet', () => {
    expect(normaliseSheetId('T11-sw-4d')).toBe('11-SW-4D');
    expect(parseSheetId('17-SW-4D')).toBeNull();
    expect(parseSheetId('11-SW-26A')).toBeNull();
    expect(parseSheetId('../11-SW-4D')).toBeNull();
    expect(sheetIdSchema.parse('t6-ne-13d')).toBe('6-NE-13D');
    expect(sheetIdSchema.safeParse('11-SW-4E').success).toBe(false);
  });
});
