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
  query: placeSearchQuerySchema,
  example: { query: { q: 'Sha Tin', lang: 'en-US', limit: '5' } },
  response: { contentType: 'application/json', description: 'Best match first', schema: placeSearchResponseSchema },
});
