/**
 * Indoor maps of the metro stations and buildings (SPEC §7: GET /mapviewer/api/static/indoormtrpt, indoor,
 * indoorwall). Station points are the real MTR stations; building venues stand on real footprints with real
 * storey counts; floor outlines and walls are generated samples (no real indoor plans are shipped). Isomorphic.
 *
 * Heights (`_base_height`, `_height`) are metres relative to the ground at the station, negative below it: the
 * sample models every station as underground, concourse above the platforms. A viewer draws a polygon as an
 * extruded volume from `_base_height` to `_height` and a wall as a LineString extruded over the same range.
 */
import { z } from 'zod';
import { timestampOnlyQuerySchema, timestampParamSchema } from './common';
import { indoorVenueIdSchema, INDOOR_VENUE_TYPES } from './download';
import { defineEndpoint } from './endpoint';
import { lonLatPointSchema } from './staticLayers';

/** Railway line codes (SPEC §9). */
export const RAILWAY_LINE_CODES = ['AEL', 'TCL', 'TML', 'TKL', 'EAL', 'SIL', 'TWL', 'ISL', 'KTL', 'DRL'] as const;
export const railwayLineCodeSchema = z.enum(RAILWAY_LINE_CODES);
export type RailwayLineCode = z.infer<typeof railwayLineCodeSchema>;

/** Query of the indoor feeds: only the ignored cache-busting timestamp; anything else is a 400. */

const positionSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** The venue id of a metro station: `MTR-` and the MTR station code, e.g. `MTR-ADM`. */
export const venueIdSchema = z.string().regex(/^MTR-[A-Z]{3}$/);

export const indoorStationPropertiesSchema = z.object({
  /** MTR station code, e.g. `ADM`. */
  key: z.string(),
  key_EN: z.string(),
  key_TC: z.string(),
  key_SC: z.string(),
  Venue_ID: venueIdSchema,
  /** Venue names, e.g. `Admiralty Station`, `金鐘站`, `金钟站`. */
  Venue_Eng_name: z.string(),
  Venue_Chi_name: z.string(),
  Venue_SC_name: z.string(),
  /** Station names, e.g. `Admiralty`, `金鐘`. */
  Eng_name: z.string(),
  Chi_name: z.string(),
  /** The English name the MTR uses for the station (its open data and train-service lookups). */
  MTR_Eng_name: z.string(),
  venueType: z.literal('metro-station'),
  lines: z.array(z.object({ code: railwayLineCodeSchema, name_EN: z.string(), name_TC: z.string(), name_SC: z.string() })).min(1),
  /** District letter (A..T) and name of the district the station stands in; null outside every district. */
  districtCode: z.string().nullable(),
  district_EN: z.string().nullable(),
  district_TC: z.string().nullable(),
  district_SC: z.string().nullable(),
  /** The station's exits (real positions); empty where the exit list has none. */
  exits: z.array(z.object({ exit: z.string(), coordinates: positionSchema, barrierFree: z.boolean() })),
  sample: z.literal(false),
});
export type IndoorStationProperties = z.infer<typeof indoorStationPropertiesSchema>;

export const indoorStationCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  sample: z.literal(false),
  features: z.array(z.object({ type: z.literal('Feature'), id: z.string(), geometry: lonLatPointSchema, properties: indoorStationPropertiesSchema })),
});
export type IndoorStationCollection = z.infer<typeof indoorStationCollectionSchema>;

/**
 * Kinds of floor area of a station: the concourse outline, its paid area, a platform, the trackway beside it; a
 * station entrance at street level (holding its stairs, escalators and lift) and the passage from it to the
 * concourse; the footprints of the stairs, escalators and lift down to each platform level (on the concourse and on
 * the platform), the fare gate lines, the customer service centre and toilets.
 */
export const INDOOR_SPACES = [
  'concourse',
  'paid-area',
  'platform',
  'trackway',
  'entrance',
  'passage',
  'stairs',
  'escalator',
  'lift',
  'gate-line',
  'customer-service',
  'toilet',
] as const;
/**
 * Kinds of floor area of a building's sample plan: the storey's slab (the real footprint), the corridor round
 * the service core, the core (lifts and stairs).
 */
export const INDOOR_BUILDING_SPACES = ['floor', 'corridor', 'core'] as const;

