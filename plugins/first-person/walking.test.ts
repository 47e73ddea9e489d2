import { describe, expect, it } from 'vitest';
import {
  EYE_HEIGHT_METERS,
  followHeight,
  headingDifference,
  isMovementKey,
  isWall,
  lookFromDrag,
  MAX_PITCH_DEGREES,
  MIN_PROBE_DISTANCE_METERS,
  motionFromKeys,
  offsetPlace,
  probeDistanceFor,
  RUN_FACTOR,
  stepFrom,
  TURN_RATE_DEGREES_PER_SECOND,
  WALK_SPEED_METERS_PER_SECOND,
} from './walking';

/** Statue Square, Central. */
const START = { longitude: 114.1598, latitude: 22.2809 };

/**
 * Length of one degree at a latitude, metres, from the standard series of the WGS84 ellipsoid (independent of the
 * radii of curvature walking.ts uses).
 */
function degreeLengths(latitude: number): { meridian: number; parallel: number } {
  const phi = (latitude * Math.PI) / 180;
  return {
    meridian: 111_132.92 - 559.82 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi) - 0.0023 * Math.cos(6 * phi),
    parallel: 111_412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi) + 0.118 * Math.cos(5 * phi),
  };
}

function metresBetween(a: { longitude: number; latitude: number }, b: { longitude: number; latitude: number }) {
  const lengths = degreeLengths((a.latitude + b.latitude) / 2);
  return { east: (b.longitude - a.longitude) * lengths.parallel, north: (b.latitude - a.latitude) * lengths.meridian };
}

const none = new Set<string>();

describe('motionFromKeys', () => {
  it('maps W/A/S/D and the arrows by key position, and cancels opposite keys', () => {
    expect(motionFromKeys(new Set(['KeyW']), false)).toEqual({ forward: 1, right: 0, turn: 0, run: false });
    expect(motionFromKeys(new Set(['ArrowDown', 'KeyD']), true)).toEqual({ forward: -1, right: 1, turn: 0, run: true });
    expect(motionFromKeys(new Set(['KeyA', 'ArrowLeft']), false)).toEqual({ forward: 0, right: -1, turn: -1, run: false });
    expect(motionFromKeys(new Set(['KeyW', 'ArrowUp', 'KeyS']), false).forward).toBe(0);
    expect(motionFromKeys(new Set(['KeyQ', 'Space']), false)).toEqual({ forward: 0, right: 0, turn: 0, run: false });
  });

  it('knows its keys and no others', () => {
    expect(isMovementKey('KeyW')).toBe(true);
    expect(isMovementKey('ArrowRight')).toBe(true);
    expect(isMovementKey('Escape')).toBe(false);
    expect(isMovementKey('toString')).toBe(false);
  });
});

describe('offsetPlace', () => {
  it('moves the given metres east and north, to the millimetre of the WGS84 degree-length series', () => {
    const moved = offsetPlace(START, 30, -40);
    const { east, north } = metresBetween(START, moved);
    expect(east).toBeCloseTo(30, 3);
    expect(north).toBeCloseTo(-40, 3);
  });
});

