/** The monument list's pure rules: districts to filter by, the filter, the names per language, the close-up view. */
import type { MonumentProperties } from '../../core/contracts/heritage';
import type { Language } from '../../core/plugin/types';

export interface Monument {
  /** `monument:<AMO number>`. */
  id: string;
  longitude: number;
  latitude: number;
  properties: MonumentProperties;
}

const NAME_PROPERTY = { 'en-US': 'name_EN', 'zh-HK': 'name_TC', 'zh-CN': 'name_SC' } as const;
const DISTRICT_PROPERTY = { 'en-US': 'district_EN', 'zh-HK': 'district_TC', 'zh-CN': 'district_SC' } as const;
const ADDRESS_PROPERTY = { 'en-US': 'address_EN', 'zh-HK': 'address_TC', 'zh-CN': 'address_SC' } as const;
const LINK_PROPERTY = { 'en-US': 'link_EN', 'zh-HK': 'link_TC', 'zh-CN': 'link_SC' } as const;

export const monumentName = (monument: Monument, language: Language) => monument.properties[NAME_PROPERTY[language]];
export const monumentDistrict = (monument: Monument, language: Language) => monument.properties[DISTRICT_PROPERTY[language]] ?? '';
export const monumentAddress = (monument: Monument, language: Language) => monument.properties[ADDRESS_PROPERTY[language]] ?? '';
export const monumentPage = (monument: Monument, language: Language) => monument.properties[LINK_PROPERTY[language]] ?? null;

/** The districts that hold monuments, keyed by their English name (the filter's value), in the page language's order. */
export function districtsOf(monuments: readonly Monument[], language: Language): Array<{ key: string; name: string; count: number }> {
  const districts = new Map<string, { key: string; name: string; count: number }>();
  for (const monument of monuments) {
    const key = monument.properties.district_EN ?? '';
    if (!key) continue;
    const entry = districts.get(key) ?? { key, name: monumentDistrict(monument, language), count: 0 };
    entry.count += 1;
    districts.set(key, entry);
  }
  return [...districts.values()].sort((a, b) => a.name.localeCompare(b.name, language));
}

/** The monuments of a district (all for `''`), sorted by name in the page language. */
export function filterMonuments(monuments: readonly Monument[], districtKey: string, language: Language): Monument[] {
  return monuments
    .filter((monument) => districtKey === '' || monument.properties.district_EN === districtKey)
    .sort((a, b) => monumentName(a, language).localeCompare(monumentName(b, language), language));
}

/**
 * The close-up view "View up close in 3D" flies to: 250 m from the monument, looking north-west-ish at 15° below
 * the horizon, so the terrain and the buildings around it (where the buildings layer has them) stand in view. There
 * is no detailed model of any monument to load; this is the most detail the map has there.
 */
export const CLOSE_UP = { rangeMeters: 250, headingDegrees: 330, pitchDegrees: -15, durationSeconds: 3 } as const;
/** Choosing a monument frames it from 1.2 km, 40° down. */
export const OVERVIEW = { rangeMeters: 1200, headingDegrees: 0, pitchDegrees: -40, durationSeconds: 2 } as const;

/** Screens at most this wide count as small (SPEC §5, as the other desktop-only tools). */
export const SMALL_SCREEN_MAX_WIDTH_PX = 600;
