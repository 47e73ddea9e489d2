/**
 * The hiking trails API (SPEC §1 "hiking trails (profile graph, animation)", §3 "Hiking trail", §9 steepness): the
 * four long trails and their stages with length, ascent, descent, estimated duration and difficulty, and for one
 * trail or stage its height profile from the LandsD DTM, distance posts, campsites and the MTR exits near its ends.
 * Isomorphic: the constants below are the rules the server computes with and the drawer explains.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** The long trails, by the id the API uses. */
export const TRAIL_IDS = ['maclehose', 'wilson', 'hong-kong', 'lantau'] as const;
export const trailIdSchema = z.enum(TRAIL_IDS, { error: `trail must be one of ${TRAIL_IDS.join(', ')}` });
export type TrailId = z.infer<typeof trailIdSchema>;

/** SPEC §9 hiking steepness classes, gentlest first. */
export const STEEPNESS_CLASSES = ['gentle', 'moderate', 'steep', 'severe'] as const;
export type SteepnessClass = (typeof STEEPNESS_CLASSES)[number];
/** SPEC §9: the largest slope of each class but the last, degrees (gentle ≤ 3.5°, moderate ≤ 9.2°, steep ≤ 14.9°). */
export const STEEPNESS_UPPER_DEGREES = { gentle: 3.5, moderate: 9.2, steep: 14.9 } as const;

/** The class of a slope of `degrees` (its absolute value: a descent as steep as a climb is as steep). */
export function steepnessClassOf(degrees: number): SteepnessClass {
  const slope = Math.abs(degrees);
  if (slope <= STEEPNESS_UPPER_DEGREES.gentle) return 'gentle';
  if (slope <= STEEPNESS_UPPER_DEGREES.moderate) return 'moderate';
  if (slope <= STEEPNESS_UPPER_DEGREES.steep) return 'steep';
  return 'severe';
}

/** Difficulty grades, easiest first (see {@link DIFFICULTY_STEEP_SHARE_LIMITS}). */
export const DIFFICULTY_GRADES = ['easy', 'moderate', 'hard', 'very-hard'] as const;
export type DifficultyGrade = (typeof DIFFICULTY_GRADES)[number];
/**
 * Difficulty from the slope profile: the share of the distance walked on steep or severe slopes (over 9.2°, SPEC §9).
 * Below 10 % easy, below 20 % moderate, below 30 % hard, else very hard.
 */
export const DIFFICULTY_STEEP_SHARE_LIMITS = { easy: 0.1, moderate: 0.2, hard: 0.3 } as const;

export function difficultyOf(steepShare: number): DifficultyGrade {
  if (steepShare < DIFFICULTY_STEEP_SHARE_LIMITS.easy) return 'easy';
  if (steepShare < DIFFICULTY_STEEP_SHARE_LIMITS.moderate) return 'moderate';
  if (steepShare < DIFFICULTY_STEEP_SHARE_LIMITS.hard) return 'hard';
  return 'very-hard';
}

/** Naismith's rule: walking speed on the flat, km/h, and the ascent that adds one hour, metres. */
export const NAISMITH_FLAT_KMH = 5;
export const NAISMITH_ASCENT_METRES_PER_HOUR = 600;

/** Naismith's rule: 5 km/h on the map distance plus 1 h per 600 m of ascent, minutes. */
export function naismithMinutes(lengthMetres: number, ascentMetres: number): number {
  return (lengthMetres / 1000 / NAISMITH_FLAT_KMH) * 60 + (ascentMetres / NAISMITH_ASCENT_METRES_PER_HOUR) * 60;
}

/** The profile is sampled from the DTM every this many metres along the line (a stage; a whole trail may be coarser). */
export const PROFILE_STEP_METRES = 25;
/** An MTR exit further than this straight-line distance from a stage's end is not offered as transport, metres. */
export const MTR_EXIT_RANGE_METRES = 2500;

const positionSchema = z.tuple([z.number(), z.number()]);

/** What one trail or stage measures. */
export const trailFiguresSchema = z.object({
  /** Geodesic length along the track (WGS84), metres. */
  lengthMetres: z.number().nonnegative(),
  /** Sums of the rises and falls of the smoothed DTM profile, metres. */
  ascentMetres: z.number().nonnegative(),
  descentMetres: z.number().nonnegative(),
  /** Naismith's rule on `lengthMetres` and `ascentMetres`, minutes. */
  durationMinutes: z.number().nonnegative(),
  /** Share of the length on steep or severe slopes (0–1). */
  steepShare: z.number().min(0).max(1),
  difficulty: z.enum(DIFFICULTY_GRADES),
  /** Metres of the length in each SPEC §9 steepness class. */
  metresByClass: z.object({ gentle: z.number(), moderate: z.number(), steep: z.number(), severe: z.number() }),
  /** Lowest and highest height of the profile, metres above HKPD. */
  lowestMetres: z.number(),
  highestMetres: z.number(),
  /** The districts the track passes, in the order first reached (the trail's region). */
  districts: z.array(localisedTextSchema),
  start: positionSchema,
  end: positionSchema,
  /** [west, south, east, north], degrees. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type TrailFigures = z.infer<typeof trailFiguresSchema>;

export const trailStageSchema = trailFiguresSchema.extend({
  /** 1-based stage (section) number. */
  stage: z.number().int().positive(),
  name: localisedTextSchema,
  /**
   * How far the section-start waypoint of the GPX lies from the track vertex where the stage is taken to begin,
   * metres (a check on the snapping: 1–10 m for the shipped files).
   */
  startWaypointOffsetMetres: z.number().nonnegative(),
});
export type TrailStage = z.infer<typeof trailStageSchema>;

