/**
 * The buildings' generated look, shared by the map's 3D buildings (plugins/city-buildings) and the panoramas the
 * data service renders from the same scene (server/panoramas), so a building looks the same in both: façade colours
 * (issue 11 "colour by category") — one colour per building category of the store, a lighter tint of it for
 * buildings whose height is assumed (no measured height, no storeys), the plain light colour of textureless mode —
 * and the window bay. The layer's legend (manifests/overlays/buildings.json) shows the same colours;
 * plugins/city-buildings/palette.test.ts keeps the two equal.
 */
import { BUILDING_CATEGORIES, type BuildingCategory } from './buildings';

/** Width of one window bay along a wall, metres. */
export const WINDOW_BAY_METRES = 3.2;

/** Façade colour per category, CSS hex. */
export const CATEGORY_COLOURS: Readonly<Record<BuildingCategory, string>> = Object.freeze({
  residential: '#e8c39e',
  commercial: '#8fb3d9',
  industrial: '#b3a592',
  institutional: '#e09f98',
  government: '#9fc48f',
  transport: '#c3a9dc',
  religious: '#e3cf7c',
  other: '#c9c9c4',
});

/** Share of white mixed into a category colour for an assumed-height building (0 = none, 1 = white). */
export const ASSUMED_HEIGHT_WHITE_SHARE = 0.6;

/** Every building in textureless mode: plain and light (SPEC §1 textureless), brighter than the grey globe. */
export const TEXTURELESS_BUILDING_COLOUR = '#f4f3ef';

/** `#rrggbb` mixed with white by `share` (0..1), as `#rrggbb`. */
export function lighten(hex: string, share: number): string {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((channel) => Math.round(channel + (255 - channel) * share))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The colour of an assumed-height building of `category`. */
export function assumedHeightColour(category: BuildingCategory): string {
  return lighten(CATEGORY_COLOURS[category], ASSUMED_HEIGHT_WHITE_SHARE);
}

export { BUILDING_CATEGORIES };
