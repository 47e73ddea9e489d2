import { describe, expect, it } from 'vitest';
import { geodesicInverse } from '../measurement/api';
import { directionAzimuth, HERITAGE_DIRECTIONS, HERITAGE_LINE_METRES, lineThrough } from './heritageLine';

describe('a line through a monument', () => {
  // The Old Supreme Court (Legislative Council Building), Central.
  const monument = { longitude: 114.16013, latitude: 22.28103 };

  it.each(HERITAGE_DIRECTIONS.map((direction) => [direction.id, direction.azimuthDegrees] as const))('%s: 600 m long, centred on the site, along %i°', (id, azimuth) => {
    const [start, end] = lineThrough(monument, directionAzimuth(id));
    const whole = geodesicInverse(start, end);
    expect(whole.distanceMeters).toBeCloseTo(HERITAGE_LINE_METRES, 3);
    expect(whole.initialAzimuthDegrees).toBeCloseTo(azimuth, 2);
    expect(geodesicInverse(start, monument).distanceMeters).toBeCloseTo(300, 3);
    expect(geodesicInverse(monument, end).distanceMeters).toBeCloseTo(300, 3);
  });

  it('takes another length', () => {
    const [start, end] = lineThrough(monument, 90, 1000);
    expect(geodesicInverse(start, end).distanceMeters).toBeCloseTo(1000, 3);
    expect(start.longitude).toBeLessThan(monument.longitude);
    expect(end.longitude).toBeGreaterThan(monument.longitude);
  });
});