export const trailSummarySchema = z.object({
  id: trailIdSchema,
  name: localisedTextSchema,
  figures: trailFiguresSchema,
  stages: z.array(trailStageSchema).min(1),
});
export type TrailSummary = z.infer<typeof trailSummarySchema>;

/** How the figures were made, in English (the drawer explains it in the page language). */
export const trailMethodSchema = z.object({
  heights: z.string(),
  duration: z.string(),
  difficulty: z.string(),
  stages: z.string(),
});

export const trailListResponseSchema = z.object({
  trails: z.array(trailSummarySchema),
  method: trailMethodSchema,
  attribution: z.string(),
});
export type TrailListResponse = z.infer<typeof trailListResponseSchema>;

/** GET /mapviewer/api/trails */
export const trailListEndpoint = defineEndpoint({
  id: 'listHikingTrails',
  method: 'GET',
  path: '/mapviewer/api/trails',
  tag: 'Static layers',
  summary: 'The four long hiking trails and their stages, with length, ascent, duration and difficulty',
  description:
    'MacLehose (10 stages), Wilson (10), Hong Kong (8) and Lantau (12) trails from the OpenStreetMap-derived GPX ' +
    '(stages begin at the GPX section waypoints). Heights come from the LandsD DTM the terrain is drawn from, sampled ' +
    `every ${PROFILE_STEP_METRES} m and smoothed; duration by Naismith's rule (${NAISMITH_FLAT_KMH} km/h + 1 h per ` +
    `${NAISMITH_ASCENT_METRES_PER_HOUR} m ascent); difficulty from the share of the distance steeper than ` +
    `${STEEPNESS_UPPER_DEGREES.moderate}°.`,
  query: timestampOnlyQuerySchema,
  response: { contentType: 'application/json', description: 'The trails', schema: trailListResponseSchema },
  otherResponses: { 503: 'The DTM or the trail files are not installed' },
});

export const trailProfileParamsSchema = z.strictObject({ trail: trailIdSchema });
export const trailProfileQuerySchema = z.strictObject({
  /** A stage number; without it, the whole trail. */
  stage: z.coerce
    .number({ error: 'stage must be a whole number' })
    .int({ error: 'stage must be a whole number' })
    .min(1, { error: 'stage must be at least 1' })
    .max(12, { error: 'stage must be at most 12 (the Lantau Trail has 12, the others fewer)' })
    .optional(),
  timestamp: timestampParamSchema,
});

const mtrExitSchema = z.object({
  station: localisedTextSchema,
  exit: z.string(),
  position: positionSchema,
  barrierFree: z.boolean(),
  /** Straight-line distance from the stage end, metres (not a walking route). */
  straightMetres: z.number().nonnegative(),
});
export type TrailMtrExit = z.infer<typeof mtrExitSchema>;

const trailEndSchema = z.object({
  /** e.g. "MacLehose Trail Section 3". */
  name: localisedTextSchema,
  position: positionSchema,
  /** DTM height at the point, metres above HKPD. */
  heightMetres: z.number(),
  /** The nearest exit of each of the (at most two) nearest MTR stations within range; empty when none. */
  mtrExits: z.array(mtrExitSchema),
});

export const trailProfileResponseSchema = z.object({
  trail: trailIdSchema,
  /** The stage, or null for the whole trail. */
  stage: z.number().int().positive().nullable(),
  name: localisedTextSchema,
  figures: trailFiguresSchema,
  /** Distance between samples, metres. */
  stepMetres: z.number().positive(),
  /**
   * The profile: [distance from the start (m), longitude, latitude, smoothed DTM height (m above HKPD)], one every
   * `stepMetres` and at the end.
   */
  samples: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])).min(2),
  /** Slope between sample i and i+1, degrees (positive uphill in the walking direction). */
  slopeDegrees: z.array(z.number()),
  /** SPEC §9 class of each of those slopes. */
  steepness: z.array(z.enum(STEEPNESS_CLASSES)),
  distancePosts: z.array(z.object({ code: z.string(), position: positionSchema, distanceMetres: z.number() })),
  campsites: z.array(z.object({ name: localisedTextSchema, position: positionSchema, distanceMetres: z.number(), offTrailMetres: z.number() })),
  start: trailEndSchema,
  end: trailEndSchema,
  attribution: z.string(),
});
export type TrailProfileResponse = z.infer<typeof trailProfileResponseSchema>;

/** GET /mapviewer/api/trails/{trail}/profile?stage= */
export const trailProfileEndpoint = defineEndpoint({
  id: 'getHikingTrailProfile',
  method: 'GET',
  path: '/mapviewer/api/trails/{trail}/profile',
  tag: 'Static layers',
  summary: 'The height profile of a trail or stage, with steepness classes, distance posts, campsites and MTR exits',
  description:
    `Heights from the LandsD DTM every ${PROFILE_STEP_METRES} m along the track (a whole trail: its stages one after another), ` +
    `smoothed; each step classed by SPEC §9 (≤ ${STEEPNESS_UPPER_DEGREES.gentle}°, ≤ ${STEEPNESS_UPPER_DEGREES.moderate}°, ` +
    `≤ ${STEEPNESS_UPPER_DEGREES.steep}°, steeper). MTR exits within ${MTR_EXIT_RANGE_METRES} m straight line of each end.`,
  params: trailProfileParamsSchema,
  query: trailProfileQuerySchema,
  example: { params: { trail: 'maclehose' }, query: { stage: '2' } },
  response: { contentType: 'application/json', description: 'The profile', schema: trailProfileResponseSchema },
  otherResponses: { 404: 'The trail has no such stage', 503: 'The DTM or the trail files are not installed' },
});
