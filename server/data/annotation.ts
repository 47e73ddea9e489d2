/**
 * Annotation labels (the layer drawer's place names) from the place records the search is seeded with, one
 * collection per tier. Places outside Hong Kong (the Shenzhen hills of the peak list) are not labelled.
 */
import { ANNOTATION_TIER_KINDS, ANNOTATION_TIERS, type AnnotationFeatureCollection, type AnnotationTier } from '../../core/contracts';
import type { PlaceRecord } from './placeRecord';

export function buildAnnotation(places: readonly PlaceRecord[], tier: AnnotationTier): AnnotationFeatureCollection {
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
      },
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { type: 'FeatureCollection', tier, features };
}

/** Every tier's collection, serialised once. */
export function buildAnnotationTiers(places: readonly PlaceRecord[]): Record<AnnotationTier, string> {
  return Object.fromEntries(ANNOTATION_TIERS.map((tier) => [tier, JSON.stringify(buildAnnotation(places, tier))])) as Record<AnnotationTier, string>;
}
