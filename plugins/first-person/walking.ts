/**
 * The movement maths of first-person view, pure (no map, no clock): which keys move how, one step from the keys
 * and the time since the last frame, looking around from a drag, following the ground smoothly, and the wall
 * decision. Distances in metres, angles in degrees, time in seconds. The controller (walkController.ts) feeds it.
 */

/** Eye height above the surface stood on, metres (an adult's eyes). */
export const EYE_HEIGHT_METERS = 1.7;
/** Walking speed, metres per second: a brisk walk, so a street block passes in under a minute. */
export const WALK_SPEED_METERS_PER_SECOND = 3;
/** Shift multiplies the speed by this: running. */
export const RUN_FACTOR = 3;
/** Turning with the left and right arrow keys, degrees per second. */
export const TURN_RATE_DEGREES_PER_SECOND = 60;
/** Looking around by dragging, degrees per CSS pixel of drag. */
export const LOOK_DEGREES_PER_PIXEL = 0.25;
/** Looking up or down stops here, degrees (straight up or down would make heading meaningless). */
export const MAX_PITCH_DEGREES = 85;
/**
 * How fast the eye follows a change of ground height: the gap closes by 1 - e^(-t·rate) in t seconds, so a 0.3 m
 * kerb is climbed in about a fifth of a second while a drop off a podium is a quick glide, not a jump cut.
 */
export const HEIGHT_FOLLOW_RATE_PER_SECOND = 10;
/**
 * How far ahead of the walker the ground is probed for walls, metres: at least this, and at least the distance
 * covered in {@link PROBE_LEAD_SECONDS}, so a height sample (a few frames away) arrives before the wall does.
 */
export const MIN_PROBE_DISTANCE_METERS = 1;
export const PROBE_LEAD_SECONDS = 0.5;

/** What the pressed keys ask for; each axis is -1, 0 or 1. */
export interface Motion {
  /** 1 forward (W, up arrow), -1 back (S, down arrow). */
  forward: number;
  /** 1 step right (D), -1 step left (A). */
  right: number;
  /** 1 turn right (right arrow), -1 turn left (left arrow). */
  turn: number;
  /** Shift held. */
  run: boolean;
}

/** The `KeyboardEvent.code`s first-person view uses, by what they do; codes follow the key's place, not its letter. */
const KEY_ACTIONS: Readonly<Record<string, { axis: 'forward' | 'right' | 'turn'; sign: 1 | -1 }>> = {
  KeyW: { axis: 'forward', sign: 1 },
  ArrowUp: { axis: 'forward', sign: 1 },
  KeyS: { axis: 'forward', sign: -1 },
  ArrowDown: { axis: 'forward', sign: -1 },
  KeyD: { axis: 'right', sign: 1 },
  KeyA: { axis: 'right', sign: -1 },
  ArrowRight: { axis: 'turn', sign: 1 },
  ArrowLeft: { axis: 'turn', sign: -1 },
};

/** Whether first-person view acts on this key (`KeyboardEvent.code`). */
export function isMovementKey(code: string): boolean {
  return Object.hasOwn(KEY_ACTIONS, code);
}

/** The motion the held keys ask for; opposite directions held together cancel out (two keys of one direction count once). */
export function motionFromKeys(held: ReadonlySet<string>, run: boolean): Motion {
  const asked = new Set<string>();
  for (const code of held) {
    const action = Object.hasOwn(KEY_ACTIONS, code) ? KEY_ACTIONS[code] : undefined;
    if (action) asked.add(`${action.axis}${action.sign}`);
  }
  const axis = (name: 'forward' | 'right' | 'turn') => Number(asked.has(`${name}1`)) - Number(asked.has(`${name}-1`));
  return { forward: axis('forward'), right: axis('right'), turn: axis('turn'), run };
}

/** A place on the ground, WGS84 degrees. */
export interface Place {
  longitude: number;
  latitude: number;
}

/** Degrees into 0–360. */
export function normaliseHeading(degrees: number): number {
  const wrapped = degrees % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}

const WGS84_SEMI_MAJOR_AXIS_METERS = 6_378_137;
const WGS84_ECCENTRICITY_SQUARED = 0.00669437999014;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The place `eastMeters` east and `northMeters` north of `from`, on the WGS84 ellipsoid's local radii of curvature
 * (exact to well under a millimetre over a step of a few metres).
 */
