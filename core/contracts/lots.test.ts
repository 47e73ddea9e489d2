import { describe, expect, it } from 'vitest';
import { matchLotNumbers, normaliseLotNumber } from './lots';

describe('lot numbers (land parcel search)', () => {
  it('compares lot numbers without case, spaces, dots or "No."', () => {
    expect(normaliseLotNumber('STTL No. 612')).toBe('STTL612');
    expect(normaliseLotNumber('s.t.t.l. 612')).toBe('STTL612');
    expect(normaliseLotNumber(' NKIL  6550 ')).toBe('NKIL6550');
    // "NO" that is not "No." before a number stays: it is part of a name.
    expect(normaliseLotNumber('NOLT')).toBe('NOLT');
  });

  it('ranks exact matches, then prefixes, then the rest, numbers by value', () => {
    const lots = ['STTL 612', 'STTL 6120', 'STTL 90', 'TPTL 612', 'STTL 61'];
    expect(matchLotNumbers(lots, (lot) => lot, 'sttl 612')).toEqual(['STTL 612', 'STTL 6120']);
    expect(matchLotNumbers(lots, (lot) => lot, '612')).toEqual(['STTL 612', 'TPTL 612', 'STTL 6120']);
    expect(matchLotNumbers(lots, (lot) => lot, 'STTL')).toEqual(['STTL 61', 'STTL 90', 'STTL 612', 'STTL 6120']);
    expect(matchLotNumbers(lots, (lot) => lot, 'KIL')).toEqual([]);
    expect(matchLotNumbers(lots, (lot) => lot, ' . ')).toEqual([]);
  });
});
