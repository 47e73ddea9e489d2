/**
 * The profile as CSV (RFC 4180, CRLF line ends): one row per sample — distance along the line (m), WGS84 longitude
 * and latitude (7 decimals, about 1 cm), ground and roof heights (m above mean sea level, 2 decimals; empty where
 * there is none) and the building crossed there (its name in the page language, else its id; empty when none).
 * Column names are stable English keys, so files from every language read alike.
 */
import type { Language } from '../../core/plugin/types';
import { buildingName, type Profile } from './profile';

export const CSV_HEADER = ['distance_m', 'longitude', 'latitude', 'ground_m', 'roof_m', 'building'] as const;

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const height = (metres: number | null) => (metres === null ? '' : metres.toFixed(2));

export function profileToCsv(profile: Profile, language: Language): string {
  const rows: string[][] = [[...CSV_HEADER]];
  for (const sample of profile.samples) {
    const building = sample.buildingId === null ? '' : buildingName(sample.buildingName, language) ?? String(sample.buildingId);
    rows.push([
      sample.distanceMetres.toFixed(2),
      sample.longitude.toFixed(7),
      sample.latitude.toFixed(7),
      height(sample.groundMetres),
      height(sample.roofMetres),
      building,
    ]);
  }
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name that says what and where: `cross-section-<lon>_<lat>-<length>m.<ext>`, from the line's start. */
export function exportFileName(profile: Profile, extension: 'csv' | 'png'): string {
  const start = profile.samples[0];
  const place = start ? `${start.longitude.toFixed(4)}_${start.latitude.toFixed(4)}` : 'line';
  return `cross-section-${place}-${Math.round(profile.lengthMetres)}m.${extension}`;
}
