/**
 * Point-to-point pedestrian routing inside a metro station (issue 17 point 4; SPEC §4 and the §8 indoor routing
 * messages). The station model is the generated SAMPLE of GET static/indoor (server/data/indoorGenerator.ts): real
 * exit positions, sample concourse, gates, stairs, escalators, lifts and platforms, so every answer says
 * `sample: true`. Isomorphic.
 *
 * Heights are metres relative to the ground at the station (negative below it), like the indoor feeds.
 */
import { z } from 'zod';
import { languageSchema, localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import {
  ESCALATOR_BOARDING_SECONDS,
  ESCALATOR_METRES_PER_SECOND,
  LIFT_DOORS_SECONDS,
  LIFT_METRES_PER_SECOND,
  LIFT_WAIT_SECONDS,
  pedestrianSegmentSchema,
  STAIRS_METRES_PER_SECOND,
  WALKING_METRES_PER_SECOND,
} from './pedestrianNetwork';

/** A metro station venue (`MTR-` and the station code); a well-formed id of no station is a 404. */
const stationVenueParam = z.string().regex(/^MTR-[A-Z]{3}$/, { error: 'venue must be the venue id of a metro station, such as MTR-ADM' });

/** A place id of GET indoor/places, e.g. `ADM-exit-A`, `ADM-P4-platform-1`, `ADM-C-lift-2`. */
export const INDOOR_PLACE_ID_PATTERN = /^[A-Z]{3}-[A-Za-z0-9-]{1,40}$/;
/** A point on a floor: `lon,lat@floorId`, e.g. `114.1646,22.2790@ADM-C`. */
export const INDOOR_POINT_PATTERN = /^(-?\d{1,3}(?:\.\d{1,10})?),(-?\d{1,2}(?:\.\d{1,10})?)@([A-Z]{3}-[A-Z0-9]{1,4})$/;

/** Metres within which a picked point snaps onto the walkable network of its floor; farther is not pickable. */
export const INDOOR_PICK_RADIUS_METRES = 15;

const endpointParam = (name: 'from' | 'to') =>
  z
    .string()
    .max(80)
    .refine((value) => INDOOR_PLACE_ID_PATTERN.test(value) || INDOOR_POINT_PATTERN.test(value), {
      error: `${name} must be a place id from indoor/places (such as ADM-exit-A) or a point lon,lat@floorId (such as 114.1646,22.2790@ADM-C)`,
    });

export const INDOOR_PLACE_KINDS = ['exit', 'platform', 'facility'] as const;
export const INDOOR_FACILITIES = ['lift', 'escalator', 'stairs', 'customer-service', 'toilet', 'gate'] as const;
export type IndoorFacility = (typeof INDOOR_FACILITIES)[number];

export const indoorPlaceSchema = z.object({
  /** Use as `from` / `to` of GET routing/indoor. */
  id: z.string().regex(INDOOR_PLACE_ID_PATTERN),
  kind: z.enum(INDOOR_PLACE_KINDS),
  /** The facility of a `facility` place; null for exits and platforms. */
  facility: z.enum(INDOOR_FACILITIES).nullable(),
  name: localisedTextSchema,
  floorId: z.string(),
  floorLevel: z.number().int(),
  position: z.tuple([z.number(), z.number()]),
  /** Height of the place's floor, metres relative to the ground. */
  heightMetres: z.number(),
  /** Whether the place can be reached without stairs or escalators (from a barrier-free exit). */
  stepFree: z.boolean(),
});
export type IndoorPlace = z.infer<typeof indoorPlaceSchema>;

export const indoorPlacesQuerySchema = z.strictObject({
  venue: stationVenueParam,
  /** Accepted for symmetry with the route; names are always given in all three languages. */
  lang: languageSchema.optional(),
  timestamp: timestampParamSchema,
});

export const indoorPlacesResponseSchema = z.object({
  venueId: z.string(),
  sample: z.literal(true),
  /** Exits first (by exit letter), then platforms (top level first), then facilities (by floor, top first). */
  places: z.array(indoorPlaceSchema),
});
export type IndoorPlacesResponse = z.infer<typeof indoorPlacesResponseSchema>;

export const indoorRouteQuerySchema = z
  .strictObject({
    venue: stationVenueParam,
    from: endpointParam('from'),
    to: endpointParam('to'),
    /** `true`: only segments with wheelchair access (no stairs, no escalators, the wide gate). Default false. */
    stepFree: z.enum(['true', 'false']).optional(),
    /** Language of the steps' instructions (default en-US). */
    lang: languageSchema.optional(),
    timestamp: timestampParamSchema,
  })
  .refine((query) => query.from !== query.to, { error: 'to must be a different place from from', path: ['to'] });

export const INDOOR_ROUTE_VIAS = ['walk', 'stairs', 'escalator', 'lift', 'gate'] as const;

export const indoorRouteFoundSchema = z.object({
  found: z.literal(true),
  venueId: z.string(),
  stepFree: z.boolean(),
  lengthMetres: z.number().nonnegative(),
  /** Walking time (see WALKING_METRES_PER_SECOND and the other times in pedestrianNetwork.ts), seconds. */
  walkingSeconds: z.number().nonnegative(),
  /** The floors passed, in the order passed (a floor passed twice is listed twice). */
  floors: z.array(z.string()).min(1),
  /** [lon, lat, height in metres relative to the ground], from the origin to the destination. */
  path: z.array(z.tuple([z.number(), z.number(), z.number()])).min(2),
  steps: z.array(
    z.object({
      /** In `lang`. */
      instruction: z.string(),
      /** The floor the step starts on. */
      floorId: z.string(),
      via: z.enum(INDOOR_ROUTE_VIAS),
      lengthMetres: z.number().nonnegative(),
    }),
  ),
  /** The pedestrian network segments used, in order (SPEC §3 fields, §9 codes). */
  segments: z.array(pedestrianSegmentSchema),
  sample: z.literal(true),
});
export type IndoorRouteFound = z.infer<typeof indoorRouteFoundSchema>;

export const indoorRouteResponseSchema = z.union([
  indoorRouteFoundSchema,
  /** A point farther than 15 m from any walkable place on its floor (or on a floor the venue lacks). */
  z.object({ found: z.literal(false), reason: z.literal('not-pickable'), which: z.enum(['from', 'to']) }),
  /** Nothing joins the two (e.g. step-free from an exit with no lift). */
  z.object({ found: z.literal(false), reason: z.literal('no-route') }),
]);
export type IndoorRouteResponse = z.infer<typeof indoorRouteResponseSchema>;

/** GET /mapviewer/api/indoor/places?venue= */
export const indoorPlacesEndpoint = defineEndpoint({
  id: 'getIndoorPlaces',
  method: 'GET',
  path: '/mapviewer/api/indoor/places',
  tag: 'Indoor maps',
  summary: 'The exits, platforms and facilities of a metro station (sample station model), to route between',
  description:
    'Exits are at the real exit positions; the concourse, gates, stairs, escalators, lifts, customer service centre, toilets and platforms are the generated sample station model. `stepFree` says whether a place can be reached from a barrier-free exit without stairs or escalators.',
  query: indoorPlacesQuerySchema,
  example: { query: { venue: 'MTR-ADM', lang: 'en-US' } },
  response: { contentType: 'application/json', description: 'The places of the station', schema: indoorPlacesResponseSchema },
  otherResponses: { 404: '3D indoor map is not found' },
});

/** GET /mapviewer/api/routing/indoor?venue=&from=&to=&stepFree=&lang= */
export const indoorRouteEndpoint = defineEndpoint({
  id: 'getIndoorRoute',
  method: 'GET',
  path: '/mapviewer/api/routing/indoor',
  tag: 'Routing',
  summary: 'Point-to-point pedestrian route inside a metro station (sample station model), across floors',
  description:
    'A* over the station’s pedestrian network (the routing engine of the road routes). Cost is walking time: ' +
    `${WALKING_METRES_PER_SECOND} m/s on the flat, ${STAIRS_METRES_PER_SECOND} m/s along stairs, escalators ${ESCALATOR_METRES_PER_SECOND} m/s plus ${ESCALATOR_BOARDING_SECONDS} s to step on and off, ` +
    `lifts ${LIFT_WAIT_SECONDS} s waiting plus ${LIFT_METRES_PER_SECOND} m/s of travel plus ${LIFT_DOORS_SECONDS} s. ` +
    `\`from\` and \`to\` are place ids of GET indoor/places or points \`lon,lat@floorId\`, snapped to the walkable network of that floor within ${INDOOR_PICK_RADIUS_METRES} m ` +
    '(`not-pickable` otherwise). `stepFree=true` uses only segments with wheelchair access: no stairs, no escalators, the wide gate.',
  query: indoorRouteQuerySchema,
  example: { query: { venue: 'MTR-ADM', from: 'ADM-exit-A', to: 'ADM-P4-platform-1', stepFree: 'false', lang: 'en-US' } },
  response: { contentType: 'application/json', description: 'The route, or why there is none', schema: indoorRouteResponseSchema },
  otherResponses: { 404: '3D indoor map is not found' },
});
