/**
 * Walking route search (SPEC §1 "walking route search", issue 17 point 5): the shortest walk between two places
 * over the pedestrian network that exists in the shipped data (server/routing/walking.ts; server/routing/CONTEXT.md
 * says which data and how it is joined). Isomorphic.
 */
import { z } from 'zod';
import { languageSchema, localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * Walking speed the times are computed at, metres per second (1.3 m/s ≈ 4.7 km/h: a usual adult pace on a level
 * pavement; no waits at crossings, no slopes).
 */
export const WALKING_SPEED_METRES_PER_SECOND = 1.3;
/**
 * A place farther than this (metres, straight line) from every walkable line of the network has no route:
 * reason `no-path-near`. 500 m: the network has gaps (the junction graph's straight segments miss many
 * footpaths), but a walk that starts with a longer straight leg would be mostly guesswork.
 */
export const WALK_MAX_ACCESS_METRES = 500;

/** The reasons a walking search finds no route (SPEC §8 wording is the UI's: see the endpoint description). */
export const WALK_NOT_FOUND_REASONS = ['outside-boundary', 'no-path-near', 'unreachable'] as const;

const decimal = /^-?\d{1,3}(\.\d{1,15})?$/;

/** `LON,LAT` in WGS84 degrees, named `name` in messages; parsed to `[lon, lat]`. */
function lonLatParam(name: 'from' | 'to') {
  return z
    .string({ error: `${name} is required, as LON,LAT in degrees, e.g. 114.1937,22.3417` })
    .max(80, { error: `${name} is too long` })
    .transform((text, context): [number, number] => {
      const parts = text.split(',');
      if (parts.length !== 2 || !parts.every((part) => decimal.test(part))) {
        context.addIssue({ code: 'custom', message: `${name} must be LON,LAT in degrees, e.g. 114.1937,22.3417` });
        return z.NEVER;
      }
      const [longitude, latitude] = parts.map(Number);
      if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90) {
        context.addIssue({ code: 'custom', message: `${name} longitude must be within ±180 and latitude within ±90 degrees` });
        return z.NEVER;
      }
      return [longitude, latitude];
    });
}

export const walkingRouteQuerySchema = z.strictObject({
  /** The origin, `LON,LAT` in WGS84 degrees. */
  from: lonLatParam('from'),
  /** The destination, `LON,LAT` in WGS84 degrees. */
  to: lonLatParam('to'),
  /** Language of `summary`; street names are always given in all three. Default en-US. */
  lang: languageSchema.optional(),
  timestamp: timestampParamSchema,
});

const positionSchema = z.tuple([z.number(), z.number()]);

export const walkingRouteFoundSchema = z.object({
  found: z.literal(true),
  /** The origin and destination as asked, [lon, lat]. */
  from: positionSchema,
  to: positionSchema,
  /** Metres walked on the network plus the two access legs. */
  lengthMetres: z.number().nonnegative(),
  /** `lengthMetres` at `WALKING_SPEED_METRES_PER_SECOND`, seconds. */
  walkingSeconds: z.number().nonnegative(),
  /** The walk on the network, from the origin's network point to the destination's. */
  line: z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema).min(2) }),
  /**
   * The straight legs between each place and its nearest network point (origin's first, then destination's):
   * not on any mapped path, so draw them dashed. Included in `lengthMetres`.
   */
  accessLegs: z.array(z.object({ coordinates: z.array(positionSchema).length(2), lengthMetres: z.number().nonnegative() })).length(2),
  /** The walk on the network in stretches along one named street (null: a stretch whose data has no name), in order. */
  streets: z.array(z.object({ name: localisedTextSchema.nullable(), lengthMetres: z.number().nonnegative() })),
  /** One sentence describing the walk, in `lang`. */
  summary: z.string(),
  attribution: z.string(),
});

export const walkingRouteNotFoundSchema = z.union([
  z.object({ found: z.literal(false), reason: z.literal('outside-boundary'), which: z.enum(['from', 'to']) }),
  z.object({ found: z.literal(false), reason: z.literal('no-path-near'), which: z.enum(['from', 'to']) }),
  z.object({ found: z.literal(false), reason: z.literal('unreachable') }),
]);

export const walkingRouteResponseSchema = z.union([walkingRouteFoundSchema, walkingRouteNotFoundSchema]);
export type WalkingRouteResponse = z.infer<typeof walkingRouteResponseSchema>;
export type WalkingRouteFound = z.infer<typeof walkingRouteFoundSchema>;
export type WalkingRouteNotFound = z.infer<typeof walkingRouteNotFoundSchema>;
export type WalkNotFoundReason = (typeof WALK_NOT_FOUND_REASONS)[number];

/** GET /mapviewer/api/routing/walk?from=LON,LAT&to=LON,LAT&lang= */
export const walkingRouteEndpoint = defineEndpoint({
  id: 'getWalkingRoute',
  method: 'GET',
  path: '/mapviewer/api/routing/walk',
  tag: 'Routing',
  summary: 'The shortest walk between two places over the pedestrian network, with its length, time and streets',
  description:
    'A* over the walking network: the Transport Department road junctions joined by their road segments (expressways ' +
    'and other roads posted at 70 km/h or more left out), the Lands Department street centrelines where shipped ' +
    '(Wong Tai Sin), the Transport Department pedestrian zones and the MTR station exits; or the Lands Department 3D ' +
    'pedestrian network when the server has it. Each place joins the network by a straight access leg to the nearest ' +
    `walkable line (returned separately, included in the length). Time at ${WALKING_SPEED_METRES_PER_SECOND} m/s. ` +
    'With `found: false`, `reason` says why: `outside-boundary` (the place named by `which` lies outside the Hong Kong ' +
    `boundary), \`no-path-near\` (no walkable line within ${WALK_MAX_ACCESS_METRES} m of it), \`unreachable\` (the two ` +
    'network points are not joined).',
  query: walkingRouteQuerySchema,
  example: { query: { from: '114.1937,22.3417', to: '114.1990,22.3380', lang: 'en-US' } },
  response: { contentType: 'application/json', description: 'The walking route, or why there is none', schema: walkingRouteResponseSchema },
});
