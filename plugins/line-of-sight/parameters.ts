/**
 * The line-of-sight tool's pure parts: the height fields' validation, the share-link text, the request's query and
 * what to draw from an answer. No DOM, no Cesium.
 */
import { z } from 'zod';
import { DEFAULT_EYE_HEIGHT_METRES, type LineOfSightResponse, MAX_EYE_HEIGHT_METRES } from '../../core/contracts/analysis';

/** A place on the map the user clicked (terrain or a roof). */
export interface SightPlace {
  longitude: number;
  latitude: number;
}

/** Which end of the line: the eye (`from`) or the target (`to`). */
export type SightEnd = 'from' | 'to';
export const SIGHT_ENDS: readonly SightEnd[] = ['from', 'to'];

/** Why a typed height is refused (message id suffix `lineOfSight.problem.<problem>`). */
export type HeightProblem = 'empty' | 'notNumber' | 'range';

export const HEIGHT_LIMITS = { min: 0, max: MAX_EYE_HEIGHT_METRES, default: DEFAULT_EYE_HEIGHT_METRES } as const;

/** A height above the ground or roof as typed: the number, or why it is refused. A comma is a decimal point. */
export function parseHeight(text: string): { value: number } | { problem: HeightProblem } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { problem: 'empty' };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { problem: 'notNumber' };
  const value = Number(trimmed);
  if (value < HEIGHT_LIMITS.min || value > HEIGHT_LIMITS.max) return { problem: 'range' };
  return { value };
}

/** What the share link keeps: both places and both heights. */
export interface SightLinkState {
  from: SightPlace;
  fromHeight: number;
  to: SightPlace;
  toHeight: number;
}

const decimal = (value: number, digits: number) => String(Number(value.toFixed(digits)));

/** `LON,LAT,HEIGHT;LON,LAT,HEIGHT`: 6 decimals of a degree (~10 cm), heights to the centimetre. */
export function formatLinkState(state: SightLinkState): string {
  const end = (place: SightPlace, height: number) => [decimal(place.longitude, 6), decimal(place.latitude, 6), decimal(height, 2)].join(',');
  return `${end(state.from, state.fromHeight)};${end(state.to, state.toHeight)}`;
}

const LINK_FORMAT = 'lineOfSight must be LON,LAT,HEIGHT;LON,LAT,HEIGHT (degrees, metres above the ground 0–500)';

/** The share-link text parsed, with a message naming what is wrong. */
export const linkStateSchema = z
  .string()
  .max(200, { error: LINK_FORMAT })
  .transform((text, context): SightLinkState => {
    const ends = text.split(';').map((end) => end.split(',').map((part) => (/^-?\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN)));
    const valid =
      ends.length === 2 &&
      ends.every(
        ([longitude, latitude, height, ...rest]) =>
          rest.length === 0 &&
          Math.abs(longitude) <= 180 &&
          Math.abs(latitude) <= 90 &&
          height >= HEIGHT_LIMITS.min &&
          height <= HEIGHT_LIMITS.max,
      );
    if (!valid) {
      context.addIssue({ code: 'custom', message: LINK_FORMAT });
      return z.NEVER;
    }
    const [[fromLongitude, fromLatitude, fromHeight], [toLongitude, toLatitude, toHeight]] = ends;
    return { from: { longitude: fromLongitude, latitude: fromLatitude }, fromHeight, to: { longitude: toLongitude, latitude: toLatitude }, toHeight };
  });

/** The address keeps the text: checked with the parse (core reports a bad value and ignores it). */
export const linkTextSchema: z.ZodType<string, string> = z.string().superRefine((text, context) => {
  const parsed = linkStateSchema.safeParse(text);
  if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? LINK_FORMAT });
});

/** The query of `GET …/analysis/line-of-sight`. */
export function lineOfSightQuery(state: SightLinkState): string {
  const place = (point: SightPlace) => `${decimal(point.longitude, 7)},${decimal(point.latitude, 7)}`;
  return new URLSearchParams({ from: place(state.from), fromHeight: String(state.fromHeight), to: place(state.to), toHeight: String(state.toHeight) }).toString();
}

/** A 3D position: longitude, latitude (degrees), height (metres above HKPD, which the scene draws as its height). */
export type SightPosition = readonly [number, number, number];

/** The sight line split where the view is first blocked: the seen part and the blocked rest (null when visible). */
export interface SightDrawing {
  visiblePart: SightPosition[];
  blockedPart: SightPosition[] | null;
  /** The surface point that blocks the view (the marker), null when visible. */
  obstruction: SightPosition | null;
}

/** The line from eye to target, green up to the obstruction's distance along it and red after. */
export function sightDrawing(answer: LineOfSightResponse): SightDrawing {
  const from: SightPosition = [answer.from.longitude, answer.from.latitude, answer.from.heightMetres];
  const to: SightPosition = [answer.to.longitude, answer.to.latitude, answer.to.heightMetres];
  const obstruction = answer.obstruction;
  if (!obstruction || answer.lengthMetres <= 0) return { visiblePart: [from, to], blockedPart: null, obstruction: null };
  const share = obstruction.distanceMetres / answer.lengthMetres;
  const split: SightPosition = [
    from[0] + (to[0] - from[0]) * share,
    from[1] + (to[1] - from[1]) * share,
    from[2] + (to[2] - from[2]) * share,
  ];
  return { visiblePart: [from, split], blockedPart: [split, to], obstruction: [obstruction.longitude, obstruction.latitude, obstruction.heightMetres] };
}

/** A distance as the panel shows it: metres to the decimetre below 1 km, then kilometres to two decimals (10 m). */
export function distanceParts(metres: number): { unit: 'm' | 'km'; number: string } {
  return metres < 1000 ? { unit: 'm', number: metres.toFixed(1) } : { unit: 'km', number: (metres / 1000).toFixed(2) };
}
