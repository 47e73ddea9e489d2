/** Times as the time player shows them: Hong Kong time (UTC+8, no daylight saving), the date with the weekday. */
import type { Language } from '../../core/plugin/types';

const formats = new Map<Language, Intl.DateTimeFormat>();

/** `time` in Hong Kong time in the page language, e.g. "Sun, 7 Sept 2025, 22:43" (the caller adds "HKT"). */
export function formatHongKongTime(time: Date, language: Language): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'en-US' ? 'en-GB' : language, {
      timeZone: 'Asia/Hong_Kong',
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(language, format);
  }
  return format.format(time);
}
