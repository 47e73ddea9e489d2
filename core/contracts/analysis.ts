/**
 * The spatial analysis API (issue 16): one surface model — the LandsD DTM the terrain tiles are drawn from, with
 * the building store's roofs rasterised into it — answering a height profile along a line, a line of sight between
 * two points and a view shed around an observer (server/analysis/CONTEXT.md). Isomorphic: the limits below are the
 * rules the server validates with and the clients (view shed, cross-section, line-of-sight tools) explain.
 *
 * Heights are metres above the Hong Kong Principal Datum (mPD) as the DTM and LandsD roof levels give them;
 * distances are geodesic on WGS84 (core/contracts/geodesy.ts).
 */
import { z } from 'zod';
import { timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';
import { geodesicDistance, type LonLat } from './geodesy';

/** Longest line a profile or a line of sight may measure, metres. */
export const ANALYSIS_MAX_LINE_METRES = 20_000;
/** Most samples one profile may have (length ÷ spacing + 1). */
export const PROFILE_MAX_SAMPLES = 5000;
/** Profile sample spacing: default, smallest and largest, metres. */
export const PROFILE_DEFAULT_SPACING_METRES = 5;
export const PROFILE_MIN_SPACING_METRES = 1;
export const PROFILE_MAX_SPACING_METRES = 100;
/** Most vertices of a profile line. */
export const PROFILE_MAX_VERTICES = 100;
/** Height of an eye above the ground or roof under it when none is given, metres. */
export const DEFAULT_EYE_HEIGHT_METRES = 1.6;
/** Largest height above the ground/roof of an observer or target, metres. */
export const MAX_EYE_HEIGHT_METRES = 500;
/** Coefficient of atmospheric refraction used with the earth's curvature (the usual surveying value). */
export const REFRACTION_COEFFICIENT = 0.13;
/** View shed radius: smallest and largest, metres. */
export const VIEWSHED_MIN_DISTANCE_METRES = 50;
export const VIEWSHED_MAX_DISTANCE_METRES = 5000;
/** The view shed grid is kept at or under about this many cells; its cell size follows from the radius. */
export const VIEWSHED_MAX_CELLS = 250_000;
/** Smallest view shed cell, metres (the DTM itself is a 36–70 m grid; roofs need a few metres). */
export const VIEWSHED_MIN_CELL_METRES = 5;

/**
 * The view shed cell size for a radius: the smallest whole metre count ≥ {@link VIEWSHED_MIN_CELL_METRES} that
 * keeps the (2·radius / cell)² grid within {@link VIEWSHED_MAX_CELLS} (5 m at 1 km, 20 m at 5 km).
 */
export function viewshedCellSizeMetres(distanceMetres: number): number {
  const exact = (2 * distanceMetres) / Math.sqrt(VIEWSHED_MAX_CELLS);
  return Math.max(VIEWSHED_MIN_CELL_METRES, Math.ceil(exact));
}

const decimal = /^-?\d{1,3}(\.\d{1,15})?$/;
const number = /^-?\d{1,6}(\.\d{1,15})?$/;

/** `LON,LAT` in degrees, named `name` in messages. */
function positionParam(name: string) {
  return z
    .string({ error: `${name} is required, as LON,LAT in degrees, e.g. 114.1722,22.3365` })
    .max(80, { error: `${name} is too long` })
    .transform((text, context): LonLat => {
      const parts = text.split(',');
      if (parts.length !== 2 || !parts.every((part) => decimal.test(part))) {
        context.addIssue({ code: 'custom', message: `${name} must be LON,LAT in degrees, e.g. 114.1722,22.3365` });
        return z.NEVER;
      }
      const [longitude, latitude] = parts.map(Number);
      if (Math.abs(longitude) > 180 || Math.abs(latitude) > 90) {
        context.addIssue({ code: 'custom', message: `${name} longitude must be within ±180 and latitude within ±90 degrees` });
        return z.NEVER;
      }
      return { longitude, latitude };
    });
}

/** A decimal number between `min` and `max` (inclusive), named `name` in messages; `fallback` when absent. */
function boundedNumber(name: string, min: number, max: number, unit: string, fallback?: number) {
  const schema = z
    .string()
    .max(32, { error: `${name} is too long` })
    .transform((text, context) => {
      const value = Number(text);
      if (!number.test(text) || !Number.isFinite(value) || value < min || value > max) {
        context.addIssue({ code: 'custom', message: `${name} must be a number of ${unit} from ${min} to ${max}` });
        return z.NEVER;
      }
      return value;
    });
  return fallback === undefined ? schema : schema.optional().transform((value) => value ?? fallback);
}

const eyeHeight = (name: string) => boundedNumber(name, 0, MAX_EYE_HEIGHT_METRES, 'metres above the ground or roof', DEFAULT_EYE_HEIGHT_METRES);

function isPlace(value: unknown): value is LonLat {
  const place = value as LonLat | undefined;
  return typeof place?.longitude === 'number' && typeof place.latitude === 'number';
}

/** Geodesic length of a polyline, metres. */
function lineLength(points: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += geodesicDistance(points[i - 1], points[i]);
  return total;
}

/** GET …/analysis/profile: `line=LON,LAT;LON,LAT[;…]`, `spacing` metres. */
export const profileQuerySchema = z
  .strictObject({
    line: z
      .string({ error: 'line is required, as LON,LAT;LON,LAT[;…] in degrees' })
      .max(4000, { error: 'line is too long' })
      .transform((text, context): LonLat[] => {
        const vertices = text.split(';');
        if (vertices.length < 2 || vertices.length > PROFILE_MAX_VERTICES) {
          context.addIssue({ code: 'custom', message: `line must have 2 to ${PROFILE_MAX_VERTICES} points LON,LAT separated by ';'` });
          return z.NEVER;
        }
        const points: LonLat[] = [];
        for (const vertex of vertices) {
          const parts = vertex.split(',');
          const [longitude, latitude] = parts.map(Number);
          if (parts.length !== 2 || !parts.every((part) => decimal.test(part)) || Math.abs(longitude) > 180 || Math.abs(latitude) > 90) {
            context.addIssue({ code: 'custom', message: `line must be points LON,LAT in degrees separated by ';', e.g. 114.10,22.41;114.15,22.41 (bad point "${vertex.slice(0, 40)}")` });
            return z.NEVER;
          }
          points.push({ longitude, latitude });
        }
        return points;
      }),
    spacing: boundedNumber('spacing', PROFILE_MIN_SPACING_METRES, PROFILE_MAX_SPACING_METRES, 'metres', PROFILE_DEFAULT_SPACING_METRES),
    timestamp: timestampParamSchema,
  })
  .superRefine((query, context) => {
    // Zod runs this even when a field was refused (its value is then missing): those already have their message.
    if (!Array.isArray(query.line) || typeof query.spacing !== 'number') return;
    const length = lineLength(query.line);
    if (length > ANALYSIS_MAX_LINE_METRES) {
      context.addIssue({ code: 'custom', path: ['line'], message: `line is ${Math.round(length)} m long; at most ${ANALYSIS_MAX_LINE_METRES} m may be profiled` });
      return;
    }
    if (length <= 0) {
      context.addIssue({ code: 'custom', path: ['line'], message: 'line must have length: its points are all the same' });
      return;
    }
    const samples = Math.ceil(length / query.spacing) + 1;
    if (samples > PROFILE_MAX_SAMPLES) {
      context.addIssue({
        code: 'custom',
        path: ['spacing'],
        message: `spacing ${query.spacing} m over ${Math.round(length)} m gives ${samples} samples; at most ${PROFILE_MAX_SAMPLES} samples — use a larger spacing`,
      });
    }
  });

/** Building names as the store's record has them (LandsD and OpenStreetMap give English and Chinese). */
export const analysisBuildingNameSchema = z.object({ en: z.string().nullable(), zh: z.string().nullable() });
export type AnalysisBuildingName = z.infer<typeof analysisBuildingNameSchema>;

export const profileSampleSchema = z.object({
  /** Geodesic distance from the line's first point, metres. */
  distanceMetres: z.number().nonnegative(),
  longitude: z.number(),
  latitude: z.number(),
  /** DTM height, mPD; null where no DEM covers the point. */
  groundMetres: z.number().nullable(),
  /** Roof level of the building whose footprint holds the point, mPD; null where there is none. */
  roofMetres: z.number().nullable(),
  buildingId: z.string().nullable(),
  buildingName: analysisBuildingNameSchema.nullable(),
});
export type ProfileSample = z.infer<typeof profileSampleSchema>;

export const profileBuildingSchema = z.object({
  id: z.string(),
  name: analysisBuildingNameSchema.nullable(),
  /** First and last sample distance inside the footprint (one crossing; a line that crosses twice lists it twice). */
  fromMetres: z.number().nonnegative(),
  toMetres: z.number().nonnegative(),
  roofMetres: z.number(),
});
export type ProfileBuilding = z.infer<typeof profileBuildingSchema>;

export const profileResponseSchema = z.object({
  lengthMetres: z.number().nonnegative(),
  spacingMetres: z.number().positive(),
  /** One every `spacingMetres` along the line, each vertex included, and the end. */
  samples: z.array(profileSampleSchema).min(2),
  /** The buildings crossed, in order along the line. */
  buildings: z.array(profileBuildingSchema),
  attribution: z.string(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** GET /mapviewer/api/analysis/profile */
export const analysisProfileEndpoint = defineEndpoint({
  id: 'getSurfaceProfile',
  method: 'GET',
  path: '/mapviewer/api/analysis/profile',
  tag: 'Spatial analysis',
  summary: 'Ground and roof heights along a line (a cross-section of terrain and buildings)',
  description:
    `Samples every \`spacing\` metres (default ${PROFILE_DEFAULT_SPACING_METRES}, ${PROFILE_MIN_SPACING_METRES}–${PROFILE_MAX_SPACING_METRES}) ` +
    `along a polyline of at most ${ANALYSIS_MAX_LINE_METRES / 1000} km and ${PROFILE_MAX_SAMPLES} samples: the ground ` +
    'height from the LandsD DTM the terrain tiles are made from and, where the point lies in a building footprint of the ' +
    'building store, its roof level and name. Heights in metres above HKPD (mPD); distances geodesic on WGS84.',
  query: profileQuerySchema,
  example: { query: { line: '114.1000,22.4107;114.1500,22.4107', spacing: '25' } },
  response: { contentType: 'application/json', description: 'The profile', schema: profileResponseSchema },
  otherResponses: { 503: 'The DTM is not installed' },
});

/** GET …/analysis/line-of-sight */
export const lineOfSightQuerySchema = z
  .strictObject({
    from: positionParam('from'),
    fromHeight: eyeHeight('fromHeight'),
    to: positionParam('to'),
    toHeight: eyeHeight('toHeight'),
    timestamp: timestampParamSchema,
  })
  .superRefine((query, context) => {
    // Zod runs this even when a field was refused (its value is then missing): those already have their message.
    if (!isPlace(query.from) || !isPlace(query.to)) return;
    const length = geodesicDistance(query.from, query.to);
    if (length > ANALYSIS_MAX_LINE_METRES) {
      context.addIssue({ code: 'custom', path: ['to'], message: `to is ${Math.round(length)} m from from; a line of sight may be at most ${ANALYSIS_MAX_LINE_METRES} m long` });
    }
  });

const sightPointSchema = z.object({
  longitude: z.number(),
  latitude: z.number(),
  /** Absolute height of the eye or target: surface under it + the height asked for, mPD. */
  heightMetres: z.number(),
});

export const lineOfSightResponseSchema = z.object({
  visible: z.boolean(),
  lengthMetres: z.number().nonnegative(),
  from: sightPointSchema,
  to: sightPointSchema,
  /** The first point, seen from `from`, where the surface rises above the sight line; null when visible. */
  obstruction: z
    .object({
      distanceMetres: z.number().nonnegative(),
      longitude: z.number(),
      latitude: z.number(),
      /** Surface height there, mPD. */
      heightMetres: z.number(),
      kind: z.enum(['terrain', 'building']),
      buildingId: z.string().optional(),
      buildingName: analysisBuildingNameSchema.nullable().optional(),
    })
    .nullable(),
  /** Step of the march along the line, metres. */
  stepMetres: z.number().positive(),
  attribution: z.string(),
});
export type LineOfSightResponse = z.infer<typeof lineOfSightResponseSchema>;

/** GET /mapviewer/api/analysis/line-of-sight */
export const analysisLineOfSightEndpoint = defineEndpoint({
  id: 'getLineOfSight',
  method: 'GET',
  path: '/mapviewer/api/analysis/line-of-sight',
  tag: 'Spatial analysis',
  summary: 'Whether one point can see another over the terrain and buildings, and what blocks the view first',
  description:
    `Eye and target stand \`fromHeight\` / \`toHeight\` metres (default ${DEFAULT_EYE_HEIGHT_METRES}, 0–${MAX_EYE_HEIGHT_METRES}) ` +
    'above the ground or roof under them. The straight sight line is marched over the surface model (LandsD DTM with ' +
    `building roofs), at most ${ANALYSIS_MAX_LINE_METRES / 1000} km, allowing for the earth's curvature and atmospheric ` +
    `refraction (k = ${REFRACTION_COEFFICIENT}); the first surface point above the line, seen from \`from\`, is the obstruction. ` +
    'Heights in metres above HKPD (mPD).',
  query: lineOfSightQuerySchema,
  example: { query: { from: '114.1780,22.3400', fromHeight: '1.6', to: '114.1690,22.3210', toHeight: '1.6' } },
  response: { contentType: 'application/json', description: 'The line of sight', schema: lineOfSightResponseSchema },
  otherResponses: { 404: 'No terrain data at one of the two points (outside the DTM)', 503: 'The DTM is not installed' },
});

/** GET …/analysis/viewshed */
export const viewshedQuerySchema = z.strictObject({
  observer: positionParam('observer'),
  observerHeight: eyeHeight('observerHeight'),
  heading: boundedNumber('heading', 0, 360, 'degrees clockwise from north', 0),
  horizontalAngle: boundedNumber('horizontalAngle', 1, 360, 'degrees', 360),
  verticalAngle: boundedNumber('verticalAngle', 1, 180, 'degrees', 180),
  distance: boundedNumber('distance', VIEWSHED_MIN_DISTANCE_METRES, VIEWSHED_MAX_DISTANCE_METRES, 'metres', 1000),
  timestamp: timestampParamSchema,
});

/** Cell codes of {@link viewshedResponseSchema}'s `cells`. */
export const VIEWSHED_CELL = { outside: '0', visible: '1', hidden: '2' } as const;

export const viewshedResponseSchema = z.object({
  observer: sightPointSchema,
  /** Side of a cell, metres (ground distance). */
  cellSizeMetres: z.number().positive(),
  columns: z.number().int().positive(),
  rows: z.number().int().positive(),
  /** Outer edges of the grid, degrees. */
  west: z.number(),
  south: z.number(),
  east: z.number(),
  north: z.number(),
  /**
   * `rows` × `columns` characters, row-major, row 0 the northern row: '0' outside the sector, range or vertical
   * field (or no data), '1' visible, '2' hidden.
   */
  cells: z.string(),
  /** Share of the in-sector cells that are visible (0–1). */
  visibleShare: z.number().min(0).max(1),
  /** Buildings with a roof cell in the sector; visible when any of their roof cells is. */
  buildings: z.array(z.object({ id: z.string(), visible: z.boolean() })),
  attribution: z.string(),
});
export type ViewshedResponse = z.infer<typeof viewshedResponseSchema>;

/** GET /mapviewer/api/analysis/viewshed */
export const analysisViewshedEndpoint = defineEndpoint({
  id: 'getViewshed',
  method: 'GET',
  path: '/mapviewer/api/analysis/viewshed',
  tag: 'Spatial analysis',
  summary: 'Which ground and roof cells an observer can see within a sector and range (a view shed)',
  description:
    `The observer stands \`observerHeight\` metres (default ${DEFAULT_EYE_HEIGHT_METRES}) above the ground or roof; the sector ` +
    'is centred on `heading` (degrees clockwise from north), `horizontalAngle` wide (360 = all round), `verticalAngle` high ' +
    `centred on the horizon, out to \`distance\` metres (${VIEWSHED_MIN_DISTANCE_METRES}–${VIEWSHED_MAX_DISTANCE_METRES}). ` +
    'The surface model (LandsD DTM with building roofs) is resampled to a square grid whose cell size keeps it within ' +
    `about ${VIEWSHED_MAX_CELLS.toLocaleString('en-US')} cells (5 m at 1 km, 20 m at 5 km); visibility by a radial horizon ` +
    `sweep, with the earth's curvature and refraction (k = ${REFRACTION_COEFFICIENT}).`,
  query: viewshedQuerySchema,
  example: { query: { observer: '114.1869,22.3524', observerHeight: '1.6', heading: '180', horizontalAngle: '90', verticalAngle: '90', distance: '1000' } },
  response: { contentType: 'application/json', description: 'The view shed grid', schema: viewshedResponseSchema },
  otherResponses: { 404: 'No terrain data at the observer (outside the DTM)', 503: 'The DTM is not installed' },
});
