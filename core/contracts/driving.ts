/**
 * Driving routes to the accident and emergency departments (SPEC §1 "driving route search for emergency rooms",
 * §3 "Accident and emergency": driving distance, estimated arrival): for one origin, the driving distance and time
 * to each of the 18 public hospitals with an A&E department over the Transport Department road network
 * (server/routing/), and the route to one of them. Isomorphic.
 */
import { z } from 'zod';
import { localisedTextSchema, timestampOnlyQuerySchema, timestampParamSchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * The hospitals' keys: the English name in kebab case, as `key` in the A&E waiting-time feed (GET
 * /mapviewer/api/realtime/ae), so a route and a waiting time join on it. server/routing/emergency.test.ts checks
 * that this list equals data/health/ha_ae_hospitals.geojson.
 */
export const AE_HOSPITAL_KEYS = [
  'alice-ho-miu-ling-nethersole-hospital',
  'caritas-medical-centre',
  'kwong-wah-hospital',
  'north-district-hospital',
  'north-lantau-hospital',
  'pamela-youde-nethersole-eastern-hospital',
  'pok-oi-hospital',
  'prince-of-wales-hospital',
  'princess-margaret-hospital',
  'queen-elizabeth-hospital',
  'queen-mary-hospital',
  'ruttonjee-hospital',
  'st-john-hospital',
  'tin-shui-wai-hospital',
  'tseung-kwan-o-hospital',
  'tuen-mun-hospital',
  'united-christian-hospital',
  'yan-chai-hospital',
] as const;
export const aeHospitalKeySchema = z.enum(AE_HOSPITAL_KEYS);
export type AeHospitalKey = z.infer<typeof aeHospitalKeySchema>;

/**
 * "No facility within range" (SPEC §8): when no A&E hospital can be reached within this driving distance, metres
 * (30 km: farther than the drive from any place on the connected road network to its nearest A&E, about 19 km
 * measured from Tai O and from Pak Tam Au in Sai Kung), or none can be reached by road at all.
 */
export const AE_FACILITY_RANGE_METRES = 30_000;
/** An origin farther than this from every road (metres) has no route: 'no-road-near-origin'. */
export const AE_ORIGIN_MAX_ACCESS_METRES = 2000;
/**
 * An origin where the terrain model says sea (ground height at or below `AE_SEA_LEVEL_METRES`) and no road lies
 * within this many metres is 'origin-in-water' (SPEC §8), even when a road across the water is within
 * `AE_ORIGIN_MAX_ACCESS_METRES`: a pin in Victoria Harbour is in the water, not 1.5 km from a road. The 100 m
 * tolerance keeps piers and the sea wall (reclaimed land the 30 m DEM may still show as sea) routable.
 */
export const AE_WATER_ROAD_TOLERANCE_METRES = 100;
/** Ground height (metres above the Hong Kong Principal Datum) at or below which the DEM is taken to be sea. */
export const AE_SEA_LEVEL_METRES = 0.5;

const lon = z.coerce
  .number({ error: 'lon must be a number of degrees' })
  .min(-180, { error: 'lon must be between -180 and 180' })
  .max(180, { error: 'lon must be between -180 and 180' });
const lat = z.coerce
  .number({ error: 'lat must be a number of degrees' })
  .min(-90, { error: 'lat must be between -90 and 90' })
  .max(90, { error: 'lat must be between -90 and 90' });

export const aeDrivingQuerySchema = z.strictObject({
  /** The origin, WGS84 degrees. */
  lon,
  lat,
  /** The hospital to return the route geometry for; default the one reached soonest. */
  hospital: z.enum(AE_HOSPITAL_KEYS, { error: 'hospital must be the key of an A&E hospital, such as queen-elizabeth-hospital' }).optional(),
  timestamp: timestampParamSchema,
});

const positionSchema = z.tuple([z.number(), z.number()]);
const lineSchema = z.object({ type: z.literal('LineString'), coordinates: z.array(positionSchema).min(2) });

/** Why no route can be given from this origin, or `ok`. */
export const AE_DRIVING_STATUSES = ['ok', 'origin-in-water', 'no-road-near-origin', 'no-facility-within-range'] as const;

export const aeDrivingHospitalSchema = z.object({
  key: aeHospitalKeySchema,
  name: localisedTextSchema,
  position: positionSchema,
  /** `reached`: a road route exists; `unreachable`: the roads near the origin do not join the hospital's. */
  reach: z.enum(['reached', 'unreachable']),
  /** Metres driven on roads (access legs not included); null when unreachable. */
  drivingMetres: z.number().nonnegative().nullable(),
  /** Seconds driven at the posted speed limits (50 km/h where none is posted), no traffic; null when unreachable. */
  drivingSeconds: z.number().nonnegative().nullable(),
  /** Metres of the two straight access legs (origin → road, road → hospital), not driven and not timed. */
  accessLegMetres: z.number().nonnegative().nullable(),
  /** Straight-line (great-circle) metres from the origin to the hospital. */
  straightLineMetres: z.number().nonnegative(),
});
export type AeDrivingHospital = z.infer<typeof aeDrivingHospitalSchema>;

/** A straight leg between a place and the road network: where the shipped road data has no road. Draw it, flagged. */
export const accessLegSchema = z.object({
  /** Always true: this line is not a road (draw it dashed and say so). */
  accessLeg: z.literal(true),
  /** `origin`: from the origin to the road; `hospital`: from the road to the hospital. */
  end: z.enum(['origin', 'hospital']),
  lengthMetres: z.number().nonnegative(),
  line: lineSchema,
});

