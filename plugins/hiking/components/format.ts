/** Lengths and heights as the drawer writes them, in the page language. */
import type { IntlShape } from 'react-intl';

export function formatKm(intl: IntlShape, metres: number): string {
  return intl.formatMessage({ id: 'hiking.km' }, { value: intl.formatNumber(metres / 1000, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) });
}

export function formatMetres(intl: IntlShape, metres: number): string {
  return intl.formatMessage({ id: 'hiking.m' }, { value: intl.formatNumber(Math.round(metres)) });
}

/** Minutes rounded to 5, as "2 h 35 min". */
export function formatDuration(intl: IntlShape, minutes: number): string {
  const rounded = Math.round(minutes / 5) * 5;
  return intl.formatMessage({ id: 'hiking.duration' }, { hours: Math.floor(rounded / 60), minutes: rounded % 60 });
}
