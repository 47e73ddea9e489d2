/**
 * The pedestrian network segment (SPEC §3) and its code tables (SPEC §9). Isomorphic.
 *
 * SPEC §9 gives these codes: feature type (1 footway, 2 footbridge, 4 subway, 6 traffic island, 7 run-in,
 * 11 ramp, 12 staircase, 24 footpath, 25 village, 30–33 crossings), gradient 1–4, direction 1 / -1 / 0,
 * location 1 outdoor / 2 indoor, position certainty 0 / 1, yes / no as 1 / 2, data source 1–12 (meanings not
 * given). Where the SPEC names a field but gives no codes or no meanings, this file says what we chose:
 *  - escalators and lifts have no feature type in the SPEC table. A segment keeps `featureType` to the table
 *    (an escalator is coded 12 staircase, the kind of way it replaces; a lift car is 1 footway, level floor) and
 *    carries our own `verticalMode`: 'stairs' | 'escalator' | 'lift' | null (null: no change of floor), which is
 *    what tells them apart;
 *  - gradient classes 1–4 use the SPEC §9 steepness bands of the hiking trails (≤ 3.5°, ≤ 9.2°, ≤ 14.9°,
 *    steeper), measured along the segment; a lift car is level (1);
 *  - position certainty 1 = surveyed position, 0 = approximate (all generated sample segments are 0);
 *  - data source, level source and floor source: the SPEC gives no meanings, so a segment that comes from none of
 *    those sources (our generated sample) says null rather than inventing a code;
 *  - obstacles type: no codes in the SPEC; null = no obstacle recorded;
 *  - crossing feature: yes / no (1 / 2), whether the segment crosses a carriageway;
 *  - site, terminal and access-time types: no codes in the SPEC; ours are the words in the lists below.
 */
import { z } from 'zod';
import { localisedTextSchema, type LocalisedText } from './common';

/** SPEC §9 segment feature types, code → name. */
export const FEATURE_TYPES: Readonly<Record<number, LocalisedText>> = {
  1: { 'en-US': 'Footway', 'zh-HK': '行人路', 'zh-CN': '行人路' },
  2: { 'en-US': 'Footbridge', 'zh-HK': '行人天橋', 'zh-CN': '行人天桥' },
  4: { 'en-US': 'Subway', 'zh-HK': '行人隧道', 'zh-CN': '行人隧道' },
  6: { 'en-US': 'Traffic island', 'zh-HK': '交通島', 'zh-CN': '交通岛' },
  7: { 'en-US': 'Run-in', 'zh-HK': '路旁停車處', 'zh-CN': '路旁停车处' },
  11: { 'en-US': 'Ramp', 'zh-HK': '斜道', 'zh-CN': '斜道' },
  12: { 'en-US': 'Staircase', 'zh-HK': '樓梯', 'zh-CN': '楼梯' },
  24: { 'en-US': 'Footpath', 'zh-HK': '小徑', 'zh-CN': '小径' },
  25: { 'en-US': 'Village', 'zh-HK': '鄉村', 'zh-CN': '乡村' },
  30: { 'en-US': 'Signalised crossing', 'zh-HK': '燈號控制過路處', 'zh-CN': '灯号控制过路处' },
  31: { 'en-US': 'Zebra crossing', 'zh-HK': '斑馬線', 'zh-CN': '斑马线' },
  32: { 'en-US': 'Cautionary crossing', 'zh-HK': '警告式過路處', 'zh-CN': '警告式过路处' },
  33: { 'en-US': 'Other crossing', 'zh-HK': '其他過路處', 'zh-CN': '其他过路处' },
};
export const FEATURE_TYPE_CODES = Object.keys(FEATURE_TYPES).map(Number);

/** Gradient classes: the steepest slope along the segment in degrees that each class allows (4: any). */
export const GRADIENT_CLASS_MAX_DEGREES = { 1: 3.5, 2: 9.2, 3: 14.9, 4: 90 } as const;
export type GradientClass = 1 | 2 | 3 | 4;

/** The gradient class of a slope in degrees (absolute value: up and down are the same class). */
export function gradientClass(slopeDegrees: number): GradientClass {
  const slope = Math.abs(slopeDegrees);
  if (slope <= GRADIENT_CLASS_MAX_DEGREES[1]) return 1;
  if (slope <= GRADIENT_CLASS_MAX_DEGREES[2]) return 2;
  if (slope <= GRADIENT_CLASS_MAX_DEGREES[3]) return 3;
  return 4;
}

/** Direction of travel allowed: 1 along the segment as drawn, -1 against it, 0 both ways. */
export const DIRECTION = { forward: 1, backward: -1, both: 0 } as const;
/** Location: 1 outdoor, 2 indoor. */
export const LOCATION = { outdoor: 1, indoor: 2 } as const;
/** Yes / no fields (wheelchair access, wheelchair barrier, weatherproof, crossing feature): 1 yes, 2 no. */
export const YES_NO = { yes: 1, no: 2 } as const;
/** Position certainty: 1 surveyed, 0 approximate. */
export const POSITION_CERTAINTY = { approximate: 0, surveyed: 1 } as const;

/** Our own: how a segment changes floor (the SPEC has no code for escalators and lifts). */
export const VERTICAL_MODES = ['stairs', 'escalator', 'lift'] as const;
export type VerticalMode = (typeof VERTICAL_MODES)[number];
/** Our own site types (no codes in the SPEC): where the segment lies. */
export const SITE_TYPES = ['metro-station', 'street'] as const;
/** Our own terminal types: what a segment ending at a terminal leads to. */
export const TERMINAL_TYPES = ['station-exit', 'platform'] as const;
/** Our own access-time types: when the segment can be walked. */
export const ACCESS_TIME_TYPES = ['always', 'station-opening-hours'] as const;

