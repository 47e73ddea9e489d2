/**
 * Census layers of the layer drawer (SPEC §1 "census 2021 layers (default label display)"). No census-2021
 * boundary file is shipped, so the layer shows the 2019 District Council constituency areas (DCCA), the units
 * the census small-area tables are published by. Isomorphic.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

const lonLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const dcca2019PropertiesSchema = z.object({
  /** Constituency code, e.g. `A01`: the district letter and a number. */
  key: z.string().regex(/^[A-Z]\d{2}$/),
  /** HAD district letter (A to T without I and O). */
  district: z.string().regex(/^[A-HJ-NP-T]$/),
  /**
   * Constituency name. The source has Traditional Chinese only: English is the code and the district's English
   * name (`A01 Central and Western`), Simplified Chinese our character conversion of the Traditional name.
   */
  name_EN: z.string().min(1),
  name_TC: z.string().min(1),
  name_SC: z.string().min(1),
  district_EN: z.string().min(1),
  district_TC: z.string().min(1),
  district_SC: z.string().min(1),
});
export type Dcca2019Properties = z.infer<typeof dcca2019PropertiesSchema>;

export const dcca2019FeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      /** The outer ring of the constituency (the source keeps no holes). */
      geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(lonLatSchema).min(4)).length(1) }),
      properties: dcca2019PropertiesSchema,
    }),
  ),
});
export type Dcca2019FeatureCollection = z.infer<typeof dcca2019FeatureCollectionSchema>;

/** GET /mapviewer/api/static/census/dcca2019 */
export const dcca2019Endpoint = defineEndpoint({
  id: 'getCensusDcca2019',
  method: 'GET',
  path: '/mapviewer/api/static/census/dcca2019',
  tag: 'Static layers',
  summary: 'Census layer: the 452 District Council constituency areas of 2019, named in three languages',
  description:
    'Polygons of the 2019 District Council constituency areas, digitised from the LandsD dce2019 map layer, shown until ' +
    'census-2021 boundaries are available. English names are the constituency code with the district name; Simplified ' +
    'Chinese is converted from the Traditional name.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON polygons, one per constituency, sorted by code', schema: dcca2019FeatureCollectionSchema },
});