export const aeDrivingResponseSchema = z.object({
  status: z.enum(AE_DRIVING_STATUSES),
  origin: z.object({
    position: positionSchema,
    /** Ground height from the terrain model, metres above HKPD; null where the model has no data. */
    groundHeightMetres: z.number().nullable(),
    /** Where the origin joins the road network; null when no road is within `AE_ORIGIN_MAX_ACCESS_METRES`. */
    road: z.object({ position: positionSchema, accessLegMetres: z.number().nonnegative() }).nullable(),
  }),
  facilityRangeMetres: z.number().positive(),
  /** All 18 hospitals, the reached ones by driving time (soonest first), then the unreachable ones; empty unless
   * the origin joins the road network. */
  hospitals: z.array(aeDrivingHospitalSchema),
  /** The route to the chosen (or soonest) hospital; null when none is reached. */
  route: z
    .object({
      hospital: aeHospitalKeySchema,
      drivingMetres: z.number().nonnegative(),
      drivingSeconds: z.number().nonnegative(),
      /** The driven part, from the origin's road point to the hospital's. */
      road: lineSchema,
      accessLegs: z.array(accessLegSchema).length(2),
    })
    .nullable(),
  /** Whether the network says which roads are one-way (the shipped snapshot does not: every road is two-way). */
  oneWayDataAvailable: z.boolean(),
  attribution: z.string(),
});
export type AeDrivingResponse = z.infer<typeof aeDrivingResponseSchema>;
export type AeDrivingStatus = AeDrivingResponse['status'];
export type AccessLeg = z.infer<typeof accessLegSchema>;

/** GET /mapviewer/api/routing/ae?lon=&lat=&hospital= */
export const aeDrivingEndpoint = defineEndpoint({
  id: 'getAeDrivingRoutes',
  method: 'GET',
  path: '/mapviewer/api/routing/ae',
  tag: 'Routing',
  summary: 'Driving distance and time from a place to each A&E hospital, and the route to one',
  description:
    'One Dijkstra search over the Transport Department road network (junctions joined by road segments, timed at ' +
    'their posted speed limits, 50 km/h where none is posted; no live traffic) from the origin to all 18 public ' +
    'hospitals with an accident and emergency department. The origin and each hospital join the network by a straight ' +
    `access leg to the nearest road, returned separately and flagged \`accessLeg: true\`. \`status\`: \`origin-in-water\` ` +
    `when the terrain model says sea and no road is within ${AE_WATER_ROAD_TOLERANCE_METRES} m; \`no-road-near-origin\` ` +
    `when no road is within ${AE_ORIGIN_MAX_ACCESS_METRES} m; \`no-facility-within-range\` when no hospital can be ` +
    `reached within ${AE_FACILITY_RANGE_METRES / 1000} km of driving (the hospitals are still listed).`,
  query: aeDrivingQuerySchema,
  example: { query: { lon: '114.1722', lat: '22.3193' } },
  response: { contentType: 'application/json', description: 'The hospitals by driving time and one route', schema: aeDrivingResponseSchema },
});

/**
 * An emergency facility of the AED and ambulance depot layers (SPEC §3: AED address and location; ambulance depot
 * address and telephone). The source (the Fire Services Department's public AED registry, the records at its
 * ambulance depots) gives names and addresses in Traditional Chinese only: `_SC` is our character conversion, and
 * no English text exists, so none is given. It has no telephone numbers, so there is no telephone field.
 */
export const emergencyFacilityPropertiesSchema = z.object({
  /** Stable id: `fsd-depot-` and the record's order in the registry extract. */
  key: z.string(),
  name_TC: z.string(),
  name_SC: z.string(),
  address_TC: z.string(),
  address_SC: z.string(),
  /** Where the AED is at the depot (e.g. 正門入口外, outside the main entrance). */
  aedLocation_TC: z.string(),
  aedLocation_SC: z.string(),
});
export const emergencyFacilitiesSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.object({ type: z.literal('Point'), coordinates: positionSchema }),
      properties: emergencyFacilityPropertiesSchema,
    }),
  ),
});
export type EmergencyFacilities = z.infer<typeof emergencyFacilitiesSchema>;

/** GET /mapviewer/api/static/emergency-facilities */
export const emergencyFacilitiesEndpoint = defineEndpoint({
  id: 'getEmergencyFacilities',
  method: 'GET',
  path: '/mapviewer/api/static/emergency-facilities',
  tag: 'Static layers',
  summary: 'The 36 Fire Services ambulance depots, each with the public AED at its entrance',
  description:
    'The records of the Fire Services Department AED registry that lie at ambulance depots (stations, commands and ' +
    'posts): the depot name and address and where the AED is, in Traditional Chinese as the registry gives them, and ' +
    'a Simplified Chinese conversion. The point is the AED, outside the depot entrance. This is not the full AED ' +
    'registry (thousands of AEDs in public places), and the registry has no telephone numbers.',
  query: timestampOnlyQuerySchema,
  example: { query: { timestamp: '1713667200000' } },
  response: { contentType: 'application/geo+json', description: 'GeoJSON points, one per depot', schema: emergencyFacilitiesSchema },
});