/** Our own: the kinds of fare gate (standard gates, and the wide gate for wheelchairs, prams and luggage). */
export const FARE_GATES = ['standard', 'wide'] as const;

/**
 * Walking times (the cost of the station routes), in seconds:
 *  - on the flat 1.3 m/s (a usual design walking speed for pedestrians);
 *  - stairs are flights at 30°, so a flight is twice its rise long, walked at 0.5 m/s along it (the slower,
 *    climbing end of the 0.5–0.7 m/s pedestrians keep along a stair); any horizontal distance beyond the flight's
 *    own run is walked on the flat;
 *  - escalators are 30° too, riding at 0.75 m/s along them (the faster speed metro escalators run at) plus 5 s to
 *    step on and off;
 *  - lifts: 45 s waiting for the car (a busy station's lift), 1.5 m/s of travel, 5 s for the doors, plus any
 *    horizontal distance walked.
 * So a route to a deep platform may take the lift when the escalator ride is longer than the wait.
 */
export const WALKING_METRES_PER_SECOND = 1.3;
export const STAIRS_METRES_PER_SECOND = 0.5;
export const STAIR_ANGLE_DEGREES = 30;
export const ESCALATOR_METRES_PER_SECOND = 0.75;
export const ESCALATOR_BOARDING_SECONDS = 5;
export const LIFT_WAIT_SECONDS = 45;
export const LIFT_METRES_PER_SECOND = 1.5;
export const LIFT_DOORS_SECONDS = 5;

/**
 * Length (metres, what a walker covers: the flight or the lift shaft plus the flat part), walking time (seconds)
 * and slope (degrees, for the gradient class) of a segment that rises or falls `riseMetres` over `horizontalMetres`.
 */
export function segmentFigures(verticalMode: VerticalMode | null, riseMetres: number, horizontalMetres: number): { lengthMetres: number; walkingSeconds: number; slopeDegrees: number } {
  const rise = Math.abs(riseMetres);
  if (verticalMode === null || rise === 0) {
    const lengthMetres = Math.hypot(horizontalMetres, rise);
    return { lengthMetres, walkingSeconds: lengthMetres / WALKING_METRES_PER_SECOND, slopeDegrees: (Math.atan2(rise, horizontalMetres) * 180) / Math.PI };
  }
  if (verticalMode === 'lift') {
    return {
      lengthMetres: rise + horizontalMetres,
      walkingSeconds: LIFT_WAIT_SECONDS + rise / LIFT_METRES_PER_SECOND + LIFT_DOORS_SECONDS + horizontalMetres / WALKING_METRES_PER_SECOND,
      slopeDegrees: 0,
    };
  }
  const angle = (STAIR_ANGLE_DEGREES * Math.PI) / 180;
  const flight = rise / Math.sin(angle);
  const flat = Math.max(0, horizontalMetres - rise / Math.tan(angle));
  const ride = verticalMode === 'stairs' ? flight / STAIRS_METRES_PER_SECOND : flight / ESCALATOR_METRES_PER_SECOND + ESCALATOR_BOARDING_SECONDS;
  return { lengthMetres: flight + flat, walkingSeconds: ride + flat / WALKING_METRES_PER_SECOND, slopeDegrees: STAIR_ANGLE_DEGREES };
}

const yesNoSchema = z.union([z.literal(YES_NO.yes), z.literal(YES_NO.no)]);

/**
 * One pedestrian network segment: the SPEC §3 fields coded per SPEC §9 (above), plus our own `segmentId`,
 * floors, `verticalMode`, length and walking time. A segment is the straight line between its two ends.
 */
export const pedestrianSegmentSchema = z.object({
  segmentId: z.string(),
  featureType: z.number().int().refine((code) => FEATURE_TYPE_CODES.includes(code), { error: 'featureType must be a SPEC §9 code' }),
  gradient: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  direction: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  location: z.union([z.literal(LOCATION.outdoor), z.literal(LOCATION.indoor)]),
  wheelchairAccess: yesNoSchema,
  wheelchairBarrier: yesNoSchema,
  weatherproof: yesNoSchema,
  crossingFeature: yesNoSchema,
  positionCertainty: z.union([z.literal(0), z.literal(1)]),
  dataSource: z.number().int().min(1).max(12).nullable(),
  levelSource: z.number().int().nullable(),
  floorSource: z.number().int().nullable(),
  obstaclesType: z.number().int().nullable(),
  streetName: localisedTextSchema.nullable(),
  siteType: z.enum(SITE_TYPES),
  terminalType: z.enum(TERMINAL_TYPES).nullable(),
  accessTimeType: z.enum(ACCESS_TIME_TYPES),
  /** Our own: how the segment changes floor; null on one floor. */
  verticalMode: z.enum(VERTICAL_MODES).nullable(),
  /** Our own: the fare gates the segment passes (`wide`: the wide gate a wheelchair passes); null: none. */
  fareGate: z.enum(FARE_GATES).nullable(),
  /** The floors of the segment's two ends (the same floor unless it changes floor). */
  fromFloorId: z.string(),
  toFloorId: z.string(),
  /** Length along the segment (3D: climbs included), metres. */
  lengthMetres: z.number().nonnegative(),
  /** Walking time over it, seconds (waiting for a lift included). */
  walkingSeconds: z.number().nonnegative(),
});
export type PedestrianSegment = z.infer<typeof pedestrianSegmentSchema>;
