/**
 * The share link's own parameters (issue 14 point 3), as text ⇄ value pairs. Pure: parsing never throws and
 * answers null for anything malformed or out of range, so a link someone edited by hand applies what is right and
 * ignores the rest (SPEC §5 "Share-map and layer toggles ignore unknown keys").
 *
 * | param     | text                                         | value                                               |
 * |-----------|----------------------------------------------|-----------------------------------------------------|
 * | `cam`     | `lon,lat,height[,heading[,pitch[,roll]]]`    | the camera; degrees, metres above the ellipsoid      |
 * | `lookAt`  | `lon,lat[,height[,range]]`                   | a place to look at, metres (height of the place, range from it) |
 * | `terrain` | a terrain manifest id                        | the layer drawer's terrain                          |
 * | `textured`| `1` or `0`                                   | textured or textureless mode                        |
 * | `style`   | a base-map style (`default`, `dark` …)       | the map style drawer's style                        |
 * | `adjust`  | `brightness,contrast,hue,saturation`         | imagery adjustments (hue in radians, as the map's)  |
 * | `fn`      | a drawer id                                  | the open drawer (the active themed function)        |
 * | `hide`    | overlay ids, comma-separated                 | layers shown at start that the sharer switched off  |
 *
 * `l` (language) and `layers` (overlays to switch on) are the app's own parameters (app/map/mapAddress.ts); the
 * link writes them in the app's format and the app reads them.
 */
import { BASE_MAP_STYLES, IMAGERY_ADJUSTMENT_RANGES, type BaseMapStyle, type ImageryAdjustments } from '../../core/map/baseMaps';
import type { CameraView } from '../../core/plugin/types';

export const SHARE_PARAMS = {
  camera: 'cam',
  lookAt: 'lookAt',
  terrain: 'terrain',
  textured: 'textured',
  style: 'style',
  adjustments: 'adjust',
  drawer: 'fn',
  hiddenLayers: 'hide',
} as const;

/**
 * Where a shared camera may be: Hong Kong with room around it (the second variant starts south of the territory
 * over the sea, at 21.93° N on phones). Outside it a camera value is refused, not clamped: a view of somewhere else
 * is not a view of this map.
 */
export const SHARE_AREA = { west: 113.5, south: 21.8, east: 114.7, north: 22.8 } as const;
/** SPEC §9 minimum camera height 10 m; 200 km shows the whole territory with its waters several times over. */
export const CAMERA_HEIGHT_LIMITS = { min: 10, max: 200_000 } as const;
/** A look-at range (distance of the camera from the place), metres. */
export const LOOK_AT_RANGE_LIMITS = { min: 10, max: 200_000 } as const;
/** The range a look-at link without one uses, metres: a few blocks of the city around the place. */
export const DEFAULT_LOOK_AT_RANGE_METERS = 1500;
/** Heights of a place to look at, metres: the sea bed near the shore to well above Tai Mo Shan's 957 m. */
export const LOOK_AT_HEIGHT_LIMITS = { min: -100, max: 2000 } as const;

/** Plain decimal numbers only: no exponent, hex, `Infinity`, blanks or empty parts (which `Number()` would take). */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** Ids of manifests and drawers: letters, digits, hyphens and underscores, as the manifests allow. */
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The numbers of a comma-separated list, or null when one is not a plain decimal or the count is not allowed. */
export function parseNumberList(text: string | null | undefined, minCount: number, maxCount: number): number[] | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  const parts = text.split(',');
  if (parts.length < minCount || parts.length > maxCount) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    if (!DECIMAL.test(part)) return null;
    const value = Number(part);
    if (!Number.isFinite(value)) return null;
    numbers.push(value);
  }
  return numbers;
}

const within = (value: number, low: number, high: number) => value >= low && value <= high;
/** A heading in [0, 360); one already there is returned as it is (the modulo would add rounding noise). */
const normaliseHeading = (degrees: number) => (degrees >= 0 && degrees < 360 ? degrees : ((degrees % 360) + 360) % 360);
/** A roll in [-180, 180) (the map may report 0–360). */
const normaliseRoll = (degrees: number) => normaliseHeading(degrees + 180) - 180;
/** A number written with at most `decimals` decimals and no trailing zeros (`-0` written `0`). */
const fixed = (value: number, decimals: number) => String(Number(value.toFixed(decimals)) + 0);

export function insideShareArea(longitude: number, latitude: number): boolean {
  return within(longitude, SHARE_AREA.west, SHARE_AREA.east) && within(latitude, SHARE_AREA.south, SHARE_AREA.north);
}

