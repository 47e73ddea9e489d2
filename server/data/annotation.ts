/**
 * Annotation labels (the layer drawer's place names) from the place records the search is seeded with, one
 * collection per tier. Places outside Hong Kong (the Shenzhen hills of the peak list) are not labelled.
 * Each label carries what its popup shows (issue 12): the district it lies in and, for a declared monument, the
 * address and the monument's page at the Antiquities and Monuments Office, all in three languages.
 */
import { ANNOTATION_TIER_KINDS, ANNOTATION_TIERS, type AnnotationFeatureCollection, type AnnotationProperties, type AnnotationTier } from '../../core/contracts';
import { loadMonuments } from '../buildings/featureInfo';
import { readDataJson } from './files';
import type { PlaceRecord } from './placeRecord';
import { PLACE_FILES } from './places';
import { convertCharacters, type CharacterMap } from './searchText';

/** What a monument's popup adds, by place id (`monument:<amo_id>`). */
export interface MonumentDetails {
  address: { en: string; tc: string; sc: string };
  /** The AMO page in English; the Chinese page is the same path under `/b5/`. */
  link: string;
}

/** The AMO page of a monument in Chinese: the English page's path under `/b5/` (the list's 2014/15 site layout). */
export function amoChinesePage(englishPage: string): string {
  return englishPage.replace('/en/', '/b5/');
}

/**
 * The monuments' addresses and AMO pages (data/heritage), by place id. The list gives English and Traditional
 * Chinese addresses; the Simplified one is converted with the project's character map, which covers the
 * characters of place names, so a rare character of an address may stay in its Traditional form.
 */
export function loadMonumentDetails(dataDir: string): Map<string, MonumentDetails> {
  const toSimplified = readDataJson<{ toSimplified: CharacterMap }>(dataDir, PLACE_FILES.chineseScript).toSimplified;
  return new Map(
    loadMonuments(dataDir).map((monument) => [
      `monument:${monument.id}`,
      { address: { en: monument.addressEn, tc: monument.addressZh, sc: convertCharacters(monument.addressZh, toSimplified) }, link: monument.link },
    ]),
  );
}

function detailsOf(place: PlaceRecord, monuments: ReadonlyMap<string, MonumentDetails>): Partial<AnnotationProperties> {
  const extra: Partial<AnnotationProperties> = {};
  if (place.kind !== 'district' && place.detail) {
    extra.district_EN = place.detail['en-US'];
    extra.district_TC = place.detail['zh-HK'];
    extra.district_SC = place.detail['zh-CN'];
  }
  const monument = place.kind === 'monument' ? monuments.get(place.id) : undefined;
  if (monument) {
    if (monument.address.en) extra.address_EN = monument.address.en;
    if (monument.address.tc) extra.address_TC = monument.address.tc;
    if (monument.address.sc) extra.address_SC = monument.address.sc;
    extra.link_EN = monument.link;
    extra.link_TC = amoChinesePage(monument.link);
    extra.link_SC = amoChinesePage(monument.link);
  }
  return extra;
}

export function buildAnnotation(
  places: readonly PlaceRecord[],
  tier: AnnotationTier,
  monuments: ReadonlyMap<string, MonumentDetails> = new Map(),
): AnnotationFeatureCollection {
  const kinds = new Set(ANNOTATION_TIER_KINDS[tier]);
  const features = places
    .filter((place) => kinds.has(place.kind) && !place.outsideHongKong)
    .map((place) => ({
      type: 'Feature' as const,
      id: place.id,
      geometry: { type: 'Point' as const, coordinates: [place.longitude, place.latitude] as [number, number] },
      properties: {
        key: place.id,
        kind: place.kind,
        name_EN: place.name['en-US'],
        name_TC: place.name['zh-HK'],
        name_SC: place.name['zh-CN'],
        ...detailsOf(place, monuments),
      },
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { type: 'FeatureCollection', tier, features };
}

/** Every tier's collection, serialised once. */
export function buildAnnotationTiers(places: readonly PlaceRecord[], monuments: ReadonlyMap<string, MonumentDetails> = new Map()): Record<AnnotationTier, string> {
  return Object.fromEntries(ANNOTATION_TIERS.map((tier) => [tier, JSON.stringify(buildAnnotation(places, tier, monuments))])) as Record<
    AnnotationTier,
    string
  >;
}
