/**
 * Stargazing (issue 15 point 8): dark-sky viewpoints chosen on the server from the terrain and the distance to the
 * built-up area (server/data/stargazingViewpoints.ts says how), each with the night's sun and moon computed for
 * that place and date (server/data/stargazingAstronomy.ts). Isomorphic.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Oldest and newest night the astronomy is offered for: the moon series is truncated, keep to its good range. */
export const STARGAZING_FIRST_YEAR = 1950;
export const STARGAZING_LAST_YEAR = 2100;

/** A real calendar date, YYYY-MM-DD, between the first and last year. */
const nightDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a calendar date written YYYY-MM-DD, such as 2026-11-26' })
  .refine(
    (text) => {
      const [year, month, day] = text.split('-').map(Number);
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    },
    { error: 'date is not a day of the calendar (check the month and the day)' },
  )
  .refine(
    (text) => {
      const year = Number(text.slice(0, 4));
      return year >= STARGAZING_FIRST_YEAR && year <= STARGAZING_LAST_YEAR;
    },
    { error: `date must lie between ${STARGAZING_FIRST_YEAR} and ${STARGAZING_LAST_YEAR}` },
  );

export const stargazingQuerySchema = z.strictObject({
  /** The Hong Kong calendar date whose evening is wanted; default: today in Hong Kong. */
  date: nightDateSchema.optional(),
  timestamp: timestampParamSchema,
});

export const MOON_PHASE_NAMES = [
  'new-moon',
  'waxing-crescent',
  'first-quarter',
  'waxing-gibbous',
  'full-moon',
  'waning-gibbous',
  'last-quarter',
  'waning-crescent',
] as const;
export const moonPhaseNameSchema = z.enum(MOON_PHASE_NAMES);

/** An instant written in Hong Kong time with its offset, e.g. `2026-11-26T17:41:00+08:00`; null when it does not happen. */
const hongKongTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/).nullable();

export const stargazingViewpointSchema = z.object({
  /** The peak's place id, as the place search gives it (`peak:<easting>-<northing>`). */
  id: z.string(),
  name: localisedTextSchema,
  longitude: z.number(),
  latitude: z.number(),
  /** The peak's height, metres (OpenStreetMap). */
  heightMeters: z.number(),
  /** To the nearest built-up 500 m cell (6 or more Transport Department road junctions), km. */
  distanceToBuiltUpKm: z.number().nonnegative(),
  /** Mean over 16 directions of the terrain horizon's elevation, degrees (0 = clear all round). */
  meanHorizonDegrees: z.number().nonnegative(),
  /** 0–1: 0.5 × distance (full at 8 km) + 0.25 × height (full at 900 m) + 0.25 × openness (none at 10°). */
  score: z.number().min(0).max(1),
  sky: z.object({
    sunset: hongKongTimeSchema,
    /** The end of astronomical twilight (sun 18° below the horizon). */
    astronomicalDusk: hongKongTimeSchema,
    /** The first moonrise and moonset between noon of the date and noon of the next day. */
    moonrise: hongKongTimeSchema,
    moonset: hongKongTimeSchema,
    /** Illuminated share of the moon's disc at astronomical dusk, per cent. */
    moonIlluminationPercent: z.number().min(0).max(100),
    moonPhase: moonPhaseNameSchema,
  }),
});
export type StargazingViewpoint = z.infer<typeof stargazingViewpointSchema>;

export const stargazingResponseSchema = z.object({
  date: z.string(),
  timeZone: z.literal('Asia/Hong_Kong'),
  /** Best first. */
  viewpoints: z.array(stargazingViewpointSchema),
  /** How the viewpoints were chosen, in English (the drawer says it in the page language). */
  method: z.string(),
  attribution: z.string(),
});
export type StargazingResponse = z.infer<typeof stargazingResponseSchema>;

/** GET /mapviewer/api/stargazing/viewpoints?date= */
export const stargazingEndpoint = defineEndpoint({
  id: 'getStargazingViewpoints',
  method: 'GET',
  path: '/mapviewer/api/stargazing/viewpoints',
  tag: 'Static layers',
  summary: 'Dark-sky viewpoints with the night’s sunset, moonrise, moonset and moon phase',
  description:
    'Named peaks inside Hong Kong scored by the distance to the built-up area (500 m cells with 6 or more road junctions ' +
    'of the Transport Department network), their height and the openness of their horizon (LandsD terrain), the best ' +
    'eight kept at least 6 km apart; for each, the evening of `date` (Hong Kong time; default today): sunset, ' +
    'astronomical dusk, moonrise, moonset and the moon’s phase, computed for the place (Meeus, NOAA).',
  query: stargazingQuerySchema,
  example: { query: { date: '2026-11-26' } },
  response: { contentType: 'application/json', description: 'The viewpoints, best first, with the night’s sky', schema: stargazingResponseSchema },
});
