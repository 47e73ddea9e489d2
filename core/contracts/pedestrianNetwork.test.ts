import { describe, expect, it } from 'vitest';
import { STATION_WALKWAY_SEGMENT } from './testing/pedestrianSegment';
import {
  DIRECTION,
  FEATURE_TYPE_CODES,
  FEATURE_TYPES,
  gradientClass,
  LIFT_DOORS_SECONDS,
  LIFT_WAIT_SECONDS,
  LOCATION,
  pedestrianSegmentSchema,
  POSITION_CERTAINTY,
  segmentFigures,
  YES_NO,
} from './pedestrianNetwork';

describe('pedestrian network codes (SPEC §9)', () => {
  it('lists exactly the SPEC §9 segment feature types, each named in three languages', () => {
    // SPEC §9: 1 footway, 2 footbridge, 4 subway, 6 traffic island, 7 run-in, 11 ramp, 12 staircase, 24 footpath,
    // 25 village, 30-33 crossings (signalised, zebra, cautionary, others).
    expect(FEATURE_TYPE_CODES).toEqual([1, 2, 4, 6, 7, 11, 12, 24, 25, 30, 31, 32, 33]);
    expect(FEATURE_TYPES[12]['en-US']).toBe('Staircase');
    expect(FEATURE_TYPES[30]['en-US']).toBe('Signalised crossing');
    for (const name of Object.values(FEATURE_TYPES)) expect(name['zh-HK'] && name['zh-CN'] && name['en-US']).toBeTruthy();
  });

  it('codes direction, location, yes/no and position certainty as SPEC §9 does', () => {
    expect(DIRECTION).toEqual({ forward: 1, backward: -1, both: 0 });
    expect(LOCATION).toEqual({ outdoor: 1, indoor: 2 });
    expect(YES_NO).toEqual({ yes: 1, no: 2 });
    expect(Object.values(POSITION_CERTAINTY).sort()).toEqual([0, 1]);
  });

  it('classes gradients 1–4 by the SPEC §9 steepness bands', () => {
    expect([0, 3.5, 3.6, 9.2, 9.3, 14.9, 15, 30, -20].map(gradientClass)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 4]);
  });

  it('times the flat at 1.3 m/s, a 30° flight at twice its rise, a lift with its wait', () => {
    expect(segmentFigures(null, 0, 13)).toEqual({ lengthMetres: 13, walkingSeconds: 10, slopeDegrees: 0 });
    const stairs = segmentFigures('stairs', -8, 0);
    expect(stairs.lengthMetres).toBeCloseTo(16, 9);
    expect(stairs.walkingSeconds).toBeCloseTo(32, 9);
    expect(stairs.slopeDegrees).toBe(30);
    // Beyond the flight's own run (8 m × √3 ≈ 13.9 m) the rest is walked on the flat.
    expect(segmentFigures('stairs', 8, 13.9 + 13).walkingSeconds).toBeCloseTo(32 + 10, 0);
    expect(segmentFigures('escalator', 9, 0).walkingSeconds).toBeCloseTo(18 / 0.75 + 5, 9);
    expect(segmentFigures('lift', 9, 0)).toEqual({ lengthMetres: 9, walkingSeconds: LIFT_WAIT_SECONDS + 6 + LIFT_DOORS_SECONDS, slopeDegrees: 0 });
  });

  it('rejects a feature type the SPEC does not list and a yes/no field outside 1/2', () => {
    const segment = STATION_WALKWAY_SEGMENT;
    expect(pedestrianSegmentSchema.safeParse(segment).success).toBe(true);
    expect(pedestrianSegmentSchema.safeParse({ ...segment, featureType: 3 }).success).toBe(false);
    expect(pedestrianSegmentSchema.safeParse({ ...segment, featureType: 13 }).success).toBe(false);
    expect(pedestrianSegmentSchema.safeParse({ ...segment, wheelchairAccess: 0 }).success).toBe(false);
    expect(pedestrianSegmentSchema.safeParse({ ...segment, direction: 2 }).success).toBe(false);
  });
});
