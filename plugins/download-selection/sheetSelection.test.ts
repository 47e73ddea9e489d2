import { describe, expect, it } from 'vitest';
import { MAX_GRIDS_PER_DOWNLOAD } from '../../core/contracts/download';
import { addSheet, formatSheetsParam, parseSheetsParam, toggleSheet } from './sheetSelection';

const grid = new Set(['11-SW-4D', '11-SW-9A', '11-NW-19D', '11-SW-4C', '11-SW-4B', '11-SW-4A', '11-SW-5C', '11-SW-5D']);

describe('tile-grid selection', () => {
  it('adds sheets in any accepted spelling as their canonical id', () => {
    expect(addSheet([], 't11-sw-4d', grid)).toEqual({ selection: ['11-SW-4D'], added: '11-SW-4D' });
    expect(addSheet(['11-SW-4D'], ' 11-SW-9A ', grid)).toEqual({ selection: ['11-SW-4D', '11-SW-9A'], added: '11-SW-9A' });
  });

  it('tells a malformed number from a sheet outside the grid', () => {
    expect(addSheet([], '11-XX-4D', grid)).toMatchObject({ refused: 'pattern' });
    expect(addSheet([], 'hello', grid)).toMatchObject({ refused: 'pattern' });
    expect(addSheet([], '1-NE-1A', grid)).toMatchObject({ refused: 'not-in-grid' });
    // Written like a sheet number but outside the scheme (series 17, block 26).
    expect(addSheet([], '17-NE-1A', grid)).toMatchObject({ refused: 'not-in-grid' });
    expect(addSheet([], '11-NE-26A', grid)).toMatchObject({ refused: 'not-in-grid' });
  });

  it(`refuses a ${MAX_GRIDS_PER_DOWNLOAD + 1}th sheet and keeps the six`, () => {
    let selection: string[] = [];
    for (const id of [...grid].slice(0, MAX_GRIDS_PER_DOWNLOAD)) {
      const result = addSheet(selection, id, grid);
      expect(result).toHaveProperty('added', id);
      selection = result.selection;
    }
    const seventh = addSheet(selection, '11-SW-5D', grid);
    expect(seventh).toMatchObject({ refused: 'limit' });
    expect(seventh.selection).toEqual(selection);
    // A sheet already selected is no error even when full.
    expect(addSheet(selection, '11-SW-4D', grid)).toMatchObject({ added: '11-SW-4D', selection });
  });

  it('toggles: a second click deselects', () => {
    const once = toggleSheet([], '11-SW-4D', grid);
    expect(once.selection).toEqual(['11-SW-4D']);
    expect(toggleSheet(once.selection, '11-SW-4D', grid)).toEqual({ selection: [], removed: '11-SW-4D' });
  });

  it('round-trips through the address and drops what cannot be selected', () => {
    const selection = ['11-SW-4D', '11-SW-9A'];
    expect(parseSheetsParam(formatSheetsParam(selection), grid)).toEqual({ selection, rejected: [] });
    expect(formatSheetsParam([])).toBeNull();
    expect(parseSheetsParam(null, grid)).toEqual({ selection: [], rejected: [] });
    expect(parseSheetsParam('T11-SW-4D,bogus,,1-NE-1A,11-sw-4d,11-SW-9A', grid)).toEqual({
      selection: ['11-SW-4D', '11-SW-9A'],
      rejected: ['bogus', '1-NE-1A'],
    });
    const eight = [...grid].join(',');
    expect(parseSheetsParam(eight, grid)).toEqual({ selection: [...grid].slice(0, 6), rejected: ['11-SW-5C', '11-SW-5D'] });
  });
});
