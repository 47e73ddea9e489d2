/**
 * The wording of data that are a recorded snapshot, not live readings (issue 12 point 9): "Snapshot of 21 Apr 2024
 * 10:40 — live data off", with the date and time of the data's own observation in Hong Kong time, written in the
 * page language. The realtime panel, the overlay legend and the layers drawer's row all show this one text
 * (message `freshness.snapshot`, placeholders day, month, year, time).
 */
import type { IntlShape } from 'react-intl';
import { HONG_KONG_TIME_ZONE } from './popupContent';

export interface SnapshotTimeParts {
  day: string;
  month: string;
  year: string;
  /** 24-hour hh:mm. */
  time: string;
}

/** The date parts and the time of `ms` in Hong Kong time, each as `locale` writes it (en-US: 21, Apr, 2024, 10:40). */
export function snapshotTimeParts(ms: number, locale: string): SnapshotTimeParts {
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: HONG_KONG_TIME_ZONE });
  const part = (type: Intl.DateTimeFormatPartTypes) => date.formatToParts(ms).find((item) => item.type === type)?.value ?? '';
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: HONG_KONG_TIME_ZONE }).format(ms);
  return { day: part('day'), month: part('month'), year: part('year'), time };
}

/** "Snapshot of 21 Apr 2024 10:40 — live data off" in the page language, for data observed at `ms`. */
export function formatSnapshotLabel(intl: Pick<IntlShape, 'formatMessage' | 'locale'>, ms: number): string {
  return intl.formatMessage({ id: 'freshness.snapshot' }, { ...snapshotTimeParts(ms, intl.locale) });
}
