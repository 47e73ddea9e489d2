/**
 * Declared monuments (issue 15 point 2): the 105 monuments of the Antiquities and Monuments Office's 2014/15 list
 * as one GeoJSON layer, with the same names, district, address and AMO page the landmark labels carry
 * (server/data/annotation.ts), plus the AMO monument number. Isomorphic.
 */
import { z } from 'zod';
import { annotationPropertiesSchema } from './annotation';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { lonLatPointSchema } from './staticLayers';

export const monumentPropertiesSchema = annotationPropertiesSchema.extend({
  /** The AMO's number of the monument, the one in its page address (amo.gov.hk/en/monuments_<number>.php). */
  amo_number: z.string().min(1),
});
export type MonumentProperties = z.infer<typeof monumentPropertiesSchema>;

export const monumentCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  /** Which list the monuments come from. */
  list: z.literal('AMO declared monuments, 2014/15'),
  features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: lonLatPointSchema, properties: monumentPropertiesSchema })),
});
export type MonumentCollection = z.infer<typeof monumentCollectionSchema>;

/** GET /mapviewer/api/static/heritage */
export const heritageEndpoint = defineEndpoint({
  id: 'getStaticHeritage',
  method: 'GET',
  path: '/mapviewer/api/static/heritage',
  tag: 'Static layers',
  summary: 'Declared monuments: names in three languages, district, address, AMO number and page (2014/15 list)',
  description:
    'The 105 declared monuments of the Antiquities and Monuments Office list of 2014/15 (monuments declared later are ' +
    'missing), as GeoJSON points sorted by AMO number, each with its names, district, address and AMO page in three languages.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per monument', schema: monumentCollectionSchema },
});
