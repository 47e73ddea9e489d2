import { z } from 'zod';
import { languageSchema, localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Shortest accepted search text and the message shown when it is shorter. */
export const PLACE_QUERY_MIN_LENGTH = 2;
export const PLACE_QUERY_MAX_LENGTH = 100;
export const PLACE_QUERY_TOO_SHORT_MESSAGE = 'Please input at least 2 English characters';
export const PLACE_SEARCH_DEFAULT_LIMIT = 10;
export const PLACE_SEARCH_MAX_LIMIT = 50;

/** What a place is; the viewer labels each (`locationSearch.kind.<kind>`). */
export const PLACE_KINDS = [
  'district',
  'mtr-station',
  'mtr-exit',
  'peak',
  'trail',
  'trail-section',
  'distance-post',
  'campsite',
  'beach',
  'monument',
] as const;
export const placeKindSchema = z.enum(PLACE_KINDS);
export type PlaceKind = z.infer<typeof placeKindSchema>;

/**
 * GET /mapviewer/api/search/places?q=&lang=&limit= (query strings arrive as text; limit is coerced).
 * Names match in any of the three languages: exactly, by prefix, by word, by all words (full text, Chinese
 * segmented into words), by part, and English also fuzzily (typos).
 */
export const placeSearchQuerySchema = z.strictObject({
  // A missing q is an empty search, so it gets the same "at least 2 characters" answer (prefault validates).
  q: z
    .string({ error: PLACE_QUERY_TOO_SHORT_MESSAGE })
    .trim()
    .min(PLACE_QUERY_MIN_LENGTH, { error: PLACE_QUERY_TOO_SHORT_MESSAGE })
    .max(PLACE_QUERY_MAX_LENGTH, { error: `Search text must be at most ${PLACE_QUERY_MAX_LENGTH} characters` })
    .prefault(''),
  lang: languageSchema.default('en-US'),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(PLACE_SEARCH_MAX_LIMIT, { error: `limit must be at most ${PLACE_SEARCH_MAX_LIMIT}` })
    .default(PLACE_SEARCH_DEFAULT_LIMIT),
  timestamp: timestampParamSchema,
});
/** The query as the client writes it. */
export type PlaceSearchRequest = z.input<typeof placeSearchQuerySchema>;
/** The query after defaults. */
export type PlaceSearchQuery = z.output<typeof placeSearchQuerySchema>;

export const placeSchema = z.object({
  /**
   * Stable id, e.g. `district:R`, `mtr-station:STW`, `mtr-exit:TST:A1`, `peak:837581-823596`, `trail:maclehose`,
   * `trail-section:maclehose:2`, `distance-post:M001`, `campsite:maclehose:pak-lap`, `beach:repulse-bay`, `monument:53`.
   */
  id: z.string(),
  kind: placeKindSchema,
  name: localisedTextSchema,
  longitude: z.number(),
  latitude: z.number(),
  /** Where it is or what it belongs to: the district it lies in, or the trail of a distance post. */
  detail: localisedTextSchema.optional(),
  /** True when the point lies in none of the 18 district boundaries (land and sea), e.g. a Shenzhen hill. */
  outsideHongKong: z.boolean(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeSearchResponseSchema = z.object({
  query: z.string(),
  results: z.array(placeSchema),
});
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;

export const placeSearchEndpoint = defineEndpoint({
  id: 'searchPlaces',
  method: 'GET',
  path: '/mapviewer/api/search/places',
  tag: 'Search',
  summary: 'Keyword search over Hong Kong places in three languages',
  description: 'Names match in English, traditional and simplified Chinese: exactly, by prefix, by word, by all words and by part, and English names also despite typos. `q` needs at least 2 characters.',
  query: placeSearchQuerySchema,
  example: { query: { q: 'Sha Tin', lang: 'en-US', limit: '5' } },
  response: { contentType: 'application/json', description: 'Best match first', schema: placeSearchResponseSchema },
});

/**
 * GET /mapviewer/api/search/locate?longitude=&latitude=: whether a WGS84 point lies in Hong Kong (in one of the 18
 * district boundaries, land and sea: the SAR boundary, so a point in Shenzhen is outside) and in which district.
 * The viewer asks it for typed coordinates (SPEC §5 "Input location falls outside Hong Kong.").
 */
export const placeLocateQuerySchema = z.strictObject({
  longitude: z.coerce
    .number({ error: 'longitude must be a number of degrees' })
    .min(-180, { error: 'longitude must be between -180 and 180' })
    .max(180, { error: 'longitude must be between -180 and 180' }),
  latitude: z.coerce
    .number({ error: 'latitude must be a number of degrees' })
    .min(-90, { error: 'latitude must be between -90 and 90' })
    .max(90, { error: 'latitude must be between -90 and 90' }),
  timestamp: timestampParamSchema,
});
export const placeLocateResponseSchema = z.object({
  longitude: z.number(),
  latitude: z.number(),
  outsideHongKong: z.boolean(),
  /** The district the point lies in; absent outside Hong Kong. */
  district: localisedTextSchema.optional(),
});
export type PlaceLocateResponse = z.infer<typeof placeLocateResponseSchema>;

export const placeLocateEndpoint = defineEndpoint({
  id: 'locatePoint',
  method: 'GET',
  path: '/mapviewer/api/search/locate',
  tag: 'Search',
  summary: 'Whether a WGS84 point lies in Hong Kong, and its district',
  description: 'Hong Kong here is the 18 district boundaries, land and sea together (the SAR boundary), so a point in Shenzhen is outside.',
  query: placeLocateQuerySchema,
  example: { query: { longitude: '114.16', latitude: '22.28' } },
  response: { contentType: 'application/json', description: 'Its district, or `outsideHongKong` true outside the SAR boundary', schema: placeLocateResponseSchema },
});

/** Kinds of place that have a shape to highlight: a district its outline, a trail (and a section of it) its line. */
export const PLACE_GEOMETRY_KINDS = ['district', 'trail', 'trail-section'] as const satisfies readonly PlaceKind[];

/** GET /mapviewer/api/search/places/geometry?id=: the shape of a place found by the search, to highlight it. */
export const placeGeometryQuerySchema = z.strictObject({
  id: z
    .string({ error: 'id must be a place id such as trail:maclehose' })
    .max(PLACE_QUERY_MAX_LENGTH, { error: `id must be at most ${PLACE_QUERY_MAX_LENGTH} characters` })
    .regex(/^(district|trail|trail-section):[A-Za-z0-9:-]+$/, { error: 'id must be a district, trail or trail-section place id, e.g. trail:maclehose' }),
  timestamp: timestampParamSchema,
});
const lonLatSchema = z.tuple([z.number(), z.number()]);
export const placeGeometryResponseSchema = z.object({
  id: z.string(),
  /** Lines to draw (a trail: its whole line, also for one of its sections), longitude/latitude degrees. */
  lines: z.array(z.array(lonLatSchema)),
  /** Outer rings of areas (a district: each of its parts), not repeated at the end. */
  outlines: z.array(z.array(lonLatSchema)),
});
export type PlaceGeometry = z.infer<typeof placeGeometryResponseSchema>;

export const placeGeometryEndpoint = defineEndpoint({
  id: 'getPlaceGeometry',
  method: 'GET',
  path: '/mapviewer/api/search/places/geometry',
  tag: 'Search',
  summary: 'The outline of a district or the line of a hiking trail found by the place search',
  description: '`id` is the id of a district, trail or trail section from the place search. A trail answers its line, a district the outer rings of its parts, as WGS84 longitude/latitude pairs to highlight.',
  query: placeGeometryQuerySchema,
  example: { query: { id: 'trail:maclehose' } },
  response: { contentType: 'application/json', description: 'Lines and outlines, WGS84', schema: placeGeometryResponseSchema },
  otherResponses: { 404: 'No place with a shape has this id' },
});
