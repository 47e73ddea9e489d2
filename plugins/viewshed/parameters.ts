/**
 * The view shed's parameters: their ranges (the analysis contract's, so the drawer refuses what the server would),
 * the check of typed values with a message naming the field and its range, the query of
 * `GET …/analysis/viewshed`, and the share-link value (`viewshed=LON,LAT,HEIGHT,HEADING,HORIZONTAL,VERTICAL,DISTANCE`).
 */
import { z } from 'zod';
import { DEFAULT_EYE_HEIGHT_METRES, MAX_EYE_HEIGHT_METRES, VIEWSHED_MAX_DISTANCE_METRES, VIEWSHED_MIN_DISTANCE_METRES } from '../../core/contracts/analysis';

/** The numbers a user sets (the observer's place is separate). */
export interface ViewshedSettings {
  /** Metres above the ground or roof under the observer. */
  observerHeight: number;
  /** Degrees clockwise from north, 0–360. */
  heading: number;
  /** Width of the sector, degrees. */
  horizontalAngle: number;
  /** Height of the field of view, degrees, centred on the horizon. */
  verticalAngle: number;
  /** Radius, metres. */
  distance: number;
}
export type ViewshedField = keyof ViewshedSettings;

/** The observer's place, WGS84 degrees. */
export interface ObserverPlace {
  longitude: number;
  latitude: number;
}

/** Inclusive ranges, and the slider's step, of each field. */
export const FIELD_RANGES: Record<ViewshedField, { min: number; max: number; step: number }> = {
  observerHeight: { min: 0, max: MAX_EYE_HEIGHT_METRES, step: 0.1 },
  heading: { min: 0, max: 360, step: 1 },
  horizontalAngle: { min: 1, max: 360, step: 1 },
  verticalAngle: { min: 1, max: 180, step: 1 },
  distance: { min: VIEWSHED_MIN_DISTANCE_METRES, max: VIEWSHED_MAX_DISTANCE_METRES, step: 10 },
};
export const FIELDS = Object.keys(FIELD_RANGES) as ViewshedField[];

/** A standing person looking ahead over a quarter-circle, out to a kilometre. */
export const DEFAULT_SETTINGS: ViewshedSettings = { observerHeight: DEFAULT_EYE_HEIGHT_METRES, heading: 0, horizontalAngle: 90, verticalAngle: 90, distance: 1000 };

/** What is wrong with one typed field: the message id says the field and its range. */
export interface FieldProblem {
  field: ViewshedField;
  min: number;
  max: number;
}

/** The value of a typed field, or the problem with it (not a number, or out of its range). */
export function parseField(field: ViewshedField, text: string): { value: number } | { problem: FieldProblem } {
  const { min, max } = FIELD_RANGES[field];
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value) || value < min || value > max) return { problem: { field, min, max } };
  return { value };
}

/** Heading kept within 0–360 after a nudge or a drag (350 + 20 → 10). */
export function normaliseHeading(degrees: number): number {
  const wrapped = ((degrees % 360) + 360) % 360;
  return Math.round(wrapped * 10) / 10;
}

/** The query string of `GET …/analysis/viewshed` (numbers as the contract reads them: plain decimals). */
export function viewshedQuery(observer: ObserverPlace, settings: ViewshedSettings): string {
  const decimal = (value: number, digits: number) => String(Number(value.toFixed(digits)));
  return new URLSearchParams({
    observer: `${decimal(observer.longitude, 7)},${decimal(observer.latitude, 7)}`,
    observerHeight: decimal(settings.observerHeight, 2),
    heading: decimal(settings.heading, 1),
    horizontalAngle: decimal(settings.horizontalAngle, 1),
    verticalAngle: decimal(settings.verticalAngle, 1),
    distance: decimal(settings.distance, 0),
  }).toString();
}

/** What the share link keeps: the observer and the settings. */
export interface ViewshedLinkState {
  observer: ObserverPlace;
  settings: ViewshedSettings;
}

/** The share-link value of a view shed. */
export function formatLinkState({ observer, settings }: ViewshedLinkState): string {
  const decimal = (value: number, digits: number) => String(Number(value.toFixed(digits)));
  return [
    decimal(observer.longitude, 6),
    decimal(observer.latitude, 6),
    decimal(settings.observerHeight, 2),
    decimal(settings.heading, 1),
    decimal(settings.horizontalAngle, 1),
    decimal(settings.verticalAngle, 1),
    decimal(settings.distance, 0),
  ].join(',');
}

/** The share-link parameter's schema: seven numbers, the observer within Hong Kong's box, each setting in range. */
export const linkStateSchema: z.ZodType<ViewshedLinkState, string> = z.string().transform((text, context): ViewshedLinkState => {
  const parts = text.split(',');
  const numbers = parts.map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 7 || numbers.some((value) => !Number.isFinite(value))) {
    context.addIssue({ code: 'custom', message: 'viewshed must be seven numbers: LON,LAT,HEIGHT,HEADING,HORIZONTAL,VERTICAL,DISTANCE' });
    return z.NEVER;
  }
  const [longitude, latitude, ...values] = numbers as [number, number, ...number[]];
  if (longitude < 113.7 || longitude > 114.5 || latitude < 22.1 || latitude > 22.6) {
    context.addIssue({ code: 'custom', message: 'viewshed observer must lie in Hong Kong (longitude 113.7–114.5, latitude 22.1–22.6)' });
    return z.NEVER;
  }
  const settings = {} as ViewshedSettings;
  for (const [index, field] of FIELDS.entries()) {
    const { min, max } = FIELD_RANGES[field];
    const value = values[index]!;
    if (value < min || value > max) {
      context.addIssue({ code: 'custom', message: `viewshed ${field} must be from ${min} to ${max}` });
      return z.NEVER;
    }
    settings[field] = value;
  }
  return { observer: { longitude, latitude }, settings };
});

/** The share-link text as the address keeps it: refused with {@link linkStateSchema}'s message when it would not parse. */
export const linkTextSchema: z.ZodType<string, string> = z.string().superRefine((text, context) => {
  const parsed = linkStateSchema.safeParse(text);
  if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'viewshed is not a view shed' });
});
