/**
 * Base maps (manifests/basemaps/*.json) and the imagery adjustments of the map style drawer (SPEC §1: styles
 * default, regular, dark, grey, ortho; brightness 1, contrast 1, hue 0, saturation 1 by default).
 * Pure: the map host applies them to Cesium, the map-style plugin keeps the user's choice.
 */
import type { BaseMapManifest } from '../manifests/schemas';
import type { Language } from '../plugin/types';
import { validateManifests, type ManifestProblem } from '../manifests/validate';
import { creditText } from './creditLine';

export type BaseMapStyle = BaseMapManifest['style'];

/** The drawer's order of styles (SPEC §1). */
export const BASE_MAP_STYLES: readonly BaseMapStyle[] = ['default', 'regular', 'dark', 'grey', 'ortho'];

/** What the map host needs of a base-map manifest to draw it. */
export type BaseMapSource = Pick<
  BaseMapManifest,
  'kind' | 'url' | 'minimumLevel' | 'maximumLevel' | 'credit' | 'brightness' | 'contrast' | 'hue' | 'saturation'
> & { waterEffect?: boolean };

/** Cesium ImageryLayer colour adjustments; hue is in radians like Cesium's. */
export interface ImageryAdjustments {
  brightness: number;
  contrast: number;
  hue: number;
  saturation: number;
}

/** SPEC §1 defaults (and Cesium's: an unmodified image). */
export const DEFAULT_IMAGERY_ADJUSTMENTS: Readonly<ImageryAdjustments> = Object.freeze({ brightness: 1, contrast: 1, hue: 0, saturation: 1 });

/** Slider ranges: 0..2 keeps the identity (1) in the middle; hue turns half a circle either way. */
export const IMAGERY_ADJUSTMENT_RANGES: Readonly<Record<keyof ImageryAdjustments, { min: number; max: number; step: number }>> = {
  brightness: { min: 0, max: 2, step: 0.05 },
  contrast: { min: 0, max: 2, step: 0.05 },
  hue: { min: -Math.PI, max: Math.PI, step: Math.PI / 36 },
  saturation: { min: 0, max: 2, step: 0.05 },
};

/** The value limited to its slider range (a URL or an old session may carry anything). */
export function clampAdjustment(name: keyof ImageryAdjustments, value: number): number {
  const { min, max } = IMAGERY_ADJUSTMENT_RANGES[name];
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : DEFAULT_IMAGERY_ADJUSTMENTS[name];
}

/**
 * Parses base-map manifests keyed by file (`import.meta.glob('.../manifests/basemaps/*.json', { eager: true,
 * import: 'default' })` — the JSON itself, as a manifest may have a `default` key) and orders them by
 * {@link BASE_MAP_STYLES}. Never throws: invalid files come back as problems.
 */
export function loadBaseMaps(files: Record<string, unknown>): { baseMaps: BaseMapManifest[]; problems: ManifestProblem[] } {
  const entries = Object.entries(files).map(([file, json]) => ({ file, json }));
  const { valid, problems } = validateManifests(entries, 'basemap');
  const baseMaps = valid.map(({ manifest }) => manifest).sort((a, b) => BASE_MAP_STYLES.indexOf(a.style) - BASE_MAP_STYLES.indexOf(b.style));
  return { baseMaps, problems };
}

/** The base map marked `default`, else the first of style `default`, else the first. */
export function defaultBaseMap(baseMaps: readonly BaseMapManifest[]): BaseMapManifest | undefined {
  return baseMaps.find((map) => map.default) ?? baseMaps.find((map) => map.style === 'default') ?? baseMaps[0];
}

const baseMapFiles = import.meta.glob('../../manifests/basemaps/*.json', { eager: true, import: 'default' });
const shipped = loadBaseMaps(baseMapFiles);
if (shipped.problems.length > 0) console.warn('base map manifest problems', shipped.problems);

/** The base map the map starts with: the default of the manifests shipped with the app (manifests/basemaps). */
export const DEFAULT_BASE_MAP: BaseMapManifest | undefined = defaultBaseMap(shipped.baseMaps);

/**
 * The credit of a base map in the page language (English for a language it lacks); undefined when the base map
 * credits nobody. The map host leads its credit line with it (core/map/creditLine.ts); the download grid map shows it.
 */
export function baseMapCredit(baseMap: Pick<BaseMapSource, 'credit'>, language: Language | string): string | undefined {
  return baseMap.credit ? creditText(baseMap.credit, language) : undefined;
}

/**
 * What the imagery layer gets: the base map's own adjustments (manifest fields, 1/1/0/1 unless a manifest tunes
 * its imagery) with the user's sliders on top — factors multiply, hue turns add — so the sliders' defaults always
 * show the base map as its manifest intends.
 */
export function combineAdjustments(baseMap: Pick<BaseMapManifest, keyof ImageryAdjustments>, user: ImageryAdjustments): ImageryAdjustments {
  return {
    brightness: baseMap.brightness * user.brightness,
    contrast: baseMap.contrast * user.contrast,
    hue: baseMap.hue + user.hue,
    saturation: baseMap.saturation * user.saturation,
  };
}
