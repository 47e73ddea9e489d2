/**
 * Formats of the tile-grid download: their labels, the total size over the selected sheets, and sizes
 * written for people in each language (decimal units, as file managers show them: 2.4 MB = 2,400,000 bytes).
 */
import type { SheetFilesResponse } from '../../../../core/contracts/download';
import type { DownloadFormat } from '../../../../core/contracts/catalogue';

/** How SPEC §9 names the formats the contract spells for the download API. */
export const FORMAT_LABELS: Record<DownloadFormat, string> = {
  DAE: 'DAE',
  FBX: 'FBX',
  GLTF: 'glTF',
  KML: 'KML',
  MAX: 'MAX',
  VRML: 'VRML',
  C4D: 'C4D',
  OSGB: 'OSGB',
  OBJ: 'OBJ',
  CESIUM: '3D Tiles',
};

const UNITS = [
  ['byte', 1],
  ['kilobyte', 1e3],
  ['megabyte', 1e6],
  ['gigabyte', 1e9],
  ['terabyte', 1e12],
] as const;

/** `2.4 MB`, `850 kB`, `12 GB` in the locale's digits and unit spelling. */
export function formatFileSize(bytes: number, locale: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`A file size is a number of bytes, not ${bytes}`);
  let [unit, scale]: readonly [string, number] = UNITS[0];
  for (const candidate of UNITS) if (bytes >= candidate[1]) [unit, scale] = candidate;
  const value = bytes / scale;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' || value >= 100 ? 0 : 1,
  }).format(value);
}

export interface FormatChoice {
  format: DownloadFormat;
  /** Every selected sheet has it. */
  available: boolean;
  /** Sum of the sizes over the selected sheets that have it, bytes. */
  totalBytes: number;
  /** Selected sheets without it. */
  missingSheets: string[];
}

/** The record's formats against the files of the selected sheets (those already fetched). */
export function formatChoices(formats: readonly DownloadFormat[], sheetFiles: readonly SheetFilesResponse[]): FormatChoice[] {
  return formats.map((format) => {
    let totalBytes = 0;
    const missingSheets: string[] = [];
    for (const sheet of sheetFiles) {
      const file = sheet.files.find((candidate) => candidate.format === format);
      if (file?.available && file.size !== null) totalBytes += file.size;
      else missingSheets.push(sheet.sheet);
    }
    return { format, available: sheetFiles.length > 0 && missingSheets.length === 0, totalBytes, missingSheets };
  });
}
