/**
 * Annotation labels of the layer drawer (SPEC §2 "annotation"): place names from the place data the search
 * uses, in three languages, one tier per request so each tier is its own overlay with its own distance range
 * (districts read from far, stations nearer, peaks and landmarks only close in). Isomorphic.
 */
import { z } from 'zod';
import { placeKindSchema, type PlaceKind } from './places';
import { timestampParamSchema } from './common';
import { lonLatPointSchema } from './staticLayers';
import { defineEndpoint } from './endpoint';

/** Tiers of annotation labels, from the biggest names to the smallest. */
export const ANNOTATION_TIERS = ['district', 'station', 'landmark'] as const;
export const annotationTierSchema = z.enum(ANNOTATION_TIERS);
export type AnnotationTier = z.infer<typeof annotationTierSchema>;

/** Which place kinds each tier labels. Exits, distance posts and trail sections are too small to label. */
export const ANNOTATION_TIER_KINDS: Record<AnnotationTier, readonly PlaceKind[]> = {
  district: ['district'],
  station: ['mtr-station'],
  landmark: ['peak', 'beach', 'monument', 'campsite'],
};

export const annotationQuerySchema = z.strictObject({
  tier: annotationTierSchema,
  timestamp: timestampParamSchema,
});

export const annotationPropertiesSchema = z.object({
  /** The place's search id, e.g. `district:A`, `mtr-station:CEN`, `peak:837581-823596`. */
  key: z.string(),
  kind: placeKindSchema,
  /** The name in English, Traditional Chinese and Simplified Chinese (label templates `{name_EN}` …). */
  name_EN: z.string().min(1),
  name_TC: z.string().min(1),
  name_SC: z.string().min(1),
  /** The district the place lies in, in three languages (every kind but districts; popup "District"). */
  district_EN: z.string().min(1).optional(),
  district_TC: z.string().min(1).optional(),
  district_SC: z.string().min(1).optional(),
  /** Declared monuments: the address as the Antiquities and Monuments Office lists it. */
  address_EN: z.string().min(1).optional(),
  address_TC: z.string().min(1).optional(),
  address_SC: z.string().min(1).optional(),
  /** Declared monuments: the monument's page on the Antiquities and Monuments Office site, per language. */
  link_EN: z.string().url().optional(),
  link_TC: z.string().url().optional(),
  link_SC: z.string().url().optional(),
});
export type AnnotationProperties = z.infer<typeof annotationPropertiesSchema>;

export const annotationFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  tier: annotationTierSchema,
  features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: lonLatPointSchema, properties: annotationPropertiesSchema })),
});
export type AnnotationFeatureCollection = z.infer<typeof annotationFeatureCollectionSchema>;

/** GET /mapviewer/api/static/annotation?tier= */
export const annotationEndpoint = defineEndpoint({
  id: 'getStaticAnnotation',
  method: 'GET',
  path: '/mapviewer/api/static/annotation',
  tag: 'Static layers',
  summary: 'Annotation labels: place names in three languages for one tier (districts, MTR stations, or peaks and landmarks)',
  description:
    'Points to label the map with, from the same place data as the place search: the 18 districts (tier district), ' +
    'the MTR stations (tier station), or the peaks, beaches, declared monuments and campsites inside Hong Kong (tier landmark).',
  query: annotationQuerySchema,
  example: { query: { tier: 'station', timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per place, sorted by id', schema: annotationFeatureCollectionSchema },
});
