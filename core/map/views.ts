/**
 * Camera constants and pure view helpers of the map host (no Cesium here, so they are unit-tested in Node).
 */
import type { View } from '../manifests/schemas';

/** SPEC §9: default minimum camera zoom distance, metres. */
export const MINIMUM_ZOOM_DISTANCE_METERS = 40;
/** SPEC §9: enlarged field of view is 1.5 times the default. */
export const FIELD_OF_VIEW_ENLARGED_RATIO = 1.5;
/** Cesium's default vertical field of view, radians (60°). */
export const DEFAULT_FIELD_OF_VIEW_RADIANS = Math.PI / 3;
/** Largest field of view we allow, radians (a 1.5x of 60° is 90°, well below this). */
export const MAXIMUM_FIELD_OF_VIEW_RADIANS = (160 * Math.PI) / 180;
/** SPEC §9 popup close: the camera rises 300 m. */
export const POPUP_CLOSE_RISE_METERS = 300;
/** Default flight height when a plugin flies to a place without one, metres. */
export const DEFAULT_FLY_TO_HEIGHT_METERS = 1500;
/** Camera flight duration for tool buttons, seconds. */
export const TOOL_FLIGHT_SECONDS = 1;

/** Whole territory (SPEC §9 "Whole-territory view 90000 m"), used when no variant supplies a home view. */
export const FALLBACK_HOME_VIEW: View = {
  longitude: 114.14,
  latitude: 22.36,
  heightMeters: 90_000,
  headingDegrees: 0,
  pitchDegrees: -90,
  rollDegrees: 0,
};

/** Start view when no variant supplies one: south of the territory at about 26,042 m, looking north. */
export const FALLBACK_START_VIEW: View = {
  longitude: 114.17,
  latitude: 22.12,
  heightMeters: 26_042,
  headingDegrees: 0,
  pitchDegrees: -40,
  rollDegrees: 0,
};

/** Mobile check of SPEC §9: touch support. */
export function isTouchDevice(env: { navigator?: { maxTouchPoints?: number }; window?: object } = globalThis): boolean {
  const points = env.navigator?.maxTouchPoints ?? 0;
  return points > 0 || (env.window !== undefined && 'ontouchstart' in env.window);
}

/** Picks the desktop or mobile start view of a variant. */
export function chooseStartView(startView: { desktop: View; mobile: View } | undefined, touch: boolean): View {
  if (!startView) return FALLBACK_START_VIEW;
  return touch ? startView.mobile : startView.desktop;
}

/** Vertical field of view for the toggle, radians. */
export function fieldOfViewRadians(enlarged: boolean, defaultRadians = DEFAULT_FIELD_OF_VIEW_RADIANS): number {
  return enlarged ? Math.min(defaultRadians * FIELD_OF_VIEW_ENLARGED_RATIO, MAXIMUM_FIELD_OF_VIEW_RADIANS) : defaultRadians;
}

/** Distance to the look-at point after a zoom step: halves going in, doubles going out, never below the minimum. */
export function zoomedRange(rangeMeters: number, direction: 'in' | 'out', maximumMeters = 40_000_000): number {
  const next = direction === 'in' ? rangeMeters * 0.5 : rangeMeters * 2;
  return Math.min(maximumMeters, Math.max(MINIMUM_ZOOM_DISTANCE_METERS, next));
}

/** Degrees → radians. */
export function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}