/** What every indoor polygon and wall says about its floor. */
const indoorFloorPropertiesSchema = z.object({
  /** Unique feature id. */
  key: z.string(),
  /** `MTR-<station code>` or `BLDG-<number>` (the venue ids of the indoor venue list and download). */
  Venue_ID: indoorVenueIdSchema,
  venueType: z.enum(INDOOR_VENUE_TYPES),
  /** e.g. `ADM-G` (street level), `ADM-C` (concourse), `ADM-P1` (first platform level), `BLDG-1108244290-G` (a building's ground floor). */
  floorId: z.string(),
  floorName_EN: z.string(),
  floorName_TC: z.string(),
  floorName_SC: z.string(),
  /**
   * Stations: 1 for the street level (its entrances), 0 for the concourse, -1, -2, ... for the platform levels. Buildings: the storey, 0 for
   * the ground floor (G), 1, 2, ... above it and -1, -2, ... for basements B1, B2, ...
   */
  floorLevel: z.number().int(),
  /** The line a platform level serves; null on the street level, on the concourse and in buildings. */
  line: railwayLineCodeSchema.nullable(),
  /** Bottom and top of the extrusion, metres relative to the ground (negative: below ground). */
  _base_height: z.number(),
  _height: z.number(),
  sample: z.literal(true),
});

export const indoorPolygonPropertiesSchema = indoorFloorPropertiesSchema.extend({
  Venue_Eng_name: z.string(),
  Venue_Chi_name: z.string(),
  Venue_SC_name: z.string(),
  space: z.enum([...INDOOR_SPACES, ...INDOOR_BUILDING_SPACES]),
});
export type IndoorPolygonProperties = z.infer<typeof indoorPolygonPropertiesSchema>;

export const INDOOR_WALL_TYPES = ['outer-wall', 'platform-screen-door', 'core-wall'] as const;
export const indoorWallPropertiesSchema = indoorFloorPropertiesSchema.extend({ wallType: z.enum(INDOOR_WALL_TYPES) });
export type IndoorWallProperties = z.infer<typeof indoorWallPropertiesSchema>;

export const indoorPolygonCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  sample: z.literal(true),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(positionSchema).min(4)).min(1) }),
      properties: indoorPolygonPropertiesSchema,
    }),
  ),
});
export type IndoorPolygonCollection = z.infer<typeof indoorPolygonCollectionSchema>;

export const indoorWallCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  sample: z.literal(true),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema).min(2) }),
      properties: indoorWallPropertiesSchema,
    }),
  ),
});
export type IndoorWallCollection = z.infer<typeof indoorWallCollectionSchema>;

/** GET /mapviewer/api/static/indoormtrpt */
export const indoorStationsEndpoint = defineEndpoint({
  id: 'getIndoorMtrStations',
  method: 'GET',
  path: '/mapviewer/api/static/indoormtrpt',
  tag: 'Indoor maps',
  summary: 'Metro station venues: the 97 MTR stations with names, lines, district and exits',
  description: 'The real MTR stations and exit positions (the floors and walls of GET /mapviewer/api/static/indoor and indoorwall are generated samples). `Venue_ID` is the venue id of the indoor download.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per station, sorted by station code', schema: indoorStationCollectionSchema },
});

/**
 * Query of the floor and wall feeds: `venue` gives one venue's whole plan; without it, every station's plan and
 * each building's ground floor (the full storeys of ~800 buildings are some 65 MB of GeoJSON).
 */
export const indoorFeedQuerySchema = z.strictObject({ venue: indoorVenueIdSchema.optional(), timestamp: timestampParamSchema });

/** GET /mapviewer/api/static/indoor */
export const indoorPolygonsEndpoint = defineEndpoint({
  id: 'getIndoorPolygons',
  method: 'GET',
  path: '/mapviewer/api/static/indoor',
  tag: 'Indoor maps',
  summary: 'Indoor floor outlines of the metro stations and buildings (generated sample): station concourses and platforms, building storeys',
  description:
    'Generated, the same every time: each station gets a concourse and one platform level per line, laid along ' +
    "the line between its neighbouring stations; each building (`venueType` building, `Venue_ID` BLDG-) one slab " +
    'per storey on its real footprint with a service core and a corridor round it. Heights are metres relative to ' +
    "the ground (negative below it). Without `venue`: every station's floors and each building's ground-floor " +
    "slab; with `venue` (an id of GET /mapviewer/api/indoor/venues): all floors of that venue.",
  query: indoorFeedQuerySchema,
  example: { query: { venue: 'BLDG-1108244290' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON polygons with floor and height properties', schema: indoorPolygonCollectionSchema },
  otherResponses: { 404: '3D indoor map is not found' },
});

/** GET /mapviewer/api/static/indoorwall */
export const indoorWallsEndpoint = defineEndpoint({
  id: 'getIndoorWalls',
  method: 'GET',
  path: '/mapviewer/api/static/indoorwall',
  tag: 'Indoor maps',
  summary: 'Walls of the indoor floors (generated sample): outer walls, platform screen doors and building cores as LineStrings',
  description:
    'Each wall is a LineString to extrude from `_base_height` to `_height` (metres relative to the ground). ' +
    "Without `venue`: every station's walls and each building's ground-floor outer wall; with `venue`: all walls of that venue.",
  query: indoorFeedQuerySchema,
  example: { query: { venue: 'MTR-ADM' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON LineStrings with floor and height properties', schema: indoorWallCollectionSchema },
  otherResponses: { 404: '3D indoor map is not found' },
});
