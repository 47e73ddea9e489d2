/**
 * Cycling (auxiliary) facilities (SPEC §1 themed function "cycling (auxiliary) facilities"): cycle parking and cycle
 * tracks. No cycle-track or cycle-parking data is shipped (data/README.md), so the data service reads the Transport
 * Department's files when they are installed (server/data/cycling.ts says where and in which format) and otherwise
 * answers sample cycle parking placed by the exits of real MTR stations in the New Territories, marked
 * `sample: true`, and no cycle tracks. Isomorphic.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { geometrySchema } from './realtime';

export const CYCLING_LAYERS = ['parking', 'tracks'] as const;
export type CyclingLayer = (typeof CYCLING_LAYERS)[number];

/**
 * A cycle park or a cycle track. Names in three languages as `key_EN`, `key_TC`, `key_SC`; `spaces` is the number
 * of parking spaces where known; `station_*` names the MTR station a sample cycle park was placed by.
 */
export const cyclingPropertiesSchema = z.object({
  key: z.string(),
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  spaces: z.number().int().min(0).nullable(),
  station_EN: z.string().optional(),
  station_TC: z.string().optional(),
  station_SC: z.string().optional(),
  sample: z.boolean(),
});
export type CyclingProperties = z.infer<typeof cyclingPropertiesSchema>;

export const cyclingCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** True when the features are generated samples. */
  sample: z.boolean(),
  /** `td-file`: read from an installed Transport Department file; `sample`: generated; `none`: no data for this layer. */
  source: z.enum(['td-file', 'sample', 'none']),
  /** Set when an installed file could not be read: the file, the place in it and what is wrong; the answer is then the fallback. */
  problem: z.string().optional(),
  features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: geometrySchema, properties: cyclingPropertiesSchema })),
});
export type CyclingCollection = z.infer<typeof cyclingCollectionSchema>;
export type CyclingFeature = CyclingCollection['features'][number];

export const cyclingParamsSchema = z.strictObject({
  layer: z.enum(CYCLING_LAYERS, { error: `layer must be ${CYCLING_LAYERS.join(' or ')}` }),
});

/** GET /mapviewer/api/static/cycling/{layer} */
export const cyclingFacilitiesEndpoint = defineEndpoint({
  id: 'getCyclingFacilities',
  method: 'GET',
  path: '/mapviewer/api/static/cycling/{layer}',
  tag: 'Static layers',
  summary: 'Cycle parking or cycle tracks: installed Transport Department files, else sample cycle parking by MTR stations',
  description:
    'Without installed files the parking answer is generated beside the exits of real MTR stations in the New Territories and marked `sample: true`, and the tracks answer is empty with source `none`.',
  params: cyclingParamsSchema,
  query: timestampOnlyQuerySchema,
  example: { params: { layer: 'parking' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON: points for parking, lines for tracks', schema: cyclingCollectionSchema },
});
