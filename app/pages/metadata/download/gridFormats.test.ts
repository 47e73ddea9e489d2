import { describe, expect, it } from 'vitest';
import type { SheetFilesResponse } from '../../../../core/contracts/download';
import { formatChoices, formatFileSize } from './gridFormats';

describe('file sizes', () => {
  it('writes sizes in decimal units for each language', () => {
    expect(formatFileSize(2_400_000, 'en-US')).toBe('2.4 MB');
    expect(formatFileSize(999, 'en-US')).toBe('999 byte');
    expect(formatFileSize(850_000, 'en-US')).toBe('850 kB');
    expect(formatFileSize(12_345_678_901, 'en-US')).toBe('12.3 GB');
    expect(formatFileSize(0, 'en-US')).toBe('0 byte');
    for (const locale of ['zh-HK', 'zh-CN']) {
      const text = formatFileSize(2_400_000, locale);
      expect(text).toMatch(/2\.4/);
      expect(text).not.toBe(formatFileSize(2_400_000_000, locale));
    }
  });

  it('refuses what is not a size', () => {
    expect(() => formatFileSize(-1, 'en-US')).toThrow(/number of bytes/);
    expect(() => formatFileSize(Number.NaN, 'en-US')).toThrow(RangeError);
  });
});

const sheet = (id: string, files: SheetFilesResponse['files']): SheetFilesResponse => ({ sheet: id, dataset: 'non-textured', bounds: [0, 0, 1, 1], files });

describe('format choices', () => {
  it('adds the sizes over the selected sheets and marks formats a sheet lacks', () => {
    const choices = formatChoices(
      ['OBJ', 'GLTF', 'FBX'],
      [
        sheet('11-SW-4D', [
          { format: 'OBJ', available: true, size: 1_000_000, origin: 'generated' },
          { format: 'GLTF', available: true, size: 400_000, origin: 'generated' },
          { format: 'FBX', available: false, size: null, origin: null },
        ]),
        sheet('11-SW-9A', [
          { format: 'OBJ', available: true, size: 1_400_000, origin: 'generated' },
          { format: 'GLTF', available: false, size: null, origin: null },
        ]),
      ],
    );
    expect(choices).toEqual([
      { format: 'OBJ', available: true, totalBytes: 2_400_000, missingSheets: [] },
      { format: 'GLTF', available: false, totalBytes: 400_000, missingSheets: ['11-SW-9A'] },
      { format: 'FBX', available: false, totalBytes: 0, missingSheets: ['11-SW-4D', '11-SW-9A'] },
    ]);
  });

  it('offers nothing before any sheet is known', () => {
    expect(formatChoices(['OBJ'], [])).toEqual([{ format: 'OBJ', available: false, totalBytes: 0, missingSheets: [] }]);
  });
});
