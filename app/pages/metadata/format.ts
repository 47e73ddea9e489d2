/** Formatting shared by the metadata page's parts, in the page's language. */
import type { IntlShape } from 'react-intl';

/**
 * An ISO date (`2024-04-30`) or date-time as a localised calendar date. The date is shown as written, not
 * moved into the reader's time zone; anything unparseable is shown as written.
 */
export function formatIsoDate(intl: IntlShape, value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return intl.formatDate(date, { dateStyle: 'long', timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined });
}

const SIZE_UNITS = [
  { unit: 'gigabyte', bytes: 1e9 },
  { unit: 'megabyte', bytes: 1e6 },
  { unit: 'kilobyte', bytes: 1e3 },
] as const;

/** A byte count in decimal units (30 MB, 12 GB), as SPEC §9 states the package sizes. */
export function formatFileSize(intl: IntlShape, bytes: number): string {
  const scale = SIZE_UNITS.find((entry) => bytes >= entry.bytes);
  if (!scale) return intl.formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'short' });
  return intl.formatNumber(bytes / scale.bytes, { style: 'unit', unit: scale.unit, unitDisplay: 'short', maximumFractionDigits: 1 });
}