describe('stepFrom', () => {
  it('walks forward along the heading at walking speed', () => {
    const step = stepFrom(START, 90, motionFromKeys(new Set(['KeyW']), false), 2);
    expect(step.distanceMeters).toBeCloseTo(2 * WALK_SPEED_METERS_PER_SECOND, 9);
    expect(step.travelHeadingDegrees).toBeCloseTo(90, 9);
    const { east, north } = metresBetween(START, step.place);
    expect(east).toBeCloseTo(2 * WALK_SPEED_METERS_PER_SECOND, 3);
    expect(north).toBeCloseTo(0, 3);
  });

  it('runs faster with Shift', () => {
    const walk = stepFrom(START, 0, motionFromKeys(new Set(['KeyW']), false), 1);
    const run = stepFrom(START, 0, motionFromKeys(new Set(['KeyW']), true), 1);
    expect(run.distanceMeters).toBeCloseTo(walk.distanceMeters * RUN_FACTOR, 9);
  });

  it('steps sideways with A and D, and a diagonal is no faster than straight', () => {
    const left = stepFrom(START, 0, motionFromKeys(new Set(['KeyA']), false), 1);
    expect(left.travelHeadingDegrees).toBeCloseTo(270, 9);
    expect(metresBetween(START, left.place).east).toBeCloseTo(-WALK_SPEED_METERS_PER_SECOND, 3);
    const diagonal = stepFrom(START, 0, motionFromKeys(new Set(['KeyW', 'KeyD']), false), 1);
    expect(diagonal.travelHeadingDegrees).toBeCloseTo(45, 9);
    const { east, north } = metresBetween(START, diagonal.place);
    expect(Math.hypot(east, north)).toBeCloseTo(WALK_SPEED_METERS_PER_SECOND, 3);
  });

  it('walks backwards facing the same way', () => {
    const back = stepFrom(START, 350, motionFromKeys(new Set(['KeyS']), false), 1);
    expect(back.headingDegrees).toBeCloseTo(350, 9);
    expect(back.travelHeadingDegrees).toBeCloseTo(170, 9);
  });

  it('turns with the arrows, wrapping past north, without moving', () => {
    const turned = stepFrom(START, 10, motionFromKeys(new Set(['ArrowLeft']), false), 0.5);
    expect(turned.headingDegrees).toBeCloseTo(10 - TURN_RATE_DEGREES_PER_SECOND * 0.5 + 360, 9);
    expect(turned.place).toEqual(START);
    expect(turned.travelHeadingDegrees).toBeNull();
  });

  it('does not move without time or with a bad time', () => {
    const forward = motionFromKeys(new Set(['KeyW']), false);
    for (const seconds of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(stepFrom(START, 0, forward, seconds).distanceMeters).toBe(0);
    }
    expect(stepFrom(START, 0, motionFromKeys(none, false), 1).place).toEqual(START);
  });
});

describe('lookFromDrag', () => {
  it('turns right on a drag to the right and looks up on a drag up', () => {
    const view = lookFromDrag({ headingDegrees: 350, pitchDegrees: 0 }, 80, -40);
    expect(view.headingDegrees).toBeCloseTo(10, 9);
    expect(view.pitchDegrees).toBeCloseTo(10, 9);
  });

  it('stops looking up or down short of vertical', () => {
    expect(lookFromDrag({ headingDegrees: 0, pitchDegrees: 0 }, 0, -10_000).pitchDegrees).toBe(MAX_PITCH_DEGREES);
    expect(lookFromDrag({ headingDegrees: 0, pitchDegrees: 0 }, 0, 10_000).pitchDegrees).toBe(-MAX_PITCH_DEGREES);
  });
});

describe('isWall', () => {
  it('blocks a surface ahead higher than eye level above the ground stood on', () => {
    expect(isWall(5, 5 + EYE_HEIGHT_METERS + 0.01)).toBe(true);
    expect(isWall(5, 40)).toBe(true);
  });

  it('lets the walker climb a kerb or a stair, and step down off a podium', () => {
    expect(isWall(5, 5.3)).toBe(false);
    expect(isWall(5, 5 + EYE_HEIGHT_METERS - 0.01)).toBe(false);
    expect(isWall(20, 5)).toBe(false);
  });

  it('never blocks on an unknown height', () => {
    expect(isWall(null, 100)).toBe(false);
    expect(isWall(5, null)).toBe(false);
  });
});

describe('followHeight', () => {
  it('approaches the ground height smoothly without overshooting', () => {
    let height: number | null = null;
    height = followHeight(height, 10, 0.016);
    expect(height).toBe(10);
    const steps: number[] = [];
    for (let frame = 0; frame < 30; frame += 1) {
      height = followHeight(height, 12, 1 / 60);
      steps.push(height);
    }
    expect(steps.every((value, index) => value > (steps[index - 1] ?? 10) && value < 12)).toBe(true);
    expect(12 - steps.at(-1)!).toBeLessThan(0.02);
    // A late sample after a long pause lands on the target, never beyond it.
    expect(followHeight(10, 12, 5)).toBeCloseTo(12, 6);
    expect(followHeight(10, 12, Number.NaN)).toBe(10);
  });
});

describe('probeDistanceFor and headingDifference', () => {
  it('probes further ahead when running', () => {
    // Half a second of travel ahead, never less than the minimum.
    expect(probeDistanceFor({ run: false })).toBeCloseTo(Math.max(MIN_PROBE_DISTANCE_METERS, WALK_SPEED_METERS_PER_SECOND * 0.5), 9);
    expect(probeDistanceFor({ run: true })).toBeCloseTo(WALK_SPEED_METERS_PER_SECOND * RUN_FACTOR * 0.5, 9);
  });

  it('measures the smaller angle between two directions', () => {
    expect(headingDifference(350, 10)).toBeCloseTo(20, 9);
    expect(headingDifference(90, 270)).toBeCloseTo(180, 9);
  });
});
