/**
 * The shadow view's time in Hong Kong time (HKT, UTC+8 all year): a calendar date and a time of day in 15-minute
 * steps, the instant they name, the share-link text `YYYY-MM-DDTHH:MM`, and what the panel shows of the sun then.
 * Plain code: the sun comes from core/contracts/sun.ts, the same equations the map's light uses.
 */
import { z } from 'zod';
import { HONG_KONG_OFFSET_HOURS, hongKongDate, hongKongMidnight, sunHorizontal, sunriseSunset } from '../../core/contracts/sun';

/** The slider's step, minutes. */
export const STEP_MINUTES = 15;
/** Steps in a day: 00:00 to 23:45. */
export const STEPS_PER_DAY = (24 * 60) / STEP_MINUTES;
/**
 * Where the panel's sun is computed: the Hong Kong Observatory in Tsim Sha Tsui, the place the HKO's published
 * sunrise and sunset are for. Across Hong Kong (about 50 km) the sun differs by under 0.3° and sunrise by under
 * 2 minutes; the map's light is the same direction everywhere.
 */
export const SUN_REFERENCE = { longitude: 114.1742, latitude: 22.3022 } as const;

/** A date and a time of day in Hong Kong. */
export interface HongKongTime {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  /** Minutes after midnight HKT, a multiple of {@link STEP_MINUTES}, 0–1425. */
  minutes: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant a Hong Kong date and time name. */
export function toInstant(time: HongKongTime): Date {
  return new Date(hongKongMidnight(time.date).getTime() + time.minutes * 60_000);
}

/** An instant as a Hong Kong date and time, rounded to the nearest step (23:53 → 00:00 of the next day). */
export function fromInstant(instant: Date): HongKongTime {
  const stepMs = STEP_MINUTES * 60_000;
  const rounded = new Date(Math.round(instant.getTime() / stepMs) * stepMs);
  const date = hongKongDate(rounded);
  return { date, minutes: Math.round((rounded.getTime() - hongKongMidnight(date).getTime()) / 60_000) };
}

/** Minutes after midnight → HH:MM. */
export function formatClock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** An instant's HKT wall-clock time, HH:MM (rounded to the minute). */
export function formatHongKongClock(instant: Date): string {
  const local = new Date(Math.round(instant.getTime() / 60_000) * 60_000 + HONG_KONG_OFFSET_HOURS * 3_600_000);
  return local.toISOString().slice(11, 16);
}

/** The share-link value `YYYY-MM-DDTHH:MM` (HKT). */
export function formatLinkTime(time: HongKongTime): string {
  return `${time.date}T${formatClock(time.minutes)}`;
}

/**
 * The share-link value checked: a real date and a time on the 15-minute grid, HKT. Refused values say what was
 * wrong (core reports them and ignores the parameter).
 */
export const linkTimeTextSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'expected YYYY-MM-DDTHH:MM in Hong Kong time, e.g. 2026-06-21T09:00')
  .refine((text) => isCalendarDate(text.slice(0, 10)), 'not a calendar date')
  .refine((text) => Number(text.slice(11, 13)) < 24 && Number(text.slice(14, 16)) < 60, 'not a time of day (00:00–23:59)')
  .refine((text) => Number(text.slice(14, 16)) % STEP_MINUTES === 0, `minutes must be a multiple of ${STEP_MINUTES}`);

/** The share-link value checked and read as a Hong Kong date and time. */
export const linkTimeSchema = linkTimeTextSchema.transform((text): HongKongTime => ({ date: text.slice(0, 10), minutes: Number(text.slice(11, 13)) * 60 + Number(text.slice(14, 16)) }));

/** The sun the panel shows for a moment. */
export interface SunReport {
  /** Degrees clockwise from north. */
  azimuth: number;
  /** Apparent elevation, degrees (with refraction, as published tables give it). */
  elevation: number;
  /** Above the horizon: the sun's upper edge has risen (apparent elevation of the centre over −0.833°). */
  up: boolean;
  sunrise: Date | null;
  sunset: Date | null;
}

export function sunReport(time: HongKongTime): SunReport {
  const sun = sunHorizontal(toInstant(time), SUN_REFERENCE.longitude, SUN_REFERENCE.latitude);
  const day = sunriseSunset(time.date, SUN_REFERENCE.longitude, SUN_REFERENCE.latitude);
  return { azimuth: sun.azimuth, elevation: sun.elevation, up: sun.trueElevation > -0.8333, ...day };
}