/** `cam`: the camera, or null. Heading is normalised to 0–360; pitch must lie in -90..90, roll in -180..180. */
export function parseCamera(text: string | null | undefined): Required<CameraView> | null {
  const numbers = parseNumberList(text, 3, 6);
  if (!numbers) return null;
  const [longitude, latitude, heightMeters, heading = 0, pitchDegrees = -90, rollDegrees = 0] = numbers;
  if (!insideShareArea(longitude, latitude)) return null;
  if (!within(heightMeters, CAMERA_HEIGHT_LIMITS.min, CAMERA_HEIGHT_LIMITS.max)) return null;
  if (!within(heading, -3600, 3600) || !within(pitchDegrees, -90, 90) || !within(rollDegrees, -180, 180)) return null;
  return { longitude, latitude, heightMeters, headingDegrees: normaliseHeading(heading), pitchDegrees, rollDegrees };
}

/** `cam` text (pitch kept within ±90°, roll within ±180°): 7 decimals of a degree (about 1 cm), heights to the centimetre, angles to a hundredth of a degree. */
export function formatCamera(view: Required<CameraView>): string {
  return [
    fixed(view.longitude, 7),
    fixed(view.latitude, 7),
    fixed(view.heightMeters, 2),
    fixed(normaliseHeading(view.headingDegrees), 2),
    fixed(Math.min(90, Math.max(-90, view.pitchDegrees)), 2),
    fixed(normaliseRoll(view.rollDegrees), 2),
  ].join(',');
}

export interface LookAtTarget {
  longitude: number;
  latitude: number;
  /** Height of the place, metres above the ellipsoid; undefined: the ground there. */
  heightMeters?: number;
  rangeMeters: number;
}

/**
 * `lookAt`: the place and the range, or null when malformed. Longitude and latitude are only checked to be on the
 * globe here: whether the place is in Hong Kong is asked of the data service, which answers with the SPEC §5
 * message (see ./lookAt.ts).
 */
export function parseLookAt(text: string | null | undefined): LookAtTarget | null {
  const numbers = parseNumberList(text, 2, 4);
  if (!numbers) return null;
  const [longitude, latitude, heightMeters, rangeMeters = DEFAULT_LOOK_AT_RANGE_METERS] = numbers;
  if (!within(longitude, -180, 180) || !within(latitude, -90, 90)) return null;
  if (heightMeters !== undefined && !within(heightMeters, LOOK_AT_HEIGHT_LIMITS.min, LOOK_AT_HEIGHT_LIMITS.max)) return null;
  if (!within(rangeMeters, LOOK_AT_RANGE_LIMITS.min, LOOK_AT_RANGE_LIMITS.max)) return null;
  return heightMeters === undefined ? { longitude, latitude, rangeMeters } : { longitude, latitude, heightMeters, rangeMeters };
}

export function formatLookAt(target: LookAtTarget): string {
  const place = [fixed(target.longitude, 7), fixed(target.latitude, 7)];
  return [...place, fixed(target.heightMeters ?? 0, 2), fixed(target.rangeMeters, 2)].join(',');
}

/** `textured`: `1` or `0`. */
export function parseTextured(text: string | null | undefined): boolean | null {
  return text === '1' ? true : text === '0' ? false : null;
}

export function parseStyle(text: string | null | undefined): BaseMapStyle | null {
  return BASE_MAP_STYLES.find((style) => style === text) ?? null;
}

const ADJUSTMENT_ORDER: ReadonlyArray<keyof ImageryAdjustments> = ['brightness', 'contrast', 'hue', 'saturation'];

/** `adjust`: four numbers within the map style drawer's slider ranges, or null. */
export function parseAdjustments(text: string | null | undefined): ImageryAdjustments | null {
  const numbers = parseNumberList(text, 4, 4);
  if (!numbers) return null;
  const entries = ADJUSTMENT_ORDER.map((name, index) => [name, numbers[index]] as const);
  if (!entries.every(([name, value]) => within(value, IMAGERY_ADJUSTMENT_RANGES[name].min, IMAGERY_ADJUSTMENT_RANGES[name].max))) return null;
  return Object.fromEntries(entries) as unknown as ImageryAdjustments;
}

/** Hue is written with 4 decimals (radians; the slider's step is π/36), the others with 2. */
export function formatAdjustments(adjustments: ImageryAdjustments): string {
  return ADJUSTMENT_ORDER.map((name) => fixed(adjustments[name], name === 'hue' ? 4 : 2)).join(',');
}

/** One id (`terrain`, `fn`), or null. */
export function parseId(text: string | null | undefined): string | null {
  return typeof text === 'string' && ID.test(text) ? text : null;
}

/** A comma-separated list of ids (`hide`), duplicates dropped; null when any entry is not an id. */
export function parseIdList(text: string | null | undefined): string[] | null {
  if (typeof text !== 'string' || text === '' || text.length > 2000) return null;
  const ids = text.split(',');
  if (!ids.every((id) => ID.test(id))) return null;
  return [...new Set(ids)];
}
