import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { timestampOnlyQuerySchema } from './common';

/** Most points one getZ call may ask for. */
export const DTM_MAX_POINTS = 10_000;

/**
 * Body limit of getZ in bytes: 10,000 points written with every digit a double can carry, in the widest form
 * (`-2.2250738585072014e-308`, 24 characters) and pretty-printed with 4-space indents, take about 800 kB; 2 MiB
 * leaves room for any layout, so the point count, not the byte count, is what turns a request away.
 */
export const DTM_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

const longitudeSchema = z
  .number({ error: 'longitude must be a number of degrees' })
  .min(-180, { error: 'longitude must be between -180 and 180 degrees' })
  .max(180, { error: 'longitude must be between -180 and 180 degrees' });
const latitudeSchema = z
  .number({ error: 'latitude must be a number of degrees' })
  .min(-90, { error: 'latitude must be between -90 and 90 degrees' })
  .max(90, { error: 'latitude must be between -90 and 90 degrees' });

/** One point, WGS84 [longitude, latitude] in degrees. */
export const dtmPointSchema = z.tuple([longitudeSchema, latitudeSchema], {
  error: 'each point must be [longitude, latitude]: an array of exactly two numbers',
});

/** POST /mapviewer/api/getZ/dtm body: the points whose ground height is wanted. */
export const dtmRequestSchema = z
  .array(dtmPointSchema, { error: 'body must be a JSON array of [longitude, latitude] points' })
  .max(DTM_MAX_POINTS, { error: `body holds more than ${DTM_MAX_POINTS.toLocaleString('en-US')} points; send at most ${DTM_MAX_POINTS.toLocaleString('en-US')} per call` });
export type DtmRequest = z.infer<typeof dtmRequestSchema>;

/**
 * Heights in metres above the local datum (HKPD inside Hong Kong, EGM96 around it), in the order asked, to the
 * centimetre. The sea is 0 (the LandsD DTM stores it so; within one grid cell of the shore the bilinear blend gives
 * a few centimetres). null where the DEM has no data: west of 114°E outside Hong Kong, or far away.
 */
export const dtmResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.number().nullable()),
});
export type DtmResponse = z.infer<typeof dtmResponseSchema>;


/** POST /mapviewer/api/getZ/dtm */
export const dtmEndpoint = defineEndpoint({
  id: 'getTerrainHeights',
  method: 'POST',
  path: '/mapviewer/api/getZ/dtm',
  tag: 'Terrain',
  summary: 'Ground heights from the Hong Kong DEM at up to 10,000 points (bilinear)',
  description:
    'The LandsD 5 m DTM (resampled) inside Hong Kong, SRTM around it. Sea = 0; points outside every source = null.',
  query: timestampOnlyQuerySchema,
  body: dtmRequestSchema,
  bodyLimit: DTM_BODY_LIMIT_BYTES,
  response: { contentType: 'application/json', description: 'One height (or null) per point, in order', schema: dtmResponseSchema },
  otherResponses: { 503: 'The DEM files are missing on this server' },
  example: { body: [[114.1244, 22.4107], [114.17, 22.292]] },
});