export function offsetPlace(from: Place, eastMeters: number, northMeters: number): Place {
  const sinLatitude = Math.sin(toRadians(from.latitude));
  const w = Math.sqrt(1 - WGS84_ECCENTRICITY_SQUARED * sinLatitude * sinLatitude);
  const meridianRadius = (WGS84_SEMI_MAJOR_AXIS_METERS * (1 - WGS84_ECCENTRICITY_SQUARED)) / (w * w * w);
  const primeVerticalRadius = WGS84_SEMI_MAJOR_AXIS_METERS / w;
  return {
    longitude: from.longitude + toDegrees(eastMeters / (primeVerticalRadius * Math.cos(toRadians(from.latitude)))),
    latitude: from.latitude + toDegrees(northMeters / meridianRadius),
  };
}

/** One frame's movement: where the walker would be and which way it faces. */
export interface Step {
  place: Place;
  headingDegrees: number;
  /** Horizontal distance covered, metres. */
  distanceMeters: number;
  /** Compass direction of travel, degrees 0–360; null when not moving. */
  travelHeadingDegrees: number | null;
}

/** Speed for a motion, metres per second. */
export function speedFor(motion: Pick<Motion, 'run'>): number {
  return WALK_SPEED_METERS_PER_SECOND * (motion.run ? RUN_FACTOR : 1);
}

/**
 * Turns first (arrow keys), then moves along the new heading: forward/back and sideways combined at the same
 * speed (a diagonal is not faster). `deltaSeconds` below 0 or not finite counts as no time.
 */
export function stepFrom(place: Place, headingDegrees: number, motion: Motion, deltaSeconds: number): Step {
  const seconds = Number.isFinite(deltaSeconds) && deltaSeconds > 0 ? deltaSeconds : 0;
  const heading = normaliseHeading(headingDegrees + motion.turn * TURN_RATE_DEGREES_PER_SECOND * seconds);
  if ((motion.forward === 0 && motion.right === 0) || seconds === 0) {
    return { place, headingDegrees: heading, distanceMeters: 0, travelHeadingDegrees: null };
  }
  // Direction of travel relative to the facing: forward is 0°, right 90°, back 180°.
  const travel = normaliseHeading(heading + toDegrees(Math.atan2(motion.right, motion.forward)));
  const distance = speedFor(motion) * seconds;
  const east = distance * Math.sin(toRadians(travel));
  const north = distance * Math.cos(toRadians(travel));
  return { place: offsetPlace(place, east, north), headingDegrees: heading, distanceMeters: distance, travelHeadingDegrees: travel };
}

/**
 * Looking around by dragging: a drag to the right turns right, a drag up looks up (the view follows the hand);
 * pitch stays within ±{@link MAX_PITCH_DEGREES}.
 */
export function lookFromDrag(
  view: { headingDegrees: number; pitchDegrees: number },
  deltaXPixels: number,
  deltaYPixels: number,
): { headingDegrees: number; pitchDegrees: number } {
  const pitch = view.pitchDegrees - deltaYPixels * LOOK_DEGREES_PER_PIXEL;
  return {
    headingDegrees: normaliseHeading(view.headingDegrees + deltaXPixels * LOOK_DEGREES_PER_PIXEL),
    pitchDegrees: Math.max(-MAX_PITCH_DEGREES, Math.min(MAX_PITCH_DEGREES, pitch)),
  };
}

/**
 * The wall decision: a surface ahead higher than the walker's eyes above the ground stood on is a wall (a building's
 * side, a retaining wall), not a step to climb. Unknown heights (null) never block. Lower ground (a drop off a roof or
 * podium edge) never blocks: the walker glides down.
 */
export function isWall(groundHereMeters: number | null, surfaceAheadMeters: number | null): boolean {
  if (groundHereMeters === null || surfaceAheadMeters === null) return false;
  return surfaceAheadMeters - groundHereMeters > EYE_HEIGHT_METERS;
}

/** How far ahead to probe for walls at this speed, metres. */
export function probeDistanceFor(motion: Pick<Motion, 'run'>): number {
  return Math.max(MIN_PROBE_DISTANCE_METERS, speedFor(motion) * PROBE_LEAD_SECONDS);
}

/**
 * The eye's ground height after `deltaSeconds` following `targetMeters` (exponential approach, so it never
 * overshoots and a sample arriving late does not make it jump). With no current height it takes the target.
 */
export function followHeight(currentMeters: number | null, targetMeters: number, deltaSeconds: number): number {
  if (currentMeters === null || !Number.isFinite(currentMeters)) return targetMeters;
  const seconds = Number.isFinite(deltaSeconds) && deltaSeconds > 0 ? deltaSeconds : 0;
  const remaining = Math.exp(-HEIGHT_FOLLOW_RATE_PER_SECOND * seconds);
  return targetMeters + (currentMeters - targetMeters) * remaining;
}

/** Smallest angle between two compass directions, degrees 0–180. */
export function headingDifference(a: number, b: number): number {
  const difference = Math.abs(normaliseHeading(a) - normaliseHeading(b));
  return difference > 180 ? 360 - difference : difference;
}
