/**
 * Streetscape 360 (SPEC §1, issue 18): the panoramas the data service knows and their files. A panorama set is a
 * manifest (core/manifests/schemas.ts `panorama-set`) with its images and depth maps beside it; the shipped sets
 * are rendered from the map's own 3D scene (server/panoramas). Isomorphic.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/** A panorama farther than this from a street-level click is not "near" it (metres, along the ground). */
export const PANORAMA_NEAR_METRES = 60;

const fileUrlSchema = z.string().startsWith('/mapviewer/api/panoramas/files/');

/** One panorama as the viewer reads it: the manifest entry with its files as URLs and its set's facts. */
export const panoramaSummarySchema = z.object({
  /** `<set id>/<panorama id>`: unique across sets. */
  id: z.string(),
  setId: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  /** Camera height, metres above the WGS84 ellipsoid (the terrain's height system). */
  heightMeters: z.number(),
  /** Compass direction of the image's middle column, degrees clockwise from north. */
  headingDegrees: z.number(),
  capturedAt: z.string(),
  source: z.enum(['photographed', 'rendered']),
  /** True for a rendered set: the shipped samples, drawn from the 3D scene, not photographed. */
  sample: z.boolean(),
  street: z.object({ id: z.string(), name: localisedTextSchema, order: z.number() }).nullable(),
  /** The quality steps (SPEC §4 street view boost levels), smallest first. */
  images: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: fileUrlSchema })).min(1),
  depth: z.object({ url: fileUrlSchema, width: z.number().int(), height: z.number().int(), encoding: z.literal('uint16-centimetres') }).nullable(),
  /** The neighbours along `street` (ids), null at an end or without a street. */
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
});
export type PanoramaSummary = z.infer<typeof panoramaSummarySchema>;

export const panoramaIndexSchema = z.object({
  sets: z.array(
    z.object({
      id: z.string(),
      name: localisedTextSchema,
      source: z.enum(['photographed', 'rendered']),
      sample: z.boolean(),
      attribution: localisedTextSchema,
      panoramaCount: z.number().int().nonnegative(),
    }),
  ),
  panoramas: z.array(panoramaSummarySchema),
  /** Set manifests that were skipped, each with what was wrong (file name only, e.g. `my-street.json`). */
  skipped: z.array(z.object({ file: z.string(), problem: z.string() })),
});
export type PanoramaIndex = z.infer<typeof panoramaIndexSchema>;

export const panoramaIndexEndpoint = defineEndpoint({
  id: 'getPanoramas',
  method: 'GET',
  path: '/mapviewer/api/panoramas',
  tag: 'Streetscape 360',
  summary: 'Every streetscape panorama, with its position, heading, quality steps and depth map',
  description:
    'The sets come from the shipped folder data/panoramas and from PANORAMA_DIR. A set whose manifest does not validate is listed under `skipped` with what was wrong. Rendered sets are samples drawn from the 3D scene, not photographs.',
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'The panoramas', schema: panoramaIndexSchema },
});

/** A file path inside a set folder, as a set manifest names it. */
export const panoramaFilePathSchema = z
  .string()
  .max(200)
  .regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[A-Za-z0-9._/-]+$/, { error: 'file must be a path inside the set folder' });

export const panoramaFileEndpoint = defineEndpoint({
  id: 'getPanoramaFile',
  method: 'GET',
  path: '/mapviewer/api/panoramas/files/{setId}/{file}',
  // `file` may hold slashes (`<panorama>/<width>.jpg`): the route takes the rest of the path, which the server names `file`.
  routePath: '/mapviewer/api/panoramas/files/:setId/*',
  tag: 'Streetscape 360',
  summary: 'One image or depth map of a panorama set',
  description:
    'Images are JPEG or PNG; depth maps are little-endian uint16 centimetres (core/contracts/equirectangular.ts), sent gzip-compressed when the client accepts it. A rendered set draws a missing file on first request.',
  params: z.strictObject({ setId: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'setId must be a set id (lower-case letters, digits, hyphens)' }), file: panoramaFilePathSchema }),
  query: timestampOnlyQuerySchema,
  // A depth map: the cheapest file to draw when the example runs against a cold cache (the contract tests fetch it).
  example: { params: { setId: 'kwun-tong-rendered', file: 'hung-to-road-01/depth.bin' } },
  response: { contentType: 'image/jpeg', description: 'The file', alternatives: [{ contentType: 'image/png', description: 'A PNG image' }, { contentType: 'application/octet-stream', description: 'A depth map' }] },
  otherResponses: { 404: 'No such set or file', 503: 'A rendered file could not be drawn; retry later' },
});
