import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toHk1980 } from '../../core/contracts/hk1980';
import { formatSheetId, sheetAt, sheetBounds, parseSheetId } from '../../core/contracts/mapSheets';
import { ROOT_DIR } from '../app';
import { createSheetIndex, OFFICIAL_SHEET_INDEX_FILE, readOfficialSheetIndex } from './sheetIndex';

const DATA_DIR = join(ROOT_DIR, 'data');
const idAt = (easting: number, northing: number) => formatSheetId(sheetAt(easting, northing)!);
/** The count the LandsD portal gives for the whole territory ("3,456 sheets"). */
const OFFICIAL_SHEET_COUNT = 3456;

describe('the inferred sheet index', () => {
  const index = createSheetIndex(DATA_DIR);

  it('is inferred from the scheme and the DEM', () => {
    expect(index.source).toBe('inferred-scheme');
  });

  it('has the three sheet numbers found in public material, with the scheme bounds', () => {
    for (const id of ['11-SW-4D', '11-SW-9A', '11-NW-19D']) {
      expect(index.get(id)).toEqual({ id, bounds: sheetBounds(parseSheetId(id)!) });
    }
  }, 30_000);

  it('has the sheets of Tai Mo Shan, the CUHK campus and a Lamma Island hillside', () => {
    expect(index.get(idAt(...toHk1980([114.1244, 22.4107])))).toBeDefined();
    expect(index.get(idAt(...toHk1980([114.2069, 22.4196])))).toBeDefined();
    expect(index.get(idAt(...toHk1980([114.1247, 22.2161])))).toBeDefined();
  });

  it('leaves out open sea and land outside the HKSAR boundary (Shenzhen)', () => {
    expect(index.get(idAt(800375, 800300))).toBeUndefined(); // south-west of the Soko Islands
    expect(index.get(idAt(...toHk1980([114.06, 22.545])))).toBeUndefined(); // Futian, Shenzhen
  });

  it('counts within 10% of the official 3,456 sheets (it keeps only sheets with DEM land, so islets below the 31 m grid and sea-only sheets of the official set are missing)', () => {
    const count = index.sheets().length;
    expect(Math.abs(count - OFFICIAL_SHEET_COUNT) / OFFICIAL_SHEET_COUNT).toBeLessThan(0.1);
    expect(new Set(index.sheets().map((sheet) => sheet.id)).size).toBe(count);
  });
});

describe('an official sheet index file', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sheet-index-'));
  mkdirSync(join(dataDir, 'download'));
  const path = join(dataDir, OFFICIAL_SHEET_INDEX_FILE);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('replaces the inferred grid: its sheets and bounds, ids in either spelling', () => {
    writeFileSync(
      path,
      JSON.stringify([
        { Sheet_No: 'T11-SW-4D', Min_x: 835500, Min_y: 817800, Max_x: 836250, Max_y: 818400 },
        { Sheet_No: '11-sw-9a', Min_x: '833250', Min_y: '816600', Max_x: '834000', Max_y: '817200' },
      ]),
    );
    const index = createSheetIndex(dataDir);
    expect(index.source).toBe('official-index');
    expect(index.sheets()).toEqual([
      { id: '11-SW-4D', bounds: [835500, 817800, 836250, 818400] },
      { id: '11-SW-9A', bounds: [833250, 816600, 834000, 817200] },
    ]);
    expect(index.get('11-NW-19D')).toBeUndefined();
  });

  it('is read from GeoJSON feature properties too', () => {
    writeFileSync(
      path,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: null, properties: { Sheet_No: '11-NW-19D', Min_x: 835500, Min_y: 819000, Max_x: 836250, Max_y: 819600 } }],
      }),
    );
    expect(createSheetIndex(dataDir).get('11-NW-19D')?.bounds).toEqual([835500, 819000, 836250, 819600]);
  });

  it('is refused with a message naming the record when a sheet number or bounds are wrong', () => {
    writeFileSync(path, JSON.stringify([{ Sheet_No: '11-XX-4D', Min_x: 0, Min_y: 0, Max_x: 1, Max_y: 1 }]));
    expect(() => readOfficialSheetIndex(path)).toThrow(/record 0: Sheet_No "11-XX-4D" is not a sheet number/);
    writeFileSync(path, JSON.stringify([{ Sheet_No: '11-SW-4D', Min_x: 5, Min_y: 0, Max_x: 1, Max_y: 1 }]));
    expect(() => readOfficialSheetIndex(path)).toThrow(/record 0 \(11-SW-4D\): Min_x/);
    writeFileSync(path, JSON.stringify({ sheets: [] }));
    expect(() => readOfficialSheetIndex(path)).toThrow(/neither a JSON array nor a GeoJSON FeatureCollection/);
  });
});
